// LineAxis: the axis a line is laid along (its inline axis). Every stage that places, stacks,
// measures or hit-tests lines switches over it, so that horizontal and vertical lines share one
// code path and a new axis is a compile error wherever it must be handled.

/// The inline axis of a line. Horizontal lines run along +x from their origin and stack along
/// −y; vertical lines (columns) run down −y from their origin, the top end of the column's
/// centre line, and stack along −x (vertical-rl) or +x (vertical-lr) as the frame progression
/// says. CoreText's lines are vertical in frames of `kCTFrameProgressionRightToLeft` or
/// `…LeftToRight`.
public enum LineAxis: String, Sendable, Hashable, CaseIterable {
    /// Along +x (CSS `horizontal-tb`).
    case horizontal
    /// Along −y: a column (CSS `vertical-rl`, `vertical-lr`).
    case vertical
}
