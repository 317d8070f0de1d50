// VerticalFrame: the framesetting of a frame whose progression (GalleyVocabulary's
// `FrameProgression`, CoreText's kCTFrameProgressionAttributeName) makes its lines columns,
// right to left or left to right: the frame turned a quarter, its lines stacked, turned back.
import Foundation
import GalleyText

extension Framesetter {
    /// A frame of vertical lines (`options.progression` right to left or left to right) in
    /// `path`: lines are broken, aligned and stacked as horizontal lines in the path turned a
    /// quarter (see `QuarterTurn`: a column's length is the measure, the frame's width the room
    /// to stack in), then each line's origin is turned back: the top end of its column's centre
    /// line, `depth` in from the right edge (vertical-rl) or the left edge (vertical-lr),
    /// `inline` down from the top. A column's ascent is its half-width right of its centre
    /// line in both progressions, its descent the half-width left of it (so a vertical-lr frame
    /// stacks a column's descent first: `Framesetter.blockExtents`). Every line is vertical, as in
    /// CoreText: the lines come from the vertical typesetter (`Typesetter.typesetter(along:)`),
    /// where characters with vertical forms (`Attributes.verticalForms`) stand as their text
    /// orientation says and the others are set sideways, rotated 90° clockwise.
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
        switch typesetter.lineAxis {
        case .vertical: break
        case .horizontal:
            return try Framesetter(typesetter: typesetter.typesetter(along: .vertical)).verticalFrame(
                in: path, range: range, options: options)
        }
        let turn = QuarterTurn(box: path.boundingBox, progression: options.progression)
        let turnedPath = turn.turn(path)
        let turnedOptions = turn.turn(options)
        let area = FrameArea(path: turnedPath, options: turnedOptions)
        let placed = try stack(range, in: area, options: options)
        let laid = assemble(
            placed.lines, end: placed.end, rect: area.box, range: range, path: turnedPath, options: options)
        let columns = laid.placedLines.map { placed in
            placed.with(
                origin: turn.turnBack(
                    origin: CGPoint(x: placed.origin.x + area.box.minX, y: placed.origin.y + area.box.minY)))
        }
        return Frame(
            rect: turn.box, placedLines: columns, stringRange: laid.stringRange,
            visibleStringRange: laid.visibleStringRange, path: path, attributes: options, text: laid.text)
    }
}
