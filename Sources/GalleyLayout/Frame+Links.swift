// Link hit-testing, as a link label (TTTAttributedLabel, YYText, Nimbus) builds it on CoreText:
// the link under a tap (the glyph whose box holds the point, its run's NSLink attribute) and the
// boxes of a link's glyphs across lines, runs and directions, for highlighting. CoreText has no
// such calls; these are what those labels compute from CTRunGetAttributes and run geometry.
import Foundation
import GalleyText

/// A link in a frame: its target and the UTF-16 range of the characters carrying it (one
/// stretch of equal ``Attributes/link`` values, across lines and runs).
public struct TextLinkHit: Sendable, Hashable {
    /// Where the link goes.
    public let link: TextLink
    /// The characters that carry it.
    public let range: Range<Int>
}

extension Line {
    /// The boxes of the glyphs whose clusters start in `range`, relative to the line origin (y
    /// up): each glyph's advance along the line by the line's ascent plus descent, neighbouring
    /// glyphs of one run joined. In visual order. Like the rects a link label computes from
    /// CTRunGetPositions, CTRunGetAdvances and CTLineGetTypographicBounds.
    public func glyphRects(forStringRange range: Range<Int>) -> [CGRect] {
        var rects: [CGRect] = []
        for run in glyphRuns where run.stringRange.overlaps(range) || run.stringRange == range {
            var pen = run.originX
            var current: CGRect?
            for g in 0..<run.glyphCount {
                let extent: CGFloat
                switch lineAxis {
                case .horizontal: extent = run.advances[g].width
                case .vertical: extent = -run.advances[g].height
                }
                if range.contains(run.stringIndices[g]) {
                    let box = lineAxis.box(inlineStart: pen, extent: extent, ascent: ascent, descent: descent, shift: 0)
                    current = current.map { $0.union(box) } ?? box
                } else if let done = current {
                    rects.append(done)
                    current = nil
                }
                pen += extent
            }
            if let current { rects.append(current) }
        }
        return rects
    }

    /// The glyph run and glyph index whose box holds `point` (relative to the line origin, y up):
    /// the glyph's advance along the line, from the line's descent below the baseline to its
    /// ascent above; nil between or beyond the glyphs.
    public func glyph(at point: CGPoint) -> (run: Int, glyph: Int)? {
        let (along, across): (CGFloat, CGFloat)
        switch lineAxis {
        case .horizontal: (along, across) = (point.x, point.y)
        case .vertical: (along, across) = (-point.y, point.x)
        }
        guard across >= -descent, across <= ascent else { return nil }
        for (r, run) in glyphRuns.enumerated() {
            var pen = run.originX
            for g in 0..<run.glyphCount {
                let extent: CGFloat
                switch lineAxis {
                case .horizontal: extent = run.advances[g].width
                case .vertical: extent = -run.advances[g].height
                }
                if along >= min(pen, pen + extent), along < max(pen, pen + extent) { return (r, g) }
                pen += extent
            }
        }
        return nil
    }

    /// The link of the glyph at `point` (relative to the line origin, y up), if it has one. Like
    /// a link label's `linkAtPoint:` over one line.
    public func link(at point: CGPoint) -> TextLink? {
        glyph(at: point).flatMap { glyphRuns[$0.run].attributes.link }
    }
}

extension Frame {
    /// Every link the frame shows, in text order: each stretch of characters with one link value
    /// (joined across lines and runs).
    public var links: [TextLinkHit] {
        var pieces: [(link: TextLink, range: Range<Int>)] = []
        for line in lines {
            for run in line.glyphRuns where !run.isTruncationToken {
                if let link = run.attributes.link { pieces.append((link, run.stringRange)) }
            }
        }
        pieces.sort { $0.range.lowerBound < $1.range.lowerBound }
        var hits: [TextLinkHit] = []
        for piece in pieces {
            if let last = hits.last, last.link == piece.link, piece.range.lowerBound <= last.range.upperBound {
                hits[hits.count - 1] = TextLinkHit(
                    link: last.link, range: last.range.lowerBound..<max(last.range.upperBound, piece.range.upperBound))
            } else {
                hits.append(TextLinkHit(link: piece.link, range: piece.range))
            }
        }
        return hits
    }

    /// The link under `point` (in the coordinates of the frame's path, y up, like `rect`): the
    /// glyph whose box holds it, on the line at that point, and the whole range of that link.
    /// Nil where there is no glyph or the glyph has no link. Like a link label's
    /// `linkAtPoint:` (TTTAttributedLabel), built on CTFrameGetLineOrigins and CTRunGetAttributes.
    public func link(at point: CGPoint) -> TextLinkHit? {
        guard let i = lineIndex(at: point) else { return nil }
        let origin = lineOrigins[i]
        let local = CGPoint(x: point.x - rect.minX - origin.x, y: point.y - rect.minY - origin.y)
        guard let (r, g) = lines[i].glyph(at: local), let link = lines[i].glyphRuns[r].attributes.link else {
            return nil
        }
        let index = lines[i].glyphRuns[r].stringIndices[g]
        return links.first { $0.link == link && $0.range.contains(index) }
    }

    /// The boxes of the glyphs of `range` on every line, in the coordinates of the frame's path
    /// (y up): what a link label fills to highlight a tapped link. See
    /// `Line.glyphRects(forStringRange:)`.
    public func glyphRects(forStringRange range: Range<Int>) -> [CGRect] {
        var rects: [CGRect] = []
        for (line, origin) in zip(lines, lineOrigins) where line.stringRange.overlaps(range) {
            for box in line.glyphRects(forStringRange: range) {
                rects.append(box.offsetBy(dx: rect.minX + origin.x, dy: rect.minY + origin.y))
            }
        }
        return rects
    }
}
