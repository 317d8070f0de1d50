// SuperscriptLayout: the size and baseline shift of text with kCTSuperscriptAttributeName, from
// the font's OS/2 superscript and subscript metrics, as a word processor sets superscripts.
import Foundation
import GalleyFonts
import GalleyText

/// How the superscript attribute (`kCTSuperscriptAttributeName` / `NSSuperscriptAttributeName`)
/// changes text: level n > 0 is set at the font's superscript size (OS/2 `ySuperscriptYSize` /
/// unitsPerEm, 0.65 when the font has none) to the power n and raised; level n < 0 likewise with
/// the subscript size, lowered. Each level is a superscript of the one before it: level 1 is
/// raised by the base font's `ySuperscriptYOffset`, level 2 by that plus the level-1 size's
/// offset, and so on. This is what the OS/2 fields are defined for ("the recommended
/// horizontal/vertical size … for superscripts"), and what Attribute.swift documents.
///
/// The font's `sups`/`subs` features are not used: they substitute only the glyphs they cover
/// (usually digits), so a mixed run would come out half in superscript glyphs at full size and
/// half in scaled glyphs; `.fontFeatures([sups])` asks for them explicitly.
package enum SuperscriptLayout {
    /// The size ratio of one level of `level`'s direction in `font` (OS/2 size ÷ unitsPerEm).
    @inline(__always)
    static func ratio(level: Int, font: Font) -> CGFloat {
        let ratio = level > 0 ? font.superscriptScale : font.subscriptScale
        return ratio > 0 && ratio.isFinite ? ratio : 0.65
    }

    /// The factor the font size of text at superscript `level` is multiplied by (1 for level 0).
    package static func sizeFactor(level: Int, font: Font) -> CGFloat {
        guard level != 0 else { return 1 }
        return pow(ratio(level: level, font: font), CGFloat(abs(level)))
    }

    /// How far text at superscript `level` is raised (negative: lowered), in points, where
    /// `base` is the font before scaling: Σ (k = 0 ..< |n|) offset × ratioᵏ, the offset being the
    /// base font's OS/2 superscript (subscript) y offset.
    package static func baselineShift(level: Int, base: Font) -> CGFloat {
        guard level != 0 else { return 0 }
        let offset = level > 0 ? base.superscriptOffset : -base.subscriptOffset
        let r = ratio(level: level, font: base)
        var shift: CGFloat = 0
        var factor: CGFloat = 1
        for _ in 0..<abs(level) {
            shift += offset * factor
            factor *= r
        }
        return shift
    }

    /// The baseline shift of a run at `level` whose glyphs are in `font` (already scaled by
    /// ``sizeFactor(level:font:)``): measured on the run's requested font when its attributes
    /// name one, else on `font` brought back to the unscaled size.
    package static func baselineShift(level: Int, attributes: Attributes, font: Font) -> CGFloat {
        guard level != 0 else { return 0 }
        if let requested = attributes.font { return baselineShift(level: level, base: requested) }
        let factor = sizeFactor(level: level, font: font)
        return baselineShift(level: level, base: font) / factor
    }
}
