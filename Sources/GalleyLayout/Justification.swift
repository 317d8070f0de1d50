// Justification: a line stretched (or squeezed) to a width by spreading the difference over its
// inter-word spaces, or over the gaps between clusters when it has no spaces (CJK, Thai).
import Foundation
import GalleyShaping
import GalleyVocabulary

extension Line {
    /// True for the code units that stretch when a line is justified: SPACE, NO-BREAK SPACE and
    /// IDEOGRAPHIC SPACE, as word separators.
    static func isJustifiableSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0xA0 || unit == 0x3000
    }

    /// Whether the character at `index` (of the line's paragraph) stretches when the line is
    /// justified (`isJustifiableSpace`), from the paragraph's unit classes.
    func isJustifiableSpace(at index: Int) -> Bool {
        paragraphText.unitClass(at: index).contains(.justifiable)
    }

    /// The most a paragraph's last line (or one ended by U+2028) may be shrunk when justified: a
    /// third of the advance of its visible justifiable spaces, TeX's interword shrink, which the
    /// last line keeps (only its stretch is infinite). A last line without spaces never shrinks.
    var lastLineShrink: CGFloat {
        var spaces: CGFloat = 0
        for run in glyphRuns where !run.isPlaceholder {
            for g in 0..<run.glyphCount {
                let i = run.stringIndices[g]
                guard i < visibleEnd, g == 0 || run.stringIndices[g - 1] != i, isJustifiableSpace(at: i) else {
                    continue
                }
                spaces += run.orientation.lineAxis.inlineExtent(run.advances[g])
            }
        }
        return spaces / 3 * (1 + 1e-9)
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

        // Opportunities, as flat glyph indices in visual order: the first glyph of each space
        // cluster in the visible part, and the last glyph of each visible cluster (clusters
        // counted within a run). Read through the runs' buffers and the paragraph's classes:
        // this looks at every glyph of every justified line.
        let classes = paragraphText.classes
        let classesStart = paragraphText.classesStart
        let justifiable = UnitClass.justifiable.rawValue
        var spaceGlyphs: [Int] = []
        var clusterEnds: [Int] = []
        clusterEnds.reserveCapacity(glyphCount)
        var flat = 0
        for r in glyphRuns.indices {
            let placeholder = glyphRuns[r].isPlaceholder
            glyphRuns[r].stringIndices.withUnsafeBufferPointer { indices in
                for g in 0..<indices.count {
                    let index = indices[g]
                    defer { flat += 1 }
                    guard index < visibleEnd else { continue }
                    if g + 1 == indices.count || indices[g + 1] != index { clusterEnds.append(flat) }
                    guard !placeholder, g == 0 || indices[g - 1] != index else { continue }
                    let k = index - classesStart
                    if k >= 0, k < classes.count, classes[k].rawValue & justifiable != 0 { spaceGlyphs.append(flat) }
                }
            }
        }
        let useSpaces = !spaceGlyphs.isEmpty
        let count = useSpaces ? spaceGlyphs.count : clusterEnds.count - 1
        guard count > 0 else { return self }
        let share = extra / CGFloat(count)

        // The extra goes to each space, or after each cluster but the visually last one, so the
        // line's visible edges stay where alignment puts them.
        var extras = [CGFloat](repeating: 0, count: flat)
        for g in useSpaces ? spaceGlyphs[...] : clusterEnds[..<count] { extras[g] = share }
        return reassembled(extraAdvances: extras)
    }

    /// The line assembled again from its own runs (in their visual order; each a `RunSource`),
    /// each glyph's advance grown by its entry of `extraAdvances`: the glyphs after it move along.
    func reassembled(extraAdvances: [CGFloat]) -> Line {
        let sources = glyphRuns.map { RunSource(run: $0) }
        let pieces = glyphRuns.indices.map { r in
            LinePiece.run(
                r, of: glyphRuns[r], range: glyphRuns[r].stringRange, isTruncationToken: glyphRuns[r].isTruncationToken)
        }
        var frame = LineFrame(
            stringRange: stringRange, paragraphLevel: paragraphLevel, endsParagraph: endsParagraph,
            paragraphText: paragraphText, visibleEnd: visibleEnd, trailingWhitespaceWidth: trailingWhitespaceWidth,
            emptyMetrics: .bounds(typographicBounds), lineAxis: lineAxis)
        frame.truncationTokenRange = truncationTokenRange
        frame.isHyphenated = isHyphenated
        var options = LineAssembly.Options()
        options.extraAdvances = extraAdvances
        return LineAssembly.line(
            pieces, order: Array(pieces.indices), sources: LinePieceSources(runs: sources), frame: frame,
            options: options)
    }
}
