// AttributeKeyTable: the one table of attribute keys. For each Attribute.Key: the rule its
// values must follow, the Attributes field that stores it, its Foundation AttributedString
// key and the Pango markup that writes it. Attributes, the builder's generic edits, the
// AttributedString bridge and the completeness tests walk this table; every part of it is a
// switch over every key, so a new Attribute case does not compile until it has its row.

import Foundation
import GalleyFonts

extension Attribute {
    /// What the key table's rule says about a value.
    enum Validity: Equatable, Sendable {
        /// The value may be stored.
        case valid
        /// The value means "no attribute" (an empty array): storing it removes the key.
        case noValue
        /// The value breaks its key's rule; the sentence names the rule and the value.
        case invalid(String)
    }

    /// The rule of this attribute's key applied to its value. This is **the validation
    /// policy**, the same at every door:
    ///
    /// - One rule per key, here and nowhere else: the `CGFloat` attributes (kern, tracking,
    ///   baseline offset, obliqueness) must be finite; a language must not be empty; a ligature
    ///   level is 0, 1 or 2; a superscript lies in -10…10; a stroke's width is finite; a shadow's
    ///   offset is finite and its blur radius finite and not negative. A value that breaks its
    ///   rule is never stored or clamped.
    /// - Every throwing entry point throws ``AttributedTextError/invalidValue(_:)`` with the
    ///   rule's sentence: ``AttributedTextBuilder/setAttribute(_:range:)`` and every typed setter,
    ///   ``Attributes/init(validating:)`` and `AttributedText.init(_: AttributedString)`;
    ///   ``Markup/parse(_:base:fonts:strictFonts:)`` throws a ``MarkupError`` for markup that would make one.
    /// - The non-throwing API of ``Attributes`` (array literal, ``Attributes/init(_:)``,
    ///   ``Attributes/set(_:)``, the properties) cannot report an error, and a text engine in a
    ///   service must not stop on a bad value: there an invalid value leaves the key unset (as
    ///   if it had not been given). Values from outside the program go through a throwing entry
    ///   point to learn why one is refused.
    /// - An empty array of font features, font variations or writing-direction levels is no
    ///   attribute (as an empty `kCTFontFeatureSettingsAttribute` array is none): storing one
    ///   removes the key.
    /// - Values that check themselves when made throw from their initializers (``RunDelegate``,
    ///   ``FontFeature``, ``FontVariation``); ``Color`` clamps its components to 0…1 as
    ///   CoreGraphics does; ``ParagraphStyle`` keeps CoreText's specifiers as given and
    ///   documents how layout reads a nonsensical one.
    var validity: Validity {
        switch self {
        case .font, .foregroundColor, .paragraphStyle, .runDelegate, .underline, .strikethrough, .backgroundColor,
            .allowsLineBreaks, .insertsHyphens, .overline, .fontVariant, .fontScale, .fontFallback, .gravity,
            .gravityHint, .textTransform, .textSegment, .textSpacingTrim, .textAutospace, .baselineClass,
            .verticalForms,
            .textOrientation:
            .valid
        case .expansion(let value):
            value.isFinite && abs(value) <= 10
                ? .valid : .invalid("expansion must be finite and in -10...10 (a logarithm), not \(value)")
        case .glyphInfo(let info):
            info.baseString.isEmpty ? .invalid("glyph info's base string must not be empty") : .valid
        case .baselineInfo(let offsets):
            offsets.isEmpty ? .noValue : Self.finiteOffsets(offsets, "baseline info")
        case .baselineReferenceInfo(.offsets(let offsets)): Self.finiteOffsets(offsets, "baseline reference info")
        case .baselineReferenceInfo: .valid
        case .rubyAnnotation(let ruby): ruby.invalidReason.map(Validity.invalid) ?? .valid
        case .show(let flags): flags.isEmpty ? .noValue : .valid
        case .lineHeight(let height): height.invalidReason.map(Validity.invalid) ?? .valid
        case .kern(let value): Self.finite(value, "kern")
        case .tracking(let value): Self.finite(value, "tracking")
        case .baselineOffset(let value): Self.finite(value, "baseline offset")
        case .obliqueness(let value): Self.finite(value, "obliqueness")
        case .language(let language): language.isEmpty ? .invalid("language must not be empty") : .valid
        case .ligatureLevel(let level) where !Self.ligatureLevels.contains(level):
            .invalid("ligature level must be 0 (none), 1 (standard) or 2 (all), not \(level)")
        case .superscript(let level) where !Self.superscriptLevels.contains(level):
            .invalid(
                "superscript must be in \(Self.superscriptLevels.lowerBound)...\(Self.superscriptLevels.upperBound), not \(level)"
            )
        case .ligatureLevel, .superscript: .valid
        case .stroke(let stroke): stroke.invalidReason.map(Validity.invalid) ?? .valid
        case .shadow(let shadow): shadow.invalidReason.map(Validity.invalid) ?? .valid
        case .writingDirection(let levels): levels.isEmpty ? .noValue : .valid
        case .fontFeatures(let features): features.isEmpty ? .noValue : .valid
        case .fontVariations(let variations): variations.isEmpty ? .noValue : .valid
        case .horizontalInVerticalForms(let count):
            count == 0
                ? .noValue
                : Self.horizontalInVerticalCounts.contains(count)
                    ? .valid
                    : .invalid("horizontal in vertical forms must be 0 (none) or 1...4 characters, not \(count)")
        }
    }

    /// Whether this attribute may be stored, or means no attribute.
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` with the rule's sentence.
    func checked() throws(AttributedTextError) -> Validity {
        if case .invalid(let reason) = validity {
            throw .invalidValue(reason)
        }
        return validity
    }

    private static func finite(_ value: CGFloat, _ name: String) -> Validity {
        LengthLimit.allows(value)
            ? .valid : .invalid("\(name) must be finite and at most 1e9 in magnitude, not \(value)")
    }

    private static func finiteOffsets(_ offsets: [BaselineClass: CGFloat], _ name: String) -> Validity {
        for (c, value) in offsets where !LengthLimit.allows(value) {
            return .invalid("\(name) offset of \(c.rawValue) must be finite and at most 1e9 in magnitude, not \(value)")
        }
        return .valid
    }

    /// The valid ``ligatureLevel(_:)`` values.
    static let ligatureLevels = 0...2
    /// The valid ``superscript(_:)`` values.
    static let superscriptLevels = -10...10
    /// The valid ``horizontalInVerticalForms(_:)`` counts (0 is no attribute).
    static let horizontalInVerticalCounts = 1...4
}

/// How Pango-style markup writes an attribute: the markup table's entry for a key.
package enum MarkupForm: Sendable, Equatable {
    /// A start tag (or an empty element) that sets the attribute, e.g. `<span letter_spacing="2048">`.
    case tag(String)
    /// Pango markup has no way to write the attribute; the string says why.
    case notExpressible(String)
}

extension Attribute.Key {
    /// The name of this key's `AttributedString` key in ``AttributeScopes/GalleyAttributes``,
    /// e.g. `"Galley.kern"`.
    package var foundationName: String { row.foundationName }

    /// How markup writes this key (see ``Markup``), or why it cannot.
    package var markupForm: MarkupForm { markup }

    /// A typical valid value of this key (in `font` for ``Attribute/font(_:)``): the value the
    /// completeness tests pass through every consumer (``Attributes``, the builder, the
    /// `AttributedString` bridge, the layout JSON).
    package func example(font: Font) throws(AttributedTextError) -> Attribute {
        switch self {
        case .font: .font(font)
        case .foregroundColor: .foregroundColor(.red)
        case .paragraphStyle: .paragraphStyle(ParagraphStyle(alignment: .center))
        case .kern: .kern(1.5)
        case .language: .language("tr")
        case .runDelegate: .runDelegate(try RunDelegate(width: 10, ascent: 8, descent: 2, value: "image"))
        case .writingDirection: .writingDirection([BidiEmbedding(.rightToLeft, .embedding)])
        case .tracking: .tracking(2)
        case .ligatureLevel: .ligatureLevel(0)
        case .fontFeatures: .fontFeatures([try FontFeature("smcp")])
        case .baselineOffset: .baselineOffset(3)
        case .superscript: .superscript(1)
        case .obliqueness: .obliqueness(0.2)
        case .underline: .underline(.single)
        case .strikethrough: .strikethrough(TextDecoration(style: .double, color: .blue))
        case .backgroundColor: .backgroundColor(.yellow)
        case .stroke: .stroke(TextStroke(width: 3))
        case .shadow: .shadow(TextShadow(blurRadius: 2))
        case .fontVariations: .fontVariations([try FontVariation("wght", 700)])
        case .allowsLineBreaks: .allowsLineBreaks(false)
        case .insertsHyphens: .insertsHyphens(false)
        case .overline: .overline(TextDecoration(color: .green))
        case .fontVariant: .fontVariant(.smallCaps)
        case .fontScale: .fontScale(.superscript)
        case .fontFallback: .fontFallback(false)
        case .gravity: .gravity(.east)
        case .gravityHint: .gravityHint(.strong)
        case .show: .show(.spaces)
        case .lineHeight: .lineHeight(.multiple(1.5))
        case .textTransform: .textTransform(.uppercase)
        case .textSegment: .textSegment(.word)
        case .textSpacingTrim: .textSpacingTrim(.trimStart)
        case .textAutospace: .textAutospace(.normal)
        case .expansion: .expansion(0.2)
        case .glyphInfo: .glyphInfo(GlyphInfo(glyphName: "A", baseString: "A"))
        case .baselineClass: .baselineClass(.ideographicCentered)
        case .baselineInfo: .baselineInfo([.hanging: 8])
        case .baselineReferenceInfo: .baselineReferenceInfo(.font(font))
        case .rubyAnnotation: .rubyAnnotation(RubyAnnotation("かんじ"))
        case .verticalForms: .verticalForms(true)
        case .textOrientation: .textOrientation(.upright)
        case .horizontalInVerticalForms: .horizontalInVerticalForms(2)
        }
    }

    /// This key's row of the table.
    var row: any AttributeKeyRow {
        typealias Scope = AttributeScopes.GalleyAttributes
        return switch self {
        case .font: KeyRow(\.font, Attribute.font, Scope.FontAttribute.self)
        case .foregroundColor: KeyRow(\.foregroundColor, Attribute.foregroundColor, Scope.ForegroundColorAttribute.self)
        case .paragraphStyle: KeyRow(\.paragraphStyle, Attribute.paragraphStyle, Scope.ParagraphStyleAttribute.self)
        case .kern: KeyRow(\.kern, Attribute.kern, Scope.KernAttribute.self)
        case .language: KeyRow(\.language, Attribute.language, Scope.LanguageAttribute.self)
        case .runDelegate: KeyRow(\.runDelegate, Attribute.runDelegate, Scope.RunDelegateAttribute.self)
        case .writingDirection:
            KeyRow(\.writingDirection, Attribute.writingDirection, Scope.WritingDirectionAttribute.self)
        case .tracking: KeyRow(\.tracking, Attribute.tracking, Scope.TrackingAttribute.self)
        case .ligatureLevel: KeyRow(\.ligatureLevel, Attribute.ligatureLevel, Scope.LigatureLevelAttribute.self)
        case .fontFeatures: KeyRow(\.fontFeatures, Attribute.fontFeatures, Scope.FontFeaturesAttribute.self)
        case .baselineOffset: KeyRow(\.baselineOffset, Attribute.baselineOffset, Scope.BaselineOffsetAttribute.self)
        case .superscript: KeyRow(\.superscript, Attribute.superscript, Scope.SuperscriptAttribute.self)
        case .obliqueness: KeyRow(\.obliqueness, Attribute.obliqueness, Scope.ObliquenessAttribute.self)
        case .underline: KeyRow(\.underline, Attribute.underline, Scope.UnderlineAttribute.self)
        case .strikethrough: KeyRow(\.strikethrough, Attribute.strikethrough, Scope.StrikethroughAttribute.self)
        case .backgroundColor: KeyRow(\.backgroundColor, Attribute.backgroundColor, Scope.BackgroundColorAttribute.self)
        case .stroke: KeyRow(\.stroke, Attribute.stroke, Scope.StrokeAttribute.self)
        case .shadow: KeyRow(\.shadow, Attribute.shadow, Scope.ShadowAttribute.self)
        case .fontVariations: KeyRow(\.fontVariations, Attribute.fontVariations, Scope.FontVariationsAttribute.self)
        case .allowsLineBreaks:
            KeyRow(\.allowsLineBreaks, Attribute.allowsLineBreaks, Scope.AllowsLineBreaksAttribute.self)
        case .insertsHyphens: KeyRow(\.insertsHyphens, Attribute.insertsHyphens, Scope.InsertsHyphensAttribute.self)
        case .overline: KeyRow(\.overline, Attribute.overline, Scope.OverlineAttribute.self)
        case .fontVariant: KeyRow(\.fontVariant, Attribute.fontVariant, Scope.FontVariantAttribute.self)
        case .fontScale: KeyRow(\.fontScale, Attribute.fontScale, Scope.FontScaleAttribute.self)
        case .fontFallback: KeyRow(\.fontFallback, Attribute.fontFallback, Scope.FontFallbackAttribute.self)
        case .gravity: KeyRow(\.gravity, Attribute.gravity, Scope.GravityAttribute.self)
        case .gravityHint: KeyRow(\.gravityHint, Attribute.gravityHint, Scope.GravityHintAttribute.self)
        case .show: KeyRow(\.show, Attribute.show, Scope.ShowAttribute.self)
        case .lineHeight: KeyRow(\.lineHeight, Attribute.lineHeight, Scope.LineHeightAttribute.self)
        case .textTransform: KeyRow(\.textTransform, Attribute.textTransform, Scope.TextTransformAttribute.self)
        case .textSegment: KeyRow(\.textSegment, Attribute.textSegment, Scope.TextSegmentAttribute.self)
        case .textSpacingTrim:
            KeyRow(\.textSpacingTrim, Attribute.textSpacingTrim, Scope.TextSpacingTrimAttribute.self)
        case .textAutospace: KeyRow(\.textAutospace, Attribute.textAutospace, Scope.TextAutospaceAttribute.self)
        case .expansion: KeyRow(\.expansion, Attribute.expansion, Scope.ExpansionAttribute.self)
        case .glyphInfo: KeyRow(\.glyphInfo, Attribute.glyphInfo, Scope.GlyphInfoAttribute.self)
        case .baselineClass: KeyRow(\.baselineClass, Attribute.baselineClass, Scope.BaselineClassAttribute.self)
        case .baselineInfo: KeyRow(\.baselineInfo, Attribute.baselineInfo, Scope.BaselineInfoAttribute.self)
        case .baselineReferenceInfo:
            KeyRow(\.baselineReferenceInfo, Attribute.baselineReferenceInfo, Scope.BaselineReferenceInfoAttribute.self)
        case .rubyAnnotation: KeyRow(\.rubyAnnotation, Attribute.rubyAnnotation, Scope.RubyAnnotationAttribute.self)
        case .verticalForms: KeyRow(\.verticalForms, Attribute.verticalForms, Scope.VerticalFormsAttribute.self)
        case .textOrientation:
            KeyRow(\.textOrientation, Attribute.textOrientation, Scope.TextOrientationAttribute.self)
        case .horizontalInVerticalForms:
            KeyRow(
                \.horizontalInVerticalForms, Attribute.horizontalInVerticalForms,
                Scope.HorizontalInVerticalFormsAttribute.self)
        }
    }

    /// How markup writes this key, or why it cannot.
    var markup: MarkupForm {
        switch self {
        case .font: .tag(#"<span font="DejaVu Sans Bold 20">"#)
        case .foregroundColor: .tag(#"<span color="red">"#)
        case .paragraphStyle: .notExpressible("Pango sets paragraph properties on the PangoLayout, not in markup")
        case .kern: .notExpressible("Pango has only letter_spacing, which is tracking")
        case .language: .tag(#"<span lang="tr">"#)
        case .runDelegate: .tag(#"<placeholder width="10"/>"#)
        case .writingDirection:
            .notExpressible("Pango markup has no bidi embedding attribute; write U+202A…U+202E or U+2066…U+2069")
        case .tracking: .tag(#"<span letter_spacing="2048">"#)
        case .ligatureLevel: .notExpressible("Pango writes ligatures as font_features (liga, dlig)")
        case .fontFeatures: .tag(#"<span font_features="smcp">"#)
        case .baselineOffset: .tag(#"<span rise="3072">"#)
        case .superscript: .tag("<sup>")
        case .obliqueness: .notExpressible("Pango's style=oblique picks a face; Galley reads it as italic")
        case .underline: .tag("<u>")
        case .strikethrough: .tag("<s>")
        case .backgroundColor: .tag(#"<span background="yellow">"#)
        case .stroke: .notExpressible("Pango markup has no outline attribute")
        case .shadow: .notExpressible("Pango markup has no shadow attribute")
        case .fontVariations: .tag(#"<span font="DejaVu Sans 12 @wght=700">"#)
        case .allowsLineBreaks: .tag(#"<span allow_breaks="false">"#)
        case .insertsHyphens: .tag(#"<span insert_hyphens="false">"#)
        case .overline: .tag(#"<span overline="single">"#)
        case .fontVariant: .tag(#"<span variant="small-caps">"#)
        case .fontScale: .tag(#"<span font_scale="superscript">"#)
        case .fontFallback: .tag(#"<span fallback="false">"#)
        case .gravity: .tag(#"<span gravity="east">"#)
        case .gravityHint: .tag(#"<span gravity_hint="strong">"#)
        case .show: .tag(#"<span show="spaces">"#)
        case .lineHeight: .tag(#"<span line_height="1.5">"#)
        case .textTransform: .tag(#"<span text_transform="uppercase">"#)
        case .textSegment: .tag(#"<span segment="word">"#)
        case .textSpacingTrim: .tag(#"<span text_spacing_trim="trim-start">"#)
        case .textAutospace: .tag(#"<span text_autospace="normal">"#)
        case .expansion: .notExpressible("Pango's stretch picks a face; it does not scale glyphs")
        case .glyphInfo: .notExpressible("Pango markup cannot name a glyph")
        case .baselineClass, .baselineInfo, .baselineReferenceInfo:
            .notExpressible("Pango markup has no baseline alignment attribute")
        case .rubyAnnotation: .tag("<ruby>x<rt>かんじ</rt>")
        case .verticalForms, .textOrientation, .horizontalInVerticalForms:
            .notExpressible("Pango sets vertical text with gravity, not vertical forms or a text orientation")
        }
    }
}

/// One row of the key table: where ``Attributes`` stores a key's value, the `AttributedString`
/// key it bridges to.
protocol AttributeKeyRow: Sendable {
    /// The `AttributedString` key's name.
    var foundationName: String { get }
    /// The key's value in `values`, if any.
    func attribute(in values: Attributes.Values) -> Attribute?
    /// Removes the key's value from `values`.
    func remove(from values: inout Attributes.Values)
    /// The key's value in an `AttributedString` run, if any (not yet validated).
    func attribute(in run: AttributedString.Runs.Run) -> Attribute?
    /// Writes the key's value in `values` (or its absence) into `container`.
    func copy(_ values: Attributes.Values, into container: inout AttributeContainer)
}

/// The row of a key whose value has type `Bridge.Value`: the compiler checks that the
/// ``Attributes`` field, the ``Attribute`` case and the `AttributedString` key agree on it.
struct KeyRow<Bridge: AttributedStringKey>: AttributeKeyRow where Bridge.Value: Sendable {
    let field: WritableKeyPath<Attributes.Values, Bridge.Value?> & Sendable
    let make: @Sendable (Bridge.Value) -> Attribute

    init(
        _ field: WritableKeyPath<Attributes.Values, Bridge.Value?> & Sendable,
        _ make: @escaping @Sendable (Bridge.Value) -> Attribute, _ bridge: Bridge.Type
    ) {
        self.field = field
        self.make = make
    }

    var foundationName: String { Bridge.name }

    func attribute(in values: Attributes.Values) -> Attribute? { values[keyPath: field].map(make) }

    func remove(from values: inout Attributes.Values) { values[keyPath: field] = nil }

    func attribute(in run: AttributedString.Runs.Run) -> Attribute? { run[Bridge.self].map(make) }

    func copy(_ values: Attributes.Values, into container: inout AttributeContainer) {
        container[Bridge.self] = values[keyPath: field]
    }
}
