// The places a paragraph may end a line, as the whole-paragraph strategies weigh them, and how a
// line between two of them fits its width in TeX's terms (boxes, glue and penalties): its
// natural width, the stretch and shrink of its spaces, and the adjustment ratio.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import GalleyUnicode

/// One place a line may end.
struct BreakCandidate {
    /// What kind of place it is, which sets its penalty.
    enum Kind {
        /// A UAX #14 opportunity (after a space, between ideographs, …).
        case opportunity
        /// After a hyphen in the text (HYPHEN-MINUS, HYPHEN, EN DASH): TeX's explicit hyphen.
        case explicitHyphen
        /// A soft hyphen or a dictionary hyphenation point: a hyphen is shown when taken.
        case hyphen
        /// Between two grapheme clusters of a word wider than the line: the last resort.
        case emergency
        /// The paragraph's end or a U+2028 LINE SEPARATOR: the line must end here.
        case forced
    }

    /// Where the next line starts (the line's range ends here).
    let offset: Int
    /// The end of a line ending here without its trailing whitespace.
    let visibleEnd: Int
    let kind: Kind
    /// The width of the hyphen shown when a line ends here (0 when none is shown).
    let hyphenWidth: CGFloat

    /// Whether TeX flags the break (two flagged breaks in a row cost extra).
    var isFlagged: Bool { kind == .hyphen || kind == .explicitHyphen }
    /// Whether a hyphen glyph is shown at the end of a line ending here.
    var showsHyphen: Bool { kind == .hyphen && hyphenWidth > 0 }
    /// The same place as an opportunity showing no hyphen: what a line ending here measures
    /// without its hyphen.
    var withoutHyphen: BreakCandidate {
        BreakCandidate(offset: offset, visibleEnd: visibleEnd, kind: .opportunity, hyphenWidth: 0)
    }
}

/// A paragraph measured for whole-paragraph breaking: prefix sums over its content for the
/// natural width (from the shaped advances), the width of its justifiable spaces, and its
/// grapheme clusters. A line from offset `s` to a candidate is measured in O(1).
struct BreakMeasure {
    let paragraph: ParagraphAnalysis
    /// Whether lines are justified (their spaces stretch and shrink) or ragged.
    let justified: Bool
    /// The em of the paragraph's first font, for the glue of lines without spaces and of ragged lines.
    let em: CGFloat
    private let units: [UInt16]
    /// spaceWidth[i − content.lowerBound]: the advance of the justifiable spaces before offset i.
    private let spaceWidth: [CGFloat]
    /// ideographic[i − content.lowerBound]: how many code units before offset i are of a script
    /// written without spaces between words (Han, kana, Hangul, Bopomofo, Yi), whose clusters
    /// take the glue of a line without spaces.
    private let ideographic: [Int32]
    /// The line edges shaped again so far in this pass (`LineEdgeMemo`).
    private let edges: LineEdgeMemo
    /// The paragraph's content and what `ratio` asks of the paragraph for every line it
    /// measures, read once: the breakers measure a line for each pair of candidates.
    private let content: Range<Int>
    private let prefixAdvance: [CGFloat]
    private let safeToBreak: [Bool]
    private let hasTracking: Bool
    private let hasCJKSpacing: Bool
    private let hanging: HangingPunctuation

    init(_ paragraph: ParagraphAnalysis, justified: Bool, units: [UInt16]) {
        self.paragraph = paragraph
        edges = LineEdgeMemo(paragraph)
        self.justified = justified
        em = paragraph.fallbackMetricsFont.size
        self.units = units
        let content = paragraph.content
        self.content = content
        prefixAdvance = paragraph.prefixAdvance
        safeToBreak = paragraph.safeToBreak
        hasTracking = paragraph.hasTracking
        hasCJKSpacing = paragraph.hasCJKSpacing
        hanging = paragraph.style.hangingPunctuation
        var sums = [CGFloat](repeating: 0, count: content.count + 1)
        for k in 0..<content.count {
            let unit = units[content.lowerBound + k]
            let add =
                Line.isJustifiableSpace(unit)
                ? paragraph.prefixAdvance[k + 1] - paragraph.prefixAdvance[k] : 0
            sums[k + 1] = sums[k] + add
        }
        spaceWidth = sums
        var counts = [Int32](repeating: 0, count: content.count + 1)
        var marks = [Int32](repeating: 0, count: content.count)
        for item in paragraph.items where ["Hani", "Hira", "Kana", "Hang", "Bopo", "Yiii"].contains(item.script) {
            for i in item.range where content.contains(i) { marks[i - content.lowerBound] = 1 }
        }
        for k in 0..<content.count { counts[k + 1] = counts[k] + marks[k] }
        ideographic = counts
    }

    /// Whether `range` holds a character of a script written without spaces.
    @inline(__always)
    func hasIdeographs(in range: Range<Int>) -> Bool {
        let base = content.lowerBound
        let lo = max(range.lowerBound - base, 0)
        let hi = min(range.upperBound - base, ideographic.count - 1)
        return hi > lo && ideographic[hi] > ideographic[lo]
    }

    /// The advance of the justifiable spaces in `range` (clamped to the content).
    @inline(__always)
    func spaces(in range: Range<Int>) -> CGFloat {
        let base = content.lowerBound
        let lo = max(range.lowerBound - base, 0)
        let hi = min(range.upperBound - base, spaceWidth.count - 1)
        return hi > lo ? spaceWidth[hi] - spaceWidth[lo] : 0
    }

    /// TeX's adjustment ratio of a line from `start` (grapheme cluster index `startCluster`) to
    /// `candidate` (cluster index `endCluster` of its visible end) in a line `width` wide: the
    /// slack over the line's stretch (≥ 0) or shrink (< 0). Spaces stretch by half and shrink by
    /// a third of their width (TeX's interword glue); a justified line of ideographs or kana
    /// without spaces spreads over its cluster gaps (a quarter em of stretch, a twentieth of
    /// shrink each), as `Line.justified` does, while a line of other text without spaces (one
    /// word) has no glue at all (TeX's underfull line); a ragged line stretches by three em at its end and never shrinks.
    /// The last line of a paragraph (and one ended by U+2028) has infinite stretch (TeX's
    /// \parfillskip): 0 when it fits; when justified, its spaces still shrink by a third, as
    /// TeX's interword glue on a last line does, so a last line a little too long fits at a
    /// ratio in [−1, 0) (only through spaces: a last line without them, CJK too, never shrinks,
    /// `Line.lastLineShrink`). −∞ for a line that cannot be made to fit, +∞ for one with slack
    /// but no stretch.
    func ratio(from start: Int, to candidate: BreakCandidate, clusters: Int, width: CGFloat) -> CGFloat {
        let visible = max(start, candidate.visibleEnd)
        var natural = lineWidth(start, visible) + candidate.hyphenWidth
        // Tracking after the last cluster (the hyphen, when one is shown) is trailing whitespace
        // (kCTTrackingAttributeName).
        if hasTracking {
            natural -= paragraph.lineTrailingTracking(
                lineStart: start, visibleEnd: visible, showsHyphen: candidate.hyphenWidth > 0)
        }
        if !hanging.isEmpty, candidate.hyphenWidth == 0 {
            natural -= Hanging.allowance(paragraph, units: units, from: start, visibleEnd: visible, style: hanging)
        }
        // A closing character that `allow-end` trims when the line does not fit otherwise.
        if hasCJKSpacing, candidate.hyphenWidth == 0, !FitTolerance.fits(natural, in: width) {
            natural -= paragraph.edgeSpacing(from: start, visibleEnd: visible, units: units).allowance
        }
        // A line over by no more than the rounding of its sums fits exactly (`FitTolerance`).
        let slack = FitTolerance.fits(natural, in: width) ? max(width - natural, 0) : width - natural
        let spaces = self.spaces(in: start..<visible)
        if candidate.kind == .forced || !justified {
            if slack >= 0 { return candidate.kind == .forced ? 0 : slack / (3 * em) }
            guard justified, spaces > 0 else { return -.infinity }
            let r = slack / (spaces / 3)
            return r < -1 ? -.infinity : r
        }
        let gaps = spaces > 0 || !hasIdeographs(in: start..<visible) ? 0 : CGFloat(max(clusters - 1, 0))
        if slack >= 0 {
            let stretch = spaces > 0 ? spaces / 2 : gaps * em / 4
            return stretch > 0 ? slack / stretch : (slack == 0 ? 0 : .infinity)
        }
        let shrink = spaces > 0 ? spaces / 3 : gaps * em / 20
        let r = shrink > 0 ? slack / shrink : -.infinity
        return r < -1 ? -.infinity : r
    }
}

extension BreakMeasure {
    /// `paragraph.lineWidth(of: start..<visibleEnd, units:memo:)`, the same to the last bit: a
    /// line whose edges the memo knows is the prefix sums' width plus the two corrections, added
    /// in the same order, read here without a call into the paragraph; any other goes there.
    @inline(__always)
    fileprivate func lineWidth(_ start: Int, _ visibleEnd: Int) -> CGFloat {
        let lo = max(start, content.lowerBound)
        let hi = min(visibleEnd, content.upperBound)
        guard hi > lo else { return 0 }
        let base = content.lowerBound
        // Both ends safe (`safeToBreak`, the common case): the prefix sums' width.
        if !hasCJKSpacing, safeToBreak[lo - base], safeToBreak[hi - base] {
            return prefixAdvance[hi - base] - prefixAdvance[lo - base]
        }
        if !hasCJKSpacing, let correction = edges.knownCorrection(lo, hi) {
            return prefixAdvance[hi - base] - prefixAdvance[lo - base] + correction.start + correction.end
        }
        return paragraph.lineWidth(of: lo..<hi, units: units, memo: edges)
    }
}

extension BreakCandidate {
    /// The candidates of `paragraph` after `start`, ascending, ending with the paragraph's end:
    /// its UAX #14 opportunities, the hyphenation points `hyphenation` gives for each word (with
    /// soft hyphens), and, inside a word wider than `narrowest`, every grapheme boundary.
    static func collect(
        _ paragraph: ParagraphAnalysis, from start: Int, units: [UInt16], narrowest: CGFloat,
        hyphenation: (Range<Int>) -> [Int]
    ) -> [BreakCandidate] {
        var out: [BreakCandidate] = []
        let content = paragraph.content
        var previous = start
        var hyphenWidths = HyphenWidths(paragraph)
        for opportunity in paragraph.breaks where opportunity.offset > start {
            let offset = opportunity.offset
            let trimmed = paragraph.endTrimmingWhitespace(content.lowerBound..<offset)
            // Inside the word before this opportunity: hyphenation points, and emergency breaks
            // when the word is wider than the narrowest line.
            let word = previous..<max(previous, trimmed)
            // A word ending in a soft hyphen is as wide as its hyphen makes it at its end.
            let shown =
                offset < content.upperBound && units[offset - 1] == 0xAD ? hyphenWidths.width(at: offset) : 0
            out.append(
                contentsOf: inner(
                    word, paragraph, hyphenation: hyphenation, widths: &hyphenWidths,
                    narrowest: narrowest - shown, showsHyphen: shown > 0))
            out.append(
                candidate(
                    at: offset, visibleEnd: trimmed, paragraph, units: units, widths: &hyphenWidths,
                    mandatory: opportunity.isMandatory))
            previous = offset
            if offset >= content.upperBound { break }
        }
        if out.last?.kind != .forced {
            let end = content.upperBound
            out.append(
                BreakCandidate(
                    offset: end, visibleEnd: paragraph.endTrimmingWhitespace(content.lowerBound..<end), kind: .forced,
                    hyphenWidth: 0))
        }
        return out
    }

    /// The candidates strictly inside `word`, ascending: its hyphenation points and, when the
    /// word is wider than `narrowest`, its other grapheme boundaries as emergency breaks (none
    /// inside a ruby base, which never breaks: a base wider than the line overflows whole). The
    /// word is measured as a line holding it alone measures it: without the tracking after its
    /// last cluster (or after the hyphen it ends with, when `showsHyphen`), which is trailing
    /// whitespace, so a negative tracking does not make a word too wide for the line look narrow
    /// enough to need no emergency break.
    private static func inner(
        _ word: Range<Int>, _ paragraph: ParagraphAnalysis, hyphenation: (Range<Int>) -> [Int],
        widths: inout HyphenWidths, narrowest: CGFloat, showsHyphen: Bool
    ) -> [BreakCandidate] {
        guard word.count > 1 else { return [] }
        let points = hyphenation(word).filter { word.lowerBound < $0 && $0 < word.upperBound }
        var inside = points.map {
            BreakCandidate(offset: $0, visibleEnd: $0, kind: .hyphen, hyphenWidth: widths.width(at: $0))
        }
        let trailing = paragraph.lineTrailingTracking(
            lineStart: word.lowerBound, visibleEnd: word.upperBound, showsHyphen: showsHyphen)
        if paragraph.width(of: word) - trailing > narrowest {
            let taken = Set(points)
            let g = paragraph.graphemes
            var k = LineBuilder.partition(g) { $0 > word.lowerBound }
            while k < g.count, g[k] < word.upperBound {
                if !taken.contains(g[k]), !paragraph.isInsideRubyBase(g[k]) {
                    inside.append(BreakCandidate(offset: g[k], visibleEnd: g[k], kind: .emergency, hyphenWidth: 0))
                }
                k += 1
            }
            inside.sort { $0.offset < $1.offset }
        }
        return inside
    }

    /// The candidate at UAX #14 opportunity `offset`.
    private static func candidate(
        at offset: Int, visibleEnd: Int, _ paragraph: ParagraphAnalysis, units: [UInt16],
        widths: inout HyphenWidths, mandatory: Bool
    ) -> BreakCandidate {
        if mandatory || offset >= paragraph.content.upperBound {
            return BreakCandidate(offset: offset, visibleEnd: visibleEnd, kind: .forced, hyphenWidth: 0)
        }
        let last = units[offset - 1]
        if last == 0xAD {
            return BreakCandidate(
                offset: offset, visibleEnd: visibleEnd, kind: .hyphen, hyphenWidth: widths.width(at: offset))
        }
        let kind: Kind = (last == 0x2D || last == 0x2010 || last == 0x2013) ? .explicitHyphen : .opportunity
        return BreakCandidate(offset: offset, visibleEnd: visibleEnd, kind: kind, hyphenWidth: 0)
    }
}

/// The width of the hyphen a line ending inside each item would show, measured once per item.
struct HyphenWidths {
    private let paragraph: ParagraphAnalysis
    private var known: [Int: CGFloat] = [:]

    init(_ paragraph: ParagraphAnalysis) { self.paragraph = paragraph }

    /// The hyphen's width for a line ending at `offset` (inside the item holding `offset − 1`);
    /// 0 where no hyphen is shown.
    mutating func width(at offset: Int) -> CGFloat {
        let index = LineBuilder.firstItem(paragraph.items, overlapping: offset - 1)
        guard index < paragraph.items.count else { return 0 }
        if let width = known[index] { return width }
        let item = paragraph.items[index]
        let width = HyphenGlyph.isShown(in: item) ? HyphenGlyph.width(in: item) : 0
        known[index] = width
        return width
    }
}
