// Builds a Line from a shaped paragraph and a range: slices the paragraph's shaped items (shaping
// a piece again only where HarfBuzz flagged the break unsafe), applies bidi rule L1 to trailing
// whitespace, orders the pieces visually (rule L2) and positions their glyphs.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import GalleyUnicode

enum LineBuilder {
    /// The line for `range`, which lies inside `paragraph.span.range`, with its TABs as wide as
    /// `tabs` says (the shaper gives a TAB the space glyph at a space's advance).
    static func line(_ paragraph: ParagraphAnalysis, range: Range<Int>, text: AttributedText, tabs: TabLayout = .none) -> Line {
        let content = paragraph.content
        let glyphRange = max(range.lowerBound, content.lowerBound)..<max(
            min(range.upperBound, content.upperBound), max(range.lowerBound, content.lowerBound))
        var pieces: [ShapedItem] = []
        for item in paragraph.items where item.range.overlaps(glyphRange) {
            let lo = max(item.range.lowerBound, glyphRange.lowerBound)
            let hi = min(item.range.upperBound, glyphRange.upperBound)
            if lo == item.range.lowerBound && hi == item.range.upperBound {
                pieces.append(item)
            } else if (lo > item.range.lowerBound && unsafeToBreak(item, at: lo))
                || (hi < item.range.upperBound && unsafeToBreak(item, at: hi))
            {
                pieces.append(
                    ParagraphAnalysis.shape(
                        ParagraphAnalysis.spec(of: item), units: text.utf16, context: content, range: lo..<hi))
            } else {
                pieces.append(slice(item, lo..<hi))
            }
        }

        // Rule L1: trailing whitespace takes the paragraph level.
        let trimmedEnd = paragraph.endTrimmingWhitespace(glyphRange)
        if trimmedEnd < glyphRange.upperBound {
            var adjusted: [ShapedItem] = []
            for piece in pieces {
                if piece.level == paragraph.baseLevel || piece.range.upperBound <= trimmedEnd {
                    adjusted.append(piece)
                } else if piece.range.lowerBound >= trimmedEnd {
                    adjusted.append(relevel(piece, to: paragraph.baseLevel))
                } else {
                    adjusted.append(slice(piece, piece.range.lowerBound..<trimmedEnd))
                    adjusted.append(relevel(slice(piece, trimmedEnd..<piece.range.upperBound), to: paragraph.baseLevel))
                }
            }
            pieces = adjusted
        }

        // Rule L2: visual order of the pieces.
        let order = BidiParagraph.visualOrder(levels: pieces.map(\.level))
        var runs: [GlyphRun] = []
        runs.reserveCapacity(pieces.count)
        var x: CGFloat = 0
        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        var leading: CGFloat = 0
        for index in order {
            let piece = pieces[index]
            let n = piece.glyphs.count
            var positions = [CGPoint]()
            var advances = [CGSize]()
            positions.reserveCapacity(n)
            advances.reserveCapacity(n)
            let start = x
            let shift = baselineShift(piece.attributes, font: piece.font)
            for g in 0..<n {
                positions.append(CGPoint(x: x + piece.offsets[g].x, y: piece.offsets[g].y + shift))
                var advance = piece.advances[g]
                if !tabs.widths.isEmpty, let tab = tabs.widths[piece.clusters[g]] {
                    // The cluster's first glyph (in visual order) takes the TAB's width, others none.
                    let firstOfCluster = g == 0 || piece.clusters[g - 1] != piece.clusters[g]
                    advance = firstOfCluster ? tab : 0
                }
                advances.append(CGSize(width: advance, height: 0))
                x += advance
            }
            let run = GlyphRun(
                glyphs: piece.glyphs, positions: positions, advances: advances, stringIndices: piece.clusters,
                stringRange: piece.range, attributes: piece.attributes, font: piece.font, bidiLevel: piece.level,
                isPlaceholder: piece.isPlaceholder, originX: start, baselineShift: shift)
            let m = run.verticalMetrics
            ascent = max(ascent, m.ascent)
            descent = max(descent, m.descent)
            leading = max(leading, m.leading)
            runs.append(run)
        }
        if runs.isEmpty {
            // An empty line (an empty paragraph) takes the metrics of the font at its start.
            let font = paragraph.fallbackMetricsFont
            ascent = font.ascent
            descent = font.descent
            leading = font.leading
        }
        let trailing = tabs.width(of: trimmedEnd..<glyphRange.upperBound, in: paragraph)
        return Line(
            glyphRuns: runs, stringRange: range,
            typographicBounds: TypographicBounds(width: x, ascent: ascent, descent: descent, leading: leading),
            trailingWhitespaceWidth: min(trailing, x), paragraphLevel: paragraph.baseLevel,
            endsParagraph: range.upperBound >= paragraph.content.upperBound, units: text.utf16,
            visibleEnd: trimmedEnd)
    }

    /// How far a run with `attributes` in `font` sits above the baseline: the baseline offset
    /// (kCTBaselineOffsetAttributeName, points, positive up) plus, for a superscript level n > 0,
    /// n × the font's OS/2 superscript y offset, and for n < 0, |n| × its subscript y offset
    /// downward (kCTSuperscriptAttributeName). The glyphs keep their size, as with Cocoa's
    /// superscript attribute; smaller superscript text comes from a smaller font attribute
    /// (`Font.superscriptScale`).
    static func baselineShift(_ attributes: Attributes, font: Font) -> CGFloat {
        var shift = attributes.baselineOffset ?? 0
        if let level = attributes.superscript, level != 0 {
            shift += level > 0 ? CGFloat(level) * font.superscriptOffset : CGFloat(level) * font.subscriptOffset
        }
        return shift
    }

    /// Whether a break at `offset` inside `item` would change its shaping: true when no glyph
    /// starts a cluster there (the offset is inside a cluster) or HarfBuzz flagged the glyph
    /// HB_GLYPH_FLAG_UNSAFE_TO_BREAK.
    static func unsafeToBreak(_ item: ShapedItem, at offset: Int) -> Bool {
        guard let g = firstGlyph(of: item, atCluster: offset) else { return true }
        return item.unsafeToBreak[g]
    }

    /// The index of the logically first glyph whose cluster is `cluster`, by binary search
    /// (clusters are monotonic: increasing in a left-to-right item, decreasing in a right-to-left one).
    static func firstGlyph(of item: ShapedItem, atCluster cluster: Int) -> Int? {
        let clusters = item.clusters
        let rtl = item.isRightToLeft
        // Number of glyphs (from the visual start) whose cluster comes logically before `cluster`.
        var lo = 0
        var hi = clusters.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let before = rtl ? clusters[mid] > cluster : clusters[mid] < cluster
            if before { lo = mid + 1 } else { hi = mid }
        }
        if rtl {
            // In a right-to-left item the cluster's glyphs end just before index lo... find its last visual glyph.
            var last = lo
            while last < clusters.count, clusters[last] == cluster { last += 1 }
            return last > lo ? last - 1 : nil
        }
        return lo < clusters.count && clusters[lo] == cluster ? lo : nil
    }

    /// The glyphs of `item` whose clusters lie in `range`, without shaping again. Clusters are
    /// monotonic, so those glyphs are one contiguous block, found by binary search.
    static func slice(_ item: ShapedItem, _ range: Range<Int>) -> ShapedItem {
        let clusters = item.clusters
        let block: Range<Int>
        if item.isRightToLeft {
            block = partition(clusters) { $0 < range.upperBound }..<partition(clusters) { $0 < range.lowerBound }
        } else {
            block = partition(clusters) { $0 >= range.lowerBound }..<partition(clusters) { $0 >= range.upperBound }
        }
        let b = block.lowerBound..<max(block.lowerBound, block.upperBound)
        return ShapedItem(
            range: range, font: item.font, attributes: item.attributes, level: item.level, script: item.script,
            glyphs: Array(item.glyphs[b]), clusters: Array(item.clusters[b]), advances: Array(item.advances[b]),
            offsets: Array(item.offsets[b]), unsafeToBreak: Array(item.unsafeToBreak[b]))
    }

    /// The first index whose element satisfies `predicate`, which must be false then true along the array.
    static func partition(_ a: [Int], _ predicate: (Int) -> Bool) -> Int {
        var lo = 0
        var hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(a[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The same glyphs at another bidi level; when the direction changes, their visual order flips.
    static func relevel(_ item: ShapedItem, to level: UInt8) -> ShapedItem {
        let flip = (item.level & 1) != (level & 1)
        func order<T>(_ a: [T]) -> [T] { flip ? a.reversed() : a }
        return ShapedItem(
            range: item.range, font: item.font, attributes: item.attributes, level: level, script: item.script,
            glyphs: order(item.glyphs), clusters: order(item.clusters), advances: order(item.advances),
            offsets: order(item.offsets), unsafeToBreak: order(item.unsafeToBreak))
    }
}
