// The frame of `--writing-mode vertical-rl|vertical-lr`: sized as the mirror of horizontal lines
// (`--height` is the column length, default 400; without `--width` the frame is as wide as the
// columns need), in the `--path` shape, around the `--exclude` shapes.
import Foundation
import Galley

extension GalleyTool {
    /// The width of a vertical frame's box when it is fixed: `--width`, or for a `--path` other
    /// than `rect` without `--width`, the column length (a square box, as a shaped horizontal
    /// box without `--height` is square). Nil: as wide as the columns need.
    static func columnBoxWidth(_ options: Options) -> CGFloat? {
        options.fixedWidth ?? (options.path.isWholeRectangle ? nil : options.columnLength)
    }

    /// The frame of a vertical writing mode: columns `columnLength` long (`--height`, default
    /// 400) in a box `columnBoxWidth` wide, or as wide as the columns need (`sizedFrame`, with
    /// the suggested size for a vertical progression: the mirror of horizontal lines without
    /// `--height`). The path and exclusions are placed in the
    /// box as for horizontal lines (y up from its bottom-left corner).
    static func layOutColumns(_ document: InputDocument, _ options: Options) throws(CLIError) -> Frame {
        let height = options.columnLength
        do {
            let framesetter = try Framesetter(document.text, defaultFont: document.font)
            func frame(width: CGFloat) throws(LayoutError) -> Frame {
                let box = CGRect(x: options.margins.left, y: options.margins.bottom, width: width, height: height)
                return try GalleyTool.frame(framesetter, in: box, options: options)
            }
            return try sizedFrame(
                fixed: columnBoxWidth(options),
                suggested: { () throws(LayoutError) in
                    try framesetter.suggestFrameSize(
                        constraints: CGSize(width: CGFloat.greatestFiniteMagnitude, height: height),
                        options: options.frameOptions
                    ).size.width
                },
                used: usedWidth, options: options, frame: frame(width:))
        } catch {
            throw CLIError.layoutFailed(error)
        }
    }

    /// How much of a vertical frame's width its columns take, from the edge they stack from to
    /// the far half-width of the farthest column. A vertical line's ascent is right of its centre
    /// line and its descent left of it in both progressions (`Framesetter.blockExtents`), so the
    /// far side is the descent right to left and the ascent left to right.
    static func usedWidth(_ frame: Frame) -> CGFloat {
        let progression = frame.attributes.progression
        let extents = frame.placedLines.map { placed in
            let (metrics, origin) = (placed.metrics, placed.origin)
            return switch progression {
            case .leftToRight: origin.x + metrics.ascent
            case .rightToLeft, .topToBottom: frame.rect.width - (origin.x - metrics.descent)
            }
        }
        return extents.max() ?? 0
    }
}
