// Frames beyond a rectangle: lines fill a `FramePath` (minus exclusion paths and insets) band by
// band — each band split into the x intervals the shape leaves, each interval holding one line —
// and chains of columns. CTFramesetterCreateFrame with a non-rectangular CGPath and clipping
// paths; YYTextLayout's rows and layoutWithContainers.
import Foundation
import GalleyShaping
import GalleyText

extension Framesetter {
    /// Lays out `range` (nil: the whole text) in `path`, flowing around `options.exclusionPaths`
    /// and inside `options.insets`. Like CTFramesetterCreateFrame with an arbitrary CGPath.
    /// `.rectangle(r)` without exclusions or insets gives exactly the frame of `frame(in: r)`.
    ///
    /// How the path is filled:
    /// - **Bands.** Rows of lines stack from the top of the path's bounding box (its top inset
    ///   below it) with the vertical rules of the rectangular frame (placed metrics, leading,
    ///   paragraph spacing: see `frame(in:range:options:)`). A row's band runs from its top to
    ///   its baseline + descent. The x intervals available to the row are those inside the path at
    ///   every y of the band (`FramePath.intervalsInside`), within the left and right insets, minus
    ///   every x an exclusion covers anywhere in the band (`FramePath.intervalsTouching`): a line
    ///   fits its whole ascent + descent, never only its baseline.
    /// - **Band height.** A row's height depends on its lines, which depend on the intervals,
    ///   which depend on the height. The band is first taken from the metrics of the row's first
    ///   grapheme cluster (a line's ascent and descent are maxima over its runs, so this is a lower
    ///   bound in practice); the row is broken into lines in it; if the row turns out taller or
    ///   deeper, the band is grown to the row's real metrics and the row is broken again (at most
    ///   four times; the last result is kept). If it turns out smaller, it is kept: a smaller band
    ///   is contained in the one it was broken for, so its intervals are at least as wide.
    /// - **Rows.** Within a band, lines fill the intervals left to right — right to left when the
    ///   paragraph is right-to-left — each interval acting as a rectangle of its own for indents
    ///   and alignment (each line gets its paragraph's head and tail indents inside its interval).
    ///   All lines of a row share the row's baseline (the largest ascent of its lines below the
    ///   row's top). A new paragraph always starts a new row, so paragraph spacing applies as in a
    ///   rectangle; a U+2028 line separator only ends its line, and the text goes on in the row's
    ///   next interval. `Frame.lineRowIndices` says which row each line is in.
    /// - **Narrow intervals.** An interval narrower than the next grapheme cluster (after the
    ///   line's indents) is skipped. When no interval of a band can take the cluster, the row moves
    ///   down by 1 pt (by 1/4096 of the path's height for paths taller than 4096 pt, so a frame
    ///   never takes more than a few thousand tries) and tries again; the frame ends when the band
    ///   would reach below the path's bounding box (less the bottom inset) or text runs out. A
    ///   rectangle without exclusions is the exception: all its bands are alike, so, as in
    ///   `frame(in:)`, a line there takes at least one cluster even if it overflows.
    /// - **Origins** are relative to the path's bounding-box origin (`Frame.rect`), as CoreText's.
    /// - **Options.** `maximumNumberOfLines` counts lines, not rows (YYText's
    ///   maximumNumberOfRows counts rows). The last visible line is truncated as in a rectangle,
    ///   to its own interval's width, and its row's baseline is recomputed for the token's metrics.
    ///
    /// - Throws: `LayoutError.rangeOutOfBounds` for a range outside the text;
    ///   `LayoutError.invalidGeometry` for a non-finite coordinate, a negative size, corner size
    ///   or inset (of the path or an exclusion), or a negative line limit. A path that encloses
    ///   nothing gives a frame without lines and an empty visible range.
    public func frame(in path: FramePath, range: Range<Int>? = nil, options: FrameOptions = FrameOptions(truncation: nil))
        throws(LayoutError) -> Frame
    {
        let range = try validateRange(range)
        try path.validate()
        for exclusion in options.exclusionPaths { try exclusion.validate() }
        try options.insets.validate()
        guard options.maximumNumberOfLines >= 0 else {
            throw .invalidGeometry("maximum number of lines \(options.maximumNumberOfLines) must be ≥ 0")
        }
        let area = FrameArea(path: path, exclusions: options.exclusionPaths, insets: options.insets)
        let placed = placeInArea(range, area: area, options: options)
        return assemble(placed.lines, end: placed.end, rect: area.box, range: range, path: path)
    }

    /// Lays out `range` (nil: the whole text) in several paths, one frame each, like columns or
    /// pages: each frame starts where the previous frame's visible range ends, so together they
    /// show the text once, without losing or repeating a character (a frame with no room shows
    /// nothing and the next goes on from the same place). Every frame's `stringRange` is the
    /// rest of the range from its start. The options apply to each frame (the line limit is per
    /// frame), except that only the last frame truncates its last line: truncating an earlier
    /// one would hide text that the next frame does not show. Like a chain of
    /// CTFramesetterCreateFrame calls, or YYTextLayout's layoutWithContainers.
    /// - Throws: as `frame(in:range:options:)`, for the first bad path.
    public func frames(in columns: [FramePath], range: Range<Int>? = nil, options: FrameOptions = FrameOptions(truncation: nil))
        throws(LayoutError) -> [Frame]
    {
        let range = try validateRange(range)
        var frames: [Frame] = []
        frames.reserveCapacity(columns.count)
        var start = range.lowerBound
        for (i, column) in columns.enumerated() {
            var columnOptions = options
            if i < columns.count - 1 { columnOptions.truncation = nil }
            let frame = try frame(in: column, range: start..<range.upperBound, options: columnOptions)
            frames.append(frame)
            start = frame.visibleStringRange.upperBound
        }
        return frames
    }

    /// The frame from placed lines: justification, alignment inside each line's interval, and origins.
    func assemble(_ placed: [PlacedLine], end: Int, rect: CGRect, range: Range<Int>, path: FramePath) -> Frame {
        var origins: [CGPoint] = []
        origins.reserveCapacity(placed.count)
        var lines: [Line] = []
        lines.reserveCapacity(placed.count)
        for item in placed {
            var line = item.line
            let style = item.resolved.style
            if style.alignment == .justified, !line.endsParagraph, !line.endsWithLineSeparator, !line.isTruncated,
               !style.lineBreakMode.isSingleLine
            {
                line = line.justified(factor: 1, width: item.width)
            }
            lines.append(line)
            let left = item.resolved.lineLeft(frameWidth: item.slotWidth, head: item.head, width: item.width,
                                              rightToLeft: line.isRightToLeft)
            origins.append(CGPoint(x: item.slotX + left + alignmentOffset(line, width: item.width, style: style),
                                   y: rect.height - item.baseline))
        }
        return Frame(
            rect: rect, lines: lines, lineOrigins: origins, stringRange: range,
            visibleStringRange: range.lowerBound..<end, placedLineMetrics: placed.map(\.metrics), path: path,
            lineRowIndices: placed.map(\.row))
    }

    /// Lines of `range` placed in `area`, each with its baseline's depth below the box's top and
    /// its interval; the last one truncated per the options. See `frame(in:range:options:)`.
    func placeInArea(_ range: Range<Int>, area: FrameArea, options: FrameOptions) -> (lines: [PlacedLine], end: Int) {
        var placed: [PlacedLine] = []
        var start = range.lowerBound
        var end = start
        var pen = area.insets.top
        var row = 0
        let limit = options.maximumNumberOfLines
        let bottom = area.box.height - area.insets.bottom
        let step = max(1, area.box.height / 4096)
        rows: while start < range.upperBound {
            if limit > 0, placed.count >= limit { break }
            let paragraphIndex = typesetter.paragraphIndex(containing: start)
            let paragraph = typesetter.analysis(ofParagraph: paragraphIndex)
            let resolved = typesetter.extras(ofParagraph: paragraphIndex).style
            var top = pen
            if start == paragraph.span.range.lowerBound, let previous = placed.last {
                top += previous.resolved.paragraphSpacing + resolved.paragraphSpacingBefore
            }
            var guess = area.isPlain ? nil : firstClusterMetrics(paragraph, resolved: resolved, from: start)
            var attempts = 0
            while true {
                let slots: [ClosedRange<CGFloat>]
                if let g = guess {
                    guard top + g.ascent + g.descent <= bottom else { break rows }
                    slots = area.slots(depth: top...(top + g.ascent + g.descent))
                } else {
                    slots = area.plainSlot.map { [$0] } ?? []
                    if slots.isEmpty { break rows }
                }
                let lines = fillRow(slots, from: start, range: range, paragraph: paragraph, resolved: resolved,
                                    room: limit > 0 ? limit - placed.count : Int.max, skipNarrow: !area.isPlain)
                if lines.isEmpty {
                    // No interval of this band can take the next cluster: move down.
                    guard guess != nil else { break rows }
                    top += step
                    continue
                }
                let ascent = lines.map(\.metrics.ascent).max() ?? 0
                let descent = lines.map(\.metrics.descent).max() ?? 0
                if let g = guess, ascent > g.ascent || descent > g.descent, attempts < 4 {
                    attempts += 1
                    guess = (max(g.ascent, ascent), max(g.descent, descent))
                    continue
                }
                // The row's own metrics decide whether it fits (as in a rectangle: whole lines only).
                guard top + ascent + descent <= bottom else { break rows }
                let leading = lines.map(\.metrics.leading).max() ?? 0
                for var item in lines {
                    item.baseline = top + ascent
                    item.rowTop = top
                    item.row = row
                    placed.append(item)
                }
                let last = lines[lines.count - 1]
                start = last.line.stringRange.upperBound
                end = start
                pen = top + ascent + descent + leading
                row += 1
                break
            }
        }
        // Truncate the last visible line when text remains, as a rectangular frame does.
        if end < range.upperBound, var last = placed.popLast() {
            if let newEnd = truncateLastLine(&last, options: options, range: range) { end = newEnd }
            placed.append(last)
            // The row's baseline follows its (possibly changed) tallest line.
            let rowLines = placed.indices.filter { placed[$0].row == last.row }
            let ascent = rowLines.map { placed[$0].metrics.ascent }.max() ?? 0
            for i in rowLines { placed[i].baseline = last.rowTop + ascent }
        }
        return (placed, end)
    }

    /// The lines of one row: the text from `start` poured into `slots` in reading order, one
    /// line per slot, stopping at the paragraph's end, the range's end or after `room` lines.
    /// Baselines are left at 0.
    private func fillRow(_ slots: [ClosedRange<CGFloat>], from start: Int, range: Range<Int>, paragraph: ParagraphAnalysis,
                         resolved: ResolvedParagraphStyle, room: Int, skipNarrow: Bool) -> [PlacedLine]
    {
        var lines: [PlacedLine] = []
        var s = start
        let order = paragraph.baseLevel & 1 == 1 ? Array(slots.reversed()) : slots
        for slot in order {
            if s >= range.upperBound || s >= paragraph.span.range.upperBound || lines.count >= room { break }
            let startsParagraph = s == paragraph.span.range.lowerBound
            let head = resolved.headIndent(firstLine: startsParagraph)
            let slotWidth = slot.upperBound - slot.lowerBound
            let width = resolved.lineWidth(frameWidth: slotWidth, head: head)
            if skipNarrow, width <= 0 || width < firstClusterWidth(paragraph, from: s) { continue }
            let (line, lineEnd) = nextLine(paragraph, from: s, width: width, head: head, limit: range.upperBound)
            lines.append(PlacedLine(line: line, baseline: 0, metrics: resolved.placedMetrics(of: line), head: head,
                                    width: width, resolved: resolved, slotX: slot.lowerBound, slotWidth: slotWidth))
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

    /// The placed ascent and descent of a line holding only the cluster at `start`: the first guess
    /// at a row's band.
    private func firstClusterMetrics(_ paragraph: ParagraphAnalysis, resolved: ResolvedParagraphStyle, from start: Int)
        -> (ascent: CGFloat, descent: CGFloat)
    {
        let line = typesetter.makeLine(paragraph, range: start..<clusterEnd(paragraph, from: start), offset: 0)
        let m = resolved.placedMetrics(of: line)
        return (max(0, m.ascent), max(0, m.descent))
    }
}

/// The area a shaped frame fills: a path, less exclusions and insets, asked band by band.
struct FrameArea {
    let path: FramePath
    let exclusions: [FramePath]
    let insets: FrameInsets
    /// The path's bounding box: line origins are relative to its origin.
    let box: CGRect
    /// True for a rectangle without exclusions: every band has the same single interval.
    let isPlain: Bool

    init(path: FramePath, exclusions: [FramePath], insets: FrameInsets) {
        self.path = path
        self.exclusions = exclusions
        self.insets = insets
        box = path.boundingBox
        if case .rectangle = path, exclusions.isEmpty { isPlain = true } else { isPlain = false }
    }

    /// A plain rectangle's one interval, relative to the box (its width computed without
    /// rounding: the box's width less the side insets); nil when the insets leave no room.
    var plainSlot: ClosedRange<CGFloat>? {
        let width = box.width - insets.left - insets.right
        return width >= 0 ? insets.left...(insets.left + width) : nil
    }

    /// The x intervals (relative to the box's left edge) available to a band `depth` below the
    /// box's top (depth grows downwards): inside the path over the whole band, within the side
    /// insets, less what any exclusion covers in the band.
    func slots(depth: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        // y up; clamped to the box, which the caller's depth checks guarantee up to rounding.
        let yTop = min(box.maxY, box.maxY - depth.lowerBound)
        let yBottom = max(box.minY, box.maxY - depth.upperBound)
        guard yBottom <= yTop else { return [] }
        let band = yBottom...yTop
        var inside = path.intervalsInside(band: band)
        let left = box.minX + insets.left
        let right = box.maxX - insets.right
        guard right > left else { return [] }
        inside = FramePath.intersect(inside, [left...right])
        if !exclusions.isEmpty {
            let covered = FramePath.merge(exclusions.flatMap { $0.intervalsTouching(band: band) })
            inside = FramePath.subtract(inside, covered)
        }
        return inside.map { ($0.lowerBound - box.minX)...($0.upperBound - box.minX) }
    }
}
