// Builds a Line from a shaped paragraph and a range: slices the paragraph's shaped items (shaping
// a piece again only where HarfBuzz flagged the break unsafe) and applies bidi rule L1 to
// trailing whitespace; LineAssembly orders the pieces visually and positions their glyphs.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import GalleyUnicode

enum LineBuilder {
    /// The line for `range`, which lies inside `paragraph.span.range`, with its TABs as wide as
    /// `tabs` says (the shaper gives a TAB the space glyph at a space's advance). The line keeps
    /// `paragraph.text` (its boundaries, unit classes and the shaper of its fonts). When
    /// `hyphenated`, the line ends inside a word and its last piece is shaped again with a
    /// hyphen after it.
    static func line(
        _ paragraph: ParagraphAnalysis, range: Range<Int>, text: AttributedText, tabs: TabLayout = .none,
        hyphenated: Bool = false
    ) -> Line {
        let content = paragraph.content
        let glyphRange =
            max(
                range.lowerBound, content.lowerBound)..<max(
                min(range.upperBound, content.upperBound), max(range.lowerBound, content.lowerBound))
        var (pieces, sources) = slices(of: paragraph, glyphRange, text: text)
        var showsHyphen = false
        if hyphenated, let last = pieces.last, last.range.upperBound == glyphRange.upperBound, !last.range.isEmpty {
            let item = sources[last.source]
            if HyphenGlyph.isShown(in: item) {
                let with = item.hyphenated(last.range, units: text.utf16, context: paragraph.content)
                sources = LinePieceSources(items: sources.items, extra: sources.extra + [with])
                pieces[pieces.count - 1] = LinePiece(
                    source: LinePieceSources.extraSource(sources.extra.count - 1), glyphs: with.glyphRange,
                    range: last.range, level: last.level)
                showsHyphen = true
            }
        }
        // Rule L1: trailing whitespace takes the paragraph level.
        let trimmedEnd = paragraph.endTrimmingWhitespace(glyphRange)
        var edges = LineEdgeSpacing.none
        if paragraph.hasCJKSpacing, !showsHyphen {
            edges = paragraph.edgeSpacing(from: glyphRange.lowerBound, visibleEnd: trimmedEnd, units: text.utf16)
            (pieces, sources) = applying(
                edges, to: pieces, sources: sources, start: glyphRange.lowerBound, visibleEnd: trimmedEnd)
        }
        if trimmedEnd < glyphRange.upperBound {
            pieces = relevelTrailingWhitespace(pieces, from: trimmedEnd, to: paragraph.baseLevel, sources: sources)
        }
        var frame = LineFrame(
            stringRange: range, paragraphLevel: paragraph.baseLevel,
            endsParagraph: range.upperBound >= paragraph.content.upperBound, paragraphText: paragraph.text,
            visibleEnd: trimmedEnd,
            trailingWhitespaceWidth: tabs.width(of: trimmedEnd..<glyphRange.upperBound, in: paragraph)
                + paragraph.lineTrailingTracking(
                    lineStart: glyphRange.lowerBound, visibleEnd: trimmedEnd, showsHyphen: showsHyphen),
            emptyMetrics: .font(paragraph.fallbackMetricsFont), lineAxis: paragraph.lineAxis)
        frame.isHyphenated = showsHyphen
        var options = LineAssembly.Options()
        options.tabs = tabs
        let line = LineAssembly.line(
            pieces, order: LineAssembly.visualOrder(pieces), sources: sources, frame: frame, options: options)
        // Custom attributes split the runs last: shaping and breaking never see them.
        return text.hasCustomAttributes ? line.withCustomAttributes(of: text) : line
    }

    /// The first paragraph of `text` as one line, analysed and shaped on its own by `shaper`
    /// (a truncation token, a ruby reading): the line a typesetter of `text` would make of that
    /// whole paragraph (TABs at its style's stops from offset 0), with no typesetter made.
    static func standaloneLine(_ text: AttributedText, shaper: TextShaper, lineAxis: LineAxis = .horizontal) -> Line {
        let paragraph = shaper.paragraph(of: text, lineAxis: lineAxis)
        let range = 0..<paragraph.span.range.upperBound
        let glyphEnd = min(range.upperBound, paragraph.content.upperBound)
        var tabs = TabLayout.none
        if paragraph.hasTabs {
            let stops = TabLayout.tabs(in: paragraph, units: text.utf16)
            if !stops.isEmpty {
                tabs = TabLayout(
                    paragraph: paragraph, style: ResolvedParagraphStyle(paragraph.style), tabs: stops,
                    range: 0..<max(0, glyphEnd), offset: 0, units: text.utf16)
            }
        }
        return line(paragraph, range: range, text: text, tabs: tabs)
    }

    /// The pieces of the paragraph's items that `glyphRange` covers, in logical order: whole
    /// items, blocks of items cut where HarfBuzz allows it, and items shaped again where it does
    /// not. Pieces refer to glyph blocks of the items by index, so no glyph is copied until the
    /// runs are built.
    static func slices(of paragraph: ParagraphAnalysis, _ glyphRange: Range<Int>, text: AttributedText)
        -> (pieces: [LinePiece], sources: LinePieceSources)
    {
        let items = paragraph.items
        // Where the shaping may be cut (`safeToBreak`) counts from the content's start.
        let base = paragraph.content.lowerBound
        var reshaped: [ShapedItem] = []
        var pieces: [LinePiece] = []
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
                pieces.append(LinePiece(source: index, glyphs: item.glyphRange, range: item.range, level: item.level))
            } else if !paragraph.safeToBreak[lo - base] || !paragraph.safeToBreak[hi - base] {
                let again = item.reshaped(lo..<hi, units: text.utf16, context: paragraph.content)
                reshaped.append(again)
                pieces.append(
                    LinePiece(
                        source: LinePieceSources.extraSource(reshaped.count - 1), glyphs: again.glyphRange,
                        range: lo..<hi, level: item.level))
            } else {
                pieces.append(
                    LinePiece(source: index, glyphs: block(of: item, lo..<hi), range: lo..<hi, level: item.level))
            }
        }
        return (pieces, LinePieceSources(items: items, extra: reshaped))
    }

    /// UAX #9 rule L1 on a line's pieces: whitespace from `trimmedEnd` on takes the paragraph's
    /// level `base`, a piece reaching into it at another level being split there. Only pieces at
    /// another level than the paragraph's that reach into the trailing whitespace change (none
    /// in a left-to-right line of left-to-right text).
    static func relevelTrailingWhitespace(
        _ pieces: [LinePiece], from trimmedEnd: Int, to base: UInt8, sources: LinePieceSources
    ) -> [LinePiece] {
        guard pieces.contains(where: { $0.level != base && $0.range.upperBound > trimmedEnd }) else { return pieces }
        var adjusted: [LinePiece] = []
        adjusted.reserveCapacity(pieces.count + 1)
        for piece in pieces {
            if piece.level == base || piece.range.upperBound <= trimmedEnd {
                adjusted.append(piece)
            } else if piece.range.lowerBound >= trimmedEnd {
                adjusted.append(piece.releveled(to: base))
            } else {
                let source = sources[piece.source]
                let head = piece.range.lowerBound..<trimmedEnd
                let tail = trimmedEnd..<piece.range.upperBound
                adjusted.append(
                    LinePiece(source: piece.source, glyphs: block(of: source, head), range: head, level: piece.level))
                adjusted.append(
                    LinePiece(source: piece.source, glyphs: block(of: source, tail), range: tail, level: piece.level)
                        .releveled(to: base))
            }
        }
        return adjusted
    }

    /// The index (in the item's glyph storage) of the logically first glyph whose cluster is
    /// `cluster`, by binary search (clusters are monotonic: increasing in a left-to-right item,
    /// decreasing in a right-to-left one).
    static func firstGlyph(of item: ShapedItem, atCluster cluster: Int) -> Int? {
        item.storage.glyphs.withUnsafeBufferPointer { firstGlyph(in: $0, of: item, atCluster: cluster) }
    }

    /// `firstGlyph(of:atCluster:)` over the item's storage `all`, read in place.
    @inline(__always)
    private static func firstGlyph(
        in all: UnsafeBufferPointer<ShapedGlyph>, of item: ShapedItem, atCluster cluster: Int
    ) -> Int? {
        let (start, end) = (item.glyphRange.lowerBound, item.glyphRange.upperBound)
        let rtl = item.level & 1 == 1
        // Clusters in the storage count from its base.
        let target = Int32(cluster - item.storage.base)
        // Whether glyph i (in visual order) does not come logically before `cluster`: false,
        // then true along the item.
        @inline(__always) func atOrAfter(_ i: Int) -> Bool { rtl ? all[i].cluster <= target : all[i].cluster >= target }
        // The first glyph (from the visual start) whose cluster does not come logically before
        // `cluster`; with one glyph per code unit it is at `guess`.
        let guess = rtl ? start + item.range.upperBound - 1 - cluster : start + cluster - item.range.lowerBound
        var lo: Int
        if guess >= start, guess <= end, guess == end || atOrAfter(guess), guess == start || !atOrAfter(guess - 1) {
            lo = guess
        } else {
            lo = start
            var hi = end
            while lo < hi {
                let mid = (lo + hi) / 2
                if atOrAfter(mid) { hi = mid } else { lo = mid + 1 }
            }
        }
        if rtl {
            // In a right-to-left item the cluster's glyphs start at lo; its logically first glyph
            // is the visually last of them.
            var last = lo
            while last < end, all[last].cluster == target { last += 1 }
            return last > lo ? last - 1 : nil
        }
        return lo < end && all[lo].cluster == target ? lo : nil
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
            block =
                partition(glyphs, guess: start + upper - range.upperBound) {
                    $0.cluster < to
                }..<partition(glyphs, guess: start + upper - range.lowerBound) { $0.cluster < from }
        } else {
            let lower = item.range.lowerBound
            block =
                partition(glyphs, guess: start + range.lowerBound - lower) {
                    $0.cluster >= from
                }..<partition(glyphs, guess: start + range.upperBound - lower) { $0.cluster >= to }
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
