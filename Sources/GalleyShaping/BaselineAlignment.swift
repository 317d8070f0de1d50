// BaselineAlignment: how far a run moves to sit on its baseline class's reference baseline
// (kCTBaselineClassAttributeName, kCTBaselineInfoAttributeName,
// kCTBaselineReferenceInfoAttributeName), from the fonts' `BASE` tables.
import Foundation
import GalleyFonts
import GalleyText

/// CoreText's baseline alignment: "All glyphs in a run are assigned a baseline class and then
/// aligned to the offset for that class in the reference baseline info."
///
/// Galley's rules:
/// - Only a run with a baseline class, baseline info or baseline reference attribute moves;
///   other runs keep the roman baseline (text without these attributes lays out as before).
/// - Its class `c` is ``Attributes/baselineClass``, else ``BaselineClass/roman``.
/// - Its own offset `own[c]` is ``Attributes/baselineInfo``'s value for `c`, else its font's
///   `BASE` value (`Font.baselineOffset(for:)`, relative to the roman baseline).
/// - The reference `ref[c]` is ``Attributes/baselineReferenceInfo``: explicit offsets (a class
///   not listed: the run's own font's value), a font's `BASE` value, or its original (requested)
///   font's; without one, the requested font's (`attributes.font`, else the run's font).
/// - The run is raised by `ref[c] − own[c]`.
///
/// So a run of small text with class ``BaselineClass/ideographicCentered`` and a reference
/// font of a large size sits centred on the large font's ideographic em box, as YYText
/// centres small text between large text.
package enum BaselineAlignment {
    /// How far a run with `attributes` whose glyphs are in `font` is raised (negative: lowered).
    package static func shift(_ attributes: Attributes, font: Font) -> CGFloat {
        guard attributes.hasBaselineAlignment else { return 0 }
        let c = attributes.baselineClass ?? .roman
        let requested = attributes.font ?? font
        let own = attributes.baselineInfo?[c] ?? font.baselineOffset(for: c)
        let reference: CGFloat =
            switch attributes.baselineReferenceInfo {
            case .offsets(let offsets)?: offsets[c] ?? font.baselineOffset(for: c)
            case .font(let referenceFont)?: referenceFont.baselineOffset(for: c)
            case .originalFont?, nil: requested.baselineOffset(for: c)
            }
        let shift = reference - own
        return shift.isFinite ? shift : 0
    }
}
