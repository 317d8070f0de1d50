// A line of laid-out text: its glyph runs in visual order with their metrics, and the caret
// questions CoreText answers about a line (offset for a string index, string index for a point).
import Foundation
import GalleyText

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

/// Like CTLine: glyph runs in visual order, left to right, positioned relative to the line
/// origin (the left end of the baseline).
public struct Line: Sendable {
    /// The runs, in visual order. Like CTLineGetGlyphRuns.
    public let glyphRuns: [GlyphRun]
    /// The UTF-16 range of the line, trailing whitespace and any paragraph separator included.
    /// Like CTLineGetStringRange.
    public let stringRange: Range<Int>
    /// Width, ascent, descent and leading. Like CTLineGetTypographicBounds: the width is the
    /// distance to the rightmost advance edge, trailing whitespace included; ascent, descent and
    /// leading are the maxima over the runs (a placeholder counts with its delegate's values).
    public let typographicBounds: TypographicBounds
    /// How much of `width` is trailing whitespace, which may hang past the line's available width.
    /// Like CTLineGetTrailingWhitespaceWidth.
    public let trailingWhitespaceWidth: CGFloat
    /// The paragraph's embedding level: 0 left-to-right, 1 right-to-left.
    public let paragraphLevel: UInt8
    /// True when the line ends its paragraph (its range reaches a paragraph separator or the text's end).
    public let endsParagraph: Bool

    /// Typographic width, trailing whitespace included.
    public var width: CGFloat { typographicBounds.width }
    /// Ascent, positive.
    public var ascent: CGFloat { typographicBounds.ascent }
    /// Descent, positive below the baseline.
    public var descent: CGFloat { typographicBounds.descent }
    /// Leading.
    public var leading: CGFloat { typographicBounds.leading }
    /// Like CTLineGetGlyphCount.
    public var glyphCount: Int { glyphRuns.reduce(0) { $0 + $1.glyphCount } }
    /// True when the line ends with U+2028 LINE SEPARATOR (a forced line break inside a paragraph).
    public var endsWithLineSeparator: Bool {
        stringRange.upperBound > stringRange.lowerBound && units[stringRange.upperBound - 1] == 0x2028
    }
    /// True for a right-to-left paragraph's line.
    public var isRightToLeft: Bool { paragraphLevel & 1 == 1 }

    /// The text's code units (shared storage, not a copy), to tell spaces apart when justifying.
    let units: [UInt16]
    /// The end of the line's range without its trailing whitespace.
    let visibleEnd: Int

    package init(
        glyphRuns: [GlyphRun], stringRange: Range<Int>, typographicBounds: TypographicBounds,
        trailingWhitespaceWidth: CGFloat, paragraphLevel: UInt8, endsParagraph: Bool, units: [UInt16],
        visibleEnd: Int
    ) {
        self.units = units
        self.visibleEnd = visibleEnd
        self.glyphRuns = glyphRuns
        self.stringRange = stringRange
        self.typographicBounds = typographicBounds
        self.trailingWhitespaceWidth = trailingWhitespaceWidth
        self.paragraphLevel = paragraphLevel
        self.endsParagraph = endsParagraph
    }

    /// The union of the ink rectangles of the glyphs (and placeholder boxes), relative to the line
    /// origin, y up; `CGRect.null` for a line with no ink. Like CTLineGetImageBounds with no context.
    public var imageBounds: CGRect {
        glyphRuns.reduce(CGRect.null) { $0.union($1.imageBounds) }
    }

    /// The x at which the line must start so that it sits flush in `width`: 0 flushes left, 1 right,
    /// 0.5 centres (values outside 0...1 are clamped). Trailing whitespace is ignored, so it hangs
    /// past the edge (at the right of a left-to-right line, at the left of a right-to-left one).
    /// Like CTLineGetPenOffsetForFlush.
    public func penOffset(flushFactor: CGFloat, width available: CGFloat) -> CGFloat {
        let factor = flushFactor.isNaN ? 0 : min(max(flushFactor, 0), 1)
        let visible = width - trailingWhitespaceWidth
        let visibleStart = isRightToLeft ? trailingWhitespaceWidth : 0
        return factor * (available - visible) - visibleStart
    }

    // MARK: Carets

    /// The primary and secondary caret x for the insertion point before `index`, relative to the line
    /// origin. Indices outside the line are clamped to it. Like CTLineGetOffsetForStringIndex.
    public func offset(forStringIndex index: Int) -> CaretOffset {
        guard let first = glyphRuns.map(\.stringRange.lowerBound).min(),
            let end = glyphRuns.map(\.stringRange.upperBound).max()
        else { return CaretOffset(primary: 0, secondary: 0) }
        let i = min(max(index, first), end)
        let after = glyphRuns.firstIndex { $0.stringRange.contains(i) }
        let before = i > first ? glyphRuns.firstIndex { $0.stringRange.contains(i - 1) } : nil
        switch (after, before) {
        case (let a?, let b?) where a != b:
            let xa = caretX(boundary: i, in: glyphRuns[a])
            let xb = caretX(boundary: i, in: glyphRuns[b])
            if xa == xb { return CaretOffset(primary: xa, secondary: xa) }
            let aMatches = glyphRuns[a].bidiLevel & 1 == paragraphLevel & 1
            return aMatches ? CaretOffset(primary: xa, secondary: xb) : CaretOffset(primary: xb, secondary: xa)
        case (let a?, _):
            let x = caretX(boundary: i, in: glyphRuns[a])
            return CaretOffset(primary: x, secondary: x)
        case (nil, let b?):
            let x = caretX(boundary: i, in: glyphRuns[b])
            return CaretOffset(primary: x, secondary: x)
        case (nil, nil):
            return CaretOffset(primary: 0, secondary: 0)
        }
    }

    /// The insertion index nearest to `position` (only x matters), between the line's first index
    /// and the end of its last glyph cluster. Only cluster boundaries are returned, never the
    /// middle of a cluster. Like CTLineGetStringIndexForPosition.
    public func stringIndex(for position: CGPoint) -> Int {
        guard !glyphRuns.isEmpty else { return stringRange.lowerBound }
        var candidates = Set<Int>()
        for run in glyphRuns {
            candidates.formUnion(run.stringIndices)
            candidates.insert(run.stringRange.upperBound)
        }
        var best = stringRange.lowerBound
        var bestDistance = CGFloat.infinity
        for k in candidates.sorted() {
            let caret = offset(forStringIndex: k)
            let d = min(abs(caret.primary - position.x), abs(caret.secondary - position.x))
            if d < bestDistance {
                bestDistance = d
                best = k
            }
        }
        return best
    }

    /// The x of the caret at logical boundary `k` inside `run` (k within the run's range, ends
    /// included). Within a cluster of several code units (a ligature) the caret is interpolated.
    func caretX(boundary k: Int, in run: GlyphRun) -> CGFloat {
        let total = run.width
        if run.isPlaceholder {
            let before = k > run.stringRange.lowerBound ? total : 0
            return run.isRightToLeft ? run.originX + total - before : run.originX + before
        }
        // Clusters: consecutive glyphs with the same string index.
        var advanceBefore: CGFloat = 0
        var j = 0
        let n = run.glyphs.count
        // Distinct cluster starts, to find each cluster's logical end.
        let starts = Set(run.stringIndices).sorted()
        while j < n {
            let cs = run.stringIndices[j]
            var w: CGFloat = 0
            var m = j
            while m < n, run.stringIndices[m] == cs {
                w += run.advances[m].width
                m += 1
            }
            let after = LineBuilder.partition(starts) { $0 > cs }
            let next = after < starts.count ? starts[after] : run.stringRange.upperBound
            if next <= k {
                advanceBefore += w
            } else if cs < k {
                advanceBefore += w * CGFloat(k - cs) / CGFloat(next - cs)
            }
            j = m
        }
        return run.isRightToLeft ? run.originX + total - advanceBefore : run.originX + advanceBefore
    }
}
