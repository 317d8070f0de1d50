// The one loop that stacks lines in a frame, whatever its shape: rows of lines from the top of
// the area (a rectangle, a shaped path, less exclusions and insets), each row as tall as its
// lines, paragraph spacing between paragraphs, as many rows as fit and the line limit allows,
// and the last visible line truncated when text remains. The area answers how much room a row
// has (`FrameArea.slots`); a paragraph's lines in a rectangle come through the paragraph-level
// hook (`ParagraphLineSource`).
import Foundation
import GalleyShaping

extension Framesetter {
    /// One line as the framesetter placed it.
    struct PlacedLine {
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
    }

    /// Lines of `range` placed in `area`, each with its baseline's depth below the box's top and
    /// its interval; the last one truncated per the options. See `frame(in:range:options:)` for
    /// a rectangle and `frame(in:range:options:)` with a `FramePath` for the rules.
    func stack(_ range: Range<Int>, in area: FrameArea, options: FrameOptions) throws(LayoutError)
        -> (lines: [PlacedLine], end: Int)
    {
        var placed: [PlacedLine] = []
        var start = range.lowerBound
        var pen = area.insets.top
        var source: ParagraphLineSource? = nil
        let limit = options.maximumNumberOfLines
        let bottom = area.box.height - area.insets.bottom
        while start < range.upperBound {
            if limit > 0, placed.count >= limit { break }
            let index = typesetter.paragraphIndex(containing: start)
            var gap: CGFloat = 0
            let lines: [PlacedLine]?
            if area.isPlain {
                if source?.index != index {
                    source = ParagraphLineSource(
                        typesetter, paragraph: index, from: start, frameWidth: area.plainSlot?.width ?? 0,
                        limit: range.upperBound)
                }
                gap = spacing(before: source!.resolved, startsParagraph: start == typesetter.paragraphs[index].range.lowerBound,
                              after: placed.last)
                lines = try plainRow(&source!, from: start, area: area)
            } else {
                let paragraph = typesetter.analysis(ofParagraph: index)
                let resolved = typesetter.extras(ofParagraph: index).style
                gap = spacing(before: resolved, startsParagraph: start == paragraph.span.range.lowerBound, after: placed.last)
                let room = limit > 0 ? limit - placed.count : Int.max
                lines = try shapedRow(
                    paragraph, resolved: resolved, from: start, range: range, area: area, pen: pen, gap: &gap, room: room)
            }
            guard let lines, !lines.isEmpty else { break }
            let ascent = lines.map(\.metrics.ascent).max() ?? 0
            let descent = lines.map(\.metrics.descent).max() ?? 0
            // The row's own metrics decide whether it fits (whole lines only).
            let baseline = pen + ascent + gap
            guard baseline + descent <= bottom else { break }
            let row = (placed.last?.row ?? -1) + 1
            for var item in lines {
                (item.baseline, item.rowPen, item.rowGap, item.row) = (baseline, pen, gap, row)
                placed.append(item)
            }
            start = lines[lines.count - 1].line.stringRange.upperBound
            pen = baseline + descent + (lines.map(\.metrics.leading).max() ?? 0)
        }
        var end = placed.last?.line.stringRange.upperBound ?? range.lowerBound
        if end < range.upperBound, var last = placed.popLast() {
            // The last visible line, truncated when text remains; its row's baseline follows
            // the row's (possibly changed) tallest line.
            if let newEnd = try truncateLastLine(&last, options: options, range: range) { end = newEnd }
            placed.append(last)
            let rowLines = placed.indices.filter { placed[$0].row == last.row }
            let ascent = rowLines.map { placed[$0].metrics.ascent }.max() ?? 0
            for i in rowLines { placed[i].baseline = last.rowPen + ascent + last.rowGap }
        }
        return (placed, end)
    }

    /// The space above a row whose first line starts a paragraph (with `style`): the previous
    /// paragraph's spacing after and this one's spacing before; none for the frame's first row.
    private func spacing(before style: ResolvedParagraphStyle, startsParagraph: Bool, after previous: PlacedLine?)
        -> CGFloat
    {
        guard startsParagraph, let previous else { return 0 }
        return previous.resolved.paragraphSpacing + style.paragraphSpacingBefore
    }

    /// The row of a plain area (a rectangle without exclusions): one line from the paragraph's
    /// source, in the area's one interval; nil when the insets leave no interval.
    private func plainRow(_ source: inout ParagraphLineSource, from start: Int, area: FrameArea) throws(LayoutError)
        -> [PlacedLine]?
    {
        guard let slot = area.plainSlot, let made = try source.next(from: start, in: self) else { return nil }
        return [
            PlacedLine(
                line: made.line, baseline: 0, metrics: source.resolved.placedMetrics(of: made.line), head: made.head,
                width: made.width, resolved: source.resolved, slotX: slot.x, slotWidth: slot.width)
        ]
    }

    /// The row of a shaped area starting at `start`, `pen + gap` below the box's top: its band
    /// is first taken from the metrics of the row's first grapheme cluster and grown to the
    /// row's real metrics (at most four times); when no interval of the band can take that
    /// cluster, the row moves down (`gap` grows) by 1 pt (1/4096 of the box's height for boxes
    /// taller than 4096 pt). Nil when the band would reach below the area.
    private func shapedRow(
        _ paragraph: ParagraphAnalysis, resolved: ResolvedParagraphStyle, from start: Int, range: Range<Int>,
        area: FrameArea, pen: CGFloat, gap: inout CGFloat, room: Int
    ) throws(LayoutError) -> [PlacedLine]? {
        let bottom = area.box.height - area.insets.bottom
        let step = max(1, area.box.height / 4096)
        var guess = firstClusterMetrics(paragraph, resolved: resolved, from: start)
        var attempts = 0
        while true {
            let top = pen + gap
            guard top + guess.ascent + guess.descent <= bottom else { return nil }
            let slots = area.slots(depth: top...(top + guess.ascent + guess.descent))
            let lines = try fillRow(slots, from: start, range: range, paragraph: paragraph, resolved: resolved, room: room)
            if lines.isEmpty {
                // No interval of this band can take the next cluster: move down.
                gap += step
                continue
            }
            let ascent = lines.map(\.metrics.ascent).max() ?? 0
            let descent = lines.map(\.metrics.descent).max() ?? 0
            if ascent > guess.ascent || descent > guess.descent, attempts < 4 {
                attempts += 1
                guess = (max(guess.ascent, ascent), max(guess.descent, descent))
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
    ) throws(LayoutError) -> [PlacedLine] {
        var lines: [PlacedLine] = []
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
                PlacedLine(
                    line: line, baseline: 0, metrics: resolved.placedMetrics(of: line), head: head, width: width,
                    resolved: resolved, slotX: slot.lowerBound, slotWidth: slotWidth))
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
