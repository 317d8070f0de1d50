// The size of a frame the tool lays out when one side of its box is not given: horizontal lines
// without `--height`, vertical columns without `--width`. One rule for both axes: the suggested
// size, grown until the text fits when exclusions take room the suggestion does not know of, then
// shrunk to the lines (columns) kept when a line limit or exclusions leave some of the box empty.
import Foundation
import Galley

extension GalleyTool {
    /// The frame whose free side (the box's height for horizontal lines, its width for vertical
    /// ones) is `fixed` when given; otherwise `suggested` rounded up to whole points, grown by
    /// half again plus 10 pt at a time while exclusions leave text out (up to the tool's largest
    /// length), then shrunk to `used` of the frame when `--max-lines` or `--exclude` is given,
    /// unless shrinking changes the lines. `frame` lays the text out with that side.
    static func sizedFrame(
        fixed: CGFloat?, suggested: () throws(LayoutError) -> CGFloat, used: (Frame) -> CGFloat,
        options: Options, frame: (CGFloat) throws(LayoutError) -> Frame
    ) throws(LayoutError) -> Frame {
        if let fixed { return try frame(fixed) }
        var side = try suggested().rounded(.up)
        var full = try frame(side)
        if !options.exclusions.isEmpty {
            // Exclusions take room the suggested size does not know of: grow until the text fits.
            while full.visibleStringRange.upperBound < full.stringRange.upperBound,
                options.maximumLines == 0 || full.lines.count < options.maximumLines,
                side < CommandLineParser.maximumLength
            {
                side = min(CommandLineParser.maximumLength, (side * 1.5).rounded(.up) + 10)
                full = try frame(side)
            }
        }
        guard (options.maximumLines > 0 && full.lines.count >= options.maximumLines) || !options.exclusions.isEmpty
        else { return full }
        // Fewer lines than the box holds: shrink the frame to them, unless that changes them.
        let fitted = try frame(used(full).rounded(.up))
        return fitted.lines.map(\.stringRange) == full.lines.map(\.stringRange)
            && fitted.visibleStringRange == full.visibleStringRange ? fitted : full
    }

    /// The text laid out in `box` (canvas points, y up): in the `--path` shape placed in the box,
    /// around the `--exclude` shapes placed in it, with the options' `frameOptions`.
    static func frame(
        _ framesetter: Framesetter, in box: CGRect, options: Options
    ) throws(LayoutError) -> Frame {
        var frameOptions = options.frameOptions
        frameOptions.exclusionPaths = options.exclusions.map { $0.framePath(box: box) }
        if options.path.isWholeRectangle { return try framesetter.frame(in: box, options: frameOptions) }
        return try framesetter.frame(in: options.path.framePath(box: box), options: frameOptions)
    }
}
