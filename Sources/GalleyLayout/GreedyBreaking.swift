// Greedy line breaking, CoreText's: each line takes as much as fits, ending at the last UAX #14
// opportunity that fits (a soft hyphen counting the hyphen it shows), hyphenating the next word
// when the line would otherwise fill less than the paragraph's hyphenation factor, and breaking
// a word wider than the line between grapheme clusters.
import Foundation
import GalleyShaping
import GalleyText
import GalleyUnicode

extension Typesetter {
    /// The end of the line that starts at `start` in `paragraph`, `offset` from the leading margin.
    func lineEnd(
        _ paragraph: ParagraphAnalysis, from start: Int, width: CGFloat, clusterOnly: Bool, offset: CGFloat = 0
    ) -> Int {
        lineBreak(paragraph, from: start, width: width, clusterOnly: clusterOnly, offset: offset).end
    }

    /// The line that starts at `start` in `paragraph`, `offset` from the leading margin: where it
    /// ends (trailing whitespace and a paragraph's separator included) and whether it shows a
    /// hyphen there.
    func lineBreak(
        _ paragraph: ParagraphAnalysis, from start: Int, width: CGFloat, clusterOnly: Bool, offset: CGFloat = 0
    ) -> PlannedBreak {
        let content = paragraph.content
        if start >= content.upperBound { return PlannedBreak(end: paragraph.span.range.upperBound, hyphenated: false) }
        let units = text.utf16
        var hyphens = HyphenWidths(paragraph)
        var fit = LineFit(self, paragraph, from: start, width: width, offset: offset)
        var best: PlannedBreak? = nil
        let breaks = paragraph.breaks
        var i = firstBreak(after: start, in: breaks)
        if clusterOnly {
            // Grapheme boundaries, stopping at the first mandatory break.
            let mandatory = i < breaks.count ? breaks[i...].first(where: \.isMandatory)?.offset : nil
            let limit = min(mandatory ?? content.upperBound, content.upperBound)
            best = PlannedBreak(
                end: lastFittingGrapheme(paragraph, from: start, limit: limit) { fit.fits($0, 0) }, hyphenated: false)
        } else {
            while i < breaks.count {
                let b = breaks[i]
                // A line ending after a soft hyphen shows a hyphen.
                let soft = b.offset < content.upperBound && units[b.offset - 1] == 0xAD
                let hyphen = soft ? hyphens.width(at: b.offset) : 0
                // A soft hyphen's hyphen can be wider than the rest of its word: a line that fits
                // without it may still fit at a later opportunity.
                if !fit.fits(b.offset, hyphen) {
                    guard hyphen > 0, fit.fits(b.offset, 0) else { break }
                    i += 1
                    continue
                }
                best = PlannedBreak(end: b.offset, hyphenated: hyphen > 0)
                if b.isMandatory { break }
                i += 1
            }
            if let hyphenated = hyphenatedBreak(
                paragraph, from: start, after: best, next: i < breaks.count ? breaks[i] : nil, width: width,
                hyphens: &hyphens, fit: &fit)
            {
                best = hyphenated
            }
            if best == nil {
                // The first word is wider than the line: break it between grapheme clusters.
                let limit = i < breaks.count ? breaks[i].offset : content.upperBound
                best = PlannedBreak(
                    end: lastFittingGrapheme(paragraph, from: start, limit: limit) { fit.fits($0, 0) },
                    hyphenated: false)
            }
        }
        guard let best, best.end < content.upperBound else {
            return PlannedBreak(end: paragraph.span.range.upperBound, hyphenated: false)
        }
        return best
    }

    /// The break at a hyphenation point of the word after `best` (the opportunity `next` ends it),
    /// when the paragraph hyphenates and the line without it fills less than the hyphenation
    /// factor (as `NSParagraphStyle.hyphenationFactor` says): the last point where the line with
    /// its hyphen fits. Nil when there is none.
    private func hyphenatedBreak(
        _ paragraph: ParagraphAnalysis, from start: Int, after best: PlannedBreak?, next: LineBreakOpportunity?,
        width: CGFloat, hyphens: inout HyphenWidths, fit: inout LineFit
    ) -> PlannedBreak? {
        let factor = paragraph.style.hyphenationFactor
        guard factor > 0, let next, width > 0 else { return nil }
        if let best {
            if best.end >= next.offset { return nil }
            let visible = paragraph.endTrimmingWhitespace(start..<best.end)
            guard paragraph.width(of: start..<visible) / width < min(factor, 1) else { return nil }
        }
        // The whole word, from the opportunity before it: a line that starts inside a word (after
        // a hyphen taken on the line before) hyphenates the rest at the word's own points, not
        // as if the fragment were a word.
        var from = best?.end ?? start
        if best == nil {
            let before = firstBreak(after: start, in: paragraph.breaks) - 1
            from = max(before >= 0 ? paragraph.breaks[before].offset : 0, paragraph.content.lowerBound)
        }
        let word = from..<paragraph.endTrimmingWhitespace(from..<next.offset)
        guard let hyphenation = ParagraphHyphenation(paragraph, units: text.utf16) else { return nil }
        for point in hyphenation.points(in: word).reversed() where point > start {
            let hyphen = hyphens.width(at: point)
            if fit.fits(point, hyphen) { return PlannedBreak(end: point, hyphenated: hyphen > 0) }
        }
        return nil
    }

    /// The index of the first opportunity in `breaks` after `start`.
    func firstBreak(after start: Int, in breaks: [LineBreakOpportunity]) -> Int {
        LineBuilder.partition(breaks[...]) { $0.offset > start }
    }

    /// The last grapheme boundary in (start, limit] that fits, or the first one after `start`
    /// when none does (a line always takes at least one cluster); boundaries inside a ruby base
    /// are skipped.
    private func lastFittingGrapheme(
        _ paragraph: ParagraphAnalysis, from start: Int, limit: Int, fits: (Int) -> Bool
    ) -> Int {
        let g = paragraph.graphemes
        let lo = LineBuilder.partition(g) { $0 > start }
        var best: Int? = nil
        var k = lo
        var first: Int? = nil
        while k < g.count, g[k] <= limit {
            // A ruby base never breaks (RubyBases): only its edges are boundaries here.
            if g[k] < limit, paragraph.isInsideRubyBase(g[k]) {
                k += 1
                continue
            }
            if first == nil { first = g[k] }
            if fits(g[k]) { best = g[k] } else { break }
            k += 1
        }
        return best ?? first ?? (lo < g.count ? g[lo] : limit)
    }
}
