// The OpenType features an item is shaped with, from its attributes: the ligature level
// (kCTLigatureAttributeName), tracking (letter spacing, which turns optional ligatures off, as
// CSS, Pango and CoreText do), and explicit feature settings (kCTFontFeatureSettingsAttribute),
// later ones winning.
import Foundation
import GalleyFonts
import GalleyText

/// One feature for HarfBuzz: a 4-letter tag and a value, applied to the whole item.
package struct ShapingFeature: Sendable, Hashable {
    /// The OpenType feature tag, e.g. "liga".
    package let tag: String
    /// The feature's value: 0 off, 1 on, higher for alternates.
    package let value: UInt32

    /// A feature `tag` set to `value`.
    package init(tag: String, value: UInt32) {
        self.tag = tag
        self.value = value
    }
}

/// The attributes-to-features mapping.
package enum FeatureSettings {
    /// The features for text with `attributes`, in the order HarfBuzz applies them (a later
    /// setting of the same tag overrides an earlier one).
    ///
    /// - Ligature level 0 turns off `liga` and `clig` (standard and contextual ligatures; required
    ///   ones such as Arabic `rlig` stay); 1 is the font's default; 2 also turns on `dlig`.
    /// - Non-zero tracking (letter spacing: Pango's `letter_spacing` and CSS `letter-spacing` are
    ///   tracking) turns off the optional ligatures `liga`, `clig`, `dlig` and `hlig`, as CSS Text 3
    ///   §8.2 asks and Pango does: letter-spaced ligatures would look wrong. As CoreText documents
    ///   for kCTTrackingAttributeName, an explicit ligature level keeps its ligatures. Kern does not
    ///   turn ligatures off: it is CoreText's kerning adjustment, not letter spacing.
    /// - An explicit kern of 0 turns the font's `kern` feature off, as CoreText documents for
    ///   kCTKernAttributeName ("If this attribute is set to 0.0, no kerning is done at all").
    /// - A font variant (small capitals, …) turns on its features (`smcp`, `c2sc`, …) when `font`
    ///   has every one of them; otherwise `VariantSynthesis` has already split the item into
    ///   scaled capitals, and nothing is asked of the font.
    /// - Explicit feature settings come last, so they win (`liga` on keeps "fi" one glyph in
    ///   tracked text).
    package static func features(for attributes: Attributes, font: Font? = nil) -> [ShapingFeature] {
        var result: [ShapingFeature] = []
        let tracked = (attributes.tracking ?? 0) != 0
        switch attributes.ligatureLevel {
        case 0:
            result.append(ShapingFeature(tag: "liga", value: 0))
            result.append(ShapingFeature(tag: "clig", value: 0))
        case 2:
            result.append(ShapingFeature(tag: "dlig", value: 1))
        case nil where tracked:
            for tag in ["liga", "clig", "dlig", "hlig"] { result.append(ShapingFeature(tag: tag, value: 0)) }
        default:
            break
        }
        // kCTKernAttributeName 0: "no kerning is done at all" (explicit settings below still win).
        if TextSpacing.disablesFontKerning(attributes) { result.append(ShapingFeature(tag: "kern", value: 0)) }
        if let variant = attributes.fontVariant, let font, VariantSynthesis.fontHas(variant, font) {
            for tag in variant.featureTags { result.append(ShapingFeature(tag: tag, value: 1)) }
        }
        for feature in attributes.fontFeatures ?? [] {
            result.append(ShapingFeature(tag: feature.tag, value: feature.value))
        }
        return result
    }
}
