// Tightening before truncation (UIKit's allowsDefaultTighteningForTruncation): a line slightly
// too long for its width has its inter-character spacing reduced, up to a small limit, so that
// it fits whole instead of being truncated.
import Foundation
import GalleyFonts
import GalleyText

extension Line {
    /// The paragraph style of the line's first character (CoreText takes a paragraph's style
    /// from its first character), nil when the line has no run with one.
    var paragraphStyle: ParagraphStyle? {
        firstRunIndex.flatMap { glyphRuns[$0].attributes.paragraphStyle }
    }

    /// The index of the run holding the line's first character (the lowest string index), found
    /// without copying a run: this is asked for every line a frame aligns.
    var firstRunIndex: Int? {
        guard var first = glyphRuns.indices.first else { return nil }
        for i in glyphRuns.indices.dropFirst()
        where glyphRuns[i].stringRange.lowerBound < glyphRuns[first].stringRange.lowerBound {
            first = i
        }
        return first
    }

    /// The line tightened to fit `width` when its paragraph style allows tightening for
    /// truncation and the excess can be taken from the gaps after its visible clusters (all but
    /// the visually last), each by at most `ParagraphStyle.maximumTruncationTightening` of its
    /// font size, in proportion to that limit; nil otherwise.
    func tightened(toFit width: CGFloat) -> Line? {
        guard paragraphStyle?.allowsDefaultTighteningForTruncation == true else { return nil }
        let excess = self.width - trailingWhitespaceWidth - width
        guard excess > 0 else { return nil }
        var limits: [CGFloat] = []
        limits.reserveCapacity(glyphCount)
        var lastClusterEnd = -1
        for run in glyphRuns {
            for g in run.glyphs.indices {
                let endsCluster = g + 1 == run.glyphs.count || run.stringIndices[g + 1] != run.stringIndices[g]
                let visible = run.stringIndices[g] < visibleEnd || run.isTruncationToken
                if endsCluster, visible {
                    limits.append(ParagraphStyle.maximumTruncationTightening * run.font.size)
                    lastClusterEnd = limits.count - 1
                } else {
                    limits.append(0)
                }
            }
        }
        guard lastClusterEnd >= 0 else { return nil }
        limits[lastClusterEnd] = 0
        let capacity = limits.reduce(0, +)
        guard capacity > 0, excess <= capacity else { return nil }
        let ratio = excess / capacity
        return reassembled(extraAdvances: limits.map { -$0 * ratio })
    }
}
