// A frame: the lines a framesetter placed in a path (a rectangle or another shape), with their origins, the range they
// hold, and the answers callers need from it (placeholder rects, the line at an index or point).
import Foundation
import GalleyText

/// Like CTFrame. Immutable.
public struct Frame: Sendable {
    /// The rectangle the lines were laid out in — the path's bounding box — y up.
    public let rect: CGRect
    /// The lines as the framesetter placed them, in reading order (top to bottom; for vertical
    /// lines, column by column from the side they stack from): each line with its origin, stacked
    /// metrics, measure, row and natural width (see ``PlacedLine``). ``lines``, ``lineOrigins``,
    /// ``placedLineMetrics``, ``lineRowIndices`` and ``lineMeasures`` are views of it.
    public let placedLines: [PlacedLine]
    /// The lines, in reading order. Like CTFrameGetLines.
    public let lines: [Line]
    /// Each line's origin — the start of its baseline — relative to `rect.origin`, y up.
    /// Like CTFrameGetLineOrigins.
    public let lineOrigins: [CGPoint]
    /// The range that was asked for. Like CTFrameGetStringRange.
    public let stringRange: Range<Int>
    /// The range that fits. Like CTFrameGetVisibleStringRange. A truncated line counts with its
    /// whole string range (the text its token stands for included).
    public let visibleStringRange: Range<Int>
    /// For each line, the vertical metrics it was stacked with (``PlacedLine/metrics``). CoreText
    /// keeps these in the line origins only. A new array each time: in a loop, read
    /// ``placedLines``.
    public var placedLineMetrics: [TypographicBounds] { placedLines.map(\.metrics) }
    /// The path the lines were laid out in (`.rectangle(rect)` for a rectangular frame). Like
    /// CTFrameGetPath.
    public let path: FramePath
    /// For each line, the index of its row (``PlacedLine/row``). In a rectangle without
    /// exclusions each line is a row of its own, so this is 0, 1, 2, …. A new array each time:
    /// in a loop, read ``placedLines``.
    public var lineRowIndices: [Int] { placedLines.map(\.row) }
    /// The number of rows (see `lineRowIndices`). Like YYTextLayout.rowCount.
    public var rowCount: Int { (placedLines.last?.row ?? -1) + 1 }
    /// For each line, the width it was set in (``PlacedLine/measure``). CoreText keeps no such
    /// value. A new array each time: in a loop, read ``placedLines``.
    public var lineMeasures: [CGFloat] { placedLines.map(\.measure) }
    /// The options the frame was made with: its frame attributes (fill rule, path width,
    /// clipping paths) and Galley's own (line limit, truncation, exclusions, insets). Like
    /// CTFrameGetFrameAttributes, which returns the dictionary given to CTFramesetterCreateFrame;
    /// a frame made without options (`frame(in:range:)`) reports `FrameOptions(truncation: nil)`,
    /// the options that behave as none.
    public let attributes: FrameOptions
    /// The code units of the text the frame was laid out from (shared storage): its glyph runs'
    /// string indices point into it (a PDF's text layer takes their text from it). CTFrame
    /// likewise keeps its framesetter's string.
    package let text: [UInt16]

    /// A frame of `placedLines` in `rect` (its path `path`, by default the rectangle), laid out
    /// from `text`.
    package init(
        rect: CGRect, placedLines: [PlacedLine], stringRange: Range<Int>, visibleStringRange: Range<Int>,
        path: FramePath? = nil, attributes: FrameOptions? = nil, text: [UInt16]
    ) {
        self.text = text
        self.attributes = attributes ?? FrameOptions(truncation: nil)
        self.path = path ?? .rectangle(rect)
        self.rect = rect
        self.placedLines = placedLines
        self.lines = placedLines.map(\.line)
        self.lineOrigins = placedLines.map(\.origin)
        self.stringRange = stringRange
        self.visibleStringRange = visibleStringRange
    }

    /// This frame with another rect (and path: the new rect when nil) and other placed lines
    /// (these when nil), every other value kept.
    package func with(rect: CGRect, path: FramePath? = nil, placedLines: [PlacedLine]? = nil) -> Frame {
        Frame(
            rect: rect, placedLines: placedLines ?? self.placedLines, stringRange: stringRange,
            visibleStringRange: visibleStringRange, path: path ?? .rectangle(rect), attributes: attributes, text: text)
    }

    /// TeX's adjustment ratio of line `index`: how far its spaces were (or would have to be)
    /// stretched or shrunk to fill its measure — the slack (measure less the natural width of
    /// its visible text) over half the advance of its spaces when ≥ 0, over a third of it when
    /// negative (TeX's interword glue). 0 is a perfect fit, 1 spaces one and a half times as wide,
    /// −1 two thirds as wide. Nil for a paragraph's last line and one ended by U+2028 (their
    /// stretch is infinite, TeX's \parfillskip) unless it was shrunk to its measure (a justified
    /// paragraph's last line that optimal breaking let shrink, `Line.lastLineShrink`): then its
    /// ratio, below 0. Nil too for a truncated line, a line without spaces (SPACE, NO-BREAK
    /// SPACE, IDEOGRAPHIC SPACE) and an index out of range. Whether the line was justified does
    /// not change it.
    public func adjustmentRatio(ofLine index: Int) -> CGFloat? {
        guard lines.indices.contains(index) else { return nil }
        let line = lines[index]
        guard !line.isTruncated else { return nil }
        if line.endsParagraph || line.endsWithLineSeparator {
            let placed = placedLines[index]
            guard placed.naturalWidth > placed.measure + FitTolerance.slack(placed.measure) else { return nil }
        }
        var spaces: CGFloat = 0
        var count = 0
        for run in line.glyphRuns where !run.isPlaceholder {
            for g in 0..<run.glyphCount {
                let i = run.stringIndices[g]
                guard i < line.visibleEnd, g == 0 || run.stringIndices[g - 1] != i,
                    line.isJustifiableSpace(at: i)
                else { continue }
                spaces += run.orientation.lineAxis.inlineExtent(run.advances[g])
                count += 1
            }
        }
        let placed = placedLines[index]
        let slack = placed.measure - placed.naturalWidth
        // A justified line's spaces already hold the slack.
        let visible = line.width - line.trailingWhitespaceWidth
        if count > 0, abs(visible - placed.measure) < 1e-6, abs(slack) > 1e-6 { spaces -= slack }
        guard count > 0, spaces > 0 else { return nil }
        return slack >= 0 ? slack / (spaces / 2) : slack / (spaces / 3)
    }

    /// Every placeholder of the frame with its rect, in line order and left to right — what iOS code
    /// computes by walking CTFrame's lines and runs for the delegates.
    public var placeholders: [Placeholder] {
        var result: [Placeholder] = []
        for (index, placed) in placedLines.enumerated() {
            let (line, origin) = (placed.line, placed.origin)
            for run in line.glyphRuns {
                guard let delegate = run.runDelegate else { continue }
                // The run's own box (see `Placeholder.rect` for why not CoreText's caret recipe).
                let rect = run.imageBounds.offsetBy(dx: self.rect.minX + origin.x, dy: self.rect.minY + origin.y)
                result.append(
                    Placeholder(
                        stringIndex: run.stringRange.lowerBound, delegate: delegate, rect: rect, lineIndex: index))
            }
        }
        return result
    }

    /// The index of the line containing UTF-16 index `index`, or nil when the frame does not show it.
    /// A binary search: lines come in text order, so asking for every index costs n log n, not n².
    public func lineIndex(forStringIndex index: Int) -> Int? {
        let after = LineBuilder.partition(lines[...]) { $0.stringRange.lowerBound > index }
        guard after > 0, lines[after - 1].stringRange.contains(index) else { return nil }
        return after - 1
    }

    /// The index of the line at `point` (in the coordinates of the frame's path, y up, like
    /// `rect`): the line whose band — from its baseline minus descent and leading up to its
    /// baseline plus ascent, as in each ``PlacedLine/metrics`` — holds the point's y, or the nearest line when the point is above,
    /// below or between bands — and, in a row of several lines, the one horizontally nearest to the
    /// point. Nil only for a frame without lines. (CoreText has no such call;
    /// this is what text views build from CTFrameGetLineOrigins.) In a frame of vertical lines,
    /// the column whose band across the page holds the point's x (`columnIndex(at:)`).
    public func lineIndex(at point: CGPoint) -> Int? {
        guard !lines.isEmpty else { return nil }
        switch attributes.progression.lineAxis {
        case .horizontal: break
        case .vertical: return columnIndex(at: point)
        }
        let y = point.y - rect.minY
        var best = 0
        var bestDistance = CGFloat.infinity
        for (i, placed) in placedLines.enumerated() {
            let (metrics, origin) = (placed.metrics, placed.origin)
            let top = origin.y + metrics.ascent
            let bottom = origin.y - metrics.descent - metrics.leading
            let distance = y > top ? y - top : (y < bottom ? bottom - y : 0)
            if distance < bestDistance {
                bestDistance = distance
                best = i
            }
            if distance == 0 { break }
        }
        // In a row of several lines (a band split by the path or an exclusion), the line whose
        // horizontal extent is nearest to the point's x.
        let row = placedLines[best].row
        var bestX = CGFloat.infinity
        var chosen = best
        for (i, placed) in placedLines.enumerated() where placed.row == row {
            let left = rect.minX + placed.origin.x
            let right = left + placed.line.width
            let distance = point.x < left ? left - point.x : (point.x > right ? point.x - right : 0)
            if distance < bestX {
                bestX = distance
                chosen = i
            }
        }
        return chosen
    }

    /// The insertion index nearest to `point` (path coordinates, y up): the line at the point,
    /// then that line's `stringIndex(for:)` with the point made relative to its origin.
    public func stringIndex(for point: CGPoint) -> Int? {
        guard let i = lineIndex(at: point) else { return nil }
        let origin = lineOrigins[i]
        return lines[i].stringIndex(for: CGPoint(x: point.x - rect.minX - origin.x, y: point.y - rect.minY - origin.y))
    }

    /// The typographic height used, from the top of `rect` to the lowest bottom (baseline − placed
    /// descent) of any line — the last row's deepest line; 0 for an empty frame.
    public var usedHeight: CGFloat {
        guard !lines.isEmpty else { return 0 }
        let bottom = placedLines.map { $0.origin.y - $0.metrics.descent }.min() ?? rect.height
        return rect.height - bottom
    }
}
