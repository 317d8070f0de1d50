// NSAttributedStringBridgeValues: how each Attribute.Key is stored in an NSAttributedString (the
// one switch over every key: a new key needs one line there) and the value conversions: numbers
// in every type iOS code passes, NSUnderlineStyle raw values, UIKit's writing-direction integers,
// Galley values bare or in an AttributeValueBox.

import Foundation
import GalleyFonts

/// How one ``Attribute/Key`` is stored in an `NSAttributedString`.
enum NSAttributeMapping {
    /// One Apple-named key holding the key's Galley value type (numbers as `NSNumber`).
    case single(NSAttributedString.Key)
    /// One key named by the key table's Foundation name (`"Galley.…"`), holding the Galley value.
    case galley
    /// An `NSUnderlineStyle` raw value under `style`, the decoration's colour under `color`.
    case decoration(style: NSAttributedString.Key, color: NSAttributedString.Key)
    /// The width under `.strokeWidth`, the colour under
    /// `.strokeColor`.
    case stroke
    /// ``BidiEmbedding``s, or UIKit's integers on input.
    case writingDirection
}

extension Attribute.Key {
    /// Where the NSAttributedString bridge stores this key. **A new key needs its line here**:
    /// `.galley` when Apple has no attribute for it, else the Apple key.
    var nsMapping: NSAttributeMapping {
        switch self {
        case .font: .single(.font)
        case .foregroundColor: .single(.foregroundColor)
        case .paragraphStyle: .single(.paragraphStyle)
        case .kern: .single(.kern)
        case .language: .single(.language)
        case .runDelegate: .single(.runDelegate)
        case .writingDirection: .writingDirection
        case .tracking: .single(.tracking)
        case .ligatureLevel: .single(.ligature)
        case .fontFeatures: .galley
        case .baselineOffset: .single(.baselineOffset)
        case .superscript: .single(.superscript)
        case .obliqueness: .single(.obliqueness)
        case .underline: .decoration(style: .underlineStyle, color: .underlineColor)
        case .strikethrough: .decoration(style: .strikethroughStyle, color: .strikethroughColor)
        case .backgroundColor: .single(.backgroundColor)
        case .stroke: .stroke
        case .shadow: .single(.shadow)
        case .fontVariations: .galley
        case .allowsLineBreaks: .galley
        case .insertsHyphens: .galley
        case .overline, .fontVariant, .fontScale, .fontFallback, .gravity, .gravityHint, .show, .lineHeight,
            .textTransform, .textSegment, .textSpacingTrim, .textAutospace, .baselineClass, .baselineInfo,
            .baselineReferenceInfo:
            .galley
        case .expansion: .single(.expansion)
        case .glyphInfo: .single(.glyphInfo)
        case .rubyAnnotation: .single(.rubyAnnotation)
        case .verticalForms, .textOrientation, .horizontalInVerticalForms: .galley
        }
    }
}

/// A key-table row seen by the NSAttributedString bridge: its value type, read from whatever an
/// `NSAttributedString` may hold and written in a form Foundation can compare.
protocol NSBridgedRow {
    /// The attribute for `value` (the Galley type, its ``AttributeValueBox``, or for a number type
    /// any number iOS passes), or nil if `value` has another type.
    func attribute(fromNSValue value: Any) -> Attribute?
    /// The key's value in `values` as an object Foundation compares safely, if any.
    func nsValue(in values: Attributes.Values) -> Any?
    /// What a value must be, for error messages.
    var expectedNSType: String { get }
}

extension KeyRow: NSBridgedRow {
    func attribute(fromNSValue value: Any) -> Attribute? {
        if let direct = value as? Bridge.Value, !NSAttributeValues.isSwiftBool(value) || Bridge.Value.self == Bool.self
        {
            return make(direct)
        }
        if let boxed = value as? AttributeValueBox<Bridge.Value> {
            return make(boxed.value)
        }
        if Bridge.Value.self == CGFloat.self, let number = NSAttributeValues.double(value) {
            return (CGFloat(number) as? Bridge.Value).map(make)
        }
        if Bridge.Value.self == Int.self, let number = NSAttributeValues.integer(value) {
            return (number as? Bridge.Value).map(make)
        }
        if Bridge.Value.self == Color.self, let color = NSAttributeValues.color(value) {
            return (color as? Bridge.Value).map(make)
        }
        if Bridge.Value.self == Bool.self, let number = NSAttributeValues.integer(value), number == 0 || number == 1 {
            return ((number == 1) as? Bridge.Value).map(make)
        }
        return nil
    }

    func nsValue(in values: Attributes.Values) -> Any? {
        values[keyPath: field].map(NSAttributeValues.object)
    }

    var expectedNSType: String {
        if Bridge.Value.self == CGFloat.self { return "a number (NSNumber, Double, CGFloat or Int)" }
        if Bridge.Value.self == Int.self { return "an integer (NSNumber or Int)" }
        if Bridge.Value.self == Bool.self { return "a Bool (or NSNumber 0 or 1)" }
        return "\(Bridge.Value.self) (bare or in an AttributeValueBox)"
    }
}

/// Value conversions of the NSAttributedString bridge.
enum NSAttributeValues {
    /// Whether `value` is a Swift `Bool` (which `as? Double` would turn into 1.0).
    static func isSwiftBool(_ value: Any) -> Bool {
        type(of: value) == Bool.self
    }

    /// `value` as a number, for any number type iOS code passes; nil for anything else (a `Bool`
    /// included).
    static func double(_ value: Any) -> Double? {
        if isSwiftBool(value) { return nil }
        switch value {
        case let number as CGFloat: return Double(number)
        case let number as Double: return number
        case let number as Float: return Double(number)
        case let number as Int: return Double(number)
        case let number as NSNumber: return number.doubleValue
        case let number as any BinaryInteger: return Double(number)
        case let number as any BinaryFloatingPoint: return Double(number)
        default: return nil
        }
    }

    /// `value` as an integer: a number with no fractional part; nil otherwise.
    static func integer(_ value: Any) -> Int? {
        if let number = value as? Int, !isSwiftBool(value) { return number }
        guard let number = double(value), number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// `value` in a form swift-corelibs-foundation compares without halting (see
    /// ``AttributeValueBox``): a `CGFloat` as an `NSNumber`; strings, numbers, booleans, arrays,
    /// class instances and structs larger than an existential's inline buffer (``Color``,
    /// ``ParagraphStyle``, ``TextShadow``, ``RunDelegate``, …) as they are, so `as? Color` reads
    /// them back; smaller structs and enums boxed.
    static func object<Value: Hashable & Sendable>(_ value: Value) -> Any {
        switch value {
        case let number as CGFloat: return NSNumber(value: Double(number))
        case is String, is Int, is Bool, is Double, is [Any]: return value
        default:
            let storedInline = MemoryLayout<Value>.size <= inlineBufferSize
            return Value.self is AnyClass || !storedInline ? value : AttributeValueBox(value)
        }
    }

    /// The bytes an `Any` holds inline (three words); a larger value lives in a heap box.
    static let inlineBufferSize = 3 * MemoryLayout<Int>.size

    /// A ``Color`` bare or boxed, or a `CGColor`'s components as an array of numbers (Linux has
    /// no `CGColor`): gray and alpha, or sRGB red, green, blue and alpha, each in 0…1.
    static func color(_ value: Any) -> Color? {
        if let color = (value as? Color) ?? (value as? AttributeValueBox<Color>)?.value { return color }
        guard let array = value as? [Any] else { return nil }
        let components = array.compactMap(double)
        guard components.count == array.count, components.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
            return nil
        }
        switch components.count {
        case 2: return Color(red: components[0], green: components[0], blue: components[0], alpha: components[1])
        case 4: return Color(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        default: return nil
        }
    }

    // MARK: NSUnderlineStyle

    /// The decoration for an `NSUnderlineStyle` raw value: nil for 0 (none), or why it cannot be
    /// one. UIKit: style `0x01` single, `0x02` thick, `0x09` double; pattern `0x100` dot, `0x200`
    /// dash, `0x300` dash-dot, `0x400` dash-dot-dot; `0x8000` by word. Galley's own style bytes for
    /// the Pango styles UIKit lacks: `0x10` low, `0x11` error (a wavy line).
    static func decoration(rawStyle raw: Int) -> Result<TextDecoration?, NSValueProblem> {
        let hex = "0x" + String(raw, radix: 16)
        guard raw & ~(0xFF | 0x0F00 | byWord) == 0 else {
            return .failure(.init("NSUnderlineStyle \(hex) has bits that are no style or pattern"))
        }
        let style: TextDecoration.Style
        switch raw & 0xFF {
        case 0: return .success(nil)
        case 0x01: style = .single
        case 0x02: style = .thick
        case 0x09: style = .double
        case 0x10: style = .low
        case 0x11: style = .error
        default:
            return .failure(
                .init("NSUnderlineStyle \(hex): the style byte must be 0x01, 0x02, 0x09 (or Galley's 0x10, 0x11)"))
        }
        guard let pattern = patterns.first(where: { $0.value == raw & 0x0F00 })?.key else {
            return .failure(.init("NSUnderlineStyle \(hex): the pattern must be 0x000, 0x100, 0x200, 0x300 or 0x400"))
        }
        return .success(TextDecoration(style: style, pattern: pattern, byWord: raw & byWord != 0))
    }

    /// The `NSUnderlineStyle` raw value of a decoration (its colour apart).
    static func rawStyle(_ decoration: TextDecoration) -> Int {
        let style =
            switch decoration.style {
            case .single: 0x01
            case .thick: 0x02
            case .double: 0x09
            case .low: 0x10
            case .error: 0x11
            }
        return style | (patterns[decoration.pattern] ?? 0) | (decoration.byWord ? byWord : 0)
    }

    private static let byWord = 0x8000
    private static let patterns: [TextDecoration.Pattern: Int] = [
        .solid: 0, .dot: 0x100, .dash: 0x200, .dashDot: 0x300, .dashDotDot: 0x400,
    ]

    // MARK: Writing direction

    /// UIKit's writing-direction integer (`NSWritingDirection` | `NSWritingDirectionFormatType`)
    /// as a level, or nil: 0 LRE, 1 RLE, 2 LRO, 3 RLO.
    static func embedding(uikitValue value: Int) -> BidiEmbedding? {
        switch value {
        case 0: BidiEmbedding(.leftToRight, .embedding)
        case 1: BidiEmbedding(.rightToLeft, .embedding)
        case 2: BidiEmbedding(.leftToRight, .override)
        case 3: BidiEmbedding(.rightToLeft, .override)
        default: nil
        }
    }
}

/// Why a value cannot become a Galley attribute (a sentence without key or range).
struct NSValueProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
