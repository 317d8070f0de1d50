// PlacedLine: one line as its frame placed it — the line, its origin, the metrics it was stacked
// with, the measure it was set in, its row (or column) and its natural width. The one record that
// goes from the framesetter to the frame to the paint list, so no value of a placed line is kept
// in a parallel array or rebuilt field by field.
import Foundation
import GalleyText

/// A line with where and how its frame placed it. CoreText keeps only the line and its origin
/// (`CTFrameGetLines`, `CTFrameGetLineOrigins`); the rest is what a text view computes from them
/// (YYText's `YYTextLine` keeps the same: position, row, bounds).
public struct PlacedLine: Sendable {
    /// The line.
    public let line: Line
    /// The line's origin, relative to the frame rect's origin, y up: the start of its baseline
    /// (the top end of a vertical line's centre line). Like an element of
    /// `CTFrameGetLineOrigins`.
    public let origin: CGPoint
    /// The metrics the line was stacked with: its ascent after the paragraph's line-height mode,
    /// multiple and minimum/maximum line height, its descent, and its leading after the
    /// line-spacing adjustment and clamp (the width is the line's). Equal to the line's own
    /// typographic bounds when the paragraph style sets none of these.
    public let metrics: TypographicBounds
    /// The length the line was set in: its frame's (or interval's) width less the paragraph's
    /// indents, hanging punctuation not included (a column's length for a vertical line).
    public let measure: CGFloat
    /// The index of the line's row — the lines that share one band of the path and one baseline,
    /// in reading order; several when the path or an exclusion splits the band (a YYText "row")
    /// — counted from 0 at the top (for vertical lines: its column, from the side columns stack
    /// from).
    public let row: Int
    /// The width of the line's visible text (trailing whitespace excluded, a hyphen included)
    /// before justification.
    public let naturalWidth: CGFloat

    /// A placed line from its values.
    public init(
        line: Line, origin: CGPoint, metrics: TypographicBounds, measure: CGFloat, row: Int, naturalWidth: CGFloat
    ) {
        self.line = line
        self.origin = origin
        self.metrics = metrics
        self.measure = measure
        self.row = row
        self.naturalWidth = naturalWidth
    }

    /// A line placed at `origin` with its own metrics, its width as measure and as natural width
    /// (less its trailing whitespace), in row `row`: a line placed outside a framesetter.
    public init(line: Line, origin: CGPoint, row: Int = 0) {
        self.init(
            line: line, origin: origin, metrics: line.typographicBounds, measure: line.width, row: row,
            naturalWidth: line.width - line.trailingWhitespaceWidth)
    }

    /// This placed line with another origin, every other value kept.
    public func with(origin: CGPoint) -> PlacedLine {
        PlacedLine(
            line: line, origin: origin, metrics: metrics, measure: measure, row: row, naturalWidth: naturalWidth)
    }
}
