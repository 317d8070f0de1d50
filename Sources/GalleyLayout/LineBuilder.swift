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
        // Pieces refer to glyph blocks of the paragraph's items (or of items shaped again here)
        // by index, so no glyph array is copied until the runs are built.
        let items = paragraph.items
        var reshaped: [ShapedItem] = []
        var pieces: [Piece] = []
        pieces.reserveCapacity(4)
        var index = firstItem(items, overlapping: glyphRange.lowerBound)
        while index < items.count {
            let item = items[index]
            guard item.range.lowerBound < glyphRange.upperBound else { break }
            defer { index += 1 }
            guard item.range.overlaps(glyphRange) else { continue }
            let lo = max(item.range.lowerBound, glyphRange.lowerBound)
            let hi = min(item.range.upperBound, glyphRange.upperBound)
            if lo == item.range.lowerBound && hi == item.range.upperBound {
                pieces.append(Piece(source: index, glyphs: 0..<item.glyphs.count, range: item.range, level: item.level, flip: false))
            } else if (lo > item.range.lowerBound && unsafeToBreak(item, at: lo))
                || (hi < item.range.upperBound && unsafeToBreak(item, at: hi))
            {
                let again = ParagraphAnalysis.shape(
                    ParagraphAnalysis.spec(of: item), units: text.utf16, context: content, range: lo..<hi)
                reshaped.append(again)
                pieces.append(
                    Piece(source: -reshaped.count, glyphs: 0..<again.glyphs.count, range: lo..<hi, level: item.level, flip: false))
            } else {
                pieces.append(
                    Piece(source: index, glyphs: block(of: item, lo..<hi), range: lo..<hi, level: item.level, flip: false))
            }
        }
        func item(_ piece: Piece) -> ShapedItem {
            piece.source >= 0 ? items[piece.source] : reshaped[-piece.source - 1]
        }

        // Rule L1: trailing whitespace takes the paragraph level.
        let trimmedEnd = paragraph.endTrimmingWhitespace(glyphRange)
        if trimmedEnd < glyphRange.upperBound {
            var adjusted: [Piece] = []
            adjusted.reserveCapacity(pieces.count + 1)
            let base = paragraph.baseLevel
            for piece in pieces {
                if piece.level == base || piece.range.upperBound <= trimmedEnd {
                    adjusted.append(piece)
                } else if piece.range.lowerBound >= trimmedEnd {
                    adjusted.append(piece.releveled(to: base))
                } else {
                    let source = item(piece)
                    let head = piece.range.lowerBound..<trimmedEnd
                    let tail = trimmedEnd..<piece.range.upperBound
                    adjusted.append(
                        Piece(source: piece.source, glyphs: block(of: source, head), range: head, level: piece.level, flip: false))
                    adjusted.append(
                        Piece(source: piece.source, glyphs: block(of: source, tail), range: tail, level: piece.level, flip: false)
                            .releveled(to: base))
                }
            }
            pieces = adjusted
        }

        // Rule L2: visual order of the pieces.
        let order = pieces.count == 1 ? [0] : BidiParagraph.visualOrder(levels: pieces.map(\.level))
        var runs: [GlyphRun] = []
        runs.reserveCapacity(pieces.count)
        var x: CGFloat = 0
        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        var leading: CGFloat = 0
        let hasTabs = !tabs.widths.isEmpty
        for index in order {
            let piece = pieces[index]
            let source = item(piece)
            let b = piece.glyphs
            let n = b.count
            // Whole items in their own direction share the item's arrays.
            let whole = b.lowerBound == 0 && b.upperBound == source.glyphs.count
            let glyphs: [GlyphID]
            let clusters: [Int]
            if whole && !piece.flip {
                glyphs = source.glyphs
                clusters = source.clusters
            } else {
                var someGlyphs: [GlyphID] = []
                var someClusters: [Int] = []
                someGlyphs.reserveCapacity(n)
                someClusters.reserveCapacity(n)
                if piece.flip {
                    for g in b.reversed() {
                        someGlyphs.append(source.glyphs[g])
                        someClusters.append(source.clusters[g])
                    }
                } else {
                    someGlyphs.append(contentsOf: source.glyphs[b])
                    someClusters.append(contentsOf: source.clusters[b])
                }
                glyphs = someGlyphs
                clusters = someClusters
            }
            let start = x
            let shift = baselineShift(source.attributes, font: source.font)
            // Positions and advances are computed into scratch buffers in one pass, then copied
            // into arrays made with reserveCapacity (`Array(unsafeUninitializedCapacity:)` and
            // `Array(repeating:)` take an unspecialized allocation path costing ~700 instructions
            // an array; a per-glyph append costs more than the copy).
            let flip = piece.flip
            var positions: [CGPoint] = []
            var advances: [CGSize] = []
            positions.reserveCapacity(n)
            advances.reserveCapacity(n)
            withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: n) { outPositions in
                withUnsafeTemporaryAllocation(of: CGSize.self, capacity: n) { outAdvances in
                    source.advances.withUnsafeBufferPointer { sourceAdvances in
                        source.offsets.withUnsafeBufferPointer { sourceOffsets in
                            clusters.withUnsafeBufferPointer { clusters in
                                for k in 0..<n {
                                    let g = flip ? b.upperBound - 1 - k : b.lowerBound + k
                                    let offset = sourceOffsets[g]
                                    outPositions[k] = CGPoint(x: x + offset.x, y: offset.y + shift)
                                    var advance = sourceAdvances[g]
                                    if hasTabs, let tab = tabs.widths[clusters[k]] {
                                        // The cluster's first glyph (in visual order) takes the TAB's width, others none.
                                        let firstOfCluster = k == 0 || clusters[k - 1] != clusters[k]
                                        advance = firstOfCluster ? tab : 0
                                    }
                                    outAdvances[k] = CGSize(width: advance, height: 0)
                                    x += advance
                                }
                            }
                        }
                    }
                    positions.append(contentsOf: UnsafeBufferPointer(outPositions))
                    advances.append(contentsOf: UnsafeBufferPointer(outAdvances))
                }
            }
            let run = GlyphRun(
                glyphs: glyphs, positions: positions, advances: advances, stringIndices: clusters,
                stringRange: piece.range, attributes: source.attributes, font: source.font, bidiLevel: piece.level,
                isPlaceholder: source.isPlaceholder, originX: start, baselineShift: shift)
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

    /// A stretch of a line: a block of glyphs of one shaped item, at a bidi level.
    struct Piece {
        /// The item: `paragraph.items[source]` when ≥ 0, else the line's `reshaped[-source - 1]`.
        let source: Int
        /// The glyph indices in the item (visual order of the item).
        let glyphs: Range<Int>
        /// The UTF-16 range the piece covers.
        let range: Range<Int>
        let level: UInt8
        /// True when the glyphs are taken in reverse (the level's direction differs from the item's).
        let flip: Bool

        /// The same glyphs at another bidi level; when the direction changes, their visual order flips.
        func releveled(to newLevel: UInt8) -> Piece {
            let flips = (level & 1) != (newLevel & 1)
            return Piece(source: source, glyphs: glyphs, range: range, level: newLevel, flip: flip != flips)
        }
    }

    /// The index of the first item whose range ends after `offset` (items are in logical order
    /// and contiguous), by binary search.
    static func firstItem(_ items: [ShapedItem], overlapping offset: Int) -> Int {
        var lo = 0
        var hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].range.upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The indices of the glyphs of `item` whose clusters lie in `range`, without shaping again.
    /// Clusters are monotonic, so those glyphs are one contiguous block, found by binary search.
    static func block(of item: ShapedItem, _ range: Range<Int>) -> Range<Int> {
        let clusters = item.clusters
        let block: Range<Int>
        if item.isRightToLeft {
            block = partition(clusters) { $0 < range.upperBound }..<partition(clusters) { $0 < range.lowerBound }
        } else {
            block = partition(clusters) { $0 >= range.lowerBound }..<partition(clusters) { $0 >= range.upperBound }
        }
        return block.lowerBound..<max(block.lowerBound, block.upperBound)
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
}
