// NSAttributedStringBridgeCoreText: the NSAttributedString bridge's reading of keys beyond UIKit's
// names: CoreText's own raw names (kCTForegroundColorAttributeName is "CTForegroundColor", not
// UIKit's "NSColor"), custom keys kept as custom attributes (as CTRunGetAttributes keeps them),
// and the diagnostics call that lists what a conversion kept without effect or dropped.

import Foundation

extension NSAttributedString.Key {
    /// CoreText's `kCTForegroundColorAttributeName` (`"CTForegroundColor"`): read as
    /// ``foregroundColor``.
    public static var coreTextForegroundColor: NSAttributedString.Key { .init("CTForegroundColor") }
    /// CoreText's `kCTBackgroundColorAttributeName` (`"CTBackgroundColor"`): read as
    /// ``backgroundColor``.
    public static var coreTextBackgroundColor: NSAttributedString.Key { .init("CTBackgroundColor") }
    /// CoreText's `kCTStrokeColorAttributeName` (`"CTStrokeColor"`): read as ``strokeColor``.
    public static var coreTextStrokeColor: NSAttributedString.Key { .init("CTStrokeColor") }
    /// CoreText's `kCTUnderlineColorAttributeName` (`"CTUnderlineColor"`): read as
    /// ``underlineColor``.
    public static var coreTextUnderlineColor: NSAttributedString.Key { .init("CTUnderlineColor") }
    /// CoreText's `kCTTrackingAttributeName` (`"CTTracking"`): read as ``tracking``.
    public static var coreTextTracking: NSAttributedString.Key { .init("CTTracking") }
    /// CoreText's `kCTBaselineOffsetAttributeName` (`"CTBaselineOffset"`): read as
    /// ``baselineOffset``.
    public static var coreTextBaselineOffset: NSAttributedString.Key { .init("CTBaselineOffset") }
    /// CoreText's `kCTVerticalFormsAttributeName` (`"CTVerticalForms"`, a Boolean): read as
    /// ``Attribute/verticalForms(_:)``.
    public static var coreTextVerticalForms: NSAttributedString.Key { .init("CTVerticalForms") }
    /// CoreText's `kCTHorizontalInVerticalFormsAttributeName` (`"CTHorizontalInVerticalForms"`,
    /// an integer): read as ``Attribute/horizontalInVerticalForms(_:)``.
    public static var coreTextHorizontalInVerticalForms: NSAttributedString.Key {
        .init("CTHorizontalInVerticalForms")
    }
    /// UIKit's `.link` (`"NSLink"`, an `NSURL`/`URL` or a string): read as ``Attributes/link``.
    public static var link: NSAttributedString.Key { .init(TextLink.attributeName) }
}

/// What the NSAttributedString bridge did with one key of one run that Galley does not lay out.
/// Like nothing in CoreText, which keeps such keys silently; returned by
/// `AttributedText.bridgeDiagnostics(for:)`.
public struct NSAttributedStringBridgeDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What became of the key.
    public enum Disposition: Sendable, Hashable {
        /// Kept as a custom attribute (``Attributes/customAttributes``): it rides on the runs and
        /// layout ignores it, as CoreText ignores keys it does not know.
        case keptAsCustom
        /// Kept as a custom attribute, but UIKit or CoreText would draw or lay it out and Galley
        /// does not; the reason says what to use instead.
        case keptWithoutEffect(String)
        /// Not kept: its value cannot be compared (it is not `Hashable`).
        case dropped(String)
    }

    /// The key's raw name.
    public let key: String
    /// The UTF-16 range of the run.
    public let range: Range<Int>
    /// What became of it.
    public let disposition: Disposition

    /// `NSAttachment at 3..<4: kept without effect (use a RunDelegate)`.
    public var description: String {
        let what =
            switch disposition {
            case .keptAsCustom: "kept as a custom attribute"
            case .keptWithoutEffect(let reason): "kept without effect (\(reason))"
            case .dropped(let reason): "dropped (\(reason))"
            }
        return "\(key) at \(range.lowerBound)..<\(range.upperBound): \(what)"
    }
}

extension AttributedText {
    /// Every key of `attributedString` that `AttributedText(_: NSAttributedString)` does not turn
    /// into a Galley attribute, run by run: custom keys it keeps on the runs, keys UIKit or
    /// CoreText would honour that Galley keeps without effect (`NSAttachment`,
    /// `CTForegroundColorFromContext`, …), and keys it drops (values that are not `Hashable`).
    /// Nothing is lost without a word. (CoreText has no such call: it keeps unknown keys silently.)
    public static func bridgeDiagnostics(for attributedString: NSAttributedString)
        -> [NSAttributedStringBridgeDiagnostic]
    {
        var found: [NSAttributedStringBridgeDiagnostic] = []
        var location = 0
        let length = attributedString.length
        while location < length {
            var effective = NSRange(location: 0, length: 0)
            let dictionary = attributedString.attributes(at: location, effectiveRange: &effective)
            let end = min(length, max(location + 1, effective.location + effective.length))
            for (key, value) in dictionary.sorted(by: { $0.key.rawValue < $1.key.rawValue })
            where !NSAttributedStringBridge.readKeys.contains(key.rawValue) {
                let disposition: NSAttributedStringBridgeDiagnostic.Disposition
                if NSAttributedStringBridge.customValue(value) == nil {
                    disposition = .dropped("a \(type(of: value)) is not Hashable")
                } else if let reason = NSAttributedStringBridge.withoutEffect[key.rawValue] {
                    disposition = .keptWithoutEffect(reason)
                } else {
                    disposition = .keptAsCustom
                }
                found.append(.init(key: key.rawValue, range: location..<end, disposition: disposition))
            }
            location = end
        }
        return found
    }
}

extension NSAttributedStringBridge {
    /// CoreText's raw key names and the bridge key each is read as (where the UIKit key is absent).
    static let coreTextAliases: [(NSAttributedString.Key, NSAttributedString.Key)] = [
        (.coreTextForegroundColor, .foregroundColor), (.coreTextBackgroundColor, .backgroundColor),
        (.coreTextStrokeColor, .strokeColor), (.coreTextUnderlineColor, .underlineColor),
        (.coreTextTracking, .tracking), (.coreTextBaselineOffset, .baselineOffset),
        (.coreTextVerticalForms, NSAttributedString.Key(Attribute.Key.verticalForms)),
        (.coreTextHorizontalInVerticalForms, NSAttributedString.Key(Attribute.Key.horizontalInVerticalForms)),
    ]

    /// Keys UIKit or CoreText draw or lay out that Galley keeps without effect, with what to use.
    static let withoutEffect: [String: String] = [
        "NSAttachment": "Galley has no NSTextAttachment: use a RunDelegate on U+FFFC",
        "CTForegroundColorFromContext": "Galley draws runs without a colour in black: leave the colour out",
        "CTAdaptiveImageProvider": "Galley has no adaptive image glyphs: use a RunDelegate",
        "NSTextEffect": "Galley has no letterpress effect",
        "NSVerticalGlyphForm": "use CTVerticalForms or Attribute.verticalForms",
        "CTBaselineClass": "its value is a CFString constant: set Attribute.baselineClass",
        "CTBaselineInfo": "set Attribute.baselineInfo",
        "CTBaselineReferenceInfo": "set Attribute.baselineReferenceInfo",
    ]

    /// Every raw key name the bridge reads as a Galley attribute.
    static let readKeys: Set<String> = {
        var names: Set<String> = [NSAttributedString.Key.characterShape.rawValue]
        for key in Attribute.Key.allCases {
            switch key.nsMapping {
            case .single(let name): names.insert(name.rawValue)
            case .galley: names.insert(key.foundationName)
            case .decoration(let style, let color): names.formUnion([style.rawValue, color.rawValue])
            case .stroke:
                names.formUnion([
                    NSAttributedString.Key.strokeWidth.rawValue, NSAttributedString.Key.strokeColor.rawValue,
                ])
            case .writingDirection: names.insert(NSAttributedString.Key.writingDirection.rawValue)
            }
        }
        for (alias, _) in coreTextAliases { names.insert(alias.rawValue) }
        return names
    }()

    /// `dictionary` with each CoreText-named key also under its bridge key, unless that is set.
    static func resolvingCoreTextNames(_ dictionary: [NSAttributedString.Key: Any]) -> [NSAttributedString.Key: Any] {
        var resolved = dictionary
        for (alias, key) in coreTextAliases where resolved[key] == nil {
            if let value = dictionary[alias] { resolved[key] = value }
        }
        return resolved
    }

    /// The custom attributes of a run's dictionary: every key the bridge does not read, whose value
    /// is `Hashable` (an ``AttributeValueBox`` of a custom value is unboxed).
    static func customAttributes(_ dictionary: [NSAttributedString.Key: Any]) -> [String: CustomAttributeValue] {
        var custom: [String: CustomAttributeValue] = [:]
        for (key, value) in dictionary where !readKeys.contains(key.rawValue) {
            if let wrapped = customValue(value) { custom[key.rawValue] = wrapped }
        }
        return custom
    }

    /// A dictionary value as a custom value; nil when it is not `Hashable`.
    static func customValue(_ value: Any) -> CustomAttributeValue? {
        if let boxed = value as? AttributeValueBox<CustomAttributeValue> { return boxed.value }
        guard let hashable = value as? AnyHashable else { return nil }
        return CustomAttributeValue(bridged: hashable)
    }

    /// A custom value in the form `NSAttributedString(_: AttributedText)` stores: Foundation
    /// objects, strings, numbers and URLs as they are; a small Swift struct or enum boxed (see
    /// ``AttributeValueBox``: swift-corelibs-foundation halts comparing those).
    static func object(_ value: CustomAttributeValue) -> Any {
        let base = value.base
        switch base {
        case is String, is Int, is Double, is Bool, is URL, is NSObject: return base
        default: return type(of: base) is AnyClass ? base : AttributeValueBox(value)
        }
    }
}
