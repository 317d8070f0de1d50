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
        // by index into the item's glyph storage, so no glyph is copied until the runs are built.
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
                pieces.append(Piece(source: index, glyphs: item.glyphRange, range: item.range, level: item.level, flip: false))
            } else if (lo > item.range.lowerBound && unsafeToBreak(item, at: lo))
                || (hi < item.range.upperBound && unsafeToBreak(item, at: hi))
            {
                let again = ParagraphAnalysis.shape(
                    ParagraphAnalysis.spec(of: item), units: text.utf16, context: content, range: lo..<hi)
                reshaped.append(again)
                pieces.append(
                    Piece(source: -reshaped.count, glyphs: again.glyphRange, range: lo..<hi, level: item.level, flip: false))
            } else {
                pieces.append(
                    Piece(
                        source: index, glyphs: block(of: item, lo..<hi), range: lo..<hi, level: item.level,
                        flip: false))
            }
        }
        let shapedAgain = reshaped
        func item(_ piece: Piece) -> ShapedItem {
            piece.source >= 0 ? items[piece.source] : shapedAgain[-piece.source - 1]
        }

        // Rule L1: trailing whitespace takes the paragraph level.
        let trimmedEnd = paragraph.endTrimmingWhitespace(glyphRange)
        let base = paragraph.baseLevel
        // Only pieces at another level than the paragraph's that reach into the trailing
        // whitespace change (none in a left-to-right line of left-to-right text).
        if trimmedEnd < glyphRange.upperBound,
            pieces.contains(where: { $0.level != base && $0.range.upperBound > trimmedEnd })
        {
            var adjusted: [Piece] = []
            adjusted.reserveCapacity(pieces.count + 1)
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
                        Piece(
                            source: piece.source, glyphs: block(of: source, head), range: head, level: piece.level,
                            flip: false))
                    adjusted.append(
                        Piece(
                            source: piece.source, glyphs: block(of: source, tail), range: tail, level: piece.level,
                            flip: false
                        ).releveled(to: base))
                }
            }
            pieces = adjusted
        }

        // Rule L2: visual order of the pieces.
        let order = pieces.count == 1 ? [0] : BidiParagraph.visualOrder(levels: pieces.map(\.level))
        // The glyph values of all runs go into one array of each kind for the whole line, each
        // run a stretch of them (see `LineGlyphScratch`); the runs are made once they are complete.
        let total = pieces.reduce(0) { $0 + $1.glyphs.count }
        var x: CGFloat = 0
        var runs: [GlyphRun] = []
        runs.reserveCapacity(order.count)
        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        var leading: CGFloat = 0
        // Per run, in visual order: where its values are, its pen start and its baseline shift.
        typealias Placed = (values: Range<Int>, originX: CGFloat, shift: CGFloat)
        withUnsafeTemporaryAllocation(of: Placed.self, capacity: order.count) { placed in
            let values = LineGlyphScratch.collect(count: total) { scratch in
                for (r, index) in order.enumerated() {
                    let source = item(pieces[index])
                    let start = x
                    let shift = baselineShift(source.attributes, font: source.font)
                    let range = scratch.append(
                        pieces[index].glyphs, of: source.storage, reversed: pieces[index].flip, shift: shift,
                        tabs: tabs, x: &x)
                    placed[r] = (range, start, shift)
                }
            }
            for (r, index) in order.enumerated() {
                let piece = pieces[index]
                let source = item(piece)
                let (range, originX, shift) = placed[r]
                let run = GlyphRun(
                    glyphs: RunValues(values.glyphs, range: range), positions: RunValues(values.positions, range: range),
                    advances: RunValues(values.advances, range: range),
                    stringIndices: RunValues(values.stringIndices, range: range), stringRange: piece.range,
                    attributes: source.attributes, font: source.font, bidiLevel: piece.level,
                    isPlaceholder: source.isPlaceholder, originX: originX, baselineShift: shift)
                let m = run.verticalMetrics
                ascent = max(ascent, m.ascent)
                descent = max(descent, m.descent)
                leading = max(leading, m.leading)
                runs.append(run)
            }
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
        return item.storage.glyphs[g].unsafeToBreak
    }

    /// The index (in the item's glyph storage) of the logically first glyph whose cluster is
    /// `cluster`, by binary search (clusters are monotonic: increasing in a left-to-right item,
    /// decreasing in a right-to-left one).
    static func firstGlyph(of item: ShapedItem, atCluster cluster: Int) -> Int? {
        let glyphs = item.storage.glyphs[item.glyphRange]
        let rtl = item.isRightToLeft
        // Clusters in the storage count from its base.
        let target = Int32(cluster - item.storage.base)
        // The first glyph (from the visual start) whose cluster does not come logically before
        // `cluster`; with one glyph per code unit it is at `guess`.
        let start = glyphs.startIndex
        let lo =
            rtl
            ? partition(glyphs, guess: start + item.range.upperBound - 1 - cluster) { $0.cluster <= target }
            : partition(glyphs, guess: start + cluster - item.range.lowerBound) { $0.cluster >= target }
        if rtl {
            // In a right-to-left item the cluster's glyphs start at lo; its logically first glyph
            // is the visually last of them.
            var last = lo
            while last < glyphs.endIndex, glyphs[last].cluster == target { last += 1 }
            return last > lo ? last - 1 : nil
        }
        return lo < glyphs.endIndex && glyphs[lo].cluster == target ? lo : nil
    }

    /// A stretch of a line: a block of glyphs of one shaped item, at a bidi level.
    struct Piece {
        /// The item: `paragraph.items[source]` when ≥ 0, else the line's `reshaped[-source - 1]`.
        let source: Int
        /// The glyph indices in the item's storage (visual order of the item).
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

    /// The indices (in the item's glyph storage) of the glyphs of `item` whose clusters lie in
    /// `range`, without shaping again. Clusters are monotonic, so those glyphs are one contiguous
    /// block, found by binary search.
    static func block(of item: ShapedItem, _ range: Range<Int>) -> Range<Int> {
        let glyphs = item.storage.glyphs[item.glyphRange]
        // Clusters in the storage count from its base.
        let from = Int32(range.lowerBound - item.storage.base)
        let to = Int32(range.upperBound - item.storage.base)
        // With one glyph per code unit the block's ends are where `guess` says.
        let start = glyphs.startIndex
        let block: Range<Int>
        if item.isRightToLeft {
            let upper = item.range.upperBound
            block = partition(glyphs, guess: start + upper - range.upperBound) { $0.cluster < to }
                ..< partition(glyphs, guess: start + upper - range.lowerBound) { $0.cluster < from }
        } else {
            let lower = item.range.lowerBound
            block = partition(glyphs, guess: start + range.lowerBound - lower) { $0.cluster >= from }
                ..< partition(glyphs, guess: start + range.upperBound - lower) { $0.cluster >= to }
        }
        return block.lowerBound..<max(block.lowerBound, block.upperBound)
    }

    /// The first index of `a` whose element satisfies `predicate` (false then true along `a`),
    /// trying `guess` first: when it is right (as it is for text shaped one glyph per code unit)
    /// that costs two comparisons instead of a binary search.
    static func partition<Element>(_ a: ArraySlice<Element>, guess: Int, _ predicate: (Element) -> Bool) -> Int {
        if guess >= a.startIndex, guess <= a.endIndex, guess == a.endIndex || predicate(a[guess]),
            guess == a.startIndex || !predicate(a[guess - 1])
        {
            return guess
        }
        return partition(a, predicate)
    }

    /// The first index of `a` whose element satisfies `predicate`, which must be false then true
    /// along the array (`a.count` if none does).
    static func partition(_ a: [Int], _ predicate: (Int) -> Bool) -> Int {
        partition(a[...], predicate)
    }

    /// The first index of `a` whose element satisfies `predicate`, which must be false then true
    /// along it (`a.endIndex` if none does).
    static func partition<Element>(_ a: ArraySlice<Element>, _ predicate: (Element) -> Bool) -> Int {
        var lo = a.startIndex
        var hi = a.endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(a[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
