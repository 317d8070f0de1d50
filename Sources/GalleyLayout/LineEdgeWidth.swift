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
    func lineWidth(of range: Range<Int>, units: [UInt16]) -> CGFloat {
        let lo = max(range.lowerBound, content.lowerBound)
        let hi = min(range.upperBound, content.upperBound)
        guard hi > lo else { return 0 }
        var width = self.width(of: lo..<hi)
        let first = LineBuilder.firstItem(items, overlapping: lo)
        if first < items.count, items[first].range.lowerBound < lo, unsafe(items[first], at: lo) {
            let item = items[first]
            let end = safeOffset(in: item, after: lo, limit: min(hi, item.range.upperBound))
            width += reshapedWidth(item, lo..<end, units: units) - self.width(of: lo..<end)
            if end >= hi { return width }
        }
        let last = LineBuilder.firstItem(items, overlapping: hi - 1)
        if last < items.count, hi < items[last].range.upperBound, unsafe(items[last], at: hi) {
            let item = items[last]
            let start = safeOffset(in: item, before: hi, limit: max(lo, item.range.lowerBound))
            width += reshapedWidth(item, start..<hi, units: units) - self.width(of: start..<hi)
        }
        return width
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
