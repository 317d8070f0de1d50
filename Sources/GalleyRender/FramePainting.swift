// What the bitmap renderer and the SVG writer read from a frame alike: where each line goes and
// whether a run is stroked.
import Foundation
import GalleyLayout
import GalleyText

extension Frame {
    /// Each line with its origin in the frame's coordinates (y up): the frame rect's bottom-left
    /// corner plus the line's origin. Lines without an origin are left out.
    var placedLines: [(line: Line, origin: CGPoint)] {
        var placed: [(line: Line, origin: CGPoint)] = []
        placed.reserveCapacity(min(lines.count, lineOrigins.count))
        for (index, line) in lines.enumerated() where index < lineOrigins.count {
            let o = lineOrigins[index]
            placed.append((line, CGPoint(x: rect.minX + o.x, y: rect.minY + o.y)))
        }
        return placed
    }
}

extension GlyphRun {
    /// The run's stroke when it draws one (a width other than 0), else nil.
    var drawnStroke: TextStroke? {
        attributes.stroke.flatMap { $0.width != 0 ? $0 : nil }
    }
}
