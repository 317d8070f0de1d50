// Attribute: one attribute with its value (font, colour, paragraph style, kern, language,
// run delegate, writing direction, tracking, ligatures, OpenType features, baseline shifts,
// obliqueness, decorations, background, stroke, shadow, variations, line-break and hyphen
// permissions, and Pango's overline, variant, font scale, fallback, gravity, show, line height,
// text transform and segment), and Attribute.Key, the
// name of each kind. A case here is where an attribute is declared; AttributeKeyTable.swift
// holds the rest of what Galley knows about each key.

import Foundation
import GalleyFonts

/// One attribute with its value: the Swift form of a CoreText attribute-dictionary entry.
public enum Attribute: Sendable, Hashable {
    /// The font. Like `kCTFontAttributeName`. Text without one is laid out by the layout
    /// stage's default font.
    case font(Font)
    /// The colour glyphs are drawn in. Like `kCTForegroundColorAttributeName`; text without
    /// one is drawn in black.
    case foregroundColor(Color)
    /// The paragraph style. Like `kCTParagraphStyleAttributeName`. A paragraph uses the style
    /// of its first character.
    case paragraphStyle(ParagraphStyle)
    /// Extra space, in points, added after each character (negative tightens). Like
    /// `kCTKernAttributeName`. Must be finite.
    case kern(CGFloat)
    /// A BCP 47 language tag such as `"tr"` or `"zh-Hans"`, which selects localized glyph
    /// forms and line-breaking rules. Like `kCTLanguageAttributeName`. Must not be empty.
    case language(String)
    /// Inline-placeholder metrics, usually on a single U+FFFC. Like
    /// `kCTRunDelegateAttributeName`; on other text each grapheme cluster takes the delegate's
    /// metrics and is not drawn (see ``RunDelegate``).
    case runDelegate(RunDelegate)
    /// Explicit bidi levels for the range, outermost first: embeddings, overrides and isolates.
    /// Like `kCTWritingDirectionAttributeName` (an array, so levels can nest).
    case writingDirection([BidiEmbedding])
    /// Space in points added after every cluster, like letter-spacing (negative tightens;
    /// must be finite). Like `kCTTrackingAttributeName`, and Pango's `letter_spacing`. As in
    /// CoreText and Pango (CSS Text 3 §8.2), a non-zero tracking turns off the optional
    /// ligatures (`liga`, `clig`, `dlig`, `hlig`) unless ``ligatureLevel(_:)`` is set or
    /// ``fontFeatures(_:)`` turns them on explicitly, so tracked text does not keep "fi" as one
    /// glyph. ``kern(_:)`` leaves ligatures alone.
    case tracking(CGFloat)
    /// Which ligatures to form: 0 only those the script requires (`liga` and `clig` off),
    /// 1 the standard ones (the default when absent), 2 all (`dlig` on too). Like
    /// `kCTLigatureAttributeName`. Other values are invalid. ``fontFeatures(_:)`` settings
    /// for the same tags win over this level.
    case ligatureLevel(Int)
    /// OpenType feature settings, applied in order (a later setting of the same tag wins).
    /// Like `kCTFontFeatureSettingsAttribute`. An empty array is no attribute.
    case fontFeatures([FontFeature])
    /// Moves the glyphs up (positive) or down (negative) by this many points, without
    /// changing the font size; must be finite. Like `kCTBaselineOffsetAttributeName`.
    case baselineOffset(CGFloat)
    /// 1 superscript, -1 subscript, 0 none; n > 1 (n < -1) applies the font's superscript
    /// (subscript) offset and scale n times. Like `kCTSuperscriptAttributeName`. Offsets and
    /// scale come from the font's OS/2 table: level n is set at the font's size ×
    /// (`ySuperscriptYSize` / unitsPerEm)ⁿ (0.65 when the font has none) and raised by the
    /// `ySuperscriptYOffset` of each level's size in turn (subscripts likewise, lowered). The
    /// font's `sups`/`subs` glyphs are not substituted (ask for them with ``fontFeatures(_:)``).
    /// Galley accepts -10…10 (beyond that the glyphs would shrink to nothing).
    case superscript(Int)
    /// A horizontal skew: the tangent of the slant angle (0.2 slants about 11.3° to the
    /// right, negative to the left; 0 upright); must be finite. Like
    /// `NSObliquenessAttributeName`. Applied to the glyph outlines, not by choosing a face.
    case obliqueness(CGFloat)
    /// An underline. Like `kCTUnderlineStyleAttributeName` with
    /// `kCTUnderlineColorAttributeName`.
    case underline(TextDecoration)
    /// A line through the text. Like `NSStrikethroughStyleAttributeName` with
    /// `NSStrikethroughColorAttributeName`.
    case strikethrough(TextDecoration)
    /// The colour painted behind the glyphs, over the line's ascent plus descent. Like
    /// `kCTBackgroundColorAttributeName`.
    case backgroundColor(Color)
    /// Outlined glyphs. Like `kCTStrokeWidthAttributeName` with `kCTStrokeColorAttributeName`;
    /// see ``TextStroke`` for the sign convention. The width must be finite.
    case stroke(TextStroke)
    /// A shadow under the glyphs. Like `NSShadowAttributeName`; the offset must be finite and
    /// the blur radius finite and not negative.
    case shadow(TextShadow)
    /// Axis values for a variable font (`wght`, `wdth`, `slnt`, …), applied in order (a later
    /// value of the same axis wins). Like `kCTFontVariationAttribute`. An empty array is no
    /// attribute.
    case fontVariations([FontVariation])
    /// Whether lines may break inside the range: false removes every break opportunity (other
    /// than a hard line break) at an offset whose characters on both sides carry false, so the
    /// range's edges may still break; an opportunity that an explicit break character makes
    /// inside it stays, as in Pango: after a SOFT HYPHEN, a hyphen (U+2010, U+2012, U+2013), a
    /// visible word divider (| U+05BE U+0F0B U+1361 U+17D8 U+17DA U+2027) or a ZERO WIDTH SPACE
    /// (and spaces after it). True or absent: the usual opportunities. Like Pango's
    /// `allow_breaks` (`PangoAttrAllowBreaks`); CoreText has no equivalent.
    case allowsLineBreaks(Bool)
    /// Whether a line broken inside a word shows a hyphen there: false means no hyphen at an
    /// offset whose characters on both sides carry false (text such as a URL that should break
    /// without looking hyphenated). True or absent: a hyphen where hyphenation or a SOFT HYPHEN
    /// breaks a word. Like Pango's `insert_hyphens` (`PangoAttrInsertHyphens`).
    case insertsHyphens(Bool)
    /// A line over the text, at the font's ascender. Like Pango's `overline` with
    /// `overline_color` (`PangoOverline`); CoreText has no overline.
    case overline(TextDecoration)
    /// Small, petite, unicase or titling capitals (see ``FontVariant``): the font's OpenType
    /// features, or capitals synthesised at a smaller size where the font lacks them. Like Pango's
    /// `variant`; CoreText writes it as `smcp`/`c2sc` feature settings.
    case fontVariant(FontVariant)
    /// A size change from the font's own metrics (superscript, subscript or small-capital size;
    /// see ``FontScale``), without raising the glyphs. Like Pango's `font_scale`.
    case fontScale(FontScale)
    /// Whether characters the font lacks may be drawn with another font: false draws them
    /// with the font's missing-glyph (`.notdef`) glyph. True or absent: the usual fallback. Like
    /// Pango's `fallback` (`PangoAttrFallback`); CoreText always falls back.
    case fontFallback(Bool)
    /// Which way glyphs lean in vertical text (see ``Gravity``). Like Pango's `gravity`. Stored
    /// and reported; horizontal lines ignore it.
    case gravity(Gravity)
    /// How a vertical gravity applies to horizontal scripts (see ``GravityHint``). Like Pango's
    /// `gravity_hint`. Stored and reported, as ``Attribute/gravity(_:)`` is.
    case gravityHint(GravityHint)
    /// Invisible characters drawn as visible symbols (see ``ShowFlags``). Like Pango's `show`.
    /// An empty set is no attribute.
    case show(ShowFlags)
    /// The height the run asks its line to have, as a multiple of its font's height or in points
    /// (see ``LineHeight``); the value must be finite and not negative. Like Pango's `line_height`.
    case lineHeight(LineHeight)
    /// A case change applied at layout, keeping string indices (see ``TextTransform``). Like
    /// Pango's `text_transform` and CSS `text-transform`.
    case textTransform(TextTransform)
    /// Marks the range as one word or one sentence (see ``TextSegment``). Like Pango's `segment`.
    /// Stored and reported.
    case textSegment(TextSegment)
    /// How the blank half of full-width CJK punctuation is trimmed (see ``TextSpacingTrim``).
    /// Like CSS `text-spacing-trim`; no CoreText equivalent (CoreText trims none).
    case textSpacingTrim(TextSpacingTrim)
    /// Whether 1/8 em separates ideographs from Latin letters and digits (see
    /// ``TextAutospace``). Like CSS `text-autospace`; no CoreText equivalent (CoreText adds none).
    case textAutospace(TextAutospace)
    /// The natural logarithm of the horizontal expansion factor: glyph advances (and, where the
    /// renderer supports it, the glyphs) are stretched by e^value (0 none, negative condenses).
    /// Like UIKit's `NSExpansionAttributeName`. Must be finite and in -10…10.
    case expansion(CGFloat)
    /// One glyph for the whole range, by glyph ID, name or CID (see ``GlyphInfo``). Like
    /// `kCTGlyphInfoAttributeName`. Its base string must not be empty.
    case glyphInfo(GlyphInfo)
    /// The baseline class of the range's glyphs, which decides which baseline they align on (see
    /// ``BaselineReference``). Like `kCTBaselineClassAttributeName`. Galley's default for text
    /// without it is ``BaselineClass/roman``.
    case baselineClass(BaselineClass)
    /// The run's own baseline offsets in points above its roman baseline, overriding its font's
    /// `BASE` values for the classes listed. Like `kCTBaselineInfoAttributeName`. Values must be
    /// finite; an empty dictionary is no attribute.
    case baselineInfo([BaselineClass: CGFloat])
    /// The reference baselines the run aligns to: offsets, a font, or its own font. Like
    /// `kCTBaselineReferenceInfoAttributeName`. Offsets must be finite.
    case baselineReferenceInfo(BaselineReference)
    /// Ruby text set over, under or beside the range, its base (see ``RubyAnnotation``). Like
    /// `kCTRubyAnnotationAttributeName`. Lines never break inside a base, and hit testing and
    /// selection address the base text (the ruby is not part of the string).
    case rubyAnnotation(RubyAnnotation)
    /// Vertical glyph forms: in a vertical line, the run's characters are set as
    /// ``Attribute/textOrientation(_:)`` says (default mixed: ideographs and kana upright, shaped
    /// with HarfBuzz's direction TTB so `vert`/`vrt2` apply); false or absent, every character is
    /// rotated 90° clockwise. The first character's value makes its paragraph vertical (set in
    /// vertical lines). Like `kCTVerticalFormsAttributeName`.
    case verticalForms(Bool)
    /// How the run's characters stand in a vertical line with vertical forms (see
    /// ``TextOrientation``). Like CSS `text-orientation`.
    case textOrientation(TextOrientation)
    /// Tate-chū-yoko: in a vertical line with vertical forms, a run of up to 4 digits or Latin
    /// letters is set horizontally as one upright cluster one em long, with the font's half-width
    /// (`hwid`, 2 characters) or third-width (`twid`, 3) forms or scaled to fit the em. The value
    /// is the number of characters to combine, 1…4; 0 is no attribute. Like
    /// `kCTHorizontalInVerticalFormsAttributeName` (CSS `text-combine-upright`).
    case horizontalInVerticalForms(Int)

    /// The name of each kind of attribute.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        /// ``Attribute/font(_:)``.
        case font
        /// ``Attribute/foregroundColor(_:)``.
        case foregroundColor
        /// ``Attribute/paragraphStyle(_:)``.
        case paragraphStyle
        /// ``Attribute/kern(_:)``.
        case kern
        /// ``Attribute/language(_:)``.
        case language
        /// ``Attribute/runDelegate(_:)``.
        case runDelegate
        /// ``Attribute/writingDirection(_:)``.
        case writingDirection
        /// ``Attribute/tracking(_:)``.
        case tracking
        /// ``Attribute/ligatureLevel(_:)``.
        case ligatureLevel
        /// ``Attribute/fontFeatures(_:)``.
        case fontFeatures
        /// ``Attribute/baselineOffset(_:)``.
        case baselineOffset
        /// ``Attribute/superscript(_:)``.
        case superscript
        /// ``Attribute/obliqueness(_:)``.
        case obliqueness
        /// ``Attribute/underline(_:)``.
        case underline
        /// ``Attribute/strikethrough(_:)``.
        case strikethrough
        /// ``Attribute/backgroundColor(_:)``.
        case backgroundColor
        /// ``Attribute/stroke(_:)``.
        case stroke
        /// ``Attribute/shadow(_:)``.
        case shadow
        /// ``Attribute/fontVariations(_:)``.
        case fontVariations
        /// ``Attribute/allowsLineBreaks(_:)``.
        case allowsLineBreaks
        /// ``Attribute/insertsHyphens(_:)``.
        case insertsHyphens
        /// ``Attribute/overline(_:)``.
        case overline
        /// ``Attribute/fontVariant(_:)``.
        case fontVariant
        /// ``Attribute/fontScale(_:)``.
        case fontScale
        /// ``Attribute/fontFallback(_:)``.
        case fontFallback
        /// ``Attribute/gravity(_:)``.
        case gravity
        /// ``Attribute/gravityHint(_:)``.
        case gravityHint
        /// ``Attribute/show(_:)``.
        case show
        /// ``Attribute/lineHeight(_:)``.
        case lineHeight
        /// ``Attribute/textTransform(_:)``.
        case textTransform
        /// ``Attribute/textSegment(_:)``.
        case textSegment
        /// ``Attribute/textSpacingTrim(_:)``.
        case textSpacingTrim
        /// ``Attribute/textAutospace(_:)``.
        case textAutospace
        /// ``Attribute/expansion(_:)``.
        case expansion
        /// ``Attribute/glyphInfo(_:)``.
        case glyphInfo
        /// ``Attribute/baselineClass(_:)``.
        case baselineClass
        /// ``Attribute/baselineInfo(_:)``.
        case baselineInfo
        /// ``Attribute/baselineReferenceInfo(_:)``.
        case baselineReferenceInfo
        /// ``Attribute/rubyAnnotation(_:)``.
        case rubyAnnotation
        /// ``Attribute/verticalForms(_:)``.
        case verticalForms
        /// ``Attribute/textOrientation(_:)``.
        case textOrientation
        /// ``Attribute/horizontalInVerticalForms(_:)``.
        case horizontalInVerticalForms
    }

    /// Which kind of attribute this is.
    public var key: Key {
        switch self {
        case .font: .font
        case .foregroundColor: .foregroundColor
        case .paragraphStyle: .paragraphStyle
        case .kern: .kern
        case .language: .language
        case .runDelegate: .runDelegate
        case .writingDirection: .writingDirection
        case .tracking: .tracking
        case .ligatureLevel: .ligatureLevel
        case .fontFeatures: .fontFeatures
        case .baselineOffset: .baselineOffset
        case .superscript: .superscript
        case .obliqueness: .obliqueness
        case .underline: .underline
        case .strikethrough: .strikethrough
        case .backgroundColor: .backgroundColor
        case .stroke: .stroke
        case .shadow: .shadow
        case .fontVariations: .fontVariations
        case .allowsLineBreaks: .allowsLineBreaks
        case .insertsHyphens: .insertsHyphens
        case .overline: .overline
        case .fontVariant: .fontVariant
        case .fontScale: .fontScale
        case .fontFallback: .fontFallback
        case .gravity: .gravity
        case .gravityHint: .gravityHint
        case .show: .show
        case .lineHeight: .lineHeight
        case .textTransform: .textTransform
        case .textSegment: .textSegment
        case .textSpacingTrim: .textSpacingTrim
        case .textAutospace: .textAutospace
        case .expansion: .expansion
        case .glyphInfo: .glyphInfo
        case .baselineClass: .baselineClass
        case .baselineInfo: .baselineInfo
        case .baselineReferenceInfo: .baselineReferenceInfo
        case .rubyAnnotation: .rubyAnnotation
        case .verticalForms: .verticalForms
        case .textOrientation: .textOrientation
        case .horizontalInVerticalForms: .horizontalInVerticalForms
        }
    }
}
