// The whole-paragraph line-breaking strategies of a paragraph style: optimal (Knuth–Plass total
// fit), balanced (the greedy line count, the most even lines: BalancedBreaking.swift) and pretty (greedy, the
// last lines re-broken when the last would hold one short word). Each hands the paragraph's
// line ends to the stacking loop as a plan; greedy breaking makes lines one at a time instead.
import Foundation
import GalleyShaping
import GalleySync
import GalleyText

/// The last plan a typesetter made for a paragraph laid out from its start, with the widths it
/// was made for (kept in its `ParagraphStates`). Frames that continue a paragraph
/// (`Framesetter.frames`) each ask for the plan of the whole paragraph, to keep its lines;
/// without this, each made it again, and a long paragraph over many frames took time quadratic
/// in its length.
struct KeptPlan: Sendable {
    let paragraph: Int
    let firstWidth: CGFloat
    let otherWidth: CGFloat
    let breaks: [PlannedBreak]?
}

extension Typesetter {
    /// The plan of paragraph `index` for these widths: the kept one, or `make()`'s (then kept).
    func keptBreaks(
        ofParagraph index: Int, firstWidth: CGFloat, otherWidth: CGFloat, make: () -> [PlannedBreak]?
    ) -> [PlannedBreak]? {
        if let kept = state.withLock({ $0.lastPlan }), kept.paragraph == index, kept.firstWidth == firstWidth,
            kept.otherWidth == otherWidth
        {
            return kept.breaks
        }
        let breaks = make()
        let made = KeptPlan(paragraph: index, firstWidth: firstWidth, otherWidth: otherWidth, breaks: breaks)
        state.withLock { $0.lastPlan = made }
        return breaks
    }
}

extension Typesetter {
    /// The most lines a paragraph is balanced over; a longer one breaks greedily (as browsers
    /// limit `text-wrap: balance`).
    static let balancedLineLimit = 10

    /// The line ends of `paragraph` from `start` that its style's strategy chooses for lines
    /// `firstWidth` (a line from the paragraph's start) and `otherWidth` wide; nil when the
    /// paragraph breaks greedily: the greedy strategy, a single-line or character-wrapping
    /// mode, a paragraph with TABs (whose widths depend on where the line starts) or an empty one.
    func plannedBreaks(_ paragraph: ParagraphAnalysis, from start: Int, firstWidth: CGFloat, otherWidth: CGFloat)
        -> [PlannedBreak]?
    {
        let style = paragraph.style
        guard style.lineBreakStrategy != .greedy, style.lineBreakMode == .wordWrapping, !paragraph.hasTabs,
            start < paragraph.content.upperBound, firstWidth.isFinite, otherWidth.isFinite
        else { return nil }
        switch style.lineBreakStrategy {
        case .greedy: return nil
        case .optimal:
            return optimalBreaks(paragraph, from: start, firstWidth: firstWidth, otherWidth: otherWidth, costs: .init())
        case .balanced: return balancedBreaks(paragraph, from: start, firstWidth: firstWidth, otherWidth: otherWidth)
        case .pretty: return prettyBreaks(paragraph, from: start, firstWidth: firstWidth, otherWidth: otherWidth)
        }
    }

    /// Knuth–Plass: first among lines no looser than an adjustment ratio of 2, then, when that
    /// finds no way through the paragraph, with any ratio.
    func optimalBreaks(
        _ paragraph: ParagraphAnalysis, from start: Int, firstWidth: CGFloat, otherWidth: CGFloat,
        costs: OptimalBreakingCosts
    ) -> [PlannedBreak] {
        let units = text.utf16
        let candidates = BreakCandidate.collect(
            paragraph, from: start, units: units, narrowest: min(firstWidth, otherWidth),
            hyphenation: ParagraphHyphenation(paragraph, units: units).map { h in { h.points(in: $0) } } ?? { _ in [] })
        let breaker = OptimalBreaking(
            measure: BreakMeasure(paragraph, justified: paragraph.style.alignment == .justified, units: units),
            candidates: candidates, paragraphStart: paragraph.span.range.lowerBound, firstWidth: firstWidth,
            otherWidth: otherWidth, costs: costs)
        let found = breaker.breaks(from: start, tolerance: 2) ?? breaker.breaks(from: start, tolerance: .infinity) ?? []
        return found.map { b in
            b.end >= paragraph.content.upperBound
                ? PlannedBreak(end: paragraph.span.range.upperBound, hyphenated: false) : b
        }
    }

    /// Greedy breaking from `start` to the paragraph's end; nil once it makes more than `limit` lines.
    func greedyBreaks(
        _ paragraph: ParagraphAnalysis, from start: Int, firstWidth: CGFloat, otherWidth: CGFloat,
        limit: Int = .max
    ) -> [PlannedBreak]? {
        var breaks: [PlannedBreak] = []
        var s = start
        let first = paragraph.span.range.lowerBound
        while s < paragraph.span.range.upperBound {
            guard breaks.count < limit else { return nil }
            let b = lineBreak(
                paragraph, from: s, width: s == first ? firstWidth : otherWidth, clusterOnly: false)
            breaks.append(b)
            s = max(b.end, s + 1)
        }
        return breaks
    }

    /// As many lines as greedy breaking makes, as even as they can be (`BalancedBreaking`: the
    /// least squared slack over those lines). Nil (greedy) for one line or more than
    /// `balancedLineLimit`.
    func balancedBreaks(_ paragraph: ParagraphAnalysis, from start: Int, firstWidth: CGFloat, otherWidth: CGFloat)
        -> [PlannedBreak]?
    {
        let limit = Typesetter.balancedLineLimit
        guard
            let greedy = greedyBreaks(
                paragraph, from: start, firstWidth: firstWidth, otherWidth: otherWidth, limit: limit),
            greedy.count > 1
        else { return nil }
        let units = text.utf16
        let candidates = BreakCandidate.collect(
            paragraph, from: start, units: units, narrowest: min(firstWidth, otherWidth),
            hyphenation: ParagraphHyphenation(paragraph, units: units).map { h in { h.points(in: $0) } } ?? { _ in [] })
        let balancing = BalancedBreaking(
            candidates: candidates, paragraph: paragraph, units: units, start: start, firstWidth: firstWidth,
            otherWidth: otherWidth, edges: LineEdgeMemo(paragraph))
        return balancing.breaks(lineCount: greedy.count)
            ?? narrowedBreaks(paragraph, from: start, firstWidth: firstWidth, otherWidth: otherWidth, greedy: greedy)
    }

    /// The fallback of `balancedBreaks` when no candidates give greedy's line count (a line that
    /// greedy breaking overfills): the widths narrowed together, by bisection to a quarter point,
    /// as long as greedy breaking still makes that many lines.
    private func narrowedBreaks(
        _ paragraph: ParagraphAnalysis, from start: Int, firstWidth: CGFloat, otherWidth: CGFloat,
        greedy: [PlannedBreak]
    ) -> [PlannedBreak] {
        var best = greedy
        var lo: CGFloat = 0
        var hi = min(firstWidth, otherWidth)
        while hi - lo > 0.25 {
            let mid = (lo + hi) / 2
            if let narrower = greedyBreaks(
                paragraph, from: start, firstWidth: firstWidth - mid, otherWidth: otherWidth - mid,
                limit: greedy.count), narrower.count == greedy.count
            {
                best = narrower
                lo = mid
            } else {
                hi = mid
            }
        }
        return best
    }

    /// Greedy breaking, except that when the last line would hold one word narrower than a third
    /// of the width, the last four lines are broken again by total fit with that outcome
    /// penalised. Nil (greedy) when the last line is fine.
    func prettyBreaks(_ paragraph: ParagraphAnalysis, from start: Int, firstWidth: CGFloat, otherWidth: CGFloat)
        -> [PlannedBreak]?
    {
        guard
            let greedy = greedyBreaks(paragraph, from: start, firstWidth: firstWidth, otherWidth: otherWidth),
            greedy.count > 1
        else { return nil }
        let lastStart = greedy[greedy.count - 2].end
        let lastEnd = paragraph.endTrimmingWhitespace(lastStart..<paragraph.content.upperBound)
        guard
            OptimalBreaking.isOneShortWord(
                paragraph, from: lastStart, visibleEnd: lastEnd, width: otherWidth)
        else { return nil }
        let keep = max(greedy.count - 4, 0)
        let from = keep == 0 ? start : greedy[keep - 1].end
        var costs = OptimalBreakingCosts()
        costs.shortLastLineDemerits = 1e7
        let tail = optimalBreaks(
            paragraph, from: from, firstWidth: from == start ? firstWidth : otherWidth, otherWidth: otherWidth,
            costs: costs)
        return Array(greedy[..<keep]) + tail
    }
}
