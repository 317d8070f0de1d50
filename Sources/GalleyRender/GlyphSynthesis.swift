// Synthetic bold and oblique: emboldening and slanting FreeType outlines, as FT_GlyphSlot_Embolden
// and FT_GlyphSlot_Oblique do (and as CoreText does for fonts lacking the requested traits).
import CCairo  // FT_Matrix is declared by the FreeType headers that CCairo (cairo-ft) includes too
import CFreeType
import Foundation
import GalleyFonts

/// Applies ``Font/SyntheticTraits`` to a glyph outline.
enum GlyphSynthesis {
    /// The embolden strength is the em size divided by this, like `FT_GlyphSlot_Embolden`
    /// (`FT_MulFix(units_per_EM, y_scale) / 24`): the outline grows by 1/24 em in total width.
    static let emboldenDivisor: FT_Pos = 24

    /// The horizontal shear of synthetic oblique: x += 0.2 · y (about 11.3°, `atan(0.2)`), as CoreText's
    /// synthetic italic; `FT_GlyphSlot_Oblique` uses 0x0366A / 0x10000 ≈ 0.21 (12°).
    static let obliqueShear = 0.2

    /// Emboldens `outline` by `strength` (in the outline's units; 26.6 pixels for a scaled glyph,
    /// font units for an unscaled one) when `traits` has `.bold`, then shears it about the glyph
    /// origin when `traits` has `.oblique`.
    static func apply(_ traits: Font.SyntheticTraits, to outline: inout FT_Outline, strength: FT_Pos) {
        if traits.contains(.bold), strength > 0 {
            FT_Outline_Embolden(&outline, strength)
        }
        if traits.contains(.oblique) {
            var matrix = FT_Matrix(xx: 0x10000, xy: FT_Fixed((obliqueShear * 65536).rounded()), yx: 0, yy: 0x10000)
            FT_Outline_Transform(&outline, &matrix)
        }
    }
}

extension GlyphSynthesis {
    /// Shears `outline` about the glyph origin: x += shear / 65536 · y (y up), so a positive
    /// factor leans the glyph right. Like `NSObliquenessAttributeName`, whose value is this skew
    /// factor; nothing happens for 0.
    static func shear(_ outline: inout FT_Outline, by shear: Int) {
        guard shear != 0 else { return }
        var matrix = FT_Matrix(xx: 0x10000, xy: FT_Fixed(shear), yx: 0, yy: 0x10000)
        FT_Outline_Transform(&outline, &matrix)
    }

    /// Scales `outline` horizontally about the glyph origin: x *= scale / 65536 (16.16 fixed), as
    /// `NSExpansionAttributeName` stretches glyphs (its value is the log of the factor); nothing
    /// happens for 65536 or a non-positive scale.
    static func scaleHorizontally(_ outline: inout FT_Outline, by scale: Int) {
        guard scale != 0x10000, scale > 0 else { return }
        var matrix = FT_Matrix(xx: FT_Fixed(scale), xy: 0, yx: 0, yy: 0x10000)
        FT_Outline_Transform(&outline, &matrix)
    }

    /// Turns `outline` 90° clockwise about the glyph origin (y up): (x, y) → (y, −x), so the
    /// glyph's baseline runs down the page and its up points right, as a rotated run in a
    /// vertical line is drawn.
    static func rotateClockwise(_ outline: inout FT_Outline) {
        var matrix = FT_Matrix(xx: 0, xy: 0x10000, yx: -0x10000, yy: 0)
        FT_Outline_Transform(&outline, &matrix)
    }

    /// The 16.16 horizontal scale of an expansion attribute (e^expansion, the expansion clamped
    /// to ±10 as the attribute's rule allows; 65536 for none or NaN).
    static func xScale(expansion: Double?) -> Int {
        guard let e = expansion, e.isFinite, e != 0 else { return 0x10000 }
        return max(1, Int((exp(min(max(e, -10), 10)) * 65536).rounded()))
    }

    /// The 16.16 shear of an obliqueness factor (clamped to ±4, about ±76°; 0 for none or NaN).
    static func shear(obliqueness: Double?) -> Int {
        guard let o = obliqueness, o.isFinite else { return 0 }
        return Int((min(max(o, -4), 4) * 65536).rounded())
    }
}
