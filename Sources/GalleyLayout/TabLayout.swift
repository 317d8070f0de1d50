// Tab stops in a line: the width each TAB (U+0009) takes so that the text after it lines up at
// the next stop (left, right, centre or decimal), and widths of ranges measured with that rule.
import Foundation
import GalleyShaping
import GalleyText

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
        let rtl = paragraph.baseLevel & 1 == 1
        var result: [Int: CGFloat] = [:]
        var inOrder: [(offset: Int, width: CGFloat)] = []
        var pen = offset + paragraph.width(of: range.lowerBound..<lineTabs[0])
        for (i, tab) in lineTabs.enumerated() {
            let segmentEnd = i + 1 < lineTabs.count ? lineTabs[i + 1] : range.upperBound
            let textEnd = max(tab + 1, min(segmentEnd, visibleEnd))
            let segment = (tab + 1)..<textEnd
            let textWidth = paragraph.width(of: segment)
            var width: CGFloat
            if let stop = style.tabStops.first(where: { $0.location > pen }) {
                var alignment = stop.alignment
                if rtl { alignment = alignment == .left ? .right : (alignment == .right ? .left : alignment) }
                switch alignment {
                case .left: width = stop.location - pen
                case .right: width = stop.location - pen - textWidth
                case .center: width = stop.location - pen - textWidth / 2
                case .decimal:
                    var before = textWidth
                    if let dot = segment.first(where: { units[$0] == 0x2E }) {
                        before = paragraph.width(of: segment.lowerBound..<dot)
                    }
                    width = stop.location - pen - before
                }
                width = max(0, width)
            } else if style.defaultTabInterval > 0 {
                let interval = style.defaultTabInterval
                width = ((pen / interval).rounded(.down) + 1) * interval - pen
            } else {
                width = paragraph.width(of: tab..<(tab + 1))
            }
            result[tab] = width
            inOrder.append((tab, width))
            pen += width + paragraph.width(of: (tab + 1)..<segmentEnd)
        }
        widths = result
        ordered = inOrder
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
