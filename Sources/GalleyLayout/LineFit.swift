// The fit test greedy breaking makes at each opportunity: whether the line from one start to a
// candidate end, showing a hyphen or not, fits the line's width. A value the breaker keeps for
// the line and asks again and again, not a closure: no context to allocate, no references to
// retain per line, and the edge memo made only when an edge is shaped again.
import Foundation
import GalleyShaping
import GalleyText

/// Whether the line of a paragraph from `start` to an end (trailing whitespace excluded), showing
/// a hyphen of a given width there, fits in `width` (`offset` from the leading margin).
/// Noncopyable: the breaker keeps one per line and lends it (a copy, which the compiler made
/// where it could, cost three retains and six releases a line).
struct LineFit: ~Copyable {
    private let paragraph: ParagraphAnalysis
    private let units: [UInt16]
    private let start: Int
    private let width: CGFloat
    private let hanging: HangingPunctuation
    /// Nothing hangs, is tracked or trimmed at the line's end, and there are no TABs: the line
    /// fits when its width (`lineWidth`) does.
    private let plain: Bool
    /// The widths of the line's TABs, measured as the end moves on (paragraphs with TABs only).
    private var tabMeasure: TabLineMeasure?
    /// Every try starts at `start`: its edge is shaped again once (`LineEdgeMemo`), from the
    /// first try that shapes an edge again (most lines never do).
    private var edges: LineEdgeMemo? = nil

    /// The test for lines of `paragraph` (of `typesetter`'s text) from `start`.
    init(_ typesetter: Typesetter, _ paragraph: ParagraphAnalysis, from start: Int, width: CGFloat, offset: CGFloat) {
        self.paragraph = paragraph
        units = typesetter.text.utf16
        self.start = start
        self.width = width
        hanging = paragraph.style.hangingPunctuation
        tabMeasure = paragraph.hasTabs ? typesetter.tabLineMeasure(paragraph, from: start, offset: offset) : nil
        plain = hanging.isEmpty && !paragraph.hasCJKSpacing && !paragraph.hasTracking && tabMeasure == nil
    }

    /// Whether the line ending at `end` and showing a hyphen `hyphen` wide fits.
    mutating func fits(_ end: Int, _ hyphen: CGFloat) -> Bool {
        let visible = start..<paragraph.endTrimmingWhitespace(start..<end)
        if plain { return FitTolerance.fits(lineWidth(visible) + hyphen, in: width) }
        // Punctuation that may hang gives the line that much more room.
        var room =
            hanging.isEmpty || hyphen > 0
            ? width
            : width
                + Hanging.allowance(
                    paragraph, units: units, from: start, visibleEnd: visible.upperBound, style: hanging)
        // A closing character that `allow-end` trims when the line does not fit otherwise.
        if paragraph.hasCJKSpacing, hyphen == 0 {
            room += paragraph.edgeSpacing(from: start, visibleEnd: visible.upperBound, units: units).allowance
        }
        // Tracking after the last cluster (the hyphen, when one is shown) is trailing whitespace
        // (kCTTrackingAttributeName): it hangs.
        let tracking = paragraph.lineTrailingTracking(
            lineStart: start, visibleEnd: visible.upperBound, showsHyphen: hyphen > 0)
        if tabMeasure != nil {
            return FitTolerance.fits(tabMeasure!.width(to: visible.upperBound) + hyphen - tracking, in: room)
        }
        return FitTolerance.fits(lineWidth(visible) + hyphen - tracking, in: room)
    }

    /// The paragraph's width of `visible`, through the memo once an edge is shaped again.
    private mutating func lineWidth(_ visible: Range<Int>) -> CGFloat {
        paragraph.lineWidth(of: visible, units: units, lazyMemo: &edges)
    }
}
