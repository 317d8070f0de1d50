// Carets, hit testing and selection on a line: CTLineGetOffsetForStringIndex (primary and
// secondary carets at bidi boundaries), CTLineGetStringIndexForPosition, CTLineEnumerateCaretOffsets,
// and the rectangles that highlight a selected range. Carets stop only at extended grapheme
// cluster boundaries (UAX #29); a glyph cluster holding several graphemes (a ligature such as
// Arabic lam-alef or "ffi") shares its advance equally among them.
import Foundation
import GalleyShaping
import GalleyUnicode
import Synchronization

/// A caret position for a string index: the primary caret and, at a direction boundary, the
/// secondary one. Like the two results of CTLineGetOffsetForStringIndex.
public struct CaretOffset: Sendable, Hashable {
    /// The caret for a character whose direction matches the line's (paragraph) direction.
    public let primary: CGFloat
    /// The other caret at a bidi boundary; equal to `primary` when one caret is enough.
    public let secondary: CGFloat

    /// Creates a caret offset.
    public init(primary: CGFloat, secondary: CGFloat) {
        self.primary = primary
        self.secondary = secondary
    }
}

extension Line {
    /// The primary and secondary caret x for the insertion point before `index`, relative to the
    /// line origin. Like CTLineGetOffsetForStringIndex.
    ///
    /// In a vertical line (``lineAxis`` `.vertical`) the offsets are distances DOWN the line from its origin
    /// (the top of the centre line), positive, along the inline axis as x is for a horizontal
    /// line: the caret is at (0, −offset) in line coordinates, as CoreText's offsets in a vertical
    /// frame are along the line.
    ///
    /// The primary caret is where a character of the paragraph's direction typed at `index` would
    /// appear, the secondary where one of the opposite direction would. Such a character takes the
    /// paragraph's embedding level (UAX #9), so it follows the character before `index` directly only
    /// when that character is at the paragraph level too (or `index` starts the line): then the
    /// primary caret is that character's trailing edge (or the line's start edge) and the secondary
    /// the leading edge of the character at `index`. After a character of a deeper level (the other
    /// direction, or numbers after right-to-left text) it lands past that embedded sequence, at the
    /// leading edge of the character at `index` (at the line's end, the line's end edge: its right
    /// end in a left-to-right paragraph, its left end in a right-to-left one), and the secondary is
    /// the trailing edge of the character before. Both are equal inside a run of one direction. This
    /// is Pango's strong/weak cursor rule, with levels instead of directions so that European
    /// numbers after right-to-left text in a left-to-right paragraph (level 2) count as embedded.
    ///
    /// Indices outside the line's glyphs are clamped to them; an index inside a grapheme cluster (a
    /// surrogate pair, a base with its marks, an emoji sequence) means that cluster's start. An
    /// empty line answers 0.
    public func offset(forStringIndex index: Int) -> CaretOffset {
        guard let map = caretMap else { return CaretOffset(primary: 0, secondary: 0) }
        return map.carets(at: map.snap(index))
    }

    /// The insertion index nearest to `position` (only x matters), relative to the line origin.
    /// Like CTLineGetStringIndexForPosition.
    ///
    /// The result is always a grapheme cluster boundary between the first index of the line's
    /// glyphs and the end of its last cluster (never inside a surrogate pair or a cluster). It is
    /// the index whose caret — primary or secondary, as `offset(forStringIndex:)` gives them — is
    /// nearest to x; when a primary and a secondary caret are equally near, the primary one wins,
    /// so hitting a primary caret gives back its index (or one whose primary caret is at the same
    /// x), and equal distances otherwise go to the lower index. Points left or right of the line
    /// act like its edges; NaN acts like 0. An empty line answers its range's start.
    ///
    /// In a vertical line only y matters: the point's distance down the line, −y, plays x's part
    /// (the offsets are those of `offset(forStringIndex:)`, down the line).
    public func stringIndex(for position: CGPoint) -> Int {
        guard let map = caretMap else { return stringRange.lowerBound }
        let along: CGFloat =
            switch lineAxis {
            case .horizontal: position.x
            case .vertical: -position.y
            }
        let x = along.isNaN ? 0 : min(max(along, 0), map.width)
        var best = map.stops[0]
        var bestDistance = CGFloat.infinity
        var bestIsPrimary = false
        for stop in map.stops {
            let caret = map.carets(at: stop)
            let dp = abs(caret.primary - x)
            let ds = abs(caret.secondary - x)
            let d = min(dp, ds)
            let isPrimary = dp <= ds
            if d < bestDistance - CaretMap.epsilon
                || (abs(d - bestDistance) <= CaretMap.epsilon && isPrimary && !bestIsPrimary)
            {
                best = stop
                bestDistance = d
                bestIsPrimary = isPrimary
            }
        }
        return best
    }

    /// Calls `body` once for each logical caret edge of each grapheme cluster of the line, in
    /// left-to-right visual order, as CTLineEnumerateCaretOffsets does: every cluster gets one call
    /// for its leading edge (`leadingEdge` true: the edge before it in logical order, its left edge
    /// when it runs left to right, its right edge when it runs right to left) and one for its
    /// trailing edge, with `stringIndex` the cluster's first UTF-16 index. Visiting left to right,
    /// a left-to-right cluster gives its leading then its trailing edge, a right-to-left one its
    /// trailing then its leading edge, so the offsets never decrease. Set `stop` to end early.
    /// In a vertical line, "left to right" is top to bottom and the offsets are distances down
    /// the line, as in `offset(forStringIndex:)`.
    public func enumerateCaretOffsets(
        _ body: (_ offset: CGFloat, _ stringIndex: Int, _ leadingEdge: Bool, _ stop: inout Bool) -> Void
    ) {
        guard let map = caretMap else { return }
        var stop = false
        for segment in map.segments {
            let index = segment.range.lowerBound
            body(segment.left, index, !segment.isRightToLeft, &stop)
            if stop { return }
            body(segment.right, index, segment.isRightToLeft, &stop)
            if stop { return }
        }
    }

    /// The rectangles that highlight the UTF-16 `range` on this line, relative to the line origin
    /// (y up, from −descent to ascent): one per visually contiguous piece, ordered left to right. A
    /// range crossing a direction boundary gives several pieces. A grapheme cluster is highlighted
    /// when the range overlaps it; the range is clipped to the line's glyphs (the paragraph
    /// separator has none), so a range outside the line gives no rectangle. Selecting the whole
    /// line covers [0, width]; its trailing whitespace sits at the paragraph's end side (UAX #9
    /// rule L1), so without it the highlight is [0, width − trailingWhitespaceWidth] in a
    /// left-to-right paragraph and [trailingWhitespaceWidth, width] in a right-to-left one.
    ///
    /// In a vertical line each rectangle spans the column's width, x from −descent (left of the
    /// centre line) to ascent (right of it), and the piece's extent down the line: from
    /// y = −bottom to y = −top, where top and bottom are distances down the line as
    /// `offset(forStringIndex:)` gives them; pieces are ordered top to bottom.
    public func selectionRects(for range: Range<Int>) -> [CGRect] {
        guard let map = caretMap else { return [] }
        var pieces: [(left: CGFloat, right: CGFloat)] = []
        for segment in map.segments where segment.range.overlaps(range) {
            if let last = pieces.last, abs(last.right - segment.left) <= CaretMap.epsilon {
                pieces[pieces.count - 1].right = max(last.right, segment.right)
            } else {
                pieces.append((segment.left, segment.right))
            }
        }
        return pieces.map {
            lineAxis.box(inlineStart: $0.left, extent: $0.right - $0.left, ascent: ascent, descent: descent, shift: 0)
        }
    }
}

/// One grapheme cluster's part of one run (a whole cluster, or its share of a ligature), with its
/// extent in line coordinates.
struct CaretSegment: Sendable {
    /// The UTF-16 range, in logical order.
    let range: Range<Int>
    /// The left and right edges relative to the line origin (in a vertical line, the top and
    /// bottom edges as distances down the line).
    let left: CGFloat
    let right: CGFloat
    /// The bidi level of the run that holds it.
    let level: UInt8
    /// The direction of the run that holds it.
    var isRightToLeft: Bool { level & 1 == 1 }
    /// The edge before it in logical order.
    var leadingX: CGFloat { isRightToLeft ? right : left }
    /// The edge after it in logical order.
    var trailingX: CGFloat { isRightToLeft ? left : right }
}

extension Line {
    /// The line's caret map: built on the first caret question and kept by the line (and its
    /// copies), so that asking for the caret of every index of a line takes linear time.
    var caretMap: CaretMap? {
        if let box = builtCaretMap { return box.map }
        return storage.caretMapSlot.storeIfNil(CaretMapBox(CaretMap(self))).map
    }

    /// The caret map's box once a caret question has built it; nil before (a look, no build).
    var builtCaretMap: CaretMapBox? { storage.caretMapSlot.load() }
}

/// A caret map (nil for a line without runs), boxed for the `AtomicLazyReference` of the line's
/// storage. Lines are immutable, so the map never goes stale. There is no lock: the map is
/// published once, atomically (two threads asking at once may both build it; one copy wins and
/// both answer from equal maps).
final class CaretMapBox: Sendable {
    let map: CaretMap?
    init(_ map: CaretMap?) { self.map = map }
}

/// The caret geometry of a line, computed from its runs and the grapheme cluster boundaries of
/// its text (once per line: see `Line.caretMap`).
struct CaretMap: Sendable {
    /// Tolerance for comparing caret positions.
    static let epsilon: CGFloat = 1e-9

    /// The first index of the line's glyphs and the end of the last cluster.
    let start: Int
    let end: Int
    /// The caret stops: grapheme cluster boundaries from `start` to `end`, both included.
    let stops: [Int]
    /// Every cluster piece, in visual order, left to right.
    let segments: [CaretSegment]
    /// Segment positions by their range's lower and upper bound (offset by `start`; −1 for none).
    let startingAt: [Int]
    let endingAt: [Int]
    /// The paragraph's embedding level, and whether it is right-to-left.
    let paragraphLevel: UInt8
    var isRightToLeft: Bool { paragraphLevel & 1 == 1 }
    /// The line's width.
    let width: CGFloat

    /// The map of `line`, or nil when it has no runs.
    init?(_ line: Line) {
        guard let first = line.glyphRuns.map(\.stringRange.lowerBound).min(),
            let last = line.glyphRuns.map(\.stringRange.upperBound).max()
        else { return nil }
        start = first
        end = max(first, last)
        // The paragraph's grapheme boundaries, not found again in the text.
        stops = line.paragraphText.boundaries(in: start..<end)
        paragraphLevel = line.paragraphLevel
        width = line.width
        var segments: [CaretSegment] = []
        for run in line.glyphRuns {
            segments.append(contentsOf: Self.segments(of: run, stops: stops))
        }
        self.segments = segments
        var startingAt = [Int](repeating: -1, count: end - start + 1)
        var endingAt = startingAt
        for (i, segment) in segments.enumerated() {
            let lo = segment.range.lowerBound - start
            let hi = segment.range.upperBound - start
            if lo >= 0, lo < startingAt.count { startingAt[lo] = i }
            if hi >= 0, hi < endingAt.count { endingAt[hi] = i }
        }
        self.startingAt = startingAt
        self.endingAt = endingAt
    }

    /// The stop at or before `index`, after clamping it to the line.
    func snap(_ index: Int) -> Int {
        let i = min(max(index, start), end)
        let after = LineBuilder.partition(stops) { $0 > i }
        return after > 0 ? stops[after - 1] : start
    }

    /// The primary and secondary carets at stop `i` (see `Line.offset(forStringIndex:)`).
    func carets(at i: Int) -> CaretOffset {
        // The trailing edge of the cluster before i, and its level.
        var x1 = isRightToLeft ? width : 0
        var level1 = paragraphLevel
        if i > start, i <= end, case let s = endingAt[i - start], s >= 0 {
            x1 = segments[s].trailingX
            level1 = segments[s].level
        }
        // The leading edge of the cluster at i.
        var x2 = isRightToLeft ? 0 : width
        if i >= start, i < end, case let s = startingAt[i - start], s >= 0 { x2 = segments[s].leadingX }
        return level1 == paragraphLevel
            ? CaretOffset(primary: x1, secondary: x2) : CaretOffset(primary: x2, secondary: x1)
    }

    /// The run's glyph clusters (their first UTF-16 index) in logical order, and the total advance
    /// of each; one empty cluster at the run's start when it has no glyphs. HarfBuzz gives cluster
    /// values in increasing glyph order for a left-to-right run and decreasing for a right-to-left
    /// one, so this is one pass; other orders are sorted.
    private static func clusterWidths(of run: GlyphRun) -> (clusters: [Int], widths: [CGFloat]) {
        let count = min(run.stringIndices.count, run.advances.count)
        var pairs: [(index: Int, width: CGFloat)] = []
        pairs.reserveCapacity(count)
        // Along the line: a vertical run's advances are (0, −extent).
        let axis = run.orientation.lineAxis
        for g in 0..<count {
            pairs.append((run.stringIndices[g], axis.inlineExtent(run.advances[g])))
        }
        if pairs.count > 1, pairs[0].index > pairs[pairs.count - 1].index { pairs.reverse() }
        if !zip(pairs, pairs.dropFirst()).allSatisfy({ $0.index <= $1.index }) {
            pairs.sort { $0.index < $1.index }
        }
        var clusters: [Int] = []
        var widths: [CGFloat] = []
        for pair in pairs {
            if let last = clusters.last, last == pair.index {
                widths[widths.count - 1] += pair.width
            } else {
                clusters.append(pair.index)
                widths.append(pair.width)
            }
        }
        if clusters.isEmpty { return ([run.stringRange.lowerBound], [0]) }
        return (clusters, widths)
    }

    /// The pieces of `run` between consecutive caret stops (and the run's own ends), in visual order.
    static func segments(of run: GlyphRun, stops: [Int]) -> [CaretSegment] {
        let r = run.stringRange
        guard !r.isEmpty else { return [] }
        // The boundaries inside the run, both ends included.
        var bounds = [r.lowerBound]
        var k = LineBuilder.partition(stops) { $0 > r.lowerBound }
        while k < stops.count, stops[k] < r.upperBound {
            bounds.append(stops[k])
            k += 1
        }
        bounds.append(r.upperBound)

        // Glyph clusters in logical order with their total advances.
        let (clusters, widths) = clusterWidths(of: run)

        // The advance before each boundary, in logical order; a cluster holding several
        // boundaries shares its advance equally among the pieces they cut it into.
        var before: [CGFloat] = []
        before.reserveCapacity(bounds.count)
        var acc: CGFloat = 0
        var b = 0
        for (c, clusterStart) in clusters.enumerated() {
            let clusterEnd = c + 1 < clusters.count ? clusters[c + 1] : r.upperBound
            let w = widths[c]
            while b < bounds.count, bounds[b] <= clusterStart {
                before.append(acc)
                b += 1
            }
            var interior = 0
            while b + interior < bounds.count, bounds[b + interior] < clusterEnd { interior += 1 }
            for j in 0..<interior { before.append(acc + w * CGFloat(j + 1) / CGFloat(interior + 1)) }
            b += interior
            acc += w
        }
        while b < bounds.count {
            before.append(acc)
            b += 1
        }

        let rtl = run.isRightToLeft
        let x = before.map { rtl ? run.originX + acc - $0 : run.originX + $0 }
        var result: [CaretSegment] = []
        result.reserveCapacity(bounds.count - 1)
        for j in 0..<(bounds.count - 1) {
            result.append(
                CaretSegment(
                    range: bounds[j]..<bounds[j + 1], left: min(x[j], x[j + 1]), right: max(x[j], x[j + 1]),
                    level: run.bidiLevel))
        }
        return rtl ? result.reversed() : result
    }
}
