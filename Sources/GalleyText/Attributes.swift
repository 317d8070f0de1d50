// Attributes: the set of attributes of a run of text, at most one value per key, like the
// attribute dictionary CoreText attaches to a range.

import Foundation
import GalleyFonts

/// The attributes of a run: at most one value per ``Attribute/Key``. Like the
/// `CFDictionary` of attributes CoreText keeps for each run of a `CFAttributedString`.
///
/// Write it as an array literal: `[.font(f), .foregroundColor(.blue)]` (a later value of the
/// same key wins).
///
/// An `Attributes` never holds an invalid value (a non-finite ``kern``, an empty ``language``,
/// a ligature level other than 0, 1, 2, a NaN offset or blur radius, … see each ``Attribute``
/// case). Its non-throwing API — the array literal, ``init(_:)-([Attribute])``, ``set(_:)`` and the
/// properties — cannot report an error and never stops the program: an invalid value leaves its
/// key unset. To learn why a value is refused, check values from outside with
/// ``init(validating:)`` or set them through ``AttributedTextBuilder``, which throw
/// ``AttributedTextError/invalidValue(_:)`` with a sentence naming the rule.
/// An empty array of features, variations or writing-direction levels is no attribute.
public struct Attributes: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Equal when every value is equal (the same storage is equal at once).
    public static func == (lhs: Attributes, rhs: Attributes) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.values == rhs.storage.values
    }

    /// Hashes the values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.values)
    }

    /// The stored values; shared between copies until one of them changes (copy on write),
    /// so passing attributes along the pipeline costs one reference, not a copy of every field.
    @usableFromInline
    struct Values: Sendable, Hashable {
        @usableFromInline var font: Font?
        @usableFromInline var foregroundColor, backgroundColor: Color?
        @usableFromInline var paragraphStyle: ParagraphStyle?
        @usableFromInline var kern, tracking, baselineOffset, obliqueness: CGFloat?
        @usableFromInline var language: String?
        @usableFromInline var runDelegate: RunDelegate?
        @usableFromInline var writingDirection: [BidiEmbedding]?
        @usableFromInline var ligatureLevel, superscript: Int?
        @usableFromInline var fontFeatures: [FontFeature]?
        @usableFromInline var underline, strikethrough: TextDecoration?
        @usableFromInline var stroke: TextStroke?
        @usableFromInline var shadow: TextShadow?
        @usableFromInline var fontVariations: [FontVariation]?
        @usableFromInline var allowsLineBreaks, insertsHyphens: Bool?
        @usableFromInline var overline: TextDecoration?
        @usableFromInline var fontVariant: FontVariant?
        @usableFromInline var fontScale: FontScale?
        @usableFromInline var fontFallback: Bool?
        @usableFromInline var gravity: Gravity?
        @usableFromInline var gravityHint: GravityHint?
        @usableFromInline var show: ShowFlags?
        @usableFromInline var lineHeight: LineHeight?
        @usableFromInline var textTransform: TextTransform?
        @usableFromInline var textSegment: TextSegment?
        @usableFromInline var textSpacingTrim: TextSpacingTrim?
        @usableFromInline var textAutospace: TextAutospace?
        @usableFromInline var expansion: CGFloat?
        @usableFromInline var glyphInfo: GlyphInfo?
        @usableFromInline var baselineClass: BaselineClass?
        @usableFromInline var baselineInfo: [BaselineClass: CGFloat]?
        @usableFromInline var baselineReferenceInfo: BaselineReference?
        @usableFromInline var rubyAnnotation: RubyAnnotation?
        @usableFromInline var verticalForms: Bool?
        @usableFromInline var textOrientation: TextOrientation?
        @usableFromInline var horizontalInVerticalForms: Int?
        /// Custom attributes (see ``Attributes/customAttributes``); nil when there are none.
        @usableFromInline var custom: [String: CustomAttributeValue]?

        /// Stores one attribute, checked by the key table: an invalid value or an empty array
        /// removes the key (see ``Attribute/validity``).
        mutating func set(_ attribute: Attribute) {
            switch attribute.validity {
            case .valid: break
            case .noValue, .invalid: return attribute.key.row.remove(from: &self)
            }
            switch attribute {
            case .font(let font): self.font = font
            case .foregroundColor(let color): foregroundColor = color
            case .paragraphStyle(let style): paragraphStyle = style
            case .kern(let kern): self.kern = kern
            case .language(let language): self.language = language
            case .runDelegate(let delegate): runDelegate = delegate
            case .writingDirection(let levels): writingDirection = levels
            case .tracking(let value): tracking = value
            case .ligatureLevel(let value): ligatureLevel = value
            case .fontFeatures(let value): fontFeatures = value
            case .baselineOffset(let value): baselineOffset = value
            case .superscript(let value): superscript = value
            case .obliqueness(let value): obliqueness = value
            case .underline(let value): underline = value
            case .strikethrough(let value): strikethrough = value
            case .backgroundColor(let value): backgroundColor = value
            case .stroke(let value): stroke = value
            case .shadow(let value): shadow = value
            case .fontVariations(let value): fontVariations = value
            case .allowsLineBreaks(let value): allowsLineBreaks = value
            case .insertsHyphens(let value): insertsHyphens = value
            case .overline(let value): overline = value
            case .fontVariant(let value): fontVariant = value
            case .fontScale(let value): fontScale = value
            case .fontFallback(let value): fontFallback = value
            case .gravity(let value): gravity = value
            case .gravityHint(let value): gravityHint = value
            case .show(let value): show = value
            case .lineHeight(let value): lineHeight = value
            case .textTransform(let value): textTransform = value
            case .textSegment(let value): textSegment = value
            case .textSpacingTrim(let value): textSpacingTrim = value
            case .textAutospace(let value): textAutospace = value
            case .expansion(let value): expansion = value
            case .glyphInfo(let value): glyphInfo = value
            case .baselineClass(let value): baselineClass = value
            case .baselineInfo(let value): baselineInfo = value
            case .baselineReferenceInfo(let value): baselineReferenceInfo = value
            case .rubyAnnotation(let value): rubyAnnotation = value
            case .verticalForms(let value): verticalForms = value
            case .textOrientation(let value): textOrientation = value
            case .horizontalInVerticalForms(let value): horizontalInVerticalForms = value
            }
        }
    }

    /// Immutable boxed values; replaced, never mutated.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let values: Values
        init(_ values: Values) { self.values = values }
        static let empty = Storage(Values())
    }

    @usableFromInline fileprivate(set) var storage: Storage = .empty

    /// The stored values, for the key table's rows.
    var values: Values { storage.values }

    private mutating func update(_ body: (inout Values) -> Void) {
        var values = storage.values
        body(&values)
        storage = Storage(values)
    }

    /// Changes the custom attributes (an empty dictionary is stored as none); writing what is
    /// there already allocates nothing.
    mutating func updateCustom(_ body: (inout [String: CustomAttributeValue]) -> Void) {
        var custom = storage.values.custom ?? [:]
        body(&custom)
        let stored = custom.isEmpty ? nil : custom
        guard storage.values.custom != stored else { return }
        update { $0.custom = stored }
    }

    /// Sets one field, checked by the key table (see ``Attribute/validity``); writing the value
    /// a key already has allocates nothing.
    private mutating func update<T: Equatable>(
        _ field: WritableKeyPath<Values, T?>, _ newValue: T?,
        _ make: (T) -> Attribute
    ) {
        var value = newValue
        if let newValue {
            switch make(newValue).validity {
            case .valid: break
            case .noValue, .invalid: value = nil
            }
        }
        guard storage.values[keyPath: field] != value else { return }
        update { $0[keyPath: field] = value }
    }

    /// Like `kCTFontAttributeName`.
    public var font: Font? {
        @inlinable get { storage.values.font }
        set { update(\.font, newValue, Attribute.font) }
    }
    /// Like `kCTForegroundColorAttributeName`.
    public var foregroundColor: Color? {
        @inlinable get { storage.values.foregroundColor }
        set { update(\.foregroundColor, newValue, Attribute.foregroundColor) }
    }
    /// Like `kCTParagraphStyleAttributeName`.
    public var paragraphStyle: ParagraphStyle? {
        @inlinable get { storage.values.paragraphStyle }
        set { update(\.paragraphStyle, newValue, Attribute.paragraphStyle) }
    }
    /// Like `kCTKernAttributeName`. Always finite.
    public var kern: CGFloat? {
        @inlinable get { storage.values.kern }
        set { update(\.kern, newValue, Attribute.kern) }
    }
    /// Like `kCTLanguageAttributeName`. Never empty.
    public var language: String? {
        @inlinable get { storage.values.language }
        set { update(\.language, newValue, Attribute.language) }
    }
    /// Like `kCTRunDelegateAttributeName`.
    public var runDelegate: RunDelegate? {
        @inlinable get { storage.values.runDelegate }
        set { update(\.runDelegate, newValue, Attribute.runDelegate) }
    }
    /// Like `kCTWritingDirectionAttributeName`. Never empty (setting an empty array removes it).
    public var writingDirection: [BidiEmbedding]? {
        @inlinable get { storage.values.writingDirection }
        set { update(\.writingDirection, newValue, Attribute.writingDirection) }
    }
    /// Like `kCTTrackingAttributeName`. Always finite.
    public var tracking: CGFloat? {
        @inlinable get { storage.values.tracking }
        set { update(\.tracking, newValue, Attribute.tracking) }
    }
    /// Like `kCTLigatureAttributeName`. Always 0, 1 or 2 (nil: CoreText's default, 1).
    public var ligatureLevel: Int? {
        @inlinable get { storage.values.ligatureLevel }
        set { update(\.ligatureLevel, newValue, Attribute.ligatureLevel) }
    }
    /// Like `kCTFontFeatureSettingsAttribute`. Never empty (setting an empty array removes it).
    public var fontFeatures: [FontFeature]? {
        @inlinable get { storage.values.fontFeatures }
        set { update(\.fontFeatures, newValue, Attribute.fontFeatures) }
    }
    /// Like `kCTBaselineOffsetAttributeName`. Always finite.
    public var baselineOffset: CGFloat? {
        @inlinable get { storage.values.baselineOffset }
        set { update(\.baselineOffset, newValue, Attribute.baselineOffset) }
    }
    /// Like `kCTSuperscriptAttributeName`. Always in -10…10.
    public var superscript: Int? {
        @inlinable get { storage.values.superscript }
        set { update(\.superscript, newValue, Attribute.superscript) }
    }
    /// Like `NSObliquenessAttributeName`. Always finite.
    public var obliqueness: CGFloat? {
        @inlinable get { storage.values.obliqueness }
        set { update(\.obliqueness, newValue, Attribute.obliqueness) }
    }
    /// Like `kCTUnderlineStyleAttributeName` + `kCTUnderlineColorAttributeName`.
    public var underline: TextDecoration? {
        @inlinable get { storage.values.underline }
        set { update(\.underline, newValue, Attribute.underline) }
    }
    /// Like `NSStrikethroughStyleAttributeName` + `NSStrikethroughColorAttributeName`.
    public var strikethrough: TextDecoration? {
        @inlinable get { storage.values.strikethrough }
        set { update(\.strikethrough, newValue, Attribute.strikethrough) }
    }
    /// Like `kCTBackgroundColorAttributeName`.
    public var backgroundColor: Color? {
        @inlinable get { storage.values.backgroundColor }
        set { update(\.backgroundColor, newValue, Attribute.backgroundColor) }
    }
    /// Like `kCTStrokeWidthAttributeName` + `kCTStrokeColorAttributeName`. Its width is
    /// always finite.
    public var stroke: TextStroke? {
        @inlinable get { storage.values.stroke }
        set { update(\.stroke, newValue, Attribute.stroke) }
    }
    /// Like `NSShadowAttributeName`. Its offset is always finite and its blur radius finite
    /// and not negative.
    public var shadow: TextShadow? {
        @inlinable get { storage.values.shadow }
        set { update(\.shadow, newValue, Attribute.shadow) }
    }
    /// Like `kCTFontVariationAttribute`. Never empty (setting an empty array removes it).
    public var fontVariations: [FontVariation]? {
        @inlinable get { storage.values.fontVariations }
        set { update(\.fontVariations, newValue, Attribute.fontVariations) }
    }
    /// Whether lines may break inside the range. Like Pango's `allow_breaks`; see
    /// ``Attribute/allowsLineBreaks(_:)``.
    public var allowsLineBreaks: Bool? {
        @inlinable get { storage.values.allowsLineBreaks }
        set { update(\.allowsLineBreaks, newValue, Attribute.allowsLineBreaks) }
    }
    /// Whether a word broken inside the range shows a hyphen. Like Pango's `insert_hyphens`; see
    /// ``Attribute/insertsHyphens(_:)``.
    public var insertsHyphens: Bool? {
        @inlinable get { storage.values.insertsHyphens }
        set { update(\.insertsHyphens, newValue, Attribute.insertsHyphens) }
    }
    /// A line over the text, at the font's ascender. Like Pango's `overline` with
    /// `overline_color` (`PangoOverline`); CoreText has no overline.
    public var overline: TextDecoration? {
        @inlinable get { storage.values.overline }
        set { update(\.overline, newValue, Attribute.overline) }
    }
    /// Small, petite, unicase or titling capitals (see ``FontVariant``): the font's OpenType
    /// features, or capitals synthesised at a smaller size where the font lacks them. Like Pango's
    /// `variant`; CoreText writes it as `smcp`/`c2sc` feature settings.
    public var fontVariant: FontVariant? {
        @inlinable get { storage.values.fontVariant }
        set { update(\.fontVariant, newValue, Attribute.fontVariant) }
    }
    /// A size change from the font's own metrics (superscript, subscript or small-capital size;
    /// see ``FontScale``), without raising the glyphs. Like Pango's `font_scale`.
    public var fontScale: FontScale? {
        @inlinable get { storage.values.fontScale }
        set { update(\.fontScale, newValue, Attribute.fontScale) }
    }
    /// Whether characters the font lacks may be drawn with another font: false draws them
    /// with the font's missing-glyph (`.notdef`) glyph. True or absent: the usual fallback. Like
    /// Pango's `fallback` (`PangoAttrFallback`); CoreText always falls back.
    public var fontFallback: Bool? {
        @inlinable get { storage.values.fontFallback }
        set { update(\.fontFallback, newValue, Attribute.fontFallback) }
    }
    /// Which way glyphs lean in vertical text (see ``Gravity``). Like Pango's `gravity`. Stored
    /// and reported; horizontal lines ignore it.
    public var gravity: Gravity? {
        @inlinable get { storage.values.gravity }
        set { update(\.gravity, newValue, Attribute.gravity) }
    }
    /// How a vertical gravity applies to horizontal scripts (see ``GravityHint``). Like Pango's
    /// `gravity_hint`. Stored and reported, as ``Attribute/gravity(_:)`` is.
    public var gravityHint: GravityHint? {
        @inlinable get { storage.values.gravityHint }
        set { update(\.gravityHint, newValue, Attribute.gravityHint) }
    }
    /// Invisible characters drawn as visible symbols (see ``ShowFlags``). Like Pango's `show`.
    /// An empty set is no attribute.
    public var show: ShowFlags? {
        @inlinable get { storage.values.show }
        set { update(\.show, newValue, Attribute.show) }
    }
    /// The height the run asks its line to have, as a multiple of its font's height or in points
    /// (see ``LineHeight``); the value must be finite and not negative. Like Pango's `line_height`.
    public var lineHeight: LineHeight? {
        @inlinable get { storage.values.lineHeight }
        set { update(\.lineHeight, newValue, Attribute.lineHeight) }
    }
    /// A case change applied at layout, keeping string indices (see ``TextTransform``). Like
    /// Pango's `text_transform` and CSS `text-transform`.
    public var textTransform: TextTransform? {
        @inlinable get { storage.values.textTransform }
        set { update(\.textTransform, newValue, Attribute.textTransform) }
    }
    /// Marks the range as one word or one sentence (see ``TextSegment``). Like Pango's `segment`.
    /// Stored and reported.
    public var textSegment: TextSegment? {
        @inlinable get { storage.values.textSegment }
        set { update(\.textSegment, newValue, Attribute.textSegment) }
    }
    /// How the blank half of full-width CJK punctuation is trimmed; nil is ``TextSpacingTrim/spaceAll``
    /// (none). Like CSS `text-spacing-trim`; see ``Attribute/textSpacingTrim(_:)``.
    public var textSpacingTrim: TextSpacingTrim? {
        @inlinable get { storage.values.textSpacingTrim }
        set { update(\.textSpacingTrim, newValue, Attribute.textSpacingTrim) }
    }
    /// Whether 1/8 em separates ideographs from letters and digits; nil is
    /// ``TextAutospace/noAutospace``. Like CSS `text-autospace`; see ``Attribute/textAutospace(_:)``.
    public var textAutospace: TextAutospace? {
        @inlinable get { storage.values.textAutospace }
        set { update(\.textAutospace, newValue, Attribute.textAutospace) }
    }

    /// The log of the horizontal expansion factor. Like UIKit's `NSExpansionAttributeName`; see
    /// ``Attribute/expansion(_:)``.
    public var expansion: CGFloat? {
        @inlinable get { storage.values.expansion }
        set { update(\.expansion, newValue, Attribute.expansion) }
    }
    /// One glyph for the range. Like `kCTGlyphInfoAttributeName`; see ``Attribute/glyphInfo(_:)``.
    public var glyphInfo: GlyphInfo? {
        @inlinable get { storage.values.glyphInfo }
        set { update(\.glyphInfo, newValue, Attribute.glyphInfo) }
    }
    /// The glyphs' baseline class. Like `kCTBaselineClassAttributeName`; see
    /// ``Attribute/baselineClass(_:)``.
    public var baselineClass: BaselineClass? {
        @inlinable get { storage.values.baselineClass }
        set { update(\.baselineClass, newValue, Attribute.baselineClass) }
    }
    /// The run's own baseline offsets. Like `kCTBaselineInfoAttributeName`; see
    /// ``Attribute/baselineInfo(_:)``.
    public var baselineInfo: [BaselineClass: CGFloat]? {
        @inlinable get { storage.values.baselineInfo }
        set { update(\.baselineInfo, newValue, Attribute.baselineInfo) }
    }
    /// The reference baselines. Like `kCTBaselineReferenceInfoAttributeName`; see
    /// ``Attribute/baselineReferenceInfo(_:)``.
    public var baselineReferenceInfo: BaselineReference? {
        @inlinable get { storage.values.baselineReferenceInfo }
        set { update(\.baselineReferenceInfo, newValue, Attribute.baselineReferenceInfo) }
    }
    /// Ruby text over, under or beside the range. Like `kCTRubyAnnotationAttributeName`; see
    /// ``Attribute/rubyAnnotation(_:)``.
    public var rubyAnnotation: RubyAnnotation? {
        @inlinable get { storage.values.rubyAnnotation }
        set { update(\.rubyAnnotation, newValue, Attribute.rubyAnnotation) }
    }
    /// Vertical glyph forms. Like `kCTVerticalFormsAttributeName`; see
    /// ``Attribute/verticalForms(_:)``.
    public var verticalForms: Bool? {
        @inlinable get { storage.values.verticalForms }
        set { update(\.verticalForms, newValue, Attribute.verticalForms) }
    }
    /// How characters stand in a vertical line. Like CSS `text-orientation`; see
    /// ``Attribute/textOrientation(_:)``.
    public var textOrientation: TextOrientation? {
        @inlinable get { storage.values.textOrientation }
        set { update(\.textOrientation, newValue, Attribute.textOrientation) }
    }
    /// Tate-chū-yoko: how many characters to set horizontally in one vertical em. Like
    /// `kCTHorizontalInVerticalFormsAttributeName`; see ``Attribute/horizontalInVerticalForms(_:)``.
    public var horizontalInVerticalForms: Int? {
        @inlinable get { storage.values.horizontalInVerticalForms }
        set { update(\.horizontalInVerticalForms, newValue, Attribute.horizontalInVerticalForms) }
    }

    /// No attributes.
    public init() {}

    /// The given attributes; a later value of the same key wins. An invalid value leaves its key
    /// unset (see ``Attributes``); use ``init(validating:)`` to learn why.
    public init(_ attributes: [Attribute]) {
        guard !attributes.isEmpty else { return }
        var values = Values()
        for attribute in attributes { values.set(attribute) }
        storage = Storage(values)
    }

    /// The given attributes; a later value of the same key wins.
    public init(arrayLiteral attributes: Attribute...) {
        self.init(attributes)
    }

    /// The given attributes, each checked by its key's rule; a later value of the same key wins.
    /// Like building a CoreText attribute dictionary, but checked.
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` for the first invalid value, e.g. a
    ///   NaN kern or a ligature level of 3.
    public init(validating attributes: [Attribute]) throws(AttributedTextError) {
        for attribute in attributes {
            _ = try attribute.checked()
        }
        self.init(attributes)
    }

    /// The value of one key, if any. Like `CFDictionaryGetValue` on a run's attributes.
    public subscript(key: Attribute.Key) -> Attribute? {
        key.row.attribute(in: storage.values)
    }

    /// Sets one attribute, replacing any value of the same key; an empty array removes the key.
    /// An invalid value leaves the key unset (see ``Attributes``).
    public mutating func set(_ attribute: Attribute) {
        update { $0.set(attribute) }
    }

    /// Removes the value of one key.
    public mutating func remove(_ key: Attribute.Key) {
        let row = key.row
        guard row.attribute(in: storage.values) != nil else { return }
        update { row.remove(from: &$0) }
    }

    /// These attributes with `other`'s values laid over them: every key `other` has wins.
    /// Like `-[NSMutableAttributedString addAttributes:range:]` on one run.
    /// Custom attributes merge key by key too.
    public func merging(_ other: Attributes) -> Attributes {
        let overlay = other.all
        let custom = other.storage.values.custom
        guard !overlay.isEmpty || custom != nil else { return self }
        var merged = self
        if !overlay.isEmpty {
            merged.update { values in
                for attribute in overlay { values.set(attribute) }
            }
        }
        if let custom {
            merged.updateCustom { $0.merge(custom) { _, new in new } }
        }
        return merged
    }

    /// Whether no key has a value.
    public var isEmpty: Bool { storage === Storage.empty || storage.values == Storage.empty.values }

    /// Every attribute that has a value, in the order of `Attribute.Key.allCases` (custom
    /// attributes are in ``customAttributes``).
    public var all: [Attribute] {
        Attribute.Key.allCases.compactMap { self[$0] }
    }

    /// A compact listing such as `{font: DejaVuSans-Bold 36pt, foregroundColor: #0000ffff}`,
    /// custom attributes last, by key.
    public var description: String {
        let known = all.map { "\($0.key.rawValue): \(Attributes.valueDescription($0))" }
        let custom = customAttributes.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }
        return "{" + (known + custom).joined(separator: ", ") + "}"
    }

    /// The value part of one attribute's ``description``.
    package static func valueDescription(_ attribute: Attribute) -> String {
        switch attribute {
        case .font(let font): "\(font.postScriptName) \(number(font.size))pt"
        case .foregroundColor(let color), .backgroundColor(let color): color.hexString
        case .paragraphStyle(let style): "\(style.alignment) \(style.lineBreakMode) \(style.baseWritingDirection)"
        case .kern(let value), .tracking(let value), .baselineOffset(let value), .obliqueness(let value): number(value)
        case .language(let language): language
        case .rubyAnnotation(let ruby): ruby.description
        case .runDelegate(let delegate):
            "\(number(delegate.width))×(\(number(delegate.ascent))+\(number(delegate.descent))) \"\(delegate.value)\""
        case .writingDirection(let levels): "[\(levels.map(\.description).joined(separator: ", "))]"
        case .ligatureLevel(let value), .superscript(let value): "\(value)"
        case .fontFeatures(let value): "[\(value.map(\.description).joined(separator: ", "))]"
        case .underline(let value), .strikethrough(let value): "\(value)"
        case .stroke(let value): "\(value)"
        case .shadow(let value): "\(value)"
        case .fontVariations(let value): "[\(value.map(\.description).joined(separator: ", "))]"
        case .allowsLineBreaks(let value), .insertsHyphens(let value), .fontFallback(let value): "\(value)"
        case .overline(let value): "\(value)"
        case .fontVariant(let value): value.pangoName
        case .fontScale(let value): value.pangoName
        case .gravity(let value): value.rawValue
        case .gravityHint(let value): value.rawValue
        case .show(let value): value.pangoName
        case .lineHeight(.multiple(let factor)): "×\(number(factor))"
        case .lineHeight(.points(let points)): "\(number(points))pt"
        case .textTransform(let value): value.rawValue
        case .textSegment(let value): value.rawValue
        case .textSpacingTrim(let value): value.rawValue
        case .textAutospace(let value): value.rawValue
        case .expansion(let value): number(value)
        case .glyphInfo(let value): "\(value)"
        case .baselineClass(let value): value.rawValue
        case .baselineInfo(let value): baselineOffsets(value)
        case .baselineReferenceInfo(.offsets(let value)): baselineOffsets(value)
        case .baselineReferenceInfo(.font(let font)): "\(font.postScriptName) \(number(font.size))pt"
        case .baselineReferenceInfo(.originalFont): "originalFont"
        case .verticalForms(let value): "\(value)"
        case .textOrientation(let value): value.rawValue
        case .horizontalInVerticalForms(let value): "\(value)"
        }
    }

    /// Baseline offsets as `[hanging: 10, roman: 0]`, classes in declaration order.
    package static func baselineOffsets(_ offsets: [BaselineClass: CGFloat]) -> String {
        "["
            + BaselineClass.allCases.compactMap { c in offsets[c].map { "\(c.rawValue): \(number($0))" } }
            .joined(separator: ", ") + "]"
    }

    /// A number without a needless ".0".
    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
