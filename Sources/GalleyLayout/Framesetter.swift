// The framesetter: fills a rectangle with lines from the top, aligns them, and answers size
// questions (the size a range needs under constraints, and the range that fits). CTFramesetter.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText

/// Like CTFramesetter. Thread-safe; frames made from one framesetter share its typesetter's analysis.
public final class Framesetter: Sendable {
    /// The typesetter that analyses the text. Like CTFramesetterGetTypesetter.
    public let typesetter: Typesetter

    /// Creates a framesetter for `text`. Like CTFramesetterCreateWithAttributedString. The
    /// fonts and the shaping cache are the typesetter's (see `Typesetter.init`).
    /// - Throws: `LayoutError.noDefaultFont` when no default font could be loaded.
    public convenience init(
        _ text: AttributedText, defaultFont: Font? = nil, fonts: FontCollection = .shared,
        shapingCache: ShapingCache = .shared
    ) throws(LayoutError) {
        self.init(typesetter: try Typesetter(text, defaultFont: defaultFont, fonts: fonts, shapingCache: shapingCache))
    }

    /// Creates a framesetter for `text`, an edited version of `previous.text`, reusing the layout
    /// work of every paragraph the edit left unchanged (see `Typesetter.init(_:reusing:)`): after
    /// an edit, only the edited paragraph is shaped again, and a rectangular frame of the width
    /// `previous` last laid the text out at breaks and builds only its lines; the others are
    /// `previous`'s lines moved to their new offsets. The frame is the same as a fresh one.
    public convenience init(_ text: AttributedText, reusing previous: Framesetter) {
        self.init(typesetter: Typesetter(text, reusing: previous.typesetter))
    }

    /// Creates a framesetter over an existing typesetter. Like CTFramesetterCreateWithTypesetter.
    public init(typesetter: Typesetter) {
        self.typesetter = typesetter
    }

    /// The text being laid out.
    public var text: AttributedText { typesetter.text }

    /// Lays out `range` (nil: the whole text) in `rect`, y up. Lines stack from the top: the first
    /// baseline sits one (placed) ascent below the top edge; each next baseline is the previous one
    /// minus the previous line's descent and leading, any paragraph spacing, and this line's
    /// ascent — the metrics after the paragraph style's line-height rules (see `ParagraphStyle`
    /// and `Frame.placedLineMetrics`). A line is added only if it fits whole (its descent above
    /// the bottom edge); the frame ends at the first line that does not. Each line gets the width
    /// its paragraph's indents leave (see `ParagraphStyle.tailIndent`) and is placed in it by the
    /// paragraph's alignment (natural: left for a left-to-right paragraph, right for a
    /// right-to-left one, whose head indent is on the right; justified: every line but a
    /// paragraph's last, or one ended by U+2028, is stretched to the width with `Line.justified`,
    /// and those lines sit as natural), with trailing whitespace hanging past the edge. A
    /// paragraph whose line-break mode is clipping or truncating gets one line per paragraph
    /// (and per U+2028), cut or truncated to its width. Like CTFramesetterCreateFrame with a
    /// rectangular path (which never truncates the last line: see the `options:` variant).
    ///
    /// The typesetter keeps the lines of each paragraph laid out whole (from its start, to its
    /// end) for the last frame width that paragraph was laid out at, so a frame of the same width
    /// again, or after an edit (`init(_:reusing:)`), places those lines without breaking or
    /// building them; frames with exclusion paths or insets, and shaped paths, do not use them.
    public func frame(in rect: CGRect, range: Range<Int>? = nil) throws(LayoutError) -> Frame {
        try frame(in: rect, range: range, options: FrameOptions(maximumNumberOfLines: 0, truncation: nil))
    }

    /// Like `frame(in:range:)`, with a maximum number of lines and the truncation of the last
    /// visible line when text remains (see `FrameOptions`). The frame's `stringRange` is still
    /// the whole range asked for; its `visibleStringRange` ends where the last line's range ends.
    public func frame(in rect: CGRect, range: Range<Int>? = nil, options: FrameOptions) throws(LayoutError) -> Frame {
        let range = try validateRange(range)
        for (name, value) in [
            ("x", rect.minX), ("y", rect.minY), ("width", rect.width), ("height", rect.height),
            ("right edge", rect.maxX), ("top edge", rect.maxY),
        ] {
            guard value.isFinite else { throw .invalidGeometry("frame \(name) \(value) must be finite") }
        }
        guard rect.size.width >= 0, rect.size.height >= 0 else {
            throw .invalidGeometry("frame size \(rect.size.width)×\(rect.size.height) must not be negative")
        }
        guard options.maximumNumberOfLines >= 0 else {
            throw .invalidGeometry("maximum number of lines \(options.maximumNumberOfLines) must be ≥ 0")
        }
        switch options.progression.lineAxis {
        case .horizontal: break
        case .vertical:
            try options.validatePaths()
            try options.insets.validate(in: rect.standardized)
            return try verticalFrame(in: .rectangle(rect.standardized), range: range, options: options)
        }
        if !options.exclusionPaths.isEmpty || !options.clippingPaths.isEmpty || options.insets != .zero
            || options.pathWidth != 0
        {
            // Exclusions and insets are the shaped-frame algorithm's (see `frame(in: FramePath, …)`).
            return try frame(in: .rectangle(rect), range: range, options: options)
        }
        let rect = rect.standardized
        let area = FrameArea(path: .rectangle(rect), options: FrameOptions())
        let placed = try stack(range, in: area, options: options)
        return assemble(
            placed.lines, end: placed.end, rect: rect, range: range, path: .rectangle(rect), options: options)
    }

    /// The size `range` needs within `constraints` (`.greatestFiniteMagnitude` or infinity for an
    /// unconstrained dimension), and the range that fits. The width is the widest line's extent
    /// from the frame's left edge, indents included, without its trailing whitespace; the height
    /// runs from the top to the last line's placed descent. A frame of exactly this size holds
    /// the same lines and the same range: for a paragraph broken by a whole-paragraph strategy
    /// (`LineBreakStrategy.optimal`, `.balanced`, `.pretty`) or hyphenated (whose greedy breaks
    /// depend on how full a line is) that would break otherwise in the narrower frame, the
    /// width is the constraint's. (With an unconstrained width, a positive tail indent
    /// still fixes the line width; otherwise lines are as long as their paragraphs.)
    /// Like CTFramesetterSuggestFrameSizeWithConstraints. (UIKit's boundingRect measures with
    /// TextKit's line heights instead: `AttributedText.boundingRect(with:options:context:)`
    /// documents the two arithmetics side by side.)
    public func suggestFrameSize(range: Range<Int>? = nil, constraints: CGSize) throws(LayoutError)
        -> (size: CGSize, fitRange: Range<Int>)
    {
        try suggestFrameSize(range: range, constraints: constraints, options: FrameOptions())
    }

    /// Like `suggestFrameSize(range:constraints:)`, for a frame with `options` (CoreText's
    /// frameAttributes argument of CTFramesetterSuggestFrameSizeWithConstraints). As in
    /// CoreText, the only option that changes a suggested size is the progression
    /// (kCTFrameProgressionAttributeName): for vertical lines (`.rightToLeft`, `.leftToRight`)
    /// the constraints' height is the column length and their width the room to stack columns
    /// in; the suggested height is the longest column's extent from the top, indents included,
    /// without its trailing whitespace, and the suggested width runs from the edge stacking
    /// starts at to the far half-width of the last column (the columns' widths and the leading
    /// between them: see `FrameProgression`). A vertical frame of exactly this size holds the
    /// same columns and the same range. The other options (line limit, truncation, paths,
    /// insets) are not read.
    public func suggestFrameSize(range: Range<Int>? = nil, constraints: CGSize, options: FrameOptions)
        throws(LayoutError) -> (size: CGSize, fitRange: Range<Int>)
    {
        let range = try validateRange(range)
        guard !constraints.width.isNaN, !constraints.height.isNaN, constraints.width >= 0, constraints.height >= 0
        else {
            throw .invalidGeometry("constraints \(constraints.width)×\(constraints.height) must be numbers ≥ 0")
        }
        switch options.progression.lineAxis {
        case .horizontal: break
        case .vertical:
            // Columns are horizontal lines in the frame turned a quarter (see `verticalFrame`).
            let verticalSetter = typesetter.typesetter(along: .vertical)
            let vertical = verticalSetter === typesetter ? self : Framesetter(typesetter: verticalSetter)
            let turned = try vertical.suggestFrameSize(
                range: range, constraints: CGSize(width: constraints.height, height: constraints.width))
            return (CGSize(width: turned.size.height, height: turned.size.width), turned.fitRange)
        }
        let unbounded = CGFloat.greatestFiniteMagnitude / 2
        let width = constraints.width >= unbounded ? .infinity : constraints.width
        let height = constraints.height >= unbounded ? .infinity : constraints.height
        let area = FrameArea(
            path: .rectangle(CGRect(x: 0, y: 0, width: width, height: height)), options: FrameOptions())
        let placed = try stack(range, in: area, options: FrameOptions(truncation: nil))
        var maxWidth: CGFloat = 0
        for item in placed.lines {
            // The line's extent in a frame of its own width: head indent + visible width, and for
            // a right-to-left or tail-indented line the same measured from the other side.
            let visible = item.line.width - item.line.trailingWhitespaceWidth
            var extent = item.head + visible
            if item.resolved.tailIndent < 0 { extent -= item.resolved.tailIndent }
            maxWidth = max(maxWidth, extent)
        }
        if width.isFinite { maxWidth = min(maxWidth, width) }
        // Whole-paragraph strategies plan their breaks for the width they are given, and greedy
        // hyphenation asks how full a line is: in a frame as narrow as its widest line, such a
        // paragraph may break elsewhere. Then the constraint's width is the one whose frame holds
        // these lines. (Plain greedy breaking keeps its lines in any width that holds them.)
        if width.isFinite, maxWidth < width,
            placed.lines.contains(where: {
                $0.resolved.style.lineBreakStrategy != .greedy || $0.resolved.style.hyphenationFactor > 0
            })
        {
            let narrow = FrameArea(
                path: .rectangle(CGRect(x: 0, y: 0, width: maxWidth, height: height)), options: FrameOptions())
            let again = try stack(range, in: narrow, options: FrameOptions(truncation: nil))
            if again.end != placed.end
                || !again.lines.elementsEqual(placed.lines, by: { $0.line.stringRange == $1.line.stringRange })
            {
                maxWidth = width
            }
        }
        var used: CGFloat = 0
        if let last = placed.lines.last { used = last.baseline + last.metrics.descent }
        return (CGSize(width: maxWidth, height: used), range.lowerBound..<placed.end)
    }

    func validateRange(_ range: Range<Int>?) throws(LayoutError) -> Range<Int> {
        let length = typesetter.text.length
        guard let range else { return 0..<length }
        guard range.lowerBound >= 0, range.upperBound <= length else {
            throw .rangeOutOfBounds(range: range, length: length)
        }
        return range
    }

    /// Replaces `last` (the frame's last visible line, with text remaining after it) by its
    /// paragraph's text from the line's start to the next hard break, truncated to the line's
    /// width as `options` say, with its placed metrics updated. Returns the new end of the
    /// visible range, or nil when there is no truncation to do (none asked for, an unbounded
    /// width, or a token that does not fit). Shared by rectangular and shaped frames.
    func truncateLastLine(_ last: inout StackedLine, options: FrameOptions, range: Range<Int>) throws(LayoutError)
        -> Int?
    {
        guard let type = options.truncation, last.width.isFinite else { return nil }
        let lineStart = last.line.stringRange.lowerBound
        let paragraph = typesetter.analysis(containing: lineStart)
        let lineEnd = min(typesetter.singleLineEnd(paragraph, from: lineStart), range.upperBound)
        // The placed line is the line to cut when it reaches that end as it was made (no
        // hyphen, not cut by a single-line mode); only a line its paragraph continues past is
        // made again, longer.
        let asMade =
            last.line.stringRange == lineStart..<lineEnd && !last.line.isHyphenated && !last.line.isTruncated
            && !paragraph.style.lineBreakMode.isSingleLine
        let full = asMade ? last.line : typesetter.makeLine(paragraph, range: lineStart..<lineEnd, offset: last.head)
        let remains = lineEnd < range.upperBound
        guard
            let truncated = try full.truncatedLine(
                width: last.width, type: type, token: .attributed(options.truncationToken),
                force: remains && type == .end)
        else { return nil }
        last.line = truncated
        last.metrics = last.resolved.placedMetrics(of: truncated)
        return lineEnd
    }

    /// The line of `paragraph` that starts at `start` in `width` (its head indent `head`), ending
    /// no later than `limit`, and where it ends: broken at the paragraph's wrapping rule, or for a
    /// single-line mode the rest of the paragraph cut to the width. Every frame shape places its
    /// lines with this.
    func nextLine(_ paragraph: ParagraphAnalysis, from start: Int, width: CGFloat, head: CGFloat, limit: Int)
        throws(LayoutError) -> (line: Line, end: Int)
    {
        let mode = paragraph.style.lineBreakMode
        var end: Int
        var hyphenated = false
        if mode.isSingleLine {
            end = typesetter.singleLineEnd(paragraph, from: start)
        } else {
            let chosen = typesetter.lineBreak(
                paragraph, from: start, width: width, clusterOnly: mode == .charWrapping, offset: head)
            (end, hyphenated) = (chosen.end, chosen.hyphenated)
        }
        end = min(max(end, start + 1), limit)
        var line = typesetter.makeLine(paragraph, range: start..<end, offset: head, hyphenated: hyphenated)
        if mode.isSingleLine, width.isFinite {
            line = try Framesetter.cut(line, mode: mode, width: width)
        }
        return (line, end)
    }

    /// A single-line paragraph's line cut to `width` as its line-break mode says.
    static func cut(_ line: Line, mode: LineBreakMode, width: CGFloat) throws(LayoutError) -> Line {
        let result: Line?
        switch mode {
        case .clipping: result = try line.truncatedLine(width: width, type: .end, token: .none, force: false)
        case .truncatingHead:
            result = try line.truncatedLine(width: width, type: .start, token: .attributed(nil), force: false)
        case .truncatingTail:
            result = try line.truncatedLine(width: width, type: .end, token: .attributed(nil), force: false)
        case .truncatingMiddle:
            result = try line.truncatedLine(width: width, type: .middle, token: .attributed(nil), force: false)
        case .wordWrapping, .charWrapping: result = line
        }
        // A token wider than the line: clip instead.
        if let result { return result }
        return try line.truncatedLine(width: width, type: .end, token: .none, force: false) ?? line
    }

    /// The line origin's x for its paragraph's `alignment`.
    func alignmentOffset(_ line: Line, width: CGFloat, alignment: TextAlignment) -> CGFloat {
        let factor: CGFloat
        switch alignment {
        case .left: factor = 0
        case .right: factor = 1
        case .center: factor = 0.5
        case .natural, .justified: factor = line.isRightToLeft ? 1 : 0
        }
        return line.penOffset(flushFactor: factor, width: width)
    }
}
