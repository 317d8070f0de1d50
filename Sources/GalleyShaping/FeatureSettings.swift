// The OpenType features an item is shaped with, from its attributes: the ligature level
// (kCTLigatureAttributeName), tracking (which turns optional ligatures off, as CoreText does),
// and explicit feature settings (kCTFontFeatureSettingsAttribute), later ones winning.
import Foundation
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
    /// - Non-zero tracking turns off the optional ligatures (`liga`, `clig`, `dlig`, `hlig`):
    ///   letter-spaced ligatures would look wrong (as CoreText does for kCTTrackingAttributeName).
    /// - Explicit feature settings come last, so they win.
    package static func features(for attributes: Attributes) -> [ShapingFeature] {
        var result: [ShapingFeature] = []
        let level = attributes.ligatureLevel ?? 1
        let tracked = (attributes.tracking ?? 0) != 0
        if level == 0 || tracked {
            result.append(ShapingFeature(tag: "liga", value: 0))
            result.append(ShapingFeature(tag: "clig", value: 0))
        }
        if tracked {
            result.append(ShapingFeature(tag: "dlig", value: 0))
            result.append(ShapingFeature(tag: "hlig", value: 0))
        } else if level == 2 {
            result.append(ShapingFeature(tag: "dlig", value: 1))
        }
        for feature in attributes.fontFeatures ?? [] {
            result.append(ShapingFeature(tag: feature.tag, value: feature.value))
        }
        return result
    }
}
