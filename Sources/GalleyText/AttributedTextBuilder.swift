// AttributedTextBuilder: edits text and attributes (insert, replace, delete, set and add
// attributes, placeholders) and yields an immutable AttributedText, like
// CFMutableAttributedString.

import Foundation
import GalleyFonts

/// Builds an ``AttributedText`` by editing. Like `CFMutableAttributedString` /
/// `NSMutableAttributedString`; ``build()`` yields the immutable value.
///
/// Every index and range is in UTF-16 code units. Text edits (insert, replace, delete) must
/// not split a surrogate pair; attribute edits may (as in CoreText), since they cannot make
/// the string invalid. Runs stay maximal after every edit: equal neighbours merge.
///
/// Inherited attributes follow `NSMutableAttributedString`: inserted text without explicit
/// attributes takes those of the character before the insertion point (after it, at 0);
/// replacing text takes those of the first replaced character. When the text is empty there
/// is no such character, and the builder uses its *default attributes*: those it was created
/// with by ``init(_:attributes:)-(_,Attributes)`` (none for ``init(_:)-(AttributedText)``). Unlike
/// `NSMutableAttributedString`, inherited attributes never include a ``RunDelegate``: it
/// belongs to its single U+FFFC, and text typed next to a placeholder must not become one.
public struct AttributedTextBuilder: Sendable {
    private var units: [UInt16]
    private var runList: RunList
    private let defaultAttributes: Attributes

    /// A builder holding `string` with `attributes` over all of it; `attributes` are also the
    /// default attributes for text added while the builder is empty.
    /// Like `CFAttributedStringCreateMutable` followed by a replace and a set.
    public init(_ string: String = "", attributes: Attributes = []) {
        units = Array(string.utf16)
        runList = RunList(length: units.count, attributes: attributes)
        defaultAttributes = attributes
    }

    /// A builder holding a copy of `text`. Like `CFAttributedStringCreateMutableCopy`.
    public init(_ text: AttributedText) {
        units = text.utf16
        runList = RunList(text.runs)
        defaultAttributes = Attributes()
    }

    /// The current length in UTF-16 code units.
    public var length: Int { units.count }

    // MARK: Text edits

    /// Appends `string`. Nil attributes: those of the last character (the default
    /// attributes when the text is empty).
    public mutating func append(_ string: String, attributes: Attributes? = nil) {
        let inherited = attributes ?? inheritedAttributes(forInsertionAt: units.count)
        splice(units.count..<units.count, with: Array(string.utf16), attributes: inherited)
    }

    /// Appends `text` with its own attributes. Like
    /// `-[NSMutableAttributedString appendAttributedString:]`.
    public mutating func append(_ text: AttributedText) {
        // Appending never splits a pair: the text so far ends on a whole character.
        splice(units.count..<units.count, with: text)
    }

    /// Inserts `string` at `index`. Nil attributes: those of the character before `index`
    /// (after it, at 0; the default attributes when the text is empty).
    /// - Throws: ``AttributedTextError/indexOutOfBounds(index:length:)`` unless
    ///   `0 <= index <= length`; ``AttributedTextError/splitsSurrogatePair(index:)``.
    public mutating func insert(_ string: String, at index: Int, attributes: Attributes? = nil)
        throws(AttributedTextError)
    {
        try checkEditPoint(index)
        let inherited = attributes ?? inheritedAttributes(forInsertionAt: index)
        splice(index..<index, with: Array(string.utf16), attributes: inherited)
    }

    /// Inserts `text` at `index` with its own attributes. Like
    /// `-[NSMutableAttributedString insertAttributedString:atIndex:]`.
    /// - Throws: as ``insert(_:at:attributes:)``.
    public mutating func insert(_ text: AttributedText, at index: Int) throws(AttributedTextError) {
        try checkEditPoint(index)
        splice(index..<index, with: text)
    }

    /// Replaces the characters in `range` by `string`, which takes the attributes of the
    /// first replaced character (for an empty range, those an insertion would take). Like
    /// `CFAttributedStringReplaceString`.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)`` unless `range` lies
    ///   within `0...length`; ``AttributedTextError/splitsSurrogatePair(index:)``.
    public mutating func replace(_ range: Range<Int>, with string: String) throws(AttributedTextError) {
        try TextBounds.checkCodePointRange(range, in: units)
        var inherited =
            range.isEmpty
            ? inheritedAttributes(forInsertionAt: range.lowerBound)
            : runList.attributes(at: range.lowerBound)
        inherited.runDelegate = nil
        splice(range, with: Array(string.utf16), attributes: inherited)
    }

    /// Removes the characters in `range`. Like
    /// `-[NSMutableAttributedString deleteCharactersInRange:]`.
    /// - Throws: as ``replace(_:with:)-(Range<Int>,_)``.
    public mutating func delete(_ range: Range<Int>) throws(AttributedTextError) {
        try TextBounds.checkCodePointRange(range, in: units)
        splice(range, with: [], attributes: Attributes())
    }

    // MARK: Attribute edits

    /// Replaces all attributes over `range` by `attributes`. Like
    /// `CFAttributedStringSetAttributes` with `clearOtherAttributes` true.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)``.
    public mutating func setAttributes(_ attributes: Attributes, range: Range<Int>) throws(AttributedTextError) {
        try TextBounds.check(range, length: length)
        runList.transform(range) { _ in attributes }
    }

    /// Lays `attributes` over those in `range`: keys `attributes` has are replaced, others
    /// kept. Like `CFAttributedStringSetAttributes` with `clearOtherAttributes` false.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)``.
    public mutating func addAttributes(_ attributes: Attributes, range: Range<Int>) throws(AttributedTextError) {
        try TextBounds.check(range, length: length)
        runList.transform(range) { $0.merging(attributes) }
    }

    /// Removes one key over `range`. Like `CFAttributedStringRemoveAttribute`.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)``.
    public mutating func removeAttribute(_ key: Attribute.Key, range: Range<Int>) throws(AttributedTextError) {
        try TextBounds.check(range, length: length)
        runList.transform(range) { attributes in
            var changed = attributes
            changed.remove(key)
            return changed
        }
    }

    /// Sets one attribute over `range`: its key's value is replaced there, other keys are kept.
    /// Like `CFAttributedStringSetAttribute`. An empty array of font features, font variations
    /// or writing-direction levels removes the key (as ``removeAttribute(_:range:)-(_,Range<Int>)``). Every
    /// typed setter below is this call.
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` for a value its key's rule rejects (a
    ///   NaN or infinite kern, tracking, baseline offset or obliqueness, an empty language, a
    ///   ligature level other than 0, 1, 2, a superscript outside -10…10, a stroke or shadow with
    ///   a non-finite or negative metric); ``AttributedTextError/rangeOutOfBounds(range:length:)``.
    public mutating func setAttribute(_ attribute: Attribute, range: Range<Int>) throws(AttributedTextError) {
        switch try attribute.checked() {
        case .noValue: try removeAttribute(attribute.key, range: range)
        default: try addAttributes([attribute], range: range)
        }
    }

    /// Sets custom attribute `key` to `value` over `range` (see ``Attributes/customAttributes``):
    /// layout ignores it, runs end where it changes, glyph runs give it back. Like
    /// `-[NSMutableAttributedString addAttribute:value:range:]` with a key CoreText does not know.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)``.
    public mutating func setCustomAttribute(
        _ value: some Sendable & Hashable, forKey key: String, range: some TextRangeExpression
    ) throws(AttributedTextError) {
        let range = try range.utf16Range(in: self)
        try TextBounds.check(range, length: length)
        let wrapped = CustomAttributeValue(value)
        runList.transform(range) { attributes in
            var changed = attributes
            changed[custom: key] = wrapped
            return changed
        }
    }

    /// Removes custom attribute `key` over `range`. Like `CFAttributedStringRemoveAttribute`.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)``.
    public mutating func removeCustomAttribute(forKey key: String, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        let range = try range.utf16Range(in: self)
        try TextBounds.check(range, length: length)
        runList.transform(range) { attributes in
            var changed = attributes
            changed[custom: key] = nil
            return changed
        }
    }

    /// Makes `range` a link to `link` (the custom attribute `"NSLink"`). Like
    /// `NSLinkAttributeName`; throws as ``setCustomAttribute(_:forKey:range:)``.
    public mutating func setLink(_ link: TextLink, range: some TextRangeExpression) throws(AttributedTextError) {
        let range = try range.utf16Range(in: self)
        try TextBounds.check(range, length: length)
        runList.transform(range) { attributes in
            var changed = attributes
            changed.link = link
            return changed
        }
    }

    // MARK: Typed setters, each one case of setAttribute(_:range:)
    //
    // Each takes any TextRangeExpression: UTF-16 offsets, an NSRange or a Range<String.Index>.

    /// Sets the font over `range`. Like `kCTFontAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setFont(_ font: Font, range: some TextRangeExpression) throws(AttributedTextError) {
        try setAttribute(.font(font), range: range.utf16Range(in: self))
    }
    /// Sets the foreground colour over `range`. Like `kCTForegroundColorAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setForegroundColor(_ color: Color, range: some TextRangeExpression) throws(AttributedTextError)
    {
        try setAttribute(.foregroundColor(color), range: range.utf16Range(in: self))
    }
    /// Sets the paragraph style (a paragraph uses the style of its first character) over `range`. Like `kCTParagraphStyleAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setParagraphStyle(_ style: ParagraphStyle, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.paragraphStyle(style), range: range.utf16Range(in: self))
    }
    /// Sets the kern over `range`. Like `kCTKernAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setKern(_ kern: CGFloat, range: some TextRangeExpression) throws(AttributedTextError) {
        try setAttribute(.kern(kern), range: range.utf16Range(in: self))
    }
    /// Sets the language over `range`. Like `kCTLanguageAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setLanguage(_ language: String, range: some TextRangeExpression) throws(AttributedTextError) {
        try setAttribute(.language(language), range: range.utf16Range(in: self))
    }
    /// Sets explicit bidi levels, outermost first over `range`. Like `kCTWritingDirectionAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setWritingDirection(_ levels: [BidiEmbedding], range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.writingDirection(levels), range: range.utf16Range(in: self))
    }
    /// Sets the tracking (points after every cluster) over `range`. Like `kCTTrackingAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setTracking(_ tracking: CGFloat, range: some TextRangeExpression) throws(AttributedTextError) {
        try setAttribute(.tracking(tracking), range: range.utf16Range(in: self))
    }
    /// Sets the ligature level (0 none, 1 standard, 2 all) over `range`. Like `kCTLigatureAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setLigatureLevel(_ level: Int, range: some TextRangeExpression) throws(AttributedTextError) {
        try setAttribute(.ligatureLevel(level), range: range.utf16Range(in: self))
    }
    /// Sets OpenType feature settings over `range`. Like `kCTFontFeatureSettingsAttribute`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setFontFeatures(_ features: [FontFeature], range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.fontFeatures(features), range: range.utf16Range(in: self))
    }
    /// Sets the baseline offset (points, positive raises) over `range`. Like `kCTBaselineOffsetAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setBaselineOffset(_ offset: CGFloat, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.baselineOffset(offset), range: range.utf16Range(in: self))
    }
    /// Sets the superscript level (1 superscript, -1 subscript, 0 none) over `range`. Like `kCTSuperscriptAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setSuperscript(_ level: Int, range: some TextRangeExpression) throws(AttributedTextError) {
        try setAttribute(.superscript(level), range: range.utf16Range(in: self))
    }
    /// Sets the obliqueness (tangent of the skew angle) over `range`. Like `NSObliquenessAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setObliqueness(_ obliqueness: CGFloat, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.obliqueness(obliqueness), range: range.utf16Range(in: self))
    }
    /// Sets an underline over `range`. Like `kCTUnderlineStyleAttributeName` (and `kCTUnderlineColorAttributeName`); throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setUnderline(_ decoration: TextDecoration, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.underline(decoration), range: range.utf16Range(in: self))
    }
    /// Sets a strikethrough over `range`. Like `NSStrikethroughStyleAttributeName` (and `NSStrikethroughColorAttributeName`); throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setStrikethrough(_ decoration: TextDecoration, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.strikethrough(decoration), range: range.utf16Range(in: self))
    }
    /// Sets the background colour over `range`. Like `kCTBackgroundColorAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setBackgroundColor(_ color: Color, range: some TextRangeExpression) throws(AttributedTextError)
    {
        try setAttribute(.backgroundColor(color), range: range.utf16Range(in: self))
    }
    /// Sets a stroke over `range`. Like `kCTStrokeWidthAttributeName` (and `kCTStrokeColorAttributeName`); throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setStroke(_ stroke: TextStroke, range: some TextRangeExpression) throws(AttributedTextError) {
        try setAttribute(.stroke(stroke), range: range.utf16Range(in: self))
    }
    /// Sets a shadow over `range`. Like `NSShadowAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setShadow(_ shadow: TextShadow, range: some TextRangeExpression) throws(AttributedTextError) {
        try setAttribute(.shadow(shadow), range: range.utf16Range(in: self))
    }
    /// Sets variable-font axis values over `range`. Like `kCTFontVariationAttribute`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setFontVariations(_ variations: [FontVariation], range: some TextRangeExpression)
        throws(AttributedTextError)
    { try setAttribute(.fontVariations(variations), range: range.utf16Range(in: self)) }
    /// Allows or forbids line breaks inside `range` (see ``Attribute/allowsLineBreaks(_:)``). Like Pango's `allow_breaks`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setAllowsLineBreaks(_ allows: Bool, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.allowsLineBreaks(allows), range: range.utf16Range(in: self))
    }
    /// Whether a word broken inside `range` shows a hyphen (see ``Attribute/insertsHyphens(_:)``). Like Pango's `insert_hyphens`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setInsertsHyphens(_ inserts: Bool, range: some TextRangeExpression) throws(AttributedTextError)
    {
        try setAttribute(.insertsHyphens(inserts), range: range.utf16Range(in: self))
    }

    // MARK: Placeholders

    /// Inserts one U+FFFC at `index` carrying `delegate`; its other attributes are
    /// `attributes`, or (nil) those an insertion at `index` would inherit, without any run
    /// delegate they hold. The CoreText recipe for an inline object.
    /// - Throws: as ``insert(_:at:attributes:)``.
    public mutating func insertPlaceholder(_ delegate: RunDelegate, at index: Int, attributes: Attributes? = nil)
        throws(AttributedTextError)
    {
        try checkEditPoint(index)
        splice(
            index..<index, with: [AttributedTextBuilder.objectReplacement],
            attributes: placeholderAttributes(delegate, attributes, at: index))
    }

    /// Appends one U+FFFC carrying `delegate`, as ``insertPlaceholder(_:at:attributes:)``
    /// at the end.
    public mutating func appendPlaceholder(_ delegate: RunDelegate, attributes: Attributes? = nil) {
        splice(
            units.count..<units.count, with: [AttributedTextBuilder.objectReplacement],
            attributes: placeholderAttributes(delegate, attributes, at: units.count))
    }

    /// The immutable text. Like `CFAttributedStringCreateCopy`.
    public func build() -> AttributedText {
        AttributedText(utf16: units, runs: runList)
    }

    // MARK: Internals

    /// U+FFFC OBJECT REPLACEMENT CHARACTER.
    static let objectReplacement: UInt16 = 0xFFFC

    private func placeholderAttributes(_ delegate: RunDelegate, _ attributes: Attributes?, at index: Int) -> Attributes
    {
        var result = attributes ?? inheritedAttributes(forInsertionAt: index)
        result.runDelegate = delegate
        return result
    }

    /// What text inserted at `index` inherits (NSMutableAttributedString's rule).
    private func inheritedAttributes(forInsertionAt index: Int) -> Attributes {
        var inherited =
            units.isEmpty
            ? defaultAttributes
            : runList.attributes(at: index > 0 ? index - 1 : 0)
        // A run delegate belongs to its one U+FFFC; typing next to an image must not make
        // more placeholders.
        inherited.runDelegate = nil
        return inherited
    }

    private func checkEditPoint(_ index: Int) throws(AttributedTextError) {
        try TextBounds.checkInsertion(index, length: length)
        try TextBounds.checkBoundary(index, in: units)
    }

    private mutating func splice(_ range: Range<Int>, with newUnits: [UInt16], attributes: Attributes) {
        units.replaceSubrange(range, with: newUnits)
        runList.replace(range, count: newUnits.count, attributes: attributes)
    }

    private mutating func splice(_ range: Range<Int>, with text: AttributedText) {
        units.replaceSubrange(range, with: text.utf16)
        runList.replace(range, with: RunList(text.runs))
    }
}
