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
/// An `Attributes` never holds an invalid value: setting a non-finite ``kern``, an empty
/// ``language``, a ligature level other than 0, 1, 2, a NaN offset or blur radius, … (see
/// each ``Attribute`` case) removes that key instead. The throwing methods of
/// ``AttributedTextBuilder`` reject such values with an error.
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
    struct Values: Sendable, Hashable {
        var font: Font?
        var foregroundColor: Color?
        var paragraphStyle: ParagraphStyle?
        var kern: CGFloat? { didSet { if let kern, !kern.isFinite { self.kern = nil } } }
        var language: String? { didSet { if language?.isEmpty == true { language = nil } } }
        var runDelegate: RunDelegate?
        var writingDirection: [BidiEmbedding]? {
            didSet { if writingDirection?.isEmpty == true { writingDirection = nil } }
        }
        var tracking: CGFloat? { didSet { if let tracking, !tracking.isFinite { self.tracking = nil } } }
        var ligatureLevel: Int? {
            didSet { if let ligatureLevel, !Attribute.ligatureLevels.contains(ligatureLevel) { self.ligatureLevel = nil } }
        }
        var fontFeatures: [FontFeature]? { didSet { if fontFeatures?.isEmpty == true { fontFeatures = nil } } }
        var baselineOffset: CGFloat? {
            didSet { if let baselineOffset, !baselineOffset.isFinite { self.baselineOffset = nil } }
        }
        var superscript: Int? {
            didSet { if let superscript, !Attribute.superscriptLevels.contains(superscript) { self.superscript = nil } }
        }
        var obliqueness: CGFloat? {
            didSet { if let obliqueness, !obliqueness.isFinite { self.obliqueness = nil } }
        }
        var underline: TextDecoration?
        var strikethrough: TextDecoration?
        var backgroundColor: Color?
        var stroke: TextStroke? { didSet { if stroke?.invalidReason != nil { stroke = nil } } }
        var shadow: TextShadow? { didSet { if shadow?.invalidReason != nil { shadow = nil } } }
        var fontVariations: [FontVariation]? {
            didSet { if fontVariations?.isEmpty == true { fontVariations = nil } }
        }

        /// Sets the field of one attribute (the fields' observers drop invalid values).
        mutating func set(_ attribute: Attribute) {
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
            }
        }
    }

    /// Immutable boxed values; replaced, never mutated.
    final class Storage: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
        static let empty = Storage(Values())
    }

    private var storage: Storage = .empty

    private mutating func update(_ body: (inout Values) -> Void) {
        var values = storage.values
        body(&values)
        storage = Storage(values)
    }

    /// Sets one value; writing the value a key already has allocates nothing.
    private mutating func update<T: Equatable>(_ key: WritableKeyPath<Values, T>, _ newValue: T) {
        guard storage.values[keyPath: key] != newValue else { return }
        update { $0[keyPath: key] = newValue }
    }

    /// Like `kCTFontAttributeName`.
    public var font: Font? {
        get { storage.values.font }
        set { update(\.font, newValue) }
    }
    /// Like `kCTForegroundColorAttributeName`.
    public var foregroundColor: Color? {
        get { storage.values.foregroundColor }
        set { update(\.foregroundColor, newValue) }
    }
    /// Like `kCTParagraphStyleAttributeName`.
    public var paragraphStyle: ParagraphStyle? {
        get { storage.values.paragraphStyle }
        set { update(\.paragraphStyle, newValue) }
    }
    /// Like `kCTKernAttributeName`. Always finite (a non-finite value is stored as nil).
    public var kern: CGFloat? {
        get { storage.values.kern }
        set { update(\.kern, newValue) }
    }
    /// Like `kCTLanguageAttributeName`. Never empty (an empty string is stored as nil).
    public var language: String? {
        get { storage.values.language }
        set { update(\.language, newValue) }
    }
    /// Like `kCTRunDelegateAttributeName`.
    public var runDelegate: RunDelegate? {
        get { storage.values.runDelegate }
        set { update(\.runDelegate, newValue) }
    }
    /// Like `kCTWritingDirectionAttributeName`. Never empty (an empty array is stored as nil).
    public var writingDirection: [BidiEmbedding]? {
        get { storage.values.writingDirection }
        set { update(\.writingDirection, newValue) }
    }
    /// Like `kCTTrackingAttributeName`. Always finite.
    public var tracking: CGFloat? {
        get { storage.values.tracking }
        set { update(\.tracking, newValue) }
    }
    /// Like `kCTLigatureAttributeName`. Always 0, 1 or 2 (nil: CoreText's default, 1).
    public var ligatureLevel: Int? {
        get { storage.values.ligatureLevel }
        set { update(\.ligatureLevel, newValue) }
    }
    /// Like `kCTFontFeatureSettingsAttribute`. Never empty (an empty array is stored as nil).
    public var fontFeatures: [FontFeature]? {
        get { storage.values.fontFeatures }
        set { update(\.fontFeatures, newValue) }
    }
    /// Like `kCTBaselineOffsetAttributeName`. Always finite.
    public var baselineOffset: CGFloat? {
        get { storage.values.baselineOffset }
        set { update(\.baselineOffset, newValue) }
    }
    /// Like `kCTSuperscriptAttributeName`. Always in -10…10.
    public var superscript: Int? {
        get { storage.values.superscript }
        set { update(\.superscript, newValue) }
    }
    /// Like `NSObliquenessAttributeName`. Always finite.
    public var obliqueness: CGFloat? {
        get { storage.values.obliqueness }
        set { update(\.obliqueness, newValue) }
    }
    /// Like `kCTUnderlineStyleAttributeName` + `kCTUnderlineColorAttributeName`.
    public var underline: TextDecoration? {
        get { storage.values.underline }
        set { update(\.underline, newValue) }
    }
    /// Like `NSStrikethroughStyleAttributeName` + `NSStrikethroughColorAttributeName`.
    public var strikethrough: TextDecoration? {
        get { storage.values.strikethrough }
        set { update(\.strikethrough, newValue) }
    }
    /// Like `kCTBackgroundColorAttributeName`.
    public var backgroundColor: Color? {
        get { storage.values.backgroundColor }
        set { update(\.backgroundColor, newValue) }
    }
    /// Like `kCTStrokeWidthAttributeName` + `kCTStrokeColorAttributeName`. Its width is
    /// always finite.
    public var stroke: TextStroke? {
        get { storage.values.stroke }
        set { update(\.stroke, newValue) }
    }
    /// Like `NSShadowAttributeName`. Its offset is always finite and its blur radius finite
    /// and not negative.
    public var shadow: TextShadow? {
        get { storage.values.shadow }
        set { update(\.shadow, newValue) }
    }
    /// Like `kCTFontVariationAttribute`. Never empty (an empty array is stored as nil).
    public var fontVariations: [FontVariation]? {
        get { storage.values.fontVariations }
        set { update(\.fontVariations, newValue) }
    }

    /// No attributes.
    public init() {}

    /// The given attributes; a later value of the same key wins.
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

    /// Sets one attribute, replacing any value of the same key. An invalid value (a
    /// non-finite kern, an empty language, … see ``Attribute``) removes the key instead.
    public mutating func set(_ attribute: Attribute) {
        update { $0.set(attribute) }
    }

    /// Removes the value of one key.
    public mutating func remove(_ key: Attribute.Key) {
        switch key {
        case .font: font = nil
        case .foregroundColor: foregroundColor = nil
        case .paragraphStyle: paragraphStyle = nil
        case .kern: kern = nil
        case .language: language = nil
        case .runDelegate: runDelegate = nil
        case .writingDirection: writingDirection = nil
        case .tracking: tracking = nil
        case .ligatureLevel: ligatureLevel = nil
        case .fontFeatures: fontFeatures = nil
        case .baselineOffset: baselineOffset = nil
        case .superscript: superscript = nil
        case .obliqueness: obliqueness = nil
        case .underline: underline = nil
        case .strikethrough: strikethrough = nil
        case .backgroundColor: backgroundColor = nil
        case .stroke: stroke = nil
        case .shadow: shadow = nil
        case .fontVariations: fontVariations = nil
        }
    }

    /// These attributes with `other`'s values laid over them: every key `other` has wins.
    /// Like `-[NSMutableAttributedString addAttributes:range:]` on one run.
    public func merging(_ other: Attributes) -> Attributes {
        let overlay = other.all
        guard !overlay.isEmpty else { return self }
        var merged = self
        merged.update { values in
            for attribute in overlay { values.set(attribute) }
        }
        return merged
    }

    /// Whether no key has a value.
    public var isEmpty: Bool { all.isEmpty }

    /// Every attribute that has a value, in the order of `Attribute.Key.allCases`.
    public var all: [Attribute] {
        var result: [Attribute] = []
        if let font { result.append(.font(font)) }
        if let foregroundColor { result.append(.foregroundColor(foregroundColor)) }
        if let paragraphStyle { result.append(.paragraphStyle(paragraphStyle)) }
        if let kern { result.append(.kern(kern)) }
        if let language { result.append(.language(language)) }
        if let runDelegate { result.append(.runDelegate(runDelegate)) }
        if let writingDirection { result.append(.writingDirection(writingDirection)) }
        if let tracking { result.append(.tracking(tracking)) }
        if let ligatureLevel { result.append(.ligatureLevel(ligatureLevel)) }
        if let fontFeatures { result.append(.fontFeatures(fontFeatures)) }
        if let baselineOffset { result.append(.baselineOffset(baselineOffset)) }
        if let superscript { result.append(.superscript(superscript)) }
        if let obliqueness { result.append(.obliqueness(obliqueness)) }
        if let underline { result.append(.underline(underline)) }
        if let strikethrough { result.append(.strikethrough(strikethrough)) }
        if let backgroundColor { result.append(.backgroundColor(backgroundColor)) }
        if let stroke { result.append(.stroke(stroke)) }
        if let shadow { result.append(.shadow(shadow)) }
        if let fontVariations { result.append(.fontVariations(fontVariations)) }
        return result
    }

    /// A compact listing such as `{font: DejaVuSans-Bold 36pt, foregroundColor: #0000ffff}`.
    public var description: String {
        let parts = all.map { attribute -> String in
            switch attribute {
            case .font(let font): "font: \(font.postScriptName) \(Attributes.number(font.size))pt"
            case .foregroundColor(let color): "foregroundColor: \(color.hexString)"
            case .paragraphStyle(let style):
                "paragraphStyle: \(style.alignment) \(style.lineBreakMode) \(style.baseWritingDirection)"
            case .kern(let kern): "kern: \(Attributes.number(kern))"
            case .language(let language): "language: \(language)"
            case .runDelegate(let delegate):
                "runDelegate: \(Attributes.number(delegate.width))×(\(Attributes.number(delegate.ascent))+\(Attributes.number(delegate.descent))) \"\(delegate.value)\""
            case .writingDirection(let levels):
                "writingDirection: [\(levels.map(\.description).joined(separator: ", "))]"
            case .tracking(let value): "tracking: \(Attributes.number(value))"
            case .ligatureLevel(let value): "ligatureLevel: \(value)"
            case .fontFeatures(let value): "fontFeatures: [\(value.map(\.description).joined(separator: ", "))]"
            case .baselineOffset(let value): "baselineOffset: \(Attributes.number(value))"
            case .superscript(let value): "superscript: \(value)"
            case .obliqueness(let value): "obliqueness: \(Attributes.number(value))"
            case .underline(let value): "underline: \(value)"
            case .strikethrough(let value): "strikethrough: \(value)"
            case .backgroundColor(let value): "backgroundColor: \(value.hexString)"
            case .stroke(let value): "stroke: \(value)"
            case .shadow(let value): "shadow: \(value)"
            case .fontVariations(let value): "fontVariations: [\(value.map(\.description).joined(separator: ", "))]"
            }
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// A number without a needless ".0".
    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
