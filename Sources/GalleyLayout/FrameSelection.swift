// Selection rectangles for a string range across a frame's lines, in the coordinates of the
// frame's path — what a text view draws behind selected text.
import Foundation

extension Frame {
    /// The rectangles covering `range`: for each line it touches, one rectangle per visual piece
    /// (`Line.selectionRects(for:)`), moved from line coordinates into the coordinates of the
    /// frame's path (y up, like `rect` and `Placeholder.rect`): x + rect.minX + origin.x,
    /// y + rect.minY + origin.y. Lines are in frame order, pieces left to right within a line
    /// (top to bottom in a vertical line, whose rects span its column: see the line's method).
    public func selectionRects(for range: Range<Int>) -> [CGRect] {
        var result: [CGRect] = []
        for (line, origin) in zip(lines, lineOrigins) where line.stringRange.overlaps(range) {
            for piece in line.selectionRects(for: range) {
                result.append(piece.offsetBy(dx: rect.minX + origin.x, dy: rect.minY + origin.y))
            }
        }
        return result
    }
}
