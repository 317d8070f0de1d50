// NSAttributedStringBridgeBuilder: AttributedTextBuilder edits in NSMutableAttributedString's
// terms — NSAttributedString.Key with an Any value, NSRange — and NSRange / Range<String.Index>
// forms of the typed edits, so iOS code ports line by line. A new typed setter needs its two
// overloads at the end of this file.

import Foundation
import GalleyFonts

extension AttributedTextBuilder {
    /// A builder holding `string` with the attributes of an `NSAttributedString` attribute
    /// dictionary over all of it (the default attributes while the text is empty). Like
    /// `NSMutableAttributedString(string:attributes:)`.
    /// - Throws: as `Attributes.init(_: [NSAttributedString.Key: Any])`.
    public init(_ string: String, attributes: [NSAttributedString.Key: Any]) throws(AttributedTextError) {
        self.init(string, attributes: try Attributes(attributes))
    }

    // MARK: NSMutableAttributedString's attribute edits

    /// Sets the attribute `name` to `value` over `range`, other keys kept. Like
    /// `-[NSMutableAttributedString addAttribute:value:range:]`; `value` as
    /// `AttributedText.init(_: NSAttributedString)` reads it (a ``Font`` for `.font`, a number
    /// for `.kern`, an `NSUnderlineStyle` raw value for `.underlineStyle`, …). An unknown key is
    /// dropped, as that initializer drops it.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)`` for a range outside the
    ///   text (`NSNotFound` included); ``AttributedTextError/invalidValue(_:)`` naming key, range and
    ///   expected type for a value of the wrong type or one its key's rule refuses, and for an
    ///   underline or strikethrough colour where there is no underline or strikethrough to colour
    ///   (Galley keeps the colour in the ``TextDecoration``: set the style first, or both in one
    ///   `addAttributes(_:range:)` call). Nothing
    ///   changes when it throws.
    public mutating func addAttribute(_ name: NSAttributedString.Key, value: Any, range: NSRange)
        throws(AttributedTextError)
    {
        try addAttributes([name: value], range: range)
    }

    /// Lays the attributes of `attributes` over those in `range`, other keys kept. Like
    /// `-[NSMutableAttributedString addAttributes:range:]`.
    /// - Throws: as ``addAttribute(_:value:range:)-(_,_,NSRange)``.
    public mutating func addAttributes(_ attributes: [NSAttributedString.Key: Any], range: NSRange)
        throws(AttributedTextError)
    {
        try editNSAttributes(utf16Range(range), setting: Set(attributes.keys)) { dictionary in
            dictionary.merge(attributes) { _, new in new }
        }
    }

    /// Replaces all attributes over `range` by those of `attributes` (nil: none). Like
    /// `-[NSMutableAttributedString setAttributes:range:]`.
    /// - Throws: as ``addAttribute(_:value:range:)-(_,_,NSRange)``.
    public mutating func setAttributes(_ attributes: [NSAttributedString.Key: Any]?, range: NSRange)
        throws(AttributedTextError)
    {
        try editNSAttributes(utf16Range(range), setting: Set((attributes ?? [:]).keys)) { dictionary in
            dictionary = attributes ?? [:]
        }
    }

    /// Removes the attribute `name` over `range`. Like
    /// `-[NSMutableAttributedString removeAttribute:range:]`: removing `.underlineColor` keeps the
    /// underline in the foreground colour, removing `.underlineStyle` removes the underline.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)``.
    public mutating func removeAttribute(_ name: NSAttributedString.Key, range: NSRange) throws(AttributedTextError) {
        try editNSAttributes(utf16Range(range), setting: []) { dictionary in
            dictionary[name] = nil
        }
    }

    /// `addAttribute(_:value:range:)` over a `Range<String.Index>` of the builder's current string,
    /// as Swift code finds it with `range(of:)`. Like
    /// `-[NSMutableAttributedString addAttribute:value:range:]` with `NSRange(_:in:)`.
    public mutating func addAttribute(_ name: NSAttributedString.Key, value: Any, range: Range<String.Index>)
        throws(AttributedTextError)
    {
        try addAttributes([name: value], range: range)
    }

    /// `addAttributes(_:range:)` over a `Range<String.Index>` of the builder's current string. Like
    /// `-[NSMutableAttributedString addAttributes:range:]` with `NSRange(_:in:)`.
    public mutating func addAttributes(_ attributes: [NSAttributedString.Key: Any], range: Range<String.Index>)
        throws(AttributedTextError)
    {
        let range = try utf16Range(range)
        try addAttributes(attributes, range: NSRange(location: range.lowerBound, length: range.count))
    }

    /// `setAttributes(_:range:)` over a `Range<String.Index>` of the builder's current string. Like
    /// `-[NSMutableAttributedString setAttributes:range:]` with `NSRange(_:in:)`.
    public mutating func setAttributes(_ attributes: [NSAttributedString.Key: Any]?, range: Range<String.Index>)
        throws(AttributedTextError)
    {
        let range = try utf16Range(range)
        try setAttributes(attributes, range: NSRange(location: range.lowerBound, length: range.count))
    }

    /// Applies `change` to the attribute dictionary of every run in `range` (as
    /// `NSAttributedString(_: AttributedText)` would hold it) and reads the result back; checks
    /// every run before changing any.
    private mutating func editNSAttributes(
        _ range: Range<Int>, setting keys: Set<NSAttributedString.Key>,
        _ change: (inout [NSAttributedString.Key: Any]) -> Void
    ) throws(AttributedTextError) {
        var results: [AttributeRun] = []
        for run in try build().runs(in: range) {
            var dictionary = run.attributes.nsAttributes
            change(&dictionary)
            let attributes = try NSAttributedStringBridge.attributes(dictionary, range: run.range)
            for (colorKey, styleKey, kept) in [
                (NSAttributedString.Key.underlineColor, NSAttributedString.Key.underlineStyle, attributes.underline),
                (.strikethroughColor, .strikethroughStyle, attributes.strikethrough),
            ] where keys.contains(colorKey) && dictionary[colorKey] != nil && kept == nil {
                throw .invalidValue(
                    "\(colorKey.rawValue) at UTF-16 \(run.range.lowerBound)..<\(run.range.upperBound): there is no "
                        + "\(styleKey.rawValue) there to colour; Galley keeps the colour in the TextDecoration, so "
                        + "set \(styleKey.rawValue) first, or both in one addAttributes call")
            }
            results.append(AttributeRun(range: run.range, attributes: attributes))
        }
        for run in results {
            try setAttributes(run.attributes, range: run.range)
        }
    }

    // MARK: Ranges

    /// `range` as UTF-16 offsets of this text.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)`` unless it lies within
    ///   `0...length` (an `NSNotFound` location never does); ``AttributedTextError/invalidValue(_:)``
    ///   for a negative length.
    func utf16Range(_ range: NSRange) throws(AttributedTextError) -> Range<Int> {
        guard range.length >= 0 else {
            throw .invalidValue("NSRange {\(range.location), \(range.length)} has a negative length")
        }
        let (end, overflow) = range.location.addingReportingOverflow(range.length)
        let result = range.location..<(overflow ? Int.max : end)
        try TextBounds.check(result, length: length)
        return result
    }

    /// `range`, indices of this builder's current string (``build()``'s `string`), as UTF-16
    /// offsets. Like `NSRange(_:in:)`.
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` if it reaches outside that string.
    func utf16Range(_ range: Range<String.Index>) throws(AttributedTextError) -> Range<Int> {
        let string = build().string
        guard range.lowerBound >= string.startIndex, range.upperBound <= string.endIndex else {
            throw .invalidValue(
                "a Range<String.Index> reaches outside the builder's string of \(length) UTF-16 code units")
        }
        return range.lowerBound.utf16Offset(in: string)..<range.upperBound.utf16Offset(in: string)
    }

    // MARK: Typed edits over an NSRange or a Range<String.Index>

    /// `setAttributes(_:range:)` over an `NSRange`. Like
    /// `-[NSMutableAttributedString setAttributes:range:]`.
    public mutating func setAttributes(_ attributes: Attributes, range: NSRange) throws(AttributedTextError) {
        try setAttributes(attributes, range: utf16Range(range))
    }
    /// `setAttributes(_:range:)` over a `Range<String.Index>` of the current string.
    public mutating func setAttributes(_ attributes: Attributes, range: Range<String.Index>) throws(AttributedTextError)
    {
        try setAttributes(attributes, range: utf16Range(range))
    }
    /// `addAttributes(_:range:)` over an `NSRange`. Like
    /// `-[NSMutableAttributedString addAttributes:range:]`.
    public mutating func addAttributes(_ attributes: Attributes, range: NSRange) throws(AttributedTextError) {
        try addAttributes(attributes, range: utf16Range(range))
    }
    /// `addAttributes(_:range:)` over a `Range<String.Index>` of the current string.
    public mutating func addAttributes(_ attributes: Attributes, range: Range<String.Index>) throws(AttributedTextError)
    {
        try addAttributes(attributes, range: utf16Range(range))
    }
    /// `removeAttribute(_:range:)` over a `Range<String.Index>` of the current
    /// string (over an `NSRange`, use the `NSAttributedString.Key` form). Like
    /// `CFAttributedStringRemoveAttribute`.
    public mutating func removeAttribute(_ key: Attribute.Key, range: Range<String.Index>) throws(AttributedTextError) {
        try removeAttribute(key, range: utf16Range(range))
    }
    /// `setAttribute(_:range:)` over an `NSRange`. Like `CFAttributedStringSetAttribute`.
    public mutating func setAttribute(_ attribute: Attribute, range: NSRange) throws(AttributedTextError) {
        try setAttribute(attribute, range: utf16Range(range))
    }
    /// `setAttribute(_:range:)` over a `Range<String.Index>` of the current string.
    public mutating func setAttribute(_ attribute: Attribute, range: Range<String.Index>) throws(AttributedTextError) {
        try setAttribute(attribute, range: utf16Range(range))
    }
    /// `replace(_:with:)` over an `NSRange`. Like
    /// `-[NSMutableAttributedString replaceCharactersInRange:withString:]`.
    public mutating func replace(_ range: NSRange, with string: String) throws(AttributedTextError) {
        try replace(utf16Range(range), with: string)
    }
    /// `replace(_:with:)` over a `Range<String.Index>` of the current string.
    public mutating func replace(_ range: Range<String.Index>, with string: String) throws(AttributedTextError) {
        try replace(utf16Range(range), with: string)
    }
    /// `delete(_:)` over an `NSRange`. Like
    /// `-[NSMutableAttributedString deleteCharactersInRange:]`.
    public mutating func delete(_ range: NSRange) throws(AttributedTextError) {
        try delete(utf16Range(range))
    }
    /// `delete(_:)` over a `Range<String.Index>` of the current string.
    public mutating func delete(_ range: Range<String.Index>) throws(AttributedTextError) {
        try delete(utf16Range(range))
    }
}
