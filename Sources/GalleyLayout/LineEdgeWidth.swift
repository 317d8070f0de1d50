// The width a line from one break to another will have, for the breakers: the paragraph's prefix
// sums of shaped advances, except where an end of the line falls where HarfBuzz says a break
// changes the shaping: inside a glyph cluster (between the two f's of an "ff" ligature, at a
// hyphenation point or an emergency break), where the prefix sums count the whole cluster on one
// side and nothing on the other, or at a glyph flagged unsafe to break (a kerning pair, joining
// letters). The line is shaped again there (`LineBuilder.slices`), so that piece is here too.
import Foundation
import GalleyShaping

/// What one breaking pass has learned of a paragraph's unsafe line edges (where
/// `ParagraphAnalysis.safeToBreak` says a cut changes the shaping): the piece shaped again there
/// and how much it changes the prefix sums' width. A breaker asks for the same edge once per line
/// it tries (the optimal breaker for every pair of candidates), and shaping it again is most of
/// what measuring such a line costs, so each is shaped once per pass. A memo belongs to one
/// paragraph, its code units and one thread: make one per pass.
final class LineEdgeMemo {
    /// An edge's piece: where it is cut, the width it adds to the prefix sums', and the offset
    /// farthest from the edge that computing it looked at (`reach`). A line whose other end lies
    /// beyond `reach` gets the same piece; a closer one is measured afresh.
    struct Piece {
        let cut: Int
        let correction: CGFloat
        let reach: Int
    }

    /// Dense storage for a whole paragraph: `state[k]` for the line start at `base + k` and
    /// `state[count + k]` for the line end there, each 0 (not shaped again yet) or
    /// k > 0 (`pieces[k − 1]`). A raw buffer, not an array property, because a class's array
    /// would be checked for exclusive access on every look, which costs more than the look.
    private let state: UnsafeMutablePointer<Int32>
    private let count: Int
    private let base: Int
    /// The pieces remembered, `pieceCount` of `pieceCapacity` (a raw buffer for the same reason).
    private var pieces: UnsafeMutablePointer<Piece>
    private var pieceCount = 0
    private var pieceCapacity = 0
    /// The one line start a memo without dense storage (`count == 0`) keeps: greedy breaking
    /// tries one start against each end once, so only the start is asked for again.
    private var start: (offset: Int, piece: Piece)?
    /// The paragraph's `safeToBreak` (empty in a memo without dense storage).
    private let safe: [Bool]

    /// A memo for every edge of `paragraph`'s content (a pass over the whole paragraph). Where a
    /// break is safe is the paragraph's `safeToBreak`, read off its glyphs once; only an unsafe
    /// edge is ever shaped again and remembered here.
    init(_ paragraph: ParagraphAnalysis) {
        let content = paragraph.content
        base = content.lowerBound
        count = content.count + 1
        safe = paragraph.safeToBreak
        state = .allocate(capacity: 2 * count)
        state.initialize(repeating: 0, count: 2 * count)
        pieces = .allocate(capacity: 1)
    }

    /// A memo of one line's tries (greedy breaking): its start only. It allocates no storage
    /// (greedy breaking makes one per line): its buffers point at `LineEdgeMemo.none`, never read.
    init() {
        base = 0
        count = 0
        safe = []
        state = LineEdgeMemo.none
        pieces = LineEdgeMemo.noPieces
    }

    /// What a memo without dense storage points at: it never reads or writes through them.
    nonisolated(unsafe) private static let none = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    nonisolated(unsafe) private static let noPieces = UnsafeMutablePointer<Piece>.allocate(capacity: 1)

    deinit {
        guard count > 0 else { return }
        state.deallocate()
        pieces.deinitialize(count: pieceCount)
        pieces.deallocate()
    }

    /// What the edges of the line from `lo` to `hi` add to its prefix sums' width, when both
    /// were looked at already and their pieces hold for this line (a start's piece reaches less
    /// far than `hi`, an end's not as far back as `lo`); nil otherwise. The breakers' common
    /// case, answered from two reads.
    @inline(__always)
    func knownCorrection(_ lo: Int, _ hi: Int) -> (start: CGFloat, end: CGFloat)? {
        let (i, j) = (lo - base, hi - base)
        guard count > 0, i >= 0, j < count else { return nil }
        var correction: (start: CGFloat, end: CGFloat) = (0, 0)
        if !safe[i] {
            let start = state[i]
            guard start > 0 else { return nil }
            let piece = pieces[Int(start) - 1]
            guard piece.reach < hi else { return nil }
            correction.start = piece.correction
        }
        if !safe[j] {
            let end = state[count + j]
            guard end > 0 else { return nil }
            let piece = pieces[Int(end) - 1]
            guard piece.reach > lo else { return nil }
            correction.end = piece.correction
        }
        return correction
    }

    /// The piece remembered for the (unsafe) line start at `offset`.
    func leading(at offset: Int) -> Piece? {
        count == 0 ? (start?.offset == offset ? start?.piece : nil) : lookup(offset - base)
    }

    /// The piece remembered for the (unsafe) line end at `offset`.
    func trailing(at offset: Int) -> Piece? {
        count == 0 ? nil : lookup(offset - base, side: count)
    }

    /// Remembers the piece of the line start at `offset`.
    func setLeading(_ piece: Piece, at offset: Int) {
        if count == 0 { start = (offset, piece) } else { store(piece, offset - base) }
    }

    /// Remembers the piece of the line end at `offset` (a memo of one line's tries keeps no ends).
    func setTrailing(_ piece: Piece, at offset: Int) {
        if count > 0 { store(piece, offset - base, side: count) }
    }

    private func lookup(_ k: Int, side: Int = 0) -> Piece? {
        guard k >= 0, k < count else { return nil }
        let value = state[side + k]
        return value == 0 ? nil : pieces[Int(value) - 1]
    }

    private func store(_ piece: Piece, _ k: Int, side: Int = 0) {
        guard k >= 0, k < count else { return }
        if pieceCount == pieceCapacity {
            let capacity = max(16, 2 * pieceCapacity)
            let grown = UnsafeMutablePointer<Piece>.allocate(capacity: capacity)
            grown.moveInitialize(from: pieces, count: pieceCount)
            pieces.deallocate()
            pieces = grown
            pieceCapacity = capacity
        }
        (pieces + pieceCount).initialize(to: piece)
        pieceCount += 1
        state[side + k] = Int32(pieceCount)
    }
}

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
    /// CJK spacing at the line's edges (`edgeSpacing`) is counted too. With a `memo`, an edge
    /// already shaped again in this pass is not shaped again (the width is the same).
    func lineWidth(of range: Range<Int>, units: [UInt16], memo: LineEdgeMemo? = nil) -> CGFloat {
        var memo = memo
        return lineWidth(of: range, units: units, makingMemo: &memo, make: false)
    }

    /// `lineWidth(of:units:memo:)` with a memo made in `memo` the first time an edge is shaped
    /// again (most lines never shape one: they need none).
    func lineWidth(of range: Range<Int>, units: [UInt16], lazyMemo memo: inout LineEdgeMemo?) -> CGFloat {
        lineWidth(of: range, units: units, makingMemo: &memo, make: true)
    }

    @inline(__always)
    private func lineWidth(
        of range: Range<Int>, units: [UInt16], makingMemo memo: inout LineEdgeMemo?, make: Bool
    ) -> CGFloat {
        let lo = max(range.lowerBound, content.lowerBound)
        let hi = min(range.upperBound, content.upperBound)
        guard hi > lo else { return 0 }
        let base = content.lowerBound
        let shaped: CGFloat
        if safeToBreak[lo - base] && safeToBreak[hi - base] {
            // Both edges safe (the common case): the prefix sums' width, as shapedLineWidth gives it.
            shaped = width(of: lo..<hi)
        } else {
            if make, memo == nil { memo = LineEdgeMemo() }
            // Added in the order shapedLineWidth adds them, so the sum is the same to the last bit.
            shaped =
                memo?.knownCorrection(lo, hi).map { width(of: lo..<hi) + $0.start + $0.end }
                ?? shapedLineWidth(lo..<hi, units: units, memo: memo)
        }
        return hasCJKSpacing ? shaped + edgeSpacing(from: lo, visibleEnd: hi, units: units).widthChange : shaped
    }

    /// `lineWidth(of:units:memo:)` without the CJK edge spacing, for `lo..<hi` inside the content.
    private func shapedLineWidth(_ range: Range<Int>, units: [UInt16], memo: LineEdgeMemo?) -> CGFloat {
        let (lo, hi) = (range.lowerBound, range.upperBound)
        var width = self.width(of: lo..<hi)
        if let piece = leadingEdge(from: lo, to: hi, units: units, memo: memo) {
            width += piece.correction
            if piece.cut >= hi { return width }
        }
        if let piece = trailingEdge(from: lo, to: hi, units: units, memo: memo) { width += piece.correction }
        return width
    }

    /// The piece to shape again at the start `lo` of the line `lo..<hi`; nil when a break at
    /// `lo` is safe.
    private func leadingEdge(from lo: Int, to hi: Int, units: [UInt16], memo: LineEdgeMemo?) -> LineEdgeMemo.Piece? {
        if safeToBreak[lo - content.lowerBound] { return nil }
        let first = LineBuilder.firstItem(items, overlapping: lo)
        guard first < items.count else { return nil }
        let item = items[first]
        let limit = min(hi, item.range.upperBound)
        // A piece that never looked as far as the limit is the same for any farther one.
        if let piece = memo?.leading(at: lo), piece.reach < limit { return piece }
        let piece = leadingPiece(item, from: lo, limit: limit, units: units)
        if piece.reach < limit { memo?.setLeading(piece, at: lo) }
        return piece
    }

    /// The piece to shape again at the end `hi` of the line `lo..<hi`; nil when a break at `hi`
    /// is safe.
    private func trailingEdge(from lo: Int, to hi: Int, units: [UInt16], memo: LineEdgeMemo?) -> LineEdgeMemo.Piece? {
        if safeToBreak[hi - content.lowerBound] { return nil }
        let last = LineBuilder.firstItem(items, overlapping: hi - 1)
        guard last < items.count else { return nil }
        let item = items[last]
        let limit = max(lo, item.range.lowerBound)
        if let piece = memo?.trailing(at: hi), piece.reach > limit { return piece }
        let piece = trailingPiece(item, to: hi, limit: limit, units: units)
        if piece.reach > limit { memo?.setTrailing(piece, at: hi) }
        return piece
    }

    /// The piece of a line that starts at `lo` inside `item` to shape again, and its advance so
    /// shaped: from `lo` to the first offset `end` (up to `limit`) where the item may be cut
    /// safely and where the text shaped again from `lo` may be cut safely too. The second test
    /// matters: a safe place in the paragraph's shaping need not be one in the piece's, whose new
    /// start can make a ligature of its own ("of|fice" in DejaVu Serif: the paragraph's "ff" and
    /// "i" part safely, but "fice" shaped from the cut starts with an "fi" ligature).
    /// The piece's correction is its advance so shaped less the prefix sums' width of it; its
    /// reach is the end of the longest text shaped again, or `limit` when the search met it.
    private func leadingPiece(_ item: ShapedItem, from lo: Int, limit: Int, units: [UInt16]) -> LineEdgeMemo.Piece {
        var end = safeOffset(in: item, after: lo, limit: limit)
        while end < limit {
            let next = safeOffset(in: item, after: end, limit: limit)
            let piece = item.reshaped(lo..<next, units: units, context: content)
            if let advance = advance(of: piece, before: end) {
                return LineEdgeMemo.Piece(cut: end, correction: advance - width(of: lo..<end), reach: next)
            }
            end = next
        }
        let whole = reshapedWidth(item, lo..<limit, units: units)
        return LineEdgeMemo.Piece(cut: limit, correction: whole - width(of: lo..<limit), reach: limit)
    }

    /// The mirror of `leadingPiece` for a line ending at `hi` inside `item`: from the last offset
    /// `start` (down to `limit`) safe in both the item and the text shaped again up to `hi`.
    /// Its reach is the start of the longest text shaped again, or `limit` when the search met it.
    private func trailingPiece(_ item: ShapedItem, to hi: Int, limit: Int, units: [UInt16]) -> LineEdgeMemo.Piece {
        var start = safeOffset(in: item, before: hi, limit: limit)
        while start > limit {
            let previous = safeOffset(in: item, before: start, limit: limit)
            let piece = item.reshaped(previous..<hi, units: units, context: content)
            if let before = advance(of: piece, before: start) {
                let all = piece.storage.glyphs[piece.glyphRange].reduce(0) { $0 + $1.advance }
                return LineEdgeMemo.Piece(
                    cut: start, correction: all - before - width(of: start..<hi), reach: previous)
            }
            start = previous
        }
        let whole = reshapedWidth(item, limit..<hi, units: units)
        return LineEdgeMemo.Piece(cut: limit, correction: whole - width(of: limit..<hi), reach: limit)
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

    /// Whether `item` may be cut at `offset` (inside it) without shaping again: a glyph starts a
    /// cluster there and HarfBuzz did not flag it unsafe to break (`safeToBreak`).
    private func safe(_ item: ShapedItem, at offset: Int) -> Bool {
        safeToBreak[offset - content.lowerBound]
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
