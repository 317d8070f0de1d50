// The width a line from one break to another will have, for the breakers: the paragraph's prefix
// sums of shaped advances, except where an end of the line falls where HarfBuzz says a break
// changes the shaping: inside a glyph cluster (between the two f's of an "ff" ligature, at a
// hyphenation point or an emergency break), where the prefix sums count the whole cluster on one
// side and nothing on the other, or at a glyph flagged unsafe to break (a kerning pair, joining
// letters). The line is shaped again there (`LineBuilder.slices`), so that piece is here too.
import Foundation
import GalleyShaping

extension ParagraphAnalysis {
    /// How far from an end inside a cluster a safe place to cut is looked for before the rest
    /// of the item is shaped with it.
    private static let safeSearchLimit = 8

    /// The width of the logical `range` (clamped to the content) of a text whose code units are
    /// `units`, as a line over it measures:
    /// `width(of:)`, with the piece from an end where a break is unsafe to the nearest place
    /// where HarfBuzz allows a break (a cluster start not flagged unsafe) shaped again on its
    /// own, as the line's piece is. HarfBuzz's guarantee that text cut where it is safe shapes
    /// the same makes the sum the line's width. Ends at cluster starts cost two lookups.
    /// CJK spacing at the line's edges (`edgeSpacing`) is counted too.
    func lineWidth(of range: Range<Int>, units: [UInt16]) -> CGFloat {
        let lo = max(range.lowerBound, content.lowerBound)
        let hi = min(range.upperBound, content.upperBound)
        guard hi > lo else { return 0 }
        let shaped = shapedLineWidth(lo..<hi, units: units)
        return hasCJKSpacing ? shaped + edgeSpacing(from: lo, visibleEnd: hi, units: units).widthChange : shaped
    }

    /// `lineWidth(of:units:)` without the CJK edge spacing, for `lo..<hi` inside the content.
    private func shapedLineWidth(_ range: Range<Int>, units: [UInt16]) -> CGFloat {
        let (lo, hi) = (range.lowerBound, range.upperBound)
        var width = self.width(of: lo..<hi)
        let first = LineBuilder.firstItem(items, overlapping: lo)
        if first < items.count, items[first].range.lowerBound < lo, unsafe(items[first], at: lo) {
            let (end, reshaped) = leadingPiece(
                items[first], from: lo, limit: min(hi, items[first].range.upperBound), units: units)
            width += reshaped - self.width(of: lo..<end)
            if end >= hi { return width }
        }
        let last = LineBuilder.firstItem(items, overlapping: hi - 1)
        if last < items.count, hi < items[last].range.upperBound, unsafe(items[last], at: hi) {
            let (start, reshaped) = trailingPiece(
                items[last], to: hi, limit: max(lo, items[last].range.lowerBound), units: units)
            width += reshaped - self.width(of: start..<hi)
        }
        return width
    }

    /// The piece of a line that starts at `lo` inside `item` to shape again, and its advance so
    /// shaped: from `lo` to the first offset `end` (up to `limit`) where the item may be cut
    /// safely and where the text shaped again from `lo` may be cut safely too. The second test
    /// matters: a safe place in the paragraph's shaping need not be one in the piece's, whose new
    /// start can make a ligature of its own ("of|fice" in DejaVu Serif: the paragraph's "ff" and
    /// "i" part safely, but "fice" shaped from the cut starts with an "fi" ligature).
    private func leadingPiece(_ item: ShapedItem, from lo: Int, limit: Int, units: [UInt16]) -> (Int, CGFloat) {
        var end = safeOffset(in: item, after: lo, limit: limit)
        while end < limit {
            let next = safeOffset(in: item, after: end, limit: limit)
            let piece = item.reshaped(lo..<next, units: units, context: content)
            if let advance = advance(of: piece, before: end) { return (end, advance) }
            end = next
        }
        return (limit, reshapedWidth(item, lo..<limit, units: units))
    }

    /// The mirror of `leadingPiece` for a line ending at `hi` inside `item`: from the last offset
    /// `start` (down to `limit`) safe in both the item and the text shaped again up to `hi`.
    private func trailingPiece(_ item: ShapedItem, to hi: Int, limit: Int, units: [UInt16]) -> (Int, CGFloat) {
        var start = safeOffset(in: item, before: hi, limit: limit)
        while start > limit {
            let previous = safeOffset(in: item, before: start, limit: limit)
            let piece = item.reshaped(previous..<hi, units: units, context: content)
            if let before = advance(of: piece, before: start) {
                let all = piece.storage.glyphs[piece.glyphRange].reduce(0) { $0 + $1.advance }
                return (start, all - before)
            }
            start = previous
        }
        return (limit, reshapedWidth(item, limit..<hi, units: units))
    }

    /// The advance of the glyphs of `piece` (shaped left to right or right to left) whose
    /// clusters start before `offset`, when a glyph cluster of the piece starts at `offset` and
    /// HarfBuzz did not flag it unsafe to break; nil otherwise.
    private func advance(of piece: ShapedItem, before offset: Int) -> CGFloat? {
        guard let g = LineBuilder.firstGlyph(of: piece, atCluster: offset), !piece.storage.glyphs[g].unsafeToBreak
        else { return nil }
        let base = piece.storage.base
        return piece.storage.glyphs[piece.glyphRange].reduce(0) {
            Int($1.cluster) + base < offset ? $0 + $1.advance : $0
        }
    }

    /// Whether a break at `offset` inside `item` changes its shaping (`LineBuilder.unsafeToBreak`).
    private func unsafe(_ item: ShapedItem, at offset: Int) -> Bool {
        !item.isPlaceholder && LineBuilder.unsafeToBreak(item, at: offset)
    }

    /// Whether `item` may be cut at `offset` without shaping again: a glyph starts a cluster
    /// there and HarfBuzz did not flag it unsafe to break.
    private func safe(_ item: ShapedItem, at offset: Int) -> Bool {
        guard let g = LineBuilder.firstGlyph(of: item, atCluster: offset) else { return false }
        return !item.storage.glyphs[g].unsafeToBreak
    }

    /// The first offset after `offset` up to `limit` where `item` may be cut safely (`limit`
    /// when none is within `safeSearchLimit` code units).
    private func safeOffset(in item: ShapedItem, after offset: Int, limit: Int) -> Int {
        var k = offset + 1
        while k < limit, k - offset <= ParagraphAnalysis.safeSearchLimit {
            if safe(item, at: k) { return k }
            k += 1
        }
        return limit
    }

    /// The last offset before `offset` down to `limit` where `item` may be cut safely (`limit`
    /// when none is within `safeSearchLimit` code units).
    private func safeOffset(in item: ShapedItem, before offset: Int, limit: Int) -> Int {
        var k = offset - 1
        while k > limit, offset - k <= ParagraphAnalysis.safeSearchLimit {
            if safe(item, at: k) { return k }
            k -= 1
        }
        return limit
    }

    /// The advance of `range` of `item` shaped again on its own (with the paragraph as context).
    private func reshapedWidth(_ item: ShapedItem, _ range: Range<Int>, units: [UInt16]) -> CGFloat {
        guard !range.isEmpty else { return 0 }
        let piece = item.reshaped(range, units: units, context: content)
        return piece.storage.glyphs[piece.glyphRange].reduce(0) { $0 + $1.advance }
    }
}
