// FrameProgression: which way a frame's lines advance (CoreText's kCTFrameProgressionAttributeName):
// horizontal lines top to bottom, or vertical lines (columns) right to left or left to right,
// and the vertical framesetting that turns a frame's lines into columns.
import Foundation
import GalleyText

/// The way lines advance in a frame. Like `CTFrameProgression`
/// (`kCTFrameProgressionAttributeName`); the vertical cases are CSS's `vertical-rl` and
/// `vertical-lr` writing modes.
public enum FrameProgression: String, Sendable, Hashable, CaseIterable {
    /// Horizontal lines stacked from the top down (`kCTFrameProgressionTopToBottom`, the default).
    case topToBottom
    /// Vertical lines (columns) stacked from the right edge leftwards
    /// (`kCTFrameProgressionRightToLeft`; CSS `vertical-rl`: Japanese and Chinese books).
    case rightToLeft
    /// Vertical lines stacked from the left edge rightwards (`kCTFrameProgressionLeftToRight`;
    /// CSS `vertical-lr`: Mongolian).
    case leftToRight

    /// Whether lines are columns.
    public var isVertical: Bool { self != .topToBottom }
}

extension Framesetter {
    /// A frame of vertical lines (`options.progression` right to left or left to right) in
    /// `path`: lines are broken, aligned and stacked as horizontal lines in the path turned a
    /// quarter (see `QuarterTurn`: a column's length is the measure, the frame's width the room
    /// to stack in), then each line's origin is turned back: the top end of its column's centre
    /// line, `depth` in from the right edge (vertical-rl) or the left edge (vertical-lr),
    /// `inline` down from the top. A column's ascent is its half-width right of its centre
    /// line in both progressions, its descent the half-width left of it (so a vertical-lr frame
    /// stacks a column's descent first: `Framesetter.blockExtents`). Every line is vertical, as in CoreText: the lines come from the vertical
    /// typesetter (`Typesetter.verticalTypesetter`), where characters with vertical forms
    /// (`Attributes.verticalForms`) stand as their text orientation says and the others are
    /// rotated 90° clockwise.
    ///
    /// Shaped frames turn too: the path (a rounded rectangle's corner radii swapped), the
    /// exclusion and clipping paths and the insets are turned with the rectangle, so each
    /// column's band across the page (its centre line less its descent to plus its ascent) is
    /// cut into the segments along its length that the shape leaves, by the rules of
    /// `frame(in:range:options:)` with a `FramePath` (top inset = where columns start; the
    /// rows of that algorithm are columns, its intervals from left to right segments from top
    /// to bottom, and its 1-pt moves down are moves across the page). `path` is validated by
    /// the caller; origins are relative to its bounding box.
    func verticalFrame(in path: FramePath, range: Range<Int>, options: FrameOptions) throws(LayoutError) -> Frame {
        guard typesetter.isVertical else {
            return try Framesetter(typesetter: typesetter.verticalTypesetter).verticalFrame(
                in: path, range: range, options: options)
        }
        let turn = QuarterTurn(box: path.boundingBox, progression: options.progression)
        let turnedPath = turn.turn(path)
        let turnedOptions = turn.turn(options)
        let area = FrameArea(path: turnedPath, options: turnedOptions)
        let placed = try stack(range, in: area, options: options)
        let laid = assemble(
            placed.lines, end: placed.end, rect: area.box, range: range, path: turnedPath, options: options)
        let origins = laid.lineOrigins.map { origin in
            turn.turnBack(origin: CGPoint(x: origin.x + area.box.minX, y: origin.y + area.box.minY))
        }
        return Frame(
            rect: turn.box, lines: laid.lines, lineOrigins: origins, stringRange: laid.stringRange,
            visibleStringRange: laid.visibleStringRange, placedLineMetrics: laid.placedLineMetrics,
            path: path, lineRowIndices: laid.lineRowIndices, lineMeasures: laid.lineMeasures,
            naturalWidths: laid.naturalWidths, attributes: options)
    }
}
