// The typographic extent of a line or run: advance width and the ascent, descent and leading
// above and below its baseline, as CoreText reports them (all positive numbers).
import Foundation

/// Like the values CTLineGetTypographicBounds and CTRunGetTypographicBounds return.
public struct TypographicBounds: Sendable, Hashable {
    /// Advance width, in points.
    public var width: CGFloat
    /// Distance from the baseline to the top, positive.
    public var ascent: CGFloat
    /// Distance from the baseline to the bottom, positive (below the baseline).
    public var descent: CGFloat
    /// Extra space below the descent before the next line.
    public var leading: CGFloat

    /// Creates bounds from the four values.
    public init(width: CGFloat, ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
    }
}
