// BaselineReference: the value of the baseline-reference-info attribute: the baselines a run's
// glyphs align to, given as offsets or taken from a font, like the dictionary of
// kCTBaselineReferenceInfoAttributeName.
import Foundation
import GalleyFonts

/// The reference baselines a run aligns to. Like the value of
/// `kCTBaselineReferenceInfoAttributeName`: "All glyphs in a run are assigned a baseline class and
/// then aligned to the offset for that class in the reference baseline info."
///
/// Galley's rule (see ``Attribute/baselineClass(_:)``): a run whose attributes carry a baseline
/// class, baseline info or a baseline reference is raised by `reference[c] − own[c]`, where `c` is
/// its class, `own` its baseline offsets (its font's `BASE` values, overridden by
/// ``Attribute/baselineInfo(_:)``) and `reference` these; every offset is relative to the roman
/// baseline, positive up.
public enum BaselineReference: Sendable, Hashable {
    /// Explicit offsets in points above the roman baseline; a class not listed takes the run's
    /// font's value. Like a reference info dictionary of `kCTBaselineClass…` keys.
    case offsets([BaselineClass: CGFloat])
    /// The baselines of a font. Like `kCTBaselineReferenceFont` with a `CTFont`.
    case font(Font)
    /// The baselines of the run's own (requested) font: no shift unless baseline info moves the
    /// run's own. Like `kCTBaselineReferenceFont` with `kCTBaselineOriginalFont`. Also what a run
    /// with a baseline class but no reference aligns to.
    case originalFont
}
