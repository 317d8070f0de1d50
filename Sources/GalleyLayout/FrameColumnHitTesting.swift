// Which line of a vertical frame (columns: CoreText's kCTFrameProgressionRightToLeft and
// LeftToRight) holds a point: the column whose band across the page holds its x.
import Foundation

extension Frame {
    /// The index of the vertical line (column) at `point` (path coordinates, y up): the column
    /// whose band — from its centre line minus descent to its centre line plus ascent, as
    /// each ``PlacedLine/metrics`` give them — holds the point's x, or the nearest one (the first of two
    /// equally near, in frame order), and in a column split into several lines the one nearest
    /// along the column. Nil for a frame without lines. Called by
    /// `lineIndex(at:)` when the frame's lines are vertical.
    func columnIndex(at point: CGPoint) -> Int? {
        guard !lines.isEmpty else { return nil }
        let x = point.x - rect.minX
        var best = 0
        var bestDistance = CGFloat.infinity
        for (i, placed) in placedLines.enumerated() {
            let (metrics, origin) = (placed.metrics, placed.origin)
            let left = origin.x - metrics.descent
            let right = origin.x + metrics.ascent
            let distance = x > right ? x - right : (x < left ? left - x : 0)
            if distance < bestDistance {
                bestDistance = distance
                best = i
            }
            if distance == 0 { break }
        }
        // In a column of several lines (split by the path or an exclusion), the line whose
        // extent down the column is nearest to the point's y.
        let y = point.y - rect.minY
        var bestY = CGFloat.infinity
        var chosen = best
        let column = placedLines[best].row
        for (i, placed) in placedLines.enumerated() where placed.row == column {
            let top = placed.origin.y
            let bottom = top - placed.line.width
            let distance = y > top ? y - top : (y < bottom ? bottom - y : 0)
            if distance < bestY {
                bestY = distance
                chosen = i
            }
        }
        return chosen
    }
}
