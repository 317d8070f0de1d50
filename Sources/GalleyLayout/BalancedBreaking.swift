// Balanced line breaking (CSS `text-wrap: balance`): the line count greedy breaking makes, with
// the breaks that make those lines as even as they can be (least squared slack, last line
// included), found by dynamic programming over the paragraph's break candidates.
import Foundation
import GalleyShaping

/// The breaks of a paragraph into exactly `lineCount` lines that minimise the sum over its lines
/// of the squared slack (the line's width less its natural width, a shown hyphen included),
/// every line no wider than its width. With the paragraph's words fixed, the widths of the lines
/// sum to nearly the same total whatever the breaks, so this minimises their variance, as
/// current browsers balance (Chromium's score-based line breaker) rather than narrowing every
/// line together.
///
/// A hyphenated break costs as much as a slack of a tenth of the line (and two in a row five
/// times that), so a word is split only for a clearly more even paragraph; a break inside a word
/// at no hyphenation point (a word wider than the line) costs as much as a slack of the whole
/// line, so it is taken only where greedy breaking would take it too. A forced break (U+2028)
/// must end a line.
struct BalancedBreaking {
    let candidates: [BreakCandidate]
    let paragraph: ParagraphAnalysis
    /// The text's code units (to measure a line cut inside a ligature by shaping its edge again).
    let units: [UInt16]
    let start: Int
    let firstWidth: CGFloat
    let otherWidth: CGFloat
    /// The line edges looked at so far (`LineEdgeMemo` of the paragraph's content): every line
    /// is tried at every line count.
    let edges: LineEdgeMemo

    /// The best breaks into `lineCount` lines, ascending; nil when no set of candidates gives
    /// exactly that many lines that all fit.
    func breaks(lineCount: Int) -> [PlannedBreak]? {
        let m = candidates.count
        guard lineCount >= 1, m >= lineCount else { return nil }
        // cost[k][j]: least cost of k + 1 lines, the last ending at candidate j; from[k][j] the
        // candidate the previous line ended at (-1: the paragraph's start).
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: m), count: lineCount)
        var from = [[Int]](repeating: [Int](repeating: -2, count: m), count: lineCount)
        for k in 0..<lineCount {
            let origins = k == 0 ? [-1] : Array(0..<m)
            for i in origins where i == -1 || cost[k - 1][i].isFinite {
                let base = i == -1 ? 0 : cost[k - 1][i]
                extend(from: i, base: base, lineIndex: k, into: &cost[k], &from[k])
            }
        }
        guard cost[lineCount - 1][m - 1].isFinite else { return nil }
        var ends: [Int] = []
        var j = m - 1
        var k = lineCount - 1
        while k >= 0 {
            ends.append(j)
            j = from[k][j]
            k -= 1
        }
        return ends.reversed().map { index in
            let candidate = candidates[index]
            return candidate.offset >= paragraph.content.upperBound
                ? PlannedBreak(end: paragraph.span.range.upperBound, hyphenated: false)
                : PlannedBreak(end: candidate.offset, hyphenated: candidate.showsHyphen)
        }
    }

    /// Relaxes every line that starts after candidate `i` (the paragraph's start for -1) and is
    /// line `lineIndex` of the paragraph.
    private func extend(from i: Int, base: Double, lineIndex: Int, into cost: inout [Double], _ from: inout [Int]) {
        let lineStart = i == -1 ? start : candidates[i].offset
        let width = lineStart == paragraph.span.range.lowerBound ? firstWidth : otherWidth
        let previousShowsHyphen = i >= 0 && candidates[i].showsHyphen
        var j = i + 1
        while j < candidates.count {
            let candidate = candidates[j]
            // Tracking after the last cluster (the hyphen, when one is shown) is trailing whitespace.
            let measured = paragraph.lineWidth(of: lineStart..<candidate.visibleEnd, units: units, memo: edges)
            let natural =
                measured
                - paragraph.lineTrailingTracking(
                    lineStart: lineStart, visibleEnd: candidate.visibleEnd, showsHyphen: false)
            // Lines only grow along the candidates (a hyphen is narrower than what follows it).
            if !FitTolerance.fits(natural, in: width), candidate.kind != .emergency, candidate.kind != .hyphen { break }
            let shown =
                candidate.hyphenWidth > 0
                ? measured + candidate.hyphenWidth
                    - paragraph.lineTrailingTracking(
                        lineStart: lineStart, visibleEnd: candidate.visibleEnd, showsHyphen: true)
                : natural
            if FitTolerance.fits(shown, in: width) {
                let slack = Double(max(width - shown, 0))
                var penalty = 0.0
                let line = Double(width)
                switch candidate.kind {
                case .hyphen where candidate.showsHyphen:
                    penalty = (line / 10) * (line / 10) * (previousShowsHyphen ? 5 : 1)
                case .emergency: penalty = line * line
                default: break
                }
                let total = base + slack * slack + penalty
                if total < cost[j] {
                    cost[j] = total
                    from[j] = i
                }
            }
            if candidate.kind == .forced { break }
            j += 1
        }
    }
}
