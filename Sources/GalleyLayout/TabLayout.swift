// Tab stops in a line: the width each TAB (U+0009) takes so that the text after it lines up at
// the next stop (left, right, centre, decimal, natural or justified, cut at the stop's column
// terminators), and widths of ranges measured with that rule.
import Foundation
import GalleyShaping
import GalleyText
import GalleyUnicode

/// The TABs of one line and their widths.
struct TabLayout: Sendable {
    /// Width of each TAB of the line, by UTF-16 index.
    let widths: [Int: CGFloat]
    /// The same TABs in ascending order of index: sums over them are taken in this order, so the
    /// result never depends on the dictionary's (per-process, randomly seeded) order.
    let ordered: [(offset: Int, width: CGFloat)]

    static let none = TabLayout(widths: [:], ordered: [])

    /// The TABs of the line `range` of `paragraph` (whose TAB offsets, ascending, are `tabs`),
    /// for a line starting `offset` points from the leading margin (its head indent).
    ///
    /// The pen position is measured logically from the line's start plus `offset`. A TAB goes to
    /// the first stop beyond the pen; the text it aligns runs to the next TAB or the line's end
    /// (trailing whitespace excluded). A right, centre or decimal stop that the text cannot reach
    /// gives the TAB no width. Past the last stop TABs go to multiples of the default interval
    /// (left aligned) or, without one, are as wide as their shaped space. In a right-to-left
    /// paragraph, the pen runs from the right margin, so left and right stops swap roles (a right
    /// stop's text starts there, leftward) — tab alignment is absolute on the page, as CoreText's.
    init(
        paragraph: ParagraphAnalysis, style: ResolvedParagraphStyle, tabs: [Int], range: Range<Int>,
        offset: CGFloat, units: [UInt16]
    ) {
        let first = TabLayout.firstIndex(in: tabs, atLeast: range.lowerBound)
        guard first < tabs.count, tabs[first] < range.upperBound else {
            (widths, ordered) = ([:], [])
            return
        }
        let visibleEnd = paragraph.endTrimmingWhitespace(range)
        var lineTabs: [Int] = []
        var k = first
        while k < tabs.count, tabs[k] < range.upperBound {
            lineTabs.append(tabs[k])
            k += 1
        }
        var result: [Int: CGFloat] = [:]
        var inOrder: [(offset: Int, width: CGFloat)] = []
        var pen = offset + paragraph.width(of: range.lowerBound..<lineTabs[0])
        for (i, tab) in lineTabs.enumerated() {
            let segmentEnd = i + 1 < lineTabs.count ? lineTabs[i + 1] : range.upperBound
            let textEnd = max(tab + 1, min(segmentEnd, visibleEnd))
            let width = TabLayout.width(
                ofTabAt: tab, pen: pen, aligning: (tab + 1)..<textEnd, paragraph: paragraph, style: style, units: units)
            result[tab] = width
            inOrder.append((tab, width))
            pen += width + paragraph.width(of: (tab + 1)..<segmentEnd)
        }
        widths = result
        ordered = inOrder
    }

    /// The width of the TAB at `tab` when the pen (measured logically from the line's start plus
    /// its head indent) is at `pen` and the text it aligns is `segment` (see `init`).
    static func width(
        ofTabAt tab: Int, pen: CGFloat, aligning segment: Range<Int>, paragraph: ParagraphAnalysis,
        style: ResolvedParagraphStyle, units: [UInt16]
    ) -> CGFloat {
        // The first stop beyond the pen (stops are sorted by location).
        let stops = style.tabStops
        var lo = 0
        var hi = stops.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if stops[mid].location > pen { hi = mid } else { lo = mid + 1 }
        }
        if lo < stops.count {
            return max(0, width(at: stops[lo], pen: pen, aligning: segment, paragraph: paragraph, units: units))
        }
        if style.defaultTabInterval > 0 {
            let interval = style.defaultTabInterval
            let width = ((pen / interval).rounded(.down) + 1) * interval - pen
            // An interval so small that pen / interval overflows: as if there were none.
            if width.isFinite { return max(0, width) }
        }
        return paragraph.width(of: tab..<(tab + 1))
    }

    /// The width of a TAB whose stop is `stop`, the pen at `pen`, aligning `segment` (see
    /// `width(ofTabAt:…)`). The segment is cut before its first column terminator (the stop's
    /// `kCTTabColumnTerminatorsAttributeName` set; "." for a decimal tab), then aligned: a left
    /// (or justified, or in a left-to-right paragraph natural) stop starts it at the stop, a right
    /// one ends it there, a centre one centres it. Alignment is absolute on the page, so in a
    /// right-to-left paragraph (whose pen runs from the right margin) left and right swap; natural
    /// always starts the text at the stop on the paragraph's leading side.
    static func width(
        at stop: TextTab, pen: CGFloat, aligning segment: Range<Int>, paragraph: ParagraphAnalysis, units: [UInt16]
    ) -> CGFloat {
        let rightToLeft = paragraph.baseLevel & 1 == 1
        var alignment = stop.alignment
        switch alignment {
        case .justified: alignment = .left
        case .decimal: alignment = .right
        default: break
        }
        if rightToLeft {
            alignment = alignment == .left ? .right : (alignment == .right ? .left : alignment)
        }
        var aligned = segment
        if let end = columnEnd(of: segment, stop: stop, units: units) { aligned = segment.lowerBound..<end }
        switch alignment {
        case .left, .natural, .justified, .decimal: return stop.location - pen
        case .right: return stop.location - pen - paragraph.width(of: aligned)
        case .center: return stop.location - pen - paragraph.width(of: aligned) / 2
        }
    }

    /// Where the column of `segment` ends: before its first column terminator (a decimal tab's
    /// "."), or nil when the stop has none or the segment holds none.
    static func columnEnd(of segment: Range<Int>, stop: TextTab, units: [UInt16]) -> Int? {
        if stop.alignment == .decimal, stop.options.columnTerminators == nil {
            return segment.first(where: { units[$0] == 0x2E })
        }
        guard let terminators = stop.options.columnTerminators else { return nil }
        return units.withUnsafeBufferPointer { buffer -> Int? in
            var i = segment.lowerBound
            while i < segment.upperBound {
                let decoded = UTF16Decoder.codePoint(in: buffer, at: i, end: segment.upperBound)
                if let scalar = Unicode.Scalar(decoded.value), terminators.contains(scalar) { return i }
                i += decoded.length
            }
            return nil
        }
    }

    private init(widths: [Int: CGFloat], ordered: [(offset: Int, width: CGFloat)]) {
        self.widths = widths
        self.ordered = ordered
    }

    /// The width of `range` in `paragraph` with the TABs at these widths instead of their shaped ones.
    func width(of range: Range<Int>, in paragraph: ParagraphAnalysis) -> CGFloat {
        var w = paragraph.width(of: range)
        if widths.isEmpty { return w }
        for (tab, width) in ordered where range.contains(tab) {
            w += width - paragraph.width(of: tab..<(tab + 1))
        }
        return w
    }

    /// The TAB offsets of a paragraph's content, ascending.
    static func tabs(in paragraph: ParagraphAnalysis, units: [UInt16]) -> [Int] {
        guard paragraph.hasTabs else { return [] }
        return paragraph.content.filter { units[$0] == 0x09 }
    }

    static func firstIndex(in a: [Int], atLeast value: Int) -> Int {
        var lo = 0
        var hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// The visible width of lines that all start at one place, as line breaking asks it for one
/// candidate end after another: what `TabLayout(range: start..<end)` and its `width(of:)` give
/// for `start..<visibleEnd`, without laying out every TAB again for each candidate.
///
/// Every TAB but the last before the visible end aligns the text up to the next TAB, so its width
/// does not depend on where the line ends: those widths are worked out once, left to right, and
/// summed as they come. Only the last TAB's is computed per question. Asking for ends in any order
/// is correct; asking in increasing order (as breaking does) costs time linear in the TABs passed.
struct TabLineMeasure {
    private let paragraph: ParagraphAnalysis
    private let style: ResolvedParagraphStyle
    private let units: [UInt16]
    private let start: Int
    /// The paragraph's TAB offsets (ascending), and the index of the first at or after `start`.
    private let tabs: [Int]
    private let first: Int
    /// For the TABs worked out so far (from `first` on): the pen before each, and the sum of
    /// (laid-out − shaped width) of the line's TABs before it.
    private var pens: [CGFloat] = []
    private var extraBefore: [CGFloat] = []

    /// Lines of `paragraph` from `start`, `offset` points from the leading margin, whose
    /// paragraph has the (ascending) TAB offsets `tabs`.
    init(
        paragraph: ParagraphAnalysis, style: ResolvedParagraphStyle, tabs: [Int], start: Int, offset: CGFloat,
        units: [UInt16]
    ) {
        self.paragraph = paragraph
        self.style = style
        self.units = units
        self.start = start
        self.tabs = tabs
        first = TabLayout.firstIndex(in: tabs, atLeast: start)
        if first < tabs.count {
            pens = [offset + paragraph.width(of: start..<tabs[first])]
            extraBefore = [0]
        }
    }

    /// The width of `start..<visibleEnd` with its TABs laid out.
    mutating func width(to visibleEnd: Int) -> CGFloat {
        let plain = paragraph.width(of: start..<visibleEnd)
        // The line's TABs before the visible end: first..<last+1.
        let end = TabLayout.firstIndex(in: tabs, atLeast: visibleEnd)
        guard end > first else { return plain }
        let last = end - 1
        // Every TAB before the last aligns the text up to the next TAB.
        while first + pens.count <= last {
            let k = first + pens.count - 1
            let tab = tabs[k]
            let width = TabLayout.width(
                ofTabAt: tab, pen: pens[pens.count - 1], aligning: (tab + 1)..<tabs[k + 1], paragraph: paragraph,
                style: style, units: units)
            extraBefore.append(extraBefore[extraBefore.count - 1] + width - paragraph.width(of: tab..<(tab + 1)))
            pens.append(pens[pens.count - 1] + width + paragraph.width(of: (tab + 1)..<tabs[k + 1]))
        }
        let tab = tabs[last]
        let width = TabLayout.width(
            ofTabAt: tab, pen: pens[last - first], aligning: (tab + 1)..<visibleEnd, paragraph: paragraph,
            style: style, units: units)
        return plain + extraBefore[last - first] + width - paragraph.width(of: tab..<(tab + 1))
    }
}
