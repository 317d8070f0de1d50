// NSAttributedStringBridge: converts between Foundation's NSAttributedString (UIKit/CoreText key
// names, Galley value types) and AttributedText, both ways, run by run over the same UTF-16
// offsets; and an Attributes value to and from an attribute dictionary.

import Foundation
import GalleyFonts

extension AttributedText {
    /// The text and Galley attributes of an `NSAttributedString`, at the same UTF-16 offsets
    /// (an `NSRange` is a Galley range). Like handing an `NSAttributedString` to
    /// `CTFramesetterCreateWithAttributedString`.
    ///
    /// Reads the keys of `NSAttributedString.Key`'s Galley extension (`.font`,
    /// `.foregroundColor`, `.kern`, …; one or two per
    /// ``Attribute/Key``, see `NSAttributedString.Key.init(_: Attribute.Key)`), with Galley values bare or in an
    /// ``AttributeValueBox`` and numbers in any type iOS code passes (`NSNumber`, `Double`,
    /// `CGFloat`, `Int`, and `Bool` where CoreText takes one: `@YES` as the underline style is
    /// single). CoreText's own key names (`CTForegroundColor`, `CTUnderlineColor`, `CTTracking`, …;
    /// `NSAttributedString.Key.coreTextForegroundColor` and its neighbours) are read beside UIKit's
    /// (UIKit's wins where both are set); `kCTFontAttributeName`, `kCTParagraphStyleAttributeName`,
    /// `kCTKernAttributeName` and `kCTUnderlineStyleAttributeName` are UIKit's names already. Linux
    /// has no `CTFont`, `CGColor` or `CTParagraphStyle`: their keys take Galley's ``Font``,
    /// ``Color`` (or a `CGColor`'s components, 2 gray + alpha or 4 sRGB values) and
    /// ``ParagraphStyle``. Every other key (`NSLink`, custom keys, `NSAttachment`) is kept as a
    /// custom attribute (``Attributes/customAttributes``), as CoreText keeps keys it does not know
    /// on its runs; `AttributedText.bridgeDiagnostics(for:)` lists them, and those whose value is
    /// not `Hashable`, which are dropped. An underline or strikethrough colour without a style,
    /// like a style of 0, is no decoration (nothing is drawn, as in UIKit).
    ///
    /// A lone surrogate in the string becomes U+FFFD (one UTF-16 unit, so offsets are unchanged).
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` naming the key, the UTF-16 range and the
    ///   type expected, for a value of the wrong type (a `String` for `.kern`, a `Color` for
    ///   `.font`), an `NSUnderlineStyle` Galley cannot draw (unknown bits), or a value
    ///   its key's rule refuses (a NaN kern, a ligature of 3, see ``Attribute/Key``).
    public init(_ attributedString: NSAttributedString) throws(AttributedTextError) {
        let units = Array(attributedString.string.utf16)
        let length = attributedString.length
        guard units.count == length else {
            throw .invalidValue(
                "NSAttributedString's string has \(units.count) UTF-16 units but its length is \(length)")
        }
        var runList = RunList()
        var location = 0
        while location < length {
            var effective = NSRange(location: 0, length: 0)
            // The stored run, not the longest effective range: Foundation need not compare values.
            let dictionary = attributedString.attributes(at: location, effectiveRange: &effective)
            let end = min(length, max(location + 1, effective.location + effective.length))
            let attributes = try NSAttributedStringBridge.attributes(dictionary, range: location..<end)
            runList.append(count: end - location, attributes: attributes)
            location = end
        }
        self.init(utf16: units, runs: runList)
    }
}

extension NSAttributedString {
    /// An `NSAttributedString` with `text`'s characters and its attributes under the keys of
    /// `NSAttributedString.Key`'s Galley extension, over the same UTF-16 ranges; with
    /// `NSMutableAttributedString(text)`, a mutable one. Like `CFAttributedStringCreateCopy` of a
    /// CoreText-ready string.
    ///
    /// Numbers are `NSNumber`s (as UIKit stores them); an underline or strikethrough is its
    /// `NSUnderlineStyle` raw value plus a colour key; a stroke its width plus a colour key; other
    /// values are Galley's own (`value as? Color` reads a colour back), except that a value small
    /// enough to crash swift-corelibs-foundation's comparisons is stored in an
    /// ``AttributeValueBox`` (the enumerations and small structs of the Pango keys: ``FontVariant``,
    /// ``FontScale``, ``Gravity``, ``ShowFlags``, ``LineHeight``, ``TextTransform``, ``TextSegment``).
    /// `AttributedText(_: NSAttributedString)`
    /// reads the result back to `text`.
    ///
    /// Each `NSAttributedString` object made on Linux leaks its run array (about 610 bytes with
    /// the attribute dictionaries its runs hold) inside swift-corelibs-foundation's CFRunArray (an
    /// upstream bug: the class has no deinitializer to free it), so the result is built as one
    /// object: a text of at most one run gets its attributes at once, a mutable result
    /// (`NSMutableAttributedString(text)`) its runs set in place, and an immutable one of several
    /// runs is read from the text's runs in archive form (`NSAttributedStringRunsDecoder`), as
    /// `init?(coder:)` reads an archived attributed string.
    public convenience init(_ text: AttributedText) {
        if text.runs.count <= 1 {
            self.init(string: text.string, attributes: text.runs.first?.attributes.nsAttributes)
            return
        }
        if Self.self is NSMutableAttributedString.Type {
            self.init(string: text.string)
            if let mutable = self as? NSMutableAttributedString {
                NSAttributedStringBridge.setRuns(of: text, on: mutable)
            }
            return
        }
        if Self.self == NSAttributedString.self, NSAttributedStringRunsDecoder.isRead,
            let decoder = NSAttributedStringRunsDecoder(text)
        {
            self.init(coder: decoder)!
            return
        }
        // A subclass of NSAttributedString (its init(coder:) may be its own) or a Foundation that
        // no longer reads the archive form: built mutable and copied (two run arrays).
        let built = NSMutableAttributedString(string: text.string)
        NSAttributedStringBridge.setRuns(of: text, on: built)
        self.init(attributedString: built)
    }
}

extension Attributes {
    /// The attributes in an `NSAttributedString` attribute dictionary, read as
    /// `AttributedText(_: NSAttributedString)` reads each run (unknown keys dropped). Like the
    /// dictionary of `NSAttributedString(string:attributes:)`.
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` naming the key and the type expected.
    public init(_ dictionary: [NSAttributedString.Key: Any]) throws(AttributedTextError) {
        self = try NSAttributedStringBridge.attributes(dictionary, range: nil)
    }

    /// These attributes as an `NSAttributedString` attribute dictionary, in the forms
    /// `NSAttributedString(_: AttributedText)` stores. Like the dictionary
    /// `-[NSAttributedString attributesAtIndex:effectiveRange:]` returns.
    public var nsAttributes: [NSAttributedString.Key: Any] {
        var dictionary: [NSAttributedString.Key: Any] = [:]
        for key in Attribute.Key.allCases {
            NSAttributedStringBridge.write(key, of: values, into: &dictionary)
        }
        for (key, value) in customAttributes {
            dictionary[NSAttributedString.Key(key)] = NSAttributedStringBridge.object(value)
        }
        return dictionary
    }
}

/// The per-run conversions, walking every ``Attribute/Key`` through its ``Attribute/Key/nsMapping``.
enum NSAttributedStringBridge {
    /// Sets the attributes of every run of `text` on `string` (which holds `text.string`).
    static func setRuns(of text: AttributedText, on string: NSMutableAttributedString) {
        for run in text.runs where !run.attributes.isEmpty {
            string.setAttributes(
                run.attributes.nsAttributes, range: NSRange(location: run.range.lowerBound, length: run.range.count))
        }
    }

    /// The Galley attributes of one run's dictionary; `range` (UTF-16) is for messages.
    static func attributes(_ given: [NSAttributedString.Key: Any], range: Range<Int>?) throws(AttributedTextError)
        -> Attributes
    {
        let dictionary = resolvingCoreTextNames(given)
        var found: [Attribute] = []
        for key in Attribute.Key.allCases {
            do {
                if let attribute = try read(key, from: dictionary) {
                    found.append(attribute)
                }
            } catch {
                throw .invalidValue(error.reason + runLocation(range))
            }
        }
        if let shape = dictionary[.characterShape] {
            // Deprecated kCTCharacterShapeAttributeName: its OpenType feature, before any explicit ones.
            guard let value = NSAttributeValues.integer(shape) else {
                throw .invalidValue(
                    "NSCharacterShape must be an integer (NSNumber or Int), not \(type(of: shape))" + runLocation(range)
                )
            }
            if let feature = FontFeature.characterShape(value) {
                if let index = found.firstIndex(where: { $0.key == .fontFeatures }),
                    case .fontFeatures(let features) = found[index]
                {
                    found[index] = .fontFeatures([feature] + features)
                } else {
                    found.append(.fontFeatures([feature]))
                }
            }
        }
        do {
            var attributes = try Attributes(validating: found)
            let custom = customAttributes(given)
            if !custom.isEmpty { attributes.customAttributes = custom }
            return attributes
        } catch {
            guard case .invalidValue(let reason) = error else { throw error }
            throw .invalidValue(reason + runLocation(range))
        }
    }

    private static func runLocation(_ range: Range<Int>?) -> String {
        range.map { " (NSAttributedString run at UTF-16 \($0.lowerBound)..<\($0.upperBound))" } ?? ""
    }

    /// One key's attribute in `dictionary`, if present.
    private static func read(_ key: Attribute.Key, from dictionary: [NSAttributedString.Key: Any])
        throws(NSValueProblem)
        -> Attribute?
    {
        switch key.nsMapping {
        case .single(let name): return try single(key, name, dictionary)
        case .galley: return try single(key, NSAttributedString.Key(key.foundationName), dictionary)
        case .decoration(let style, let color): return try decoration(key, style, color, dictionary)
        case .stroke: return try stroke(dictionary)
        case .writingDirection: return try writingDirection(dictionary)
        }
    }

    private static func row(_ key: Attribute.Key) -> any NSBridgedRow {
        // Every row is a KeyRow, which is an NSBridgedRow.
        key.row as! any NSBridgedRow
    }

    private static func single(
        _ key: Attribute.Key, _ name: NSAttributedString.Key, _ dictionary: [NSAttributedString.Key: Any]
    ) throws(NSValueProblem) -> Attribute? {
        guard let value = dictionary[name] else { return nil }
        let row = row(key)
        guard let attribute = row.attribute(fromNSValue: value) else {
            throw wrongType(name, value, row.expectedNSType)
        }
        return attribute
    }

    private static func wrongType(_ name: NSAttributedString.Key, _ value: Any, _ expected: String) -> NSValueProblem {
        NSValueProblem("NSAttributedString key \(name.rawValue) holds a \(type(of: value)), not \(expected)")
    }

    private static func color(_ name: NSAttributedString.Key, _ dictionary: [NSAttributedString.Key: Any])
        throws(NSValueProblem) -> Color?
    {
        guard let value = dictionary[name] else { return nil }
        guard let color = NSAttributeValues.color(value) else {
            throw wrongType(name, value, "Color (bare or in an AttributeValueBox, or CGColor components)")
        }
        return color
    }

    private static func decoration(
        _ key: Attribute.Key, _ styleName: NSAttributedString.Key, _ colorName: NSAttributedString.Key,
        _ dictionary: [NSAttributedString.Key: Any]
    ) throws(NSValueProblem) -> Attribute? {
        let color = try color(colorName, dictionary)
        guard let value = dictionary[styleName] else { return nil }
        var decoration: TextDecoration
        if NSAttributeValues.isSwiftBool(value) {
            // CoreText reads a Boolean style (TTTAttributedLabel's `@YES`) as single, false as none.
            guard value as? Bool == true else { return nil }
            decoration = TextDecoration(style: .single)
        } else if let galley = (value as? TextDecoration) ?? (value as? AttributeValueBox<TextDecoration>)?.value {
            decoration = galley
        } else if let raw = NSAttributeValues.integer(value) {
            switch NSAttributeValues.decoration(rawStyle: raw) {
            case .success(let result?): decoration = result
            case .success(nil): return nil
            case .failure(let problem): throw NSValueProblem("\(styleName.rawValue): \(problem.reason)")
            }
        } else {
            throw wrongType(styleName, value, "an NSUnderlineStyle raw value (Int or NSNumber) or a TextDecoration")
        }
        if let color { decoration.color = color }
        return key == .underline ? .underline(decoration) : .strikethrough(decoration)
    }

    private static func stroke(_ dictionary: [NSAttributedString.Key: Any]) throws(NSValueProblem) -> Attribute? {
        let color = try color(.strokeColor, dictionary)
        var stroke = TextStroke(width: 0)
        if let value = dictionary[.strokeWidth] {
            if let galley = (value as? TextStroke) ?? (value as? AttributeValueBox<TextStroke>)?.value {
                stroke = galley
            } else if let width = NSAttributeValues.double(value) {
                stroke.width = CGFloat(width)
            } else {
                throw wrongType(.strokeWidth, value, "a number (NSNumber, Double, CGFloat or Int) or a TextStroke")
            }
        } else if color == nil {
            return nil
        }
        if let color { stroke.color = color }
        return .stroke(stroke)
    }

    private static func writingDirection(_ dictionary: [NSAttributedString.Key: Any]) throws(NSValueProblem)
        -> Attribute?
    {
        guard let value = dictionary[.writingDirection] else { return nil }
        if let levels = value as? [BidiEmbedding] {
            return .writingDirection(levels)
        }
        let expected = "an array of BidiEmbedding or of UIKit's integers 0...3"
        guard let array = value as? [Any] else { throw wrongType(.writingDirection, value, expected) }
        var levels: [BidiEmbedding] = []
        for element in array {
            guard let number = NSAttributeValues.integer(element),
                let level = NSAttributeValues.embedding(uikitValue: number)
            else {
                throw NSValueProblem(
                    "NSAttributedString key NSWritingDirection holds \(element), not \(expected) (0 LRE, 1 RLE, 2 LRO, 3 RLO)"
                )
            }
            levels.append(level)
        }
        return .writingDirection(levels)
    }

    /// Writes one key's value of `values` (if any) into `dictionary`.
    static func write(
        _ key: Attribute.Key, of values: Attributes.Values, into dictionary: inout [NSAttributedString.Key: Any]
    ) {
        guard let attribute = key.row.attribute(in: values) else { return }
        switch (key.nsMapping, attribute) {
        case (.decoration(let style, let color), .underline(let decoration)),
            (.decoration(let style, let color), .strikethrough(let decoration)):
            dictionary[style] = NSNumber(value: NSAttributeValues.rawStyle(decoration))
            dictionary[color] = decoration.color.map(NSAttributeValues.object)
        case (.stroke, .stroke(let stroke)):
            dictionary[.strokeWidth] = NSNumber(value: Double(stroke.width))
            dictionary[.strokeColor] = stroke.color.map(NSAttributeValues.object)
        default:
            dictionary[NSAttributedString.Key(key)] = row(key).nsValue(in: values)
        }
    }
}
