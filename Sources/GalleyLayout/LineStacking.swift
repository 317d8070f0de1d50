// The one loop that stacks lines in a frame, whatever its shape: rows of lines from the top of
// the area (a rectangle, a shaped path, less exclusions and insets), each row as tall as its
// lines, paragraph spacing between paragraphs, as many rows as fit and the line limit allows,
// and the last visible line truncated when text remains. The area answers how much room a row
// has (`FrameArea.slots`); a paragraph's lines in a rectangle come through the paragraph-level
// hook (`ParagraphLineSource`).
import Foundation
import GalleyShaping
import GalleyVocabulary

extension Framesetter {
    /// One line while the framesetter stacks it: what breaking, stacking and alignment need of
    /// it; `assemble` makes each a ``PlacedLine`` of the frame.
    struct StackedLine {
        var line: Line
        /// The line's baseline, below the top of the frame's box.
        var baseline: CGFloat
        /// The metrics it was stacked with.
        var metrics: TypographicBounds
        /// Its head indent and available width.
        var head: CGFloat
        var width: CGFloat
        var resolved: ResolvedParagraphStyle
        /// The left edge of the line's interval (relative to the box's left edge) and its width:
        /// the whole width in a rectangle, one interval of a band in a shaped frame.
        var slotX: CGFloat = 0
        var slotWidth: CGFloat = 0
        /// Where the row's stacking started (the bottom of the row above, leading included) and
        /// the gap below it (paragraph spacing, and moves down past bands too narrow): the row's
        /// top is `rowPen + rowGap`, its baseline `rowPen + ascent + rowGap`.
        var rowPen: CGFloat = 0
        var rowGap: CGFloat = 0
        /// The row's index.
        var row: Int = 0
        /// Whether the line is its paragraph's first.
        var startsParagraph = false
    }

    /// Lines of `range` placed in `area`, each with its baseline's depth below the box's top and
    /// its interval; the last one truncated per the options. See `frame(in:range:options:)` for
    /// a rectangle and `frame(in:range:options:)` with a `FramePath` for the rules.
    func stack(_ range: Range<Int>, in area: FrameArea, options: FrameOptions) throws(LayoutError)
        -> (lines: [StackedLine], end: Int)
    {
        var placed: [StackedLine] = []
        // Room for a line per 32 code units (a line of running text holds 40 to 100): growing a
        // long frame's array of placed lines one doubling at a time copies it again and again.
        placed.reserveCapacity(min(range.count / 32 + 4, 1 << 16))
        var start = range.lowerBound
        var pen = area.insets.top
        var source: ParagraphLineSource? = nil
        let slot = area.plainSlot
        // The previous row's number; the paragraph of the last row and its range.
        var rowNumber = -1
        var (index, span) = (-1, 0..<0)
        let limit = options.maximumNumberOfLines
        let bottom = area.box.height - area.insets.bottom
        while start < range.upperBound {
            if limit > 0, placed.count >= limit { break }
            if !span.contains(start) {
                index = typesetter.paragraphIndex(containing: start)
                span = typesetter.paragraphs[index].range
            }
            let startsParagraph = start == span.lowerBound
            // The style of the paragraph above, for spacing between paragraphs.
            let previousStyle = startsParagraph && !placed.isEmpty ? placed[placed.count - 1].resolved : nil
            var gap: CGFloat = 0
            // The row's lines go into `placed` at once (no copies on the way: a placed line holds
            // several references) and are taken out again if the row does not fit.
            let first = placed.count
            if area.isPlain {
                let lines: ParagraphLineSource
                if let source, source.index == index {
                    lines = source
                } else {
                    lines = ParagraphLineSource(
                        typesetter, paragraph: index, from: start, frameWidth: slot?.width ?? 0, limit: range.upperBound
                    )
                    source = lines
                }
                gap = spacing(before: lines.resolved, startsParagraph: startsParagraph, after: previousStyle)
                guard let slot, try lines.place(from: start, slot: slot, into: &placed, in: self) else { break }
            } else {
                let paragraph = typesetter.analysis(ofParagraph: index)
                let resolved = typesetter.extras(ofParagraph: index).style
                gap = spacing(before: resolved, startsParagraph: startsParagraph, after: previousStyle)
                let room = limit > 0 ? limit - placed.count : Int.max
                guard
                    let lines = try shapedRow(
                        paragraph, resolved: resolved, from: start, range: range, area: area, pen: pen, gap: &gap,
                        room: room), !lines.isEmpty
                else { break }
                placed.append(contentsOf: lines)
            }
            let row = Framesetter.rowMetrics(placed, first..<placed.count)
            let (before, after) = Framesetter.blockExtents(row, options.progression)
            // The row's own metrics decide whether it fits (whole lines only).
            let baseline = pen + before + gap
            guard baseline + after <= bottom else {
                placed.removeSubrange(first...)
                break
            }
            rowNumber += 1
            for k in first..<placed.count {
                (placed[k].baseline, placed[k].rowPen, placed[k].rowGap, placed[k].row) = (
                    baseline, pen, gap, rowNumber
                )
            }
            start = placed[placed.count - 1].line.stringRange.upperBound
            pen = baseline + after + row.leading
        }
        let end = try truncateLastRow(&placed, range: range, options: options)
        return (placed, end)
    }

    /// Truncates the last visible line when text remains after it, as the options say; its
    /// row's baseline follows the row's (possibly changed) tallest line. Returns the end of the
    /// visible range.
    private func truncateLastRow(_ placed: inout [StackedLine], range: Range<Int>, options: FrameOptions)
        throws(LayoutError) -> Int
    {
        var end = placed.isEmpty ? range.lowerBound : placed[placed.count - 1].line.stringRange.upperBound
        guard end < range.upperBound, var last = placed.popLast() else { return end }
        if let newEnd = try truncateLastLine(&last, options: options, range: range) { end = newEnd }
        placed.append(last)
        var first = placed.count - 1
        while first > 0, placed[first - 1].row == last.row { first -= 1 }
        let before = Framesetter.blockExtents(Framesetter.rowMetrics(placed, first..<placed.count), options.progression)
            .before
        for i in first..<placed.count { placed[i].baseline = last.rowPen + before + last.rowGap }
        return end
    }

    /// How far a row reaches before its baseline (towards where stacking starts) and after it,
    /// along the block axis: its ascent, then its descent — except in a vertical-lr frame, whose
    /// columns stack from the left edge while a vertical line's ascent is right of its centre
    /// line (CoreText turns a line's ascent to the right in both progressions), so there the
    /// descent comes first. The two differ only when a column is lopsided (a placeholder, a
    /// baseline shift, ruby, a line-height multiple).
    static func blockExtents(_ row: TypographicBounds, _ progression: FrameProgression)
        -> (before: CGFloat, after: CGFloat)
    {
        switch progression {
        case .topToBottom, .rightToLeft: (row.ascent, row.descent)
        case .leftToRight: (row.descent, row.ascent)
        }
    }

    /// The largest placed ascent, descent and leading of the lines `range` of `lines` (a row),
    /// starting from the first line's (placed metrics may be negative).
    static func rowMetrics(_ lines: [StackedLine], _ range: Range<Int>) -> TypographicBounds {
        guard let first = range.first else { return TypographicBounds(width: 0, ascent: 0, descent: 0, leading: 0) }
        var row = lines[first].metrics
        for i in range.dropFirst() {
            let m = lines[i].metrics
            row.include((m.ascent, m.descent, m.leading))
        }
        return row
    }

    /// The space above a row whose first line starts a paragraph (with `style`): the spacing
    /// after of the paragraph above (`previous`, its style) and this one's spacing before; none
    /// for the frame's first row.
    private func spacing(
        before style: ResolvedParagraphStyle, startsParagraph: Bool, after previous: ResolvedParagraphStyle?
    ) -> CGFloat {
        guard startsParagraph, let previous else { return 0 }
        return previous.paragraphSpacing + style.paragraphSpacingBefore
    }

    /// The row of a shaped area starting at `start`, `pen + gap` below the box's top: its band
    /// is first taken from the metrics of the row's first grapheme cluster and grown to the
    /// row's real metrics (at most four times); when no interval of the band can take that
    /// cluster, the row moves down (`gap` grows) by 1 pt (1/4096 of the box's height for boxes
    /// taller than 4096 pt). Nil when the band would reach below the area.
    private func shapedRow(
        _ paragraph: ParagraphAnalysis, resolved: ResolvedParagraphStyle, from start: Int, range: Range<Int>,
        area: FrameArea, pen: CGFloat, gap: inout CGFloat, room: Int
    ) throws(LayoutError) -> [StackedLine]? {
        let bottom = area.box.height - area.insets.bottom
        let step = max(1, area.box.height / 4096)
        var guess = firstClusterMetrics(paragraph, resolved: resolved, from: start)
        var attempts = 0
        while true {
            let top = pen + gap
            guard top + guess.ascent + guess.descent <= bottom else { return nil }
            let slots = area.slots(depth: top...(top + guess.ascent + guess.descent))
            let lines = try fillRow(
                slots, from: start, range: range, paragraph: paragraph, resolved: resolved, room: room)
            if lines.isEmpty {
                // No interval of this band can take the next cluster: move down.
                gap += step
                continue
            }
            let row = Framesetter.rowMetrics(lines, lines.indices)
            if row.ascent > guess.ascent || row.descent > guess.descent, attempts < 4 {
                attempts += 1
                guess = (max(guess.ascent, row.ascent), max(guess.descent, row.descent))
                continue
            }
            return lines
        }
    }

    /// The lines of one row of a shaped area: the text from `start` poured into `slots` in
    /// reading order, one line per slot, skipping slots narrower than the next grapheme cluster,
    /// stopping at the paragraph's end, the range's end or after `room` lines. Baselines are
    /// left at 0.
    private func fillRow(
        _ slots: [ClosedRange<CGFloat>], from start: Int, range: Range<Int>, paragraph: ParagraphAnalysis,
        resolved: ResolvedParagraphStyle, room: Int
    ) throws(LayoutError) -> [StackedLine] {
        var lines: [StackedLine] = []
        var s = start
        let order = paragraph.baseLevel & 1 == 1 ? Array(slots.reversed()) : slots
        for slot in order {
            if s >= range.upperBound || s >= paragraph.span.range.upperBound || lines.count >= room { break }
            let head = resolved.headIndent(firstLine: s == paragraph.span.range.lowerBound)
            let slotWidth = slot.upperBound - slot.lowerBound
            let width = resolved.lineWidth(frameWidth: slotWidth, head: head)
            if width <= 0 || width < firstClusterWidth(paragraph, from: s) { continue }
            let (line, lineEnd) = try nextLine(paragraph, from: s, width: width, head: head, limit: range.upperBound)
            lines.append(
                StackedLine(
                    line: line, baseline: 0, metrics: resolved.placedMetrics(of: line), head: head, width: width,
                    resolved: resolved, slotX: slot.lowerBound, slotWidth: slotWidth,
                    startsParagraph: s == paragraph.span.range.lowerBound))
            s = lineEnd
        }
        return lines
    }

    /// The end of the grapheme cluster starting at `start` (the paragraph's end past its content).
    private func clusterEnd(_ paragraph: ParagraphAnalysis, from start: Int) -> Int {
        let g = paragraph.graphemes
        let i = LineBuilder.partition(g) { $0 > start }
        if start >= paragraph.content.upperBound || i >= g.count { return paragraph.span.range.upperBound }
        return g[i]
    }

    /// The advance of the grapheme cluster at `start` (0 at the paragraph's end).
    private func firstClusterWidth(_ paragraph: ParagraphAnalysis, from start: Int) -> CGFloat {
        paragraph.width(of: start..<clusterEnd(paragraph, from: start))
    }

    /// The placed ascent and descent of a line holding only the cluster at `start`: the first
    /// guess at a row's band.
    private func firstClusterMetrics(_ paragraph: ParagraphAnalysis, resolved: ResolvedParagraphStyle, from start: Int)
        -> (ascent: CGFloat, descent: CGFloat)
    {
        let line = typesetter.makeLine(paragraph, range: start..<clusterEnd(paragraph, from: start), offset: 0)
        let m = resolved.placedMetrics(of: line)
        return (max(0, m.ascent), max(0, m.descent))
    }
}
