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
    /// A rectangular frame of vertical lines (`options.progression` right to left or left to
    /// right): lines are broken, aligned and stacked as horizontal lines in the rectangle turned
    /// a quarter (the column length `rect.height` is the measure, the frame's width the room to
    /// stack in), then each line's origin is turned back: the top end of its column's centre line,
    /// `depth` in from the right edge (vertical-rl) or the left edge (vertical-lr), `inline`
    /// down from the top. A column's ascent is its half-width on the side stacking starts from
    /// (`GlyphRun`'s vertical metrics are symmetric em-box halves, so the two sides agree).
    /// Every line is vertical, as in CoreText: the lines come from the vertical typesetter
    /// (`Typesetter.verticalTypesetter`), where characters with vertical forms
    /// (`Attributes.verticalForms`) stand as their text orientation says and the others are
    /// rotated 90° clockwise.
    func verticalFrame(in rect: CGRect, range: Range<Int>, options: FrameOptions) throws(LayoutError) -> Frame {
        guard typesetter.isVertical else {
            return try Framesetter(typesetter: typesetter.verticalTypesetter).verticalFrame(
                in: rect, range: range, options: options)
        }
        guard options.exclusionPaths.isEmpty, options.clippingPaths.isEmpty, options.insets == .zero,
            options.pathWidth == 0
        else {
            throw .invalidGeometry("vertical frames take no exclusion or clipping paths, insets or path width yet")
        }
        let rect = rect.standardized
        let turned = CGRect(x: 0, y: 0, width: rect.height, height: rect.width)
        let area = FrameArea(path: .rectangle(turned), options: FrameOptions())
        let placed = try stack(range, in: area, options: options)
        let laid = assemble(
            placed.lines, end: placed.end, rect: turned, range: range, path: .rectangle(turned), options: options)
        let origins = laid.lineOrigins.map { origin -> CGPoint in
            let depth = turned.height - origin.y
            return CGPoint(
                x: options.progression == .leftToRight ? depth : rect.width - depth, y: rect.height - origin.x)
        }
        return Frame(
            rect: rect, lines: laid.lines, lineOrigins: origins, stringRange: laid.stringRange,
            visibleStringRange: laid.visibleStringRange, placedLineMetrics: laid.placedLineMetrics,
            path: .rectangle(rect), lineRowIndices: laid.lineRowIndices, lineMeasures: laid.lineMeasures,
            naturalWidths: laid.naturalWidths, attributes: options)
    }
}
