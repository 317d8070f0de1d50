// GlyphOrientation: how the glyphs of one run stand on their line — along a horizontal line,
// upright in a vertical line (shaped top to bottom), or sideways in a vertical line (shaped
// horizontally, then turned a quarter clockwise). Items, glyph runs and glyph paints carry it;
// shaping, assembly, carets, bounds and painting switch over it.

/// How a run's glyphs stand on their line. CoreText has no single value for it: a run of a
/// horizontal line is ``horizontal``; in a vertical line (frames of
/// `kCTFrameProgressionRightToLeft` or `…LeftToRight`) a run with vertical forms
/// (`kCTVerticalFormsAttributeName`, whose characters UAX #50 sets upright) is ``upright`` and
/// any other run is ``sideways``, drawn with a quarter-turn text matrix (`CTRunGetTextMatrix`).
public enum GlyphOrientation: String, Sendable, Hashable, CaseIterable {
    /// Glyphs of a horizontal line, shaped left to right or right to left.
    case horizontal
    /// Glyphs standing upright in a vertical line, shaped top to bottom (HarfBuzz's TTB
    /// direction, the font's vertical metrics and `vert` forms).
    case upright
    /// Glyphs of a vertical line set sideways: shaped as a horizontal run, drawn turned 90°
    /// clockwise about the pen (CSS "typeset sideways").
    case sideways

    /// The axis of the line such glyphs stand on.
    @inlinable
    public var lineAxis: LineAxis {
        switch self {
        case .horizontal: .horizontal
        case .upright, .sideways: .vertical
        }
    }
}
