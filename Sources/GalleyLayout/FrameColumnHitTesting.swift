// Which line of a vertical frame (issue 14: columns, CoreText's kCTFrameProgressionRightToLeft
// and LeftToRight) holds a point: the column whose band across the page holds its x.
import Foundation

extension Frame {
    /// The index of the vertical line (column) at `point` (path coordinates, y up): the column
    /// whose band — from its centre line minus descent to its centre line plus ascent, as
    /// `placedLineMetrics` give them — holds the point's x, or the nearest one (the first of two
    /// equally near, in frame order). Nil for a frame without lines. Called by
    /// `lineIndex(at:)` when the frame's lines are vertical.
    func columnIndex(at point: CGPoint) -> Int? {
        guard !lines.isEmpty else { return nil }
        let x = point.x - rect.minX
        var best = 0
        var bestDistance = CGFloat.infinity
        for (i, (metrics, origin)) in zip(placedLineMetrics, lineOrigins).enumerated() {
            let left = origin.x - metrics.descent
            let right = origin.x + metrics.ascent
            let distance = x > right ? x - right : (x < left ? left - x : 0)
            if distance < bestDistance {
                bestDistance = distance
                best = i
            }
            if distance == 0 { break }
        }
        return best
    }
}
