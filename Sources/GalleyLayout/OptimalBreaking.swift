// Knuth–Plass total-fit line breaking: the breaks of a paragraph that minimise the sum of its
// lines' demerits (badness from the adjustment ratio, penalties for hyphens, extra demerits for
// consecutive hyphens, a hyphen before the last line and neighbouring lines of very different
// tightness), found by dynamic programming over the break candidates with an active list that
// only holds breaks less than a line's width back.
import Foundation
import GalleyShaping
import GalleyUnicode

/// A line end chosen for a paragraph: where the line's range ends and whether it shows a hyphen.
struct PlannedBreak: Sendable, Equatable {
    let end: Int
    let hyphenated: Bool
}

/// TeX's parameters, with plain TeX's values.
struct OptimalBreakingCosts {
    /// Added to every line's badness (\linepenalty).
    var linePenalty: CGFloat = 10
    /// Breaking at a hyphenation point or soft hyphen (\hyphenpenalty).
    var hyphenPenalty: CGFloat = 50
    /// Breaking after a hyphen in the text (\exhyphenpenalty).
    var explicitHyphenPenalty: CGFloat = 50
    /// Breaking a word between clusters because it is wider than the line.
    var emergencyPenalty: CGFloat = 5000
    /// Two hyphenated lines in a row (\doublehyphendemerits).
    var doubleHyphenDemerits: CGFloat = 10000
    /// A hyphen on the line before the last (\finalhyphendemerits).
    var finalHyphenDemerits: CGFloat = 5000
    /// Neighbouring lines whose fitness classes differ by more than one (\adjdemerits).
    var adjacentDemerits: CGFloat = 10000
    /// A last line holding one word shorter than a quarter of the width (`pretty` only).
    var shortLastLineDemerits: CGFloat = 0
}

struct OptimalBreaking {
    let measure: BreakMeasure
    let candidates: [BreakCandidate]
    /// Where the paragraph's lines start (the first line's width applies to a line from there).
    let paragraphStart: Int
    let firstWidth: CGFloat
    let otherWidth: CGFloat
    var costs = OptimalBreakingCosts()

    /// A feasible break, linked to the break before it on the best path found to it.
    private struct Node {
        let candidate: Int
        let offset: Int
        let cluster: Int
        let fitness: Int
        let total: CGFloat
        let previous: Int
        let hyphenated: Bool
    }

    /// The breaks from `start`, best first: the path of least total demerits among lines whose
    /// adjustment ratio is at most `tolerance`; nil when no such path exists (a finite tolerance
    /// only: with an infinite one a line that cannot fit is taken overfull rather than fail).
    func breaks(from start: Int, tolerance: CGFloat) -> [PlannedBreak]? {
        let graphemes = measure.paragraph.graphemes
        func cluster(_ offset: Int) -> Int { LineBuilder.partition(graphemes) { $0 >= offset } }
        var nodes = [
            Node(
                candidate: -1, offset: start, cluster: cluster(start), fitness: 1, total: 0, previous: -1,
                hyphenated: false)
        ]
        var active = [0]
        var next: [Int] = []
        for (c, candidate) in candidates.enumerated() {
            let endCluster = cluster(candidate.visibleEnd)
            var best = [(total: CGFloat, from: Int)](repeating: (.infinity, -1), count: 4)
            // The overfull line to take when nothing fits: the shortest (from the latest
            // node), as greedy breaking overflows only what must, then the least demerits.
            var overfull = (offset: Int.min, total: CGFloat.infinity, from: -1)
            next.removeAll(keepingCapacity: true)
            for a in active {
                let node = nodes[a]
                let width = node.offset == paragraphStart ? firstWidth : otherWidth
                var r = measure.ratio(
                    from: node.offset, to: candidate, clusters: endCluster - node.cluster, width: width)
                if r == -.infinity {
                    // Too long only because of the hyphen it would show: a later candidate may fit.
                    if candidate.hyphenWidth > 0, candidate.kind != .forced,
                        measure.ratio(
                            from: node.offset, to: candidate.withoutHyphen, clusters: endCluster - node.cluster,
                            width: width) != -.infinity
                    {
                        next.append(a)
                    }
                    if node.offset > overfull.offset || (node.offset == overfull.offset && node.total < overfull.total)
                    {
                        overfull = (node.offset, node.total, a)
                    }
                    // A grapheme cluster wider than the line overflows it on a line of its own,
                    // as greedy breaking leaves it: the tightest line, and the last from `node`.
                    guard endCluster - node.cluster <= 1 else { continue }
                    r = -1
                } else if candidate.kind != .forced {
                    next.append(a)
                }
                guard r <= tolerance else { continue }
                let fitness = OptimalBreaking.fitness(r)
                let total =
                    node.total
                    + demerits(r, candidate, after: node, fitness: fitness, isLast: c == candidates.count - 1)
                if total < best[fitness].total { best[fitness] = (total, a) }
            }
            let least = best.map(\.total).min() ?? .infinity
            let made = nodes.count
            for fitness in 0..<4 where best[fitness].from >= 0 && best[fitness].total <= least + costs.adjacentDemerits
            {
                nodes.append(
                    Node(
                        candidate: c, offset: candidate.offset, cluster: endCluster, fitness: fitness,
                        total: best[fitness].total, previous: best[fitness].from, hyphenated: candidate.isFlagged))
                next.append(nodes.count - 1)
            }
            if nodes.count == made && next.isEmpty {
                // Nothing reaches this candidate within the tolerance and nothing is left to try.
                guard tolerance == .infinity, overfull.from >= 0 else { return nil }
                nodes.append(
                    Node(
                        candidate: c, offset: candidate.offset, cluster: endCluster, fitness: 0,
                        total: overfull.total + 1e12, previous: overfull.from, hyphenated: candidate.isFlagged))
                next.append(nodes.count - 1)
            }
            swap(&active, &next)
        }
        return path(nodes: nodes)
    }

    /// The breaks back from the best node at the last candidate.
    private func path(nodes: [Node]) -> [PlannedBreak]? {
        let last = candidates.count - 1
        var best = -1
        for (i, node) in nodes.enumerated().reversed() {
            guard node.candidate == last else { break }
            if best < 0 || node.total < nodes[best].total { best = i }
        }
        guard best >= 0 else { return nil }
        var breaks: [PlannedBreak] = []
        var i = best
        while i > 0 {
            let node = nodes[i]
            breaks.append(PlannedBreak(end: node.offset, hyphenated: candidates[node.candidate].showsHyphen))
            i = node.previous
        }
        return breaks.reversed()
    }

    /// TeX's fitness class of a line with adjustment ratio `r`: 0 tight, 1 decent, 2 loose, 3 very loose.
    static func fitness(_ r: CGFloat) -> Int {
        if r < -0.5 { return 0 }
        if r <= 0.5 { return 1 }
        if r <= 1 { return 2 }
        return 3
    }

    /// The demerits of a line ending at `candidate` after `node` with adjustment ratio `r`.
    private func demerits(
        _ r: CGFloat, _ candidate: BreakCandidate, after node: Node, fitness: Int, isLast: Bool
    ) -> CGFloat {
        let badness = r.isFinite ? min(100 * abs(r * r * r), 1e8) : 1e8
        var d = (costs.linePenalty + badness) * (costs.linePenalty + badness)
        let penalty: CGFloat
        switch candidate.kind {
        case .opportunity, .forced: penalty = 0
        case .hyphen: penalty = costs.hyphenPenalty
        case .explicitHyphen: penalty = costs.explicitHyphenPenalty
        case .emergency: penalty = costs.emergencyPenalty
        }
        d += penalty * penalty
        if candidate.isFlagged && node.hyphenated { d += costs.doubleHyphenDemerits }
        if isLast && node.hyphenated { d += costs.finalHyphenDemerits }
        if abs(fitness - node.fitness) > 1 { d += costs.adjacentDemerits }
        if isLast && costs.shortLastLineDemerits > 0,
            OptimalBreaking.isOneShortWord(
                measure.paragraph, from: node.offset, visibleEnd: max(node.offset, candidate.visibleEnd),
                width: otherWidth)
        {
            d += costs.shortLastLineDemerits
        }
        return d
    }

    /// Whether the line from `start` to `visibleEnd` is one word (no break opportunity inside
    /// it) narrower than a third of `width`.
    static func isOneShortWord(_ paragraph: ParagraphAnalysis, from start: Int, visibleEnd: Int, width: CGFloat)
        -> Bool
    {
        guard paragraph.width(of: start..<visibleEnd) < width / 3 else { return false }
        let breaks = paragraph.breaks
        let k = LineBuilder.partition(breaks[...]) { $0.offset > start }
        return k >= breaks.count || breaks[k].offset >= visibleEnd
    }
}
