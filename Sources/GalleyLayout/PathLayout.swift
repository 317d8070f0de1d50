// Frames beyond a rectangle: lines fill a `FramePath` (minus exclusion paths and insets) band by
// band — each band split into the x intervals the shape leaves, each interval holding one line —
// and chains of columns. CTFramesetterCreateFrame with a non-rectangular CGPath and clipping
// paths; YYTextLayout's rows and layoutWithContainers.
import Foundation
import GalleyShaping
import GalleyText

extension Framesetter {
    /// Lays out `range` (nil: the whole text) in `path`, flowing around `options.exclusionPaths`
    /// and `options.clippingPaths` and inside `options.insets`. Like CTFramesetterCreateFrame
    /// with an arbitrary CGPath and frame attributes: the path is filled by `options.fillRule`
    /// (kCTFramePathFillRuleAttributeName) and lines keep clear of its outline stroked
    /// `options.pathWidth` wide (kCTFramePathWidthAttributeName); each clipping path takes its
    /// fill (by its own rule) and its stroke (by its own width) from every band it reaches.
    /// `.rectangle(r)` without exclusions, insets or path width gives exactly the frame of `frame(in: r)`.
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
    /// - **Vertical frames.** With a vertical `options.progression` the path, exclusions,
    ///   clipping paths and insets are turned a quarter and each column is a row of this
    ///   algorithm, its intervals segments down the column (see `FrameProgression`).
    /// - **Options.** `maximumNumberOfLines` counts lines, not rows (YYText's
    ///   maximumNumberOfRows counts rows). The last visible line is truncated as in a rectangle,
    ///   to its own interval's width, and its row's baseline is recomputed for the token's metrics.
    ///
    /// - Throws: `LayoutError.rangeOutOfBounds` for a range outside the text;
    ///   `LayoutError.invalidGeometry` for a non-finite coordinate, a negative size, corner size
    ///   or inset (of the path or an exclusion), a negative or non-finite path width, or a
    ///   negative line limit. A path that encloses
    ///   nothing gives a frame without lines and an empty visible range.
    public func frame(
        in path: FramePath, range: Range<Int>? = nil, options: FrameOptions = FrameOptions(truncation: nil)
    )
        throws(LayoutError) -> Frame
    {
        let range = try validateRange(range)
        try path.validate()
        try options.validatePaths()
        try options.insets.validate(in: path.boundingBox)
        guard options.maximumNumberOfLines >= 0 else {
            throw .invalidGeometry("maximum number of lines \(options.maximumNumberOfLines) must be ≥ 0")
        }
        switch options.progression.lineAxis {
        case .horizontal: break
        case .vertical: return try verticalFrame(in: path, range: range, options: options)
        }
        let area = FrameArea(path: path, options: options)
        let placed = try stack(range, in: area, options: options)
        return assemble(placed.lines, end: placed.end, rect: area.box, range: range, path: path, options: options)
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
    public func frames(
        in columns: [FramePath], range: Range<Int>? = nil, options: FrameOptions = FrameOptions(truncation: nil)
    )
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

    /// How far `line`'s last character may hang past its measure when the line does not fit
    /// otherwise: the blank half of a closing bracket or stop that CSS's `allow-end` trims
    /// (`text-spacing-trim` `normal`, `space-first`, `trim-start`; `LineEdgeSpacing.allowance`).
    private func endTrimAllowance(_ line: Line) -> CGFloat {
        let paragraph = typesetter.analysis(containing: line.stringRange.lowerBound)
        guard paragraph.hasCJKSpacing else { return 0 }
        let start = max(line.stringRange.lowerBound, paragraph.content.lowerBound)
        return paragraph.edgeSpacing(from: start, visibleEnd: line.visibleEnd, units: typesetter.text.utf16).allowance
    }

    /// The frame from placed lines: justification, alignment inside each line's interval, and origins.
    func assemble(
        _ placed: [StackedLine], end: Int, rect: CGRect, range: Range<Int>, path: FramePath, options: FrameOptions
    ) -> Frame {
        var lines: [PlacedLine] = []
        lines.reserveCapacity(placed.count)
        for item in placed {
            var line = item.line
            let natural = line.width - line.trailingWhitespaceWidth
            // Read through the shared resolved style: copying its `ParagraphStyle` for every line costs.
            let resolved = item.resolved
            // Hanging punctuation widens the line's measure on the side it hangs from.
            var hang = line.hangs(
                resolved.style.hangingPunctuation, measure: item.width, firstLine: item.startsParagraph)
            // A closing character that `allow-end` trims: its blank half hangs past the measure
            // (as trimmed) when the line does not fit otherwise.
            if hang.end == 0, natural > item.width + FitTolerance.slack(item.width) {
                hang.end = endTrimAllowance(line)
            }
            let measure = item.width + hang.start + hang.end
            let alignment = resolved.style.alignment
            // A last line is justified only when it is too long and its spaces may shrink to fit
            // (optimal breaking plans such a line, as TeX does).
            let ends = line.endsParagraph || line.endsWithLineSeparator
            if alignment == .justified, !line.isTruncated, !resolved.style.lineBreakMode.isSingleLine,
                !ends || (natural > measure + FitTolerance.slack(measure) && natural - measure <= line.lastLineShrink)
            {
                line = line.justified(factor: 1, width: measure)
            }
            let left =
                item.resolved.lineLeft(
                    frameWidth: item.slotWidth, head: item.head, width: item.width,
                    rightToLeft: line.isRightToLeft) - (line.isRightToLeft ? hang.end : hang.start)
            let inline = item.slotX + left + alignmentOffset(line, width: measure, alignment: alignment)
            lines.append(
                PlacedLine(
                    line: line, origin: LineAxis.horizontal.origin(inline: inline, depth: item.baseline, in: rect.size),
                    metrics: item.metrics, measure: item.width, row: item.row, naturalWidth: natural))
        }
        return Frame(
            rect: rect, placedLines: lines, stringRange: range, visibleStringRange: range.lowerBound..<end, path: path,
            attributes: options, text: typesetter.text.utf16)
    }
}
