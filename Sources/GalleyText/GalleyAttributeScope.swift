// GalleyAttributeScope: Galley's attributes as a custom attribute scope of Foundation's
// AttributedString (AttributeScopes.GalleyAttributes, `\.galley`), one key per Attribute.Key.

import Foundation
import GalleyFonts

extension AttributeScopes {
    /// Galley's attributes as Foundation `AttributedString` keys: one key per
    /// ``Attribute/Key``, with the same value type as the ``Attributes`` property of that
    /// name. Like the attribute scopes SwiftUI, UIKit and AppKit declare for their own font
    /// and colour keys (Foundation's own `FoundationAttributes` has none).
    ///
    /// With this scope, `string.font = f`, `string[range].foregroundColor = .red` and
    /// `string.galley.kern = 2` work on an `AttributedString`, and
    /// `AttributedText.init(_: AttributedString)` reads the keys back.
    ///
    /// No key declares run boundaries: as in `NSAttributedString` (and Galley's own model),
    /// a paragraph style may change inside a paragraph; layout uses the style of the
    /// paragraph's first character.
    public struct GalleyAttributes: AttributeScope {
        /// The font. Like `kCTFontAttributeName`; see ``Attribute/font(_:)``.
        public let font: FontAttribute
        /// The colour glyphs are drawn in. Like `kCTForegroundColorAttributeName`; see
        /// ``Attribute/foregroundColor(_:)``.
        public let foregroundColor: ForegroundColorAttribute
        /// The paragraph style; Galley lays out a paragraph with the style of its first character.
        /// Like `kCTParagraphStyleAttributeName`; see ``Attribute/paragraphStyle(_:)``.
        public let paragraphStyle: ParagraphStyleAttribute
        /// Extra points after each character; must be finite. Like `kCTKernAttributeName`; see
        /// ``Attribute/kern(_:)``.
        public let kern: KernAttribute
        /// A BCP 47 language tag such as `"tr"`; must not be empty. Wins over Foundation's
        /// `languageIdentifier`. Like `kCTLanguageAttributeName`; see ``Attribute/language(_:)``.
        public let language: LanguageAttribute
        /// Inline-placeholder metrics, on a single U+FFFC. Not inherited by text added next to it,
        /// and dropped from a run whose text changes (as ``AttributedTextBuilder`` never lets typed
        /// text become a placeholder). Like `kCTRunDelegateAttributeName`; see
        /// ``Attribute/runDelegate(_:)``.
        public let runDelegate: RunDelegateAttribute
        /// Explicit bidi levels, outermost first; an empty array is no attribute. Like
        /// `kCTWritingDirectionAttributeName`; see ``Attribute/writingDirection(_:)``.
        public let writingDirection: WritingDirectionAttribute
        /// Points added after every cluster; must be finite. Like `kCTTrackingAttributeName`; see
        /// ``Attribute/tracking(_:)``.
        public let tracking: TrackingAttribute
        /// 0, 1 or 2. Like `kCTLigatureAttributeName`; see ``Attribute/ligatureLevel(_:)``.
        public let ligatureLevel: LigatureLevelAttribute
        /// OpenType feature settings in order; an empty array is no attribute. Like
        /// `kCTFontFeatureSettingsAttribute`; see ``Attribute/fontFeatures(_:)``.
        public let fontFeatures: FontFeaturesAttribute
        /// Points to raise (positive) or lower the glyphs; must be finite. Like
        /// `kCTBaselineOffsetAttributeName`; see ``Attribute/baselineOffset(_:)``.
        public let baselineOffset: BaselineOffsetAttribute
        /// 1 superscript, -1 subscript, 0 none; -10…10. Like `kCTSuperscriptAttributeName`; see
        /// ``Attribute/superscript(_:)``.
        public let superscript: SuperscriptAttribute
        /// The tangent of the skew angle; must be finite. Like `NSObliquenessAttributeName`; see
        /// ``Attribute/obliqueness(_:)``.
        public let obliqueness: ObliquenessAttribute
        /// An underline (style, pattern, colour). Like `kCTUnderlineStyleAttributeName`; see
        /// ``Attribute/underline(_:)``.
        public let underline: UnderlineAttribute
        /// A line through the text. Like `NSStrikethroughStyleAttributeName`; see
        /// ``Attribute/strikethrough(_:)``.
        public let strikethrough: StrikethroughAttribute
        /// The colour behind the glyphs. Like `kCTBackgroundColorAttributeName`; see
        /// ``Attribute/backgroundColor(_:)``.
        public let backgroundColor: BackgroundColorAttribute
        /// Outlined glyphs; the width must be finite. Like `kCTStrokeWidthAttributeName`; see
        /// ``Attribute/stroke(_:)``.
        public let stroke: StrokeAttribute
        /// A shadow under the glyphs; finite offset, finite non-negative blur. Like
        /// `NSShadowAttributeName`; see ``Attribute/shadow(_:)``.
        public let shadow: ShadowAttribute
        /// Variable-font axis values in order; an empty array is no attribute. Like
        /// `kCTFontVariationAttribute`; see ``Attribute/fontVariations(_:)``.
        public let fontVariations: FontVariationsAttribute
        /// Whether lines may break inside the range. Like Pango's `allow_breaks`; see
        /// ``Attribute/allowsLineBreaks(_:)``.
        public let allowsLineBreaks: AllowsLineBreaksAttribute
        /// Whether a word broken inside the range shows a hyphen. Like Pango's `insert_hyphens`;
        /// see ``Attribute/insertsHyphens(_:)``.
        public let insertsHyphens: InsertsHyphensAttribute
        /// A line over the text, at the font's ascender. Like Pango's `overline` with
        /// `overline_color` (`PangoOverline`); CoreText has no overline.
        /// See ``Attribute/overline(_:)``.
        public let overline: OverlineAttribute
        /// Small, petite, unicase or titling capitals (see ``FontVariant``): the font's OpenType
        /// features, or capitals synthesised at a smaller size where the font lacks them. Like Pango's
        /// `variant`; CoreText writes it as `smcp`/`c2sc` feature settings.
        /// See ``Attribute/fontVariant(_:)``.
        public let fontVariant: FontVariantAttribute
        /// A size change from the font's own metrics (superscript, subscript or small-capital size;
        /// see ``FontScale``), without raising the glyphs. Like Pango's `font_scale`.
        /// See ``Attribute/fontScale(_:)``.
        public let fontScale: FontScaleAttribute
        /// Whether characters the font lacks may be drawn with another font: false draws them
        /// with the font's missing-glyph (`.notdef`) glyph. True or absent: the usual fallback. Like
        /// Pango's `fallback` (`PangoAttrFallback`); CoreText always falls back.
        /// See ``Attribute/fontFallback(_:)``.
        public let fontFallback: FontFallbackAttribute
        /// Which way glyphs lean in vertical text (see ``Gravity``). Like Pango's `gravity`. Stored
        /// and reported; horizontal lines ignore it.
        /// See ``Attribute/gravity(_:)``.
        public let gravity: GravityAttribute
        /// How a vertical gravity applies to horizontal scripts (see ``GravityHint``). Like Pango's
        /// `gravity_hint`. Stored and reported, as ``Attribute/gravity(_:)`` is.
        /// See ``Attribute/gravityHint(_:)``.
        public let gravityHint: GravityHintAttribute
        /// Invisible characters drawn as visible symbols (see ``ShowFlags``). Like Pango's `show`.
        /// An empty set is no attribute.
        /// See ``Attribute/show(_:)``.
        public let show: ShowAttribute
        /// The height the run asks its line to have, as a multiple of its font's height or in points
        /// (see ``LineHeight``); the value must be finite and not negative. Like Pango's `line_height`.
        /// See ``Attribute/lineHeight(_:)``.
        public let lineHeight: LineHeightAttribute
        /// A case change applied at layout, keeping string indices (see ``TextTransform``). Like
        /// Pango's `text_transform` and CSS `text-transform`.
        /// See ``Attribute/textTransform(_:)``.
        public let textTransform: TextTransformAttribute
        /// Marks the range as one word or one sentence (see ``TextSegment``). Like Pango's `segment`.
        /// Stored and reported.
        /// See ``Attribute/textSegment(_:)``.
        public let textSegment: TextSegmentAttribute
        /// How full-width CJK punctuation is trimmed. Like CSS `text-spacing-trim`; see
        /// ``Attribute/textSpacingTrim(_:)``.
        public let textSpacingTrim: TextSpacingTrimAttribute
        /// Space between ideographs and letters or digits. Like CSS `text-autospace`; see
        /// ``Attribute/textAutospace(_:)``.
        public let textAutospace: TextAutospaceAttribute
        /// The log of the horizontal expansion factor. Like `NSExpansionAttributeName`; see
        /// ``Attribute/expansion(_:)``.
        public let expansion: ExpansionAttribute
        /// One glyph for the range. Like `kCTGlyphInfoAttributeName`; see ``Attribute/glyphInfo(_:)``.
        public let glyphInfo: GlyphInfoAttribute
        /// The glyphs' baseline class. Like `kCTBaselineClassAttributeName`.
        public let baselineClass: BaselineClassAttribute
        /// The run's own baseline offsets. Like `kCTBaselineInfoAttributeName`.
        public let baselineInfo: BaselineInfoAttribute
        /// The reference baselines. Like `kCTBaselineReferenceInfoAttributeName`.
        public let baselineReferenceInfo: BaselineReferenceInfoAttribute
        /// Ruby text over the range. Like `kCTRubyAnnotationAttributeName`.
        public let rubyAnnotation: RubyAnnotationAttribute
        /// Vertical glyph forms. Like `kCTVerticalFormsAttributeName`.
        public let verticalForms: VerticalFormsAttribute
        /// How characters stand in a vertical line. Like CSS `text-orientation`.
        public let textOrientation: TextOrientationAttribute
        /// Tate-chū-yoko. Like `kCTHorizontalInVerticalFormsAttributeName`.
        public let horizontalInVerticalForms: HorizontalInVerticalFormsAttribute
        /// Foundation's own attributes (`languageIdentifier`, `link`, …), so a
        /// `ScopedAttributeContainer` of this scope can reach them too.
        public let foundation: FoundationAttributes

        /// The key for ``font``: a `Font`, like `kCTFontAttributeName`.
        public enum FontAttribute: AttributedStringKey {
            /// The value: as ``Attributes/font``.
            public typealias Value = Font
            /// `"Galley.font"`.
            public static let name = "Galley.font"
        }

        /// The key for ``foregroundColor``: a `Color`, like `kCTForegroundColorAttributeName`.
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// The value: as ``Attributes/foregroundColor``.
            public typealias Value = Color
            /// `"Galley.foregroundColor"`.
            public static let name = "Galley.foregroundColor"
        }

        /// The key for ``paragraphStyle``: a `ParagraphStyle`, like
        /// `kCTParagraphStyleAttributeName`.
        public enum ParagraphStyleAttribute: AttributedStringKey {
            /// The value: as ``Attributes/paragraphStyle``.
            public typealias Value = ParagraphStyle
            /// `"Galley.paragraphStyle"`.
            public static let name = "Galley.paragraphStyle"
        }

        /// The key for ``kern``: a `CGFloat`, like `kCTKernAttributeName`.
        public enum KernAttribute: AttributedStringKey {
            /// The value: as ``Attributes/kern``.
            public typealias Value = CGFloat
            /// `"Galley.kern"`.
            public static let name = "Galley.kern"
        }

        /// The key for ``language``: a `String`, like `kCTLanguageAttributeName`.
        public enum LanguageAttribute: AttributedStringKey {
            /// The value: as ``Attributes/language``.
            public typealias Value = String
            /// `"Galley.language"`.
            public static let name = "Galley.language"
        }

        /// The key for ``runDelegate``: a `RunDelegate`, like `kCTRunDelegateAttributeName`.
        public enum RunDelegateAttribute: AttributedStringKey {
            /// The value: as ``Attributes/runDelegate``.
            public typealias Value = RunDelegate
            /// `"Galley.runDelegate"`.
            public static let name = "Galley.runDelegate"
            /// Text added next to a placeholder never becomes one.
            public static let inheritedByAddedText = false
            /// The delegate belongs to its one U+FFFC: editing that text drops it.
            public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [
                .textChanged
            ]
        }

        /// The key for ``writingDirection``: a `[BidiEmbedding]`, like
        /// `kCTWritingDirectionAttributeName`.
        public enum WritingDirectionAttribute: AttributedStringKey {
            /// The value: as ``Attributes/writingDirection``.
            public typealias Value = [BidiEmbedding]
            /// `"Galley.writingDirection"`.
            public static let name = "Galley.writingDirection"
        }

        /// The key for ``tracking``: a `CGFloat`, like `kCTTrackingAttributeName`.
        public enum TrackingAttribute: AttributedStringKey {
            /// The value: as ``Attributes/tracking``.
            public typealias Value = CGFloat
            /// `"Galley.tracking"`.
            public static let name = "Galley.tracking"
        }

        /// The key for ``ligatureLevel``: a `Int`, like `kCTLigatureAttributeName`.
        public enum LigatureLevelAttribute: AttributedStringKey {
            /// The value: as ``Attributes/ligatureLevel``.
            public typealias Value = Int
            /// `"Galley.ligatureLevel"`.
            public static let name = "Galley.ligatureLevel"
        }

        /// The key for ``fontFeatures``: a `[FontFeature]`, like `kCTFontFeatureSettingsAttribute`.
        public enum FontFeaturesAttribute: AttributedStringKey {
            /// The value: as ``Attributes/fontFeatures``.
            public typealias Value = [FontFeature]
            /// `"Galley.fontFeatures"`.
            public static let name = "Galley.fontFeatures"
        }

        /// The key for ``baselineOffset``: a `CGFloat`, like `kCTBaselineOffsetAttributeName`.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// The value: as ``Attributes/baselineOffset``.
            public typealias Value = CGFloat
            /// `"Galley.baselineOffset"`.
            public static let name = "Galley.baselineOffset"
        }

        /// The key for ``superscript``: a `Int`, like `kCTSuperscriptAttributeName`.
        public enum SuperscriptAttribute: AttributedStringKey {
            /// The value: as ``Attributes/superscript``.
            public typealias Value = Int
            /// `"Galley.superscript"`.
            public static let name = "Galley.superscript"
        }

        /// The key for ``obliqueness``: a `CGFloat`, like `NSObliquenessAttributeName`.
        public enum ObliquenessAttribute: AttributedStringKey {
            /// The value: as ``Attributes/obliqueness``.
            public typealias Value = CGFloat
            /// `"Galley.obliqueness"`.
            public static let name = "Galley.obliqueness"
        }

        /// The key for ``underline``: a `TextDecoration`, like `kCTUnderlineStyleAttributeName`.
        public enum UnderlineAttribute: AttributedStringKey {
            /// The value: as ``Attributes/underline``.
            public typealias Value = TextDecoration
            /// `"Galley.underline"`.
            public static let name = "Galley.underline"
        }

        /// The key for ``strikethrough``: a `TextDecoration`, like
        /// `NSStrikethroughStyleAttributeName`.
        public enum StrikethroughAttribute: AttributedStringKey {
            /// The value: as ``Attributes/strikethrough``.
            public typealias Value = TextDecoration
            /// `"Galley.strikethrough"`.
            public static let name = "Galley.strikethrough"
        }

        /// The key for ``backgroundColor``: a `Color`, like `kCTBackgroundColorAttributeName`.
        public enum BackgroundColorAttribute: AttributedStringKey {
            /// The value: as ``Attributes/backgroundColor``.
            public typealias Value = Color
            /// `"Galley.backgroundColor"`.
            public static let name = "Galley.backgroundColor"
        }

        /// The key for ``stroke``: a `TextStroke`, like `kCTStrokeWidthAttributeName`.
        public enum StrokeAttribute: AttributedStringKey {
            /// The value: as ``Attributes/stroke``.
            public typealias Value = TextStroke
            /// `"Galley.stroke"`.
            public static let name = "Galley.stroke"
        }

        /// The key for ``shadow``: a `TextShadow`, like `NSShadowAttributeName`.
        public enum ShadowAttribute: AttributedStringKey {
            /// The value: as ``Attributes/shadow``.
            public typealias Value = TextShadow
            /// `"Galley.shadow"`.
            public static let name = "Galley.shadow"
        }

        /// The key for ``fontVariations``: a `[FontVariation]`, like `kCTFontVariationAttribute`.
        public enum FontVariationsAttribute: AttributedStringKey {
            /// The value: as ``Attributes/fontVariations``.
            public typealias Value = [FontVariation]
            /// `"Galley.fontVariations"`.
            public static let name = "Galley.fontVariations"
        }

        /// The key for ``allowsLineBreaks``: a `Bool`, like Pango's `allow_breaks`.
        public enum AllowsLineBreaksAttribute: AttributedStringKey {
            /// The value: as ``Attributes/allowsLineBreaks``.
            public typealias Value = Bool
            /// `"Galley.allowsLineBreaks"`.
            public static let name = "Galley.allowsLineBreaks"
        }

        /// The key for ``insertsHyphens``: a `Bool`, like Pango's `insert_hyphens`.
        public enum InsertsHyphensAttribute: AttributedStringKey {
            /// The value: as ``Attributes/insertsHyphens``.
            public typealias Value = Bool
            /// `"Galley.insertsHyphens"`.
            public static let name = "Galley.insertsHyphens"
        }

        /// The key for ``overline``: a `TextDecoration`.
        public enum OverlineAttribute: AttributedStringKey {
            /// The value: as ``Attributes/overline``.
            public typealias Value = TextDecoration
            /// `"Galley.overline"`.
            public static let name = "Galley.overline"
        }

        /// The key for ``fontVariant``: a `FontVariant`.
        public enum FontVariantAttribute: AttributedStringKey {
            /// The value: as ``Attributes/fontVariant``.
            public typealias Value = FontVariant
            /// `"Galley.fontVariant"`.
            public static let name = "Galley.fontVariant"
        }

        /// The key for ``fontScale``: a `FontScale`.
        public enum FontScaleAttribute: AttributedStringKey {
            /// The value: as ``Attributes/fontScale``.
            public typealias Value = FontScale
            /// `"Galley.fontScale"`.
            public static let name = "Galley.fontScale"
        }

        /// The key for ``fontFallback``: a `Bool`.
        public enum FontFallbackAttribute: AttributedStringKey {
            /// The value: as ``Attributes/fontFallback``.
            public typealias Value = Bool
            /// `"Galley.fontFallback"`.
            public static let name = "Galley.fontFallback"
        }

        /// The key for ``gravity``: a `Gravity`.
        public enum GravityAttribute: AttributedStringKey {
            /// The value: as ``Attributes/gravity``.
            public typealias Value = Gravity
            /// `"Galley.gravity"`.
            public static let name = "Galley.gravity"
        }

        /// The key for ``gravityHint``: a `GravityHint`.
        public enum GravityHintAttribute: AttributedStringKey {
            /// The value: as ``Attributes/gravityHint``.
            public typealias Value = GravityHint
            /// `"Galley.gravityHint"`.
            public static let name = "Galley.gravityHint"
        }

        /// The key for ``show``: a `ShowFlags`.
        public enum ShowAttribute: AttributedStringKey {
            /// The value: as ``Attributes/show``.
            public typealias Value = ShowFlags
            /// `"Galley.show"`.
            public static let name = "Galley.show"
        }

        /// The key for ``lineHeight``: a `LineHeight`.
        public enum LineHeightAttribute: AttributedStringKey {
            /// The value: as ``Attributes/lineHeight``.
            public typealias Value = LineHeight
            /// `"Galley.lineHeight"`.
            public static let name = "Galley.lineHeight"
        }

        /// The key for ``textTransform``: a `TextTransform`.
        public enum TextTransformAttribute: AttributedStringKey {
            /// The value: as ``Attributes/textTransform``.
            public typealias Value = TextTransform
            /// `"Galley.textTransform"`.
            public static let name = "Galley.textTransform"
        }

        /// The key for ``textSegment``: a `TextSegment`.
        public enum TextSegmentAttribute: AttributedStringKey {
            /// The value: as ``Attributes/textSegment``.
            public typealias Value = TextSegment
            /// `"Galley.textSegment"`.
            public static let name = "Galley.textSegment"
        }

        /// The key for ``textSpacingTrim``: a `TextSpacingTrim`.
        public enum TextSpacingTrimAttribute: AttributedStringKey {
            /// The value: as ``Attributes/textSpacingTrim``.
            public typealias Value = TextSpacingTrim
            /// `"Galley.textSpacingTrim"`.
            public static let name = "Galley.textSpacingTrim"
        }

        /// The key for ``textAutospace``: a `TextAutospace`.
        public enum TextAutospaceAttribute: AttributedStringKey {
            /// The value: as ``Attributes/textAutospace``.
            public typealias Value = TextAutospace
            /// `"Galley.textAutospace"`.
            public static let name = "Galley.textAutospace"
        }

        /// The key for ``expansion``: a `CGFloat`, like `NSExpansionAttributeName`.
        public enum ExpansionAttribute: AttributedStringKey {
            /// The value: as ``Attributes/expansion``.
            public typealias Value = CGFloat
            /// `"Galley.expansion"`.
            public static let name = "Galley.expansion"
        }

        /// The key for ``glyphInfo``: a `GlyphInfo`, like `kCTGlyphInfoAttributeName`.
        public enum GlyphInfoAttribute: AttributedStringKey {
            /// The value: as ``Attributes/glyphInfo``.
            public typealias Value = GlyphInfo
            /// `"Galley.glyphInfo"`.
            public static let name = "Galley.glyphInfo"
        }

        /// The key for ``baselineClass``: a `BaselineClass`, like `kCTBaselineClassAttributeName`.
        public enum BaselineClassAttribute: AttributedStringKey {
            /// The value: as ``Attributes/baselineClass``.
            public typealias Value = BaselineClass
            /// `"Galley.baselineClass"`.
            public static let name = "Galley.baselineClass"
        }

        /// The key for ``baselineInfo``: offsets per class, like `kCTBaselineInfoAttributeName`.
        public enum BaselineInfoAttribute: AttributedStringKey {
            /// The value: as ``Attributes/baselineInfo``.
            public typealias Value = [BaselineClass: CGFloat]
            /// `"Galley.baselineInfo"`.
            public static let name = "Galley.baselineInfo"
        }

        /// The key for ``baselineReferenceInfo``: a `BaselineReference`, like
        /// `kCTBaselineReferenceInfoAttributeName`.
        public enum BaselineReferenceInfoAttribute: AttributedStringKey {
            /// The value: as ``Attributes/baselineReferenceInfo``.
            public typealias Value = BaselineReference
            /// `"Galley.baselineReferenceInfo"`.
            public static let name = "Galley.baselineReferenceInfo"
        }

        /// The key for ``rubyAnnotation``: a `RubyAnnotation`, like `kCTRubyAnnotationAttributeName`.
        public enum RubyAnnotationAttribute: AttributedStringKey {
            /// The value: as ``Attributes/rubyAnnotation``.
            public typealias Value = RubyAnnotation
            /// `"Galley.rubyAnnotation"`.
            public static let name = "Galley.rubyAnnotation"
        }

        /// The key for ``verticalForms``: a `Bool`, like `kCTVerticalFormsAttributeName`.
        public enum VerticalFormsAttribute: AttributedStringKey {
            /// The value: as ``Attributes/verticalForms``.
            public typealias Value = Bool
            /// `"Galley.verticalForms"`.
            public static let name = "Galley.verticalForms"
        }

        /// The key for ``textOrientation``: a `TextOrientation`, like CSS `text-orientation`.
        public enum TextOrientationAttribute: AttributedStringKey {
            /// The value: as ``Attributes/textOrientation``.
            public typealias Value = TextOrientation
            /// `"Galley.textOrientation"`.
            public static let name = "Galley.textOrientation"
        }

        /// The key for ``horizontalInVerticalForms``: an `Int`, like
        /// `kCTHorizontalInVerticalFormsAttributeName`.
        public enum HorizontalInVerticalFormsAttribute: AttributedStringKey {
            /// The value: as ``Attributes/horizontalInVerticalForms``.
            public typealias Value = Int
            /// `"Galley.horizontalInVerticalForms"`.
            public static let name = "Galley.horizontalInVerticalForms"
        }
    }

    /// Galley's scope, for `string.galley.font` and `AttributeContainer().galley.kern(2)`.
    public var galley: GalleyAttributes.Type { GalleyAttributes.self }
}

extension AttributeDynamicLookup {
    /// Lets `AttributedString`, its substrings, runs and containers reach Galley's keys
    /// directly: `string.font`, `string[range].foregroundColor`, `run.kern`.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.GalleyAttributes, T>
    ) -> T {
        self[T.self]
    }
}
