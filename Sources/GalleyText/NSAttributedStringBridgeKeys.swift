// NSAttributedStringBridgeKeys: the NSAttributedString.Key names iOS and CoreText code uses
// (.font, .foregroundColor, .kern, .underlineStyle, …, with Apple's raw values), Galley's own keys
// for the attributes Apple has no name for, and AttributeValueBox, the object form in which the
// bridge stores Galley's struct values inside an NSAttributedString.

import Foundation
import GalleyFonts

// Apple's raw values (the strings archived attributed strings carry): UIKit's NSAttributedString.Key
// constants and CoreText's kCT…AttributeName constants. swift-corelibs-foundation declares none of
// them except `.language` ("NSLanguage", CoreText's kCTLanguageAttributeName), which the bridge uses.
extension NSAttributedString.Key {
    /// A Galley ``Font``. UIKit's `.font` / CoreText's `kCTFontAttributeName` (`"NSFont"`).
    public static var font: NSAttributedString.Key { .init("NSFont") }
    /// A Galley ``Color`` for the glyphs. UIKit's `.foregroundColor` (`"NSColor"`); CoreText's own
    /// `kCTForegroundColorAttributeName` (`"CTForegroundColor"`) is not read.
    public static var foregroundColor: NSAttributedString.Key { .init("NSColor") }
    /// A Galley ``Color`` behind the glyphs. UIKit's `.backgroundColor` (`"NSBackgroundColor"`).
    public static var backgroundColor: NSAttributedString.Key { .init("NSBackgroundColor") }
    /// A number of points (`NSNumber`, `Double`, `CGFloat`, `Int`). UIKit's `.kern` /
    /// `kCTKernAttributeName` (`"NSKern"`); Galley's ``Attribute/kern(_:)``.
    public static var kern: NSAttributedString.Key { .init("NSKern") }
    /// A number of points added after every cluster. UIKit's `.tracking` (iOS 14, `"NSTracking"`);
    /// Galley's ``Attribute/tracking(_:)``.
    public static var tracking: NSAttributedString.Key { .init("NSTracking") }
    /// An integer 0, 1 or 2. UIKit's `.ligature` / `kCTLigatureAttributeName` (`"NSLigature"`);
    /// Galley's ``Attribute/ligatureLevel(_:)``.
    public static var ligature: NSAttributedString.Key { .init("NSLigature") }
    /// An `NSUnderlineStyle` raw value (`Int` or `NSNumber`): `0x01` single, `0x02` thick, `0x09`
    /// double, or-ed with a pattern `0x100` dot, `0x200` dash, `0x300` dash-dot, `0x400`
    /// dash-dot-dot; or a Galley ``TextDecoration``. UIKit's `.underlineStyle` /
    /// `kCTUnderlineStyleAttributeName` (`"NSUnderline"`). `byWord` (`0x8000`) is
    /// ``TextDecoration/byWord``.
    public static var underlineStyle: NSAttributedString.Key { .init("NSUnderline") }
    /// A Galley ``Color`` for the underline. UIKit's `.underlineColor` (`"NSUnderlineColor"`).
    public static var underlineColor: NSAttributedString.Key { .init("NSUnderlineColor") }
    /// An `NSUnderlineStyle` raw value, as ``underlineStyle``. UIKit's `.strikethroughStyle`
    /// (`"NSStrikethrough"`).
    public static var strikethroughStyle: NSAttributedString.Key { .init("NSStrikethrough") }
    /// A Galley ``Color`` for the strikethrough. UIKit's `.strikethroughColor`
    /// (`"NSStrikethroughColor"`).
    public static var strikethroughColor: NSAttributedString.Key { .init("NSStrikethroughColor") }
    /// A Galley ``ParagraphStyle``. UIKit's `.paragraphStyle` / `kCTParagraphStyleAttributeName`
    /// (`"NSParagraphStyle"`).
    public static var paragraphStyle: NSAttributedString.Key { .init("NSParagraphStyle") }
    /// A number of points, positive up. UIKit's `.baselineOffset` (`"NSBaselineOffset"`).
    public static var baselineOffset: NSAttributedString.Key { .init("NSBaselineOffset") }
    /// A number, percent of the font size (positive: stroke only; negative: fill and stroke).
    /// UIKit's `.strokeWidth` / `kCTStrokeWidthAttributeName` (`"NSStrokeWidth"`).
    public static var strokeWidth: NSAttributedString.Key { .init("NSStrokeWidth") }
    /// A Galley ``Color`` for the stroke. UIKit's `.strokeColor` (`"NSStrokeColor"`).
    public static var strokeColor: NSAttributedString.Key { .init("NSStrokeColor") }
    /// A Galley ``TextShadow`` (its offset is y-up, CoreText's convention: UIKit's
    /// `NSShadow.shadowOffset` (0, 3) is a `TextShadow` offset (0, -3)). UIKit's `.shadow`
    /// (`"NSShadow"`).
    public static var shadow: NSAttributedString.Key { .init("NSShadow") }
    /// A number, the tangent of the skew. UIKit's `.obliqueness` (`"NSObliqueness"`).
    public static var obliqueness: NSAttributedString.Key { .init("NSObliqueness") }
    /// An array of Galley ``BidiEmbedding``s, or of the integers UIKit takes (`NSWritingDirection`
    /// | `NSWritingDirectionFormatType`: 0 left-to-right embedding, 1 right-to-left embedding,
    /// 2 left-to-right override, 3 right-to-left override). UIKit's `.writingDirection` /
    /// `kCTWritingDirectionAttributeName` (`"NSWritingDirection"`).
    public static var writingDirection: NSAttributedString.Key { .init("NSWritingDirection") }
    /// An integer, an SFNT character-shape selector + 1 (deprecated). CoreText's
    /// `kCTCharacterShapeAttributeName` (`"NSCharacterShape"`): read as the matching OpenType
    /// feature (``FontFeature/characterShape(_:)``) added to ``Attribute/fontFeatures(_:)``, and
    /// not written back.
    public static var characterShape: NSAttributedString.Key { .init("NSCharacterShape") }
    /// A number, the log of the horizontal expansion factor. UIKit's `.expansion`
    /// (`"NSExpansion"`); Galley's ``Attribute/expansion(_:)``.
    public static var expansion: NSAttributedString.Key { .init("NSExpansion") }
    /// A Galley ``GlyphInfo``. AppKit's `.glyphInfo` / `kCTGlyphInfoAttributeName`
    /// (`"NSGlyphInfo"`).
    public static var glyphInfo: NSAttributedString.Key { .init("NSGlyphInfo") }
    /// A Galley ``RubyAnnotation``. CoreText's `kCTRubyAnnotationAttributeName`
    /// (`"CTRubyAnnotation"`), whose value is a `CTRubyAnnotation`.
    public static var rubyAnnotation: NSAttributedString.Key { .init("CTRubyAnnotation") }
    /// An integer, 1 superscript, -1 subscript (-10…10). AppKit's `.superscript` /
    /// `kCTSuperscriptAttributeName` (`"NSSuperScript"`).
    public static var superscript: NSAttributedString.Key { .init("NSSuperScript") }
    /// A Galley ``RunDelegate`` on a single U+FFFC. CoreText's `kCTRunDelegateAttributeName`
    /// (`"CTRunDelegate"`), whose value is a `CTRunDelegate`.
    public static var runDelegate: NSAttributedString.Key { .init("CTRunDelegate") }
    /// An array of Galley ``FontFeature``s. Galley's key (`"Galley.fontFeatures"`); Apple sets
    /// features on the font descriptor (`kCTFontFeatureSettingsAttribute`), not on the string.
    public static var fontFeatures: NSAttributedString.Key { .init(Attribute.Key.fontFeatures) }
    /// An array of Galley ``FontVariation``s. Galley's key (`"Galley.fontVariations"`); Apple sets
    /// them on the font descriptor (`kCTFontVariationAttribute`).
    public static var fontVariations: NSAttributedString.Key { .init(Attribute.Key.fontVariations) }
    /// A `Bool`. Galley's key (`"Galley.allowsLineBreaks"`), like Pango's `allow_breaks`; no
    /// Cocoa equivalent.
    public static var allowsLineBreaks: NSAttributedString.Key { .init(Attribute.Key.allowsLineBreaks) }
    /// A `Bool`. Galley's key (`"Galley.insertsHyphens"`), like Pango's `insert_hyphens`; no
    /// Cocoa equivalent.
    public static var insertsHyphens: NSAttributedString.Key { .init(Attribute.Key.insertsHyphens) }

    /// The key under which the NSAttributedString bridge stores `key`: Apple's name where UIKit or
    /// CoreText has one (``underlineStyle`` for an underline, whose colour goes under
    /// ``underlineColor``; ``strokeWidth`` for a stroke), else Galley's, e.g. `"Galley.fontFeatures"`
    /// (the name of the `AttributedString` key of `AttributeScopes.GalleyAttributes`). Like
    /// naming a CoreText attribute by its `kCT…AttributeName` constant.
    public init(_ key: Attribute.Key) {
        switch key.nsMapping {
        case .single(let name): self = name
        case .galley: self.init(key.foundationName)
        case .decoration(let style, _): self = style
        case .stroke: self = .strokeWidth
        case .writingDirection: self = .writingDirection
        }
    }
}

/// A small Swift value as an object, the form in which `NSAttributedString(_: AttributedText)`
/// stores a struct or enum value of at most three words. Like `NSValue` boxing a C struct for a
/// Foundation collection.
///
/// Why: swift-corelibs-foundation (Swift 6.3 on Linux) halts the process (`__HALT` in
/// `CFBasicHashesAreEqual`) when an edit, `isEqual(to:)` or a longest-effective-range query
/// compares two neighbouring runs holding different values under one key, if those values are
/// Swift structs or enums small enough to sit inline in an `Any` (three words: a `CGFloat`, a
/// two-field struct). Larger structs — ``Color``, ``ParagraphStyle``, ``TextShadow``,
/// ``RunDelegate``, ``TextDecoration``, ``TextStroke`` — class instances such as
/// ``Font``, `NSNumber`, `Int`, `Double`, `String` and arrays compare safely. So pass numbers as iOS
/// does (`NSNumber`, `Double`, `Int`, not `CGFloat`) and box a small struct of your own. The
/// bridge boxes Galley's small values itself (``FontVariant``, ``ShowFlags``, ``LineHeight``, the
/// other Pango enumerations) and reads every value bare or in this box.
public final class AttributeValueBox<Value: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The boxed value. Like `-[NSValue getValue:]`.
    public let value: Value

    /// Boxes `value`. Like `+[NSValue valueWithBytes:objCType:]`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Equal when the values are equal. Like `-[NSValue isEqualToValue:]`.
    public static func == (lhs: AttributeValueBox, rhs: AttributeValueBox) -> Bool {
        lhs.value == rhs.value
    }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    /// The value's description. Like `-[NSValue description]`.
    public var description: String { "\(value)" }
}
