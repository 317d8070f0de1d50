// Font+Baselines: a font's baselines (roman, ideographic, hanging, math) from its OpenType `BASE`
// table through HarfBuzz, with HarfBuzz's fallbacks, for CoreText's baseline-class alignment
// (kCTBaselineClassAttributeName, kCTBaselineInfoAttributeName,
// kCTBaselineReferenceInfoAttributeName).
import CHarfBuzz
import Foundation

/// A kind of baseline glyphs sit on. Like CoreText's `kCTBaselineClass…` constants.
public enum BaselineClass: String, Sendable, Hashable, CaseIterable, Codable {
    /// The Latin baseline, y = 0. Like `kCTBaselineClassRoman` (`BASE` tag `romn`).
    case roman
    /// The centre of the ideographic em box. Like `kCTBaselineClassIdeographicCentered`
    /// (`BASE` tag `Idce`).
    case ideographicCentered
    /// The bottom of the ideographic em box. Like `kCTBaselineClassIdeographicLow` (`ideo`).
    case ideographicLow
    /// The top of the ideographic em box. Like `kCTBaselineClassIdeographicHigh` (`idtp`).
    case ideographicHigh
    /// The hanging baseline of Devanagari, Tibetan and similar scripts. Like
    /// `kCTBaselineClassHanging` (`hang`).
    case hanging
    /// The baseline math is centred on. Like `kCTBaselineClassMath` (`math`).
    case math

    /// The OpenType `BASE` tag of this baseline.
    var tag: hb_ot_layout_baseline_tag_t {
        switch self {
        case .roman: HB_OT_LAYOUT_BASELINE_TAG_ROMAN
        case .ideographicCentered: HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_CENTRAL
        case .ideographicLow: HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_BOTTOM_OR_LEFT
        case .ideographicHigh: HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_TOP_OR_RIGHT
        case .hanging: HB_OT_LAYOUT_BASELINE_TAG_HANGING
        case .math: HB_OT_LAYOUT_BASELINE_TAG_MATH
        }
    }
}

extension Font {
    /// How far the baseline of `baselineClass` lies above the roman baseline, in points at this
    /// size (0 for ``BaselineClass/roman``), for text in `script` (an ISO 15924 code such as
    /// "Latn" or "Hani"; nil: the font's default) and `language` (BCP 47; nil: the default). Read
    /// from the font's `BASE` table, else HarfBuzz's fallbacks
    /// (`hb_ot_layout_get_baseline_with_fallback`: the ideographic em box from the ascender and
    /// descender, hanging and math from the glyphs' shapes). Like the offsets CoreText reads from
    /// `bsln`/`BASE` for a run's baseline-info dictionary.
    public func baselineOffset(for baselineClass: BaselineClass, script: String? = nil, language: String? = nil)
        -> CGFloat
    {
        guard baselineClass != .roman else { return 0 }
        let hbScript = script.map { $0.withCString { hb_script_from_string($0, -1) } } ?? HB_SCRIPT_INVALID
        let hbLanguage = language.flatMap { $0.isEmpty ? nil : $0.withCString { hb_language_from_string($0, -1) } }
        let (scriptTag, languageTag) = Self.otTags(hbScript, hbLanguage)
        let scale = size / CGFloat(unitsPerEm)
        func coordinate(_ tag: hb_ot_layout_baseline_tag_t) -> CGFloat {
            var value: hb_position_t = 0
            hb_ot_layout_get_baseline_with_fallback(hbFont, tag, HB_DIRECTION_LTR, scriptTag, languageTag, &value)
            return CGFloat(value)
        }
        return (coordinate(baselineClass.tag) - coordinate(HB_OT_LAYOUT_BASELINE_TAG_ROMAN)) * scale
    }

    /// The OpenType script and language-system tags of a HarfBuzz script and language (their
    /// first tags; 'DFLT' and 'dflt' when there are none).
    private static func otTags(_ script: hb_script_t, _ language: hb_language_t?) -> (hb_tag_t, hb_tag_t) {
        var scriptTags: [hb_tag_t] = [0]
        var languageTags: [hb_tag_t] = [0]
        var scriptCount: UInt32 = 1
        var languageCount: UInt32 = 1
        hb_ot_tags_from_script_and_language(script, language, &scriptCount, &scriptTags, &languageCount, &languageTags)
        let defaultScript = galley_hb_tag(0x44, 0x46, 0x4C, 0x54)  // DFLT
        let defaultLanguage = galley_hb_tag(0x64, 0x66, 0x6C, 0x74)  // dflt
        return (scriptCount > 0 ? scriptTags[0] : defaultScript, languageCount > 0 ? languageTags[0] : defaultLanguage)
    }
}
