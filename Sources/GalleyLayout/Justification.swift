// Justification: a line stretched (or squeezed) to a width by spreading the difference over its
// inter-word spaces, or over the gaps between clusters when it has no spaces (CJK, Thai).
import Foundation

extension Line {
    /// True for the code units that stretch when a line is justified: SPACE, NO-BREAK SPACE and
    /// IDEOGRAPHIC SPACE, as word separators.
    static func isJustifiableSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0xA0 || unit == 0x3000
    }

    /// A copy of the line whose visible part (trailing whitespace excluded) is `width` wide when
    /// `factor` ≥ 1, or moved that fraction of the way there for a factor between 0 and 1; a factor
    /// ≤ 0 (or NaN) returns the line unchanged. The difference goes to the inter-word spaces, or,
    /// in a line with none, evenly to the gaps between its clusters; a width below the line's
    /// squeezes the same way. A line of a single cluster cannot be justified and comes back as it
    /// is. Like CTLineCreateJustifiedLine (which may return NULL where this returns the line).
    public func justified(factor: CGFloat, width target: CGFloat) -> Line {
        guard factor > 0, target.isFinite else { return self }
        let visible = width - trailingWhitespaceWidth
        let extra = (target - visible) * min(factor, 1)
        guard extra != 0 else { return self }

        // Opportunities: the first glyph of each space cluster in the visible part.
        func isOpportunity(_ run: GlyphRun, _ g: Int, spaces: Bool) -> Bool {
            let index = run.stringIndices[g]
            guard index < visibleEnd, !run.isPlaceholder || !spaces else { return false }
            if g > 0 && run.stringIndices[g - 1] == index { return false }
            if spaces { return Line.isJustifiableSpace(units[index]) }
            return true
        }
        var spaces = 0
        var clusters = 0
        for run in glyphRuns {
            for g in run.glyphs.indices {
                if isOpportunity(run, g, spaces: true) { spaces += 1 }
                if isOpportunity(run, g, spaces: false) { clusters += 1 }
            }
        }
        let useSpaces = spaces > 0
        let count = useSpaces ? spaces : clusters - 1
        guard count > 0 else { return self }
        let share = extra / CGFloat(count)

        // Rebuild positions left to right. Between clusters the extra goes after each cluster but
        // the visually last one, so the line's visible edges stay where alignment puts them.
        var runs: [GlyphRun] = []
        var x: CGFloat = 0
        var given = 0
        for run in glyphRuns {
            var positions: [CGPoint] = []
            var advances: [CGSize] = []
            positions.reserveCapacity(run.glyphs.count)
            advances.reserveCapacity(run.glyphs.count)
            let start = x
            var oldPen = run.originX
            for g in run.glyphs.indices {
                let offset = run.positions[g].x - oldPen
                oldPen += run.advances[g].width
                positions.append(CGPoint(x: x + offset, y: run.positions[g].y))
                var advance = run.advances[g].width
                let lastGlyphOfCluster = g + 1 == run.glyphs.count || run.stringIndices[g + 1] != run.stringIndices[g]
                if useSpaces {
                    if isOpportunity(run, g, spaces: true) { advance += share; given += 1 }
                } else if lastGlyphOfCluster, run.stringIndices[g] < visibleEnd, given < count {
                    advance += share
                    given += 1
                }
                advances.append(CGSize(width: advance, height: 0))
                x += advance
            }
            runs.append(
                GlyphRun(
                    glyphs: run.glyphs, positions: RunValues(positions), advances: RunValues(advances),
                    stringIndices: run.stringIndices,
                    stringRange: run.stringRange, attributes: run.attributes, font: run.font,
                    bidiLevel: run.bidiLevel, isPlaceholder: run.isPlaceholder, originX: start,
                    isTruncationToken: run.isTruncationToken, baselineShift: run.baselineShift))
        }
        var bounds = typographicBounds
        bounds.width = x
        return Line(
            glyphRuns: runs, stringRange: stringRange, typographicBounds: bounds,
            trailingWhitespaceWidth: trailingWhitespaceWidth, paragraphLevel: paragraphLevel,
            endsParagraph: endsParagraph, units: units, visibleEnd: visibleEnd,
            truncationTokenRange: truncationTokenRange)
    }
}
