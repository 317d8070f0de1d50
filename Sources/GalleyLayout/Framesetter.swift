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

    /// Creates a framesetter for `text`. Like CTFramesetterCreateWithAttributedString.
    /// - Throws: `LayoutError.noDefaultFont` when no default font could be loaded.
    public convenience init(_ text: AttributedText, defaultFont: Font? = nil, fonts: FontCollection = .shared)
        throws(LayoutError)
    {
        self.init(typesetter: try Typesetter(text, defaultFont: defaultFont, fonts: fonts))
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
        for (name, value) in [("x", rect.minX), ("y", rect.minY), ("width", rect.width), ("height", rect.height)] {
            guard value.isFinite else { throw .invalidGeometry("frame \(name) \(value) must be finite") }
        }
        guard rect.size.width >= 0, rect.size.height >= 0 else {
            throw .invalidGeometry("frame size \(rect.size.width)×\(rect.size.height) must not be negative")
        }
        guard options.maximumNumberOfLines >= 0 else {
            throw .invalidGeometry("maximum number of lines \(options.maximumNumberOfLines) must be ≥ 0")
        }
        if !options.exclusionPaths.isEmpty || options.insets != .zero {
            // Exclusions and insets are the shaped-frame algorithm's (see `frame(in: FramePath, …)`).
            return try frame(in: .rectangle(rect), range: range, options: options)
        }
        let rect = rect.standardized
        let placed = place(range, width: rect.width, height: rect.height, options: options)
        return assemble(placed.lines, end: placed.end, rect: rect, range: range, path: .rectangle(rect))
    }

    /// The size `range` needs within `constraints` (`.greatestFiniteMagnitude` or infinity for an
    /// unconstrained dimension), and the range that fits. The width is the widest line's extent
    /// from the frame's left edge, indents included, without its trailing whitespace; the height
    /// runs from the top to the last line's placed descent. A frame of exactly this size holds
    /// the same lines and the same range. (With an unconstrained width, a positive tail indent
    /// still fixes the line width; otherwise lines are as long as their paragraphs.)
    /// Like CTFramesetterSuggestFrameSizeWithConstraints.
    public func suggestFrameSize(range: Range<Int>? = nil, constraints: CGSize) throws(LayoutError)
        -> (size: CGSize, fitRange: Range<Int>)
    {
        let range = try validateRange(range)
        guard !constraints.width.isNaN, !constraints.height.isNaN, constraints.width >= 0, constraints.height >= 0 else {
            throw .invalidGeometry("constraints \(constraints.width)×\(constraints.height) must be numbers ≥ 0")
        }
        let unbounded = CGFloat.greatestFiniteMagnitude / 2
        let width = constraints.width >= unbounded ? .infinity : constraints.width
        let height = constraints.height >= unbounded ? .infinity : constraints.height
        let placed = place(range, width: width, height: height, options: FrameOptions(truncation: nil))
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

    /// One line as the framesetter placed it.
    struct PlacedLine {
        var line: Line
        /// The line's baseline, below the frame's top.
        var baseline: CGFloat
        /// The metrics it was stacked with.
        var metrics: TypographicBounds
        /// Its head indent and available width.
        var head: CGFloat
        var width: CGFloat
        var resolved: ResolvedParagraphStyle
        /// The left edge of the line's interval (relative to the frame's left edge) and its width:
        /// the whole frame in a rectangle, one interval of a band in a shaped frame.
        var slotX: CGFloat = 0
        var slotWidth: CGFloat = 0
        /// The top of the line's row, below the frame's top, and the row's index.
        var rowTop: CGFloat = 0
        var row: Int = 0
    }

    /// Lines of `range` broken for a frame `width` wide, with each baseline's distance below the
    /// top, as many as fit in `height` and the options allow; the last one truncated per the options.
    func place(_ range: Range<Int>, width frameWidth: CGFloat, height: CGFloat, options: FrameOptions)
        -> (lines: [PlacedLine], end: Int)
    {
        var placed: [PlacedLine] = []
        var end = range.lowerBound
        var start = range.lowerBound
        let limit = options.maximumNumberOfLines
        // The gap below the previous line: its descent, leading and, when this line starts a
        // paragraph, the previous paragraph's spacing after.
        func baseline(for line: PlacedLine, startsParagraph: Bool) -> CGFloat {
            guard let previous = placed.last else { return line.metrics.ascent }
            var y = previous.baseline + previous.metrics.descent + previous.metrics.leading + line.metrics.ascent
            if startsParagraph {
                y += previous.resolved.paragraphSpacing + line.resolved.paragraphSpacingBefore
            }
            return y
        }
        // The lines of the paragraph being laid out whole from its start, kept for frames of the
        // same width once it is complete (not when the frame, the range or the line limit ends it).
        var pending: [Line] = []
        var pendingIndex = -1
        var current: (paragraph: ParagraphAnalysis, resolved: ResolvedParagraphStyle)? = nil
        var currentIndex = -1
        lines: while start < range.upperBound {
            if limit > 0, placed.count == limit { break }
            let index = typesetter.paragraphIndex(containing: start)
            let span = typesetter.paragraphs[index].range
            let whole = start == span.lowerBound && span.upperBound <= range.upperBound
            if whole, let cached = typesetter.cachedLines(ofParagraph: index, frameWidth: frameWidth), !cached.lines.isEmpty {
                // Laid out before at this width: place its lines as they are.
                let key = cached.key
                for (k, line) in cached.lines.enumerated() {
                    if limit > 0, placed.count == limit { break lines }
                    var item = PlacedLine(
                        line: line, baseline: 0, metrics: cached.resolved.placedMetrics(of: line),
                        head: k == 0 ? key.firstHead : key.otherHead, width: k == 0 ? key.firstWidth : key.otherWidth,
                        resolved: cached.resolved, slotWidth: frameWidth, row: placed.count)
                    item.baseline = baseline(for: item, startsParagraph: k == 0)
                    guard item.baseline + item.metrics.descent <= height else { break lines }
                    placed.append(item)
                    end = line.stringRange.upperBound
                    start = end
                }
                continue
            }
            // The paragraph's analysis and style, looked up (under the typesetter's locks) once per paragraph.
            if index != currentIndex {
                current = (typesetter.analysis(ofParagraph: index), typesetter.extras(ofParagraph: index).style)
                currentIndex = index
            }
            guard let (paragraph, resolved) = current else { break }
            let startsParagraph = start == paragraph.span.range.lowerBound
            let head = resolved.headIndent(firstLine: startsParagraph)
            let width = resolved.lineWidth(frameWidth: frameWidth, head: head)
            let (line, lineEnd) = nextLine(paragraph, from: start, width: width, head: head, limit: range.upperBound)
            var item = PlacedLine(line: line, baseline: 0, metrics: resolved.placedMetrics(of: line), head: head,
                                  width: width, resolved: resolved, slotWidth: frameWidth, row: placed.count)
            item.baseline = baseline(for: item, startsParagraph: startsParagraph)
            guard item.baseline + item.metrics.descent <= height else { break }
            placed.append(item)
            end = lineEnd
            start = lineEnd
            if whole {
                pending = [line]
                pendingIndex = index
            } else if pendingIndex == index {
                pending.append(line)
            }
            if lineEnd == span.upperBound, pendingIndex == index {
                typesetter.storeLines(
                    CachedParagraphLines(key: LineCacheKey(resolved, frameWidth: frameWidth), lines: pending, resolved: resolved),
                    ofParagraph: index)
                pending = []
                pendingIndex = -1
            }
        }
        // Truncate the last visible line when text remains.
        if end < range.upperBound, var last = placed.popLast() {
            if let newEnd = truncateLastLine(&last, options: options, range: range) {
                last.baseline = baseline(for: last, startsParagraph: last.line.stringRange.lowerBound
                    == typesetter.analysis(containing: last.line.stringRange.lowerBound).span.range.lowerBound)
                end = newEnd
            }
            placed.append(last)
        }
        return (placed, end)
    }

    /// Replaces `last` (the frame's last visible line, with text remaining after it) by its
    /// paragraph's text from the line's start to the next hard break, truncated to the line's
    /// width as `options` say, with its placed metrics updated. Returns the new end of the
    /// visible range, or nil when there is no truncation to do (none asked for, an unbounded
    /// width, or a token that does not fit). Shared by rectangular and shaped frames.
    func truncateLastLine(_ last: inout PlacedLine, options: FrameOptions, range: Range<Int>) -> Int? {
        guard let type = options.truncation, last.width.isFinite else { return nil }
        let lineStart = last.line.stringRange.lowerBound
        let paragraph = typesetter.analysis(containing: lineStart)
        let lineEnd = min(typesetter.singleLineEnd(paragraph, from: lineStart), range.upperBound)
        let full = typesetter.makeLine(paragraph, range: lineStart..<lineEnd, offset: last.head)
        let remains = lineEnd < range.upperBound
        guard let truncated = full.truncatedLine(width: last.width, type: type, token: .attributed(options.truncationToken),
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
        -> (line: Line, end: Int)
    {
        let mode = paragraph.style.lineBreakMode
        var end: Int
        if mode.isSingleLine {
            end = typesetter.singleLineEnd(paragraph, from: start)
        } else {
            end = typesetter.lineEnd(paragraph, from: start, width: width, clusterOnly: mode == .charWrapping, offset: head)
        }
        end = min(max(end, start + 1), limit)
        var line = typesetter.makeLine(paragraph, range: start..<end, offset: head)
        if mode.isSingleLine, width.isFinite {
            line = Framesetter.cut(line, mode: mode, width: width)
        }
        return (line, end)
    }

    /// A single-line paragraph's line cut to `width` as its line-break mode says.
    static func cut(_ line: Line, mode: LineBreakMode, width: CGFloat) -> Line {
        let result: Line?
        switch mode {
        case .clipping: result = line.truncatedLine(width: width, type: .end, token: .none, force: false)
        case .truncatingHead: result = line.truncatedLine(width: width, type: .start, token: .attributed(nil), force: false)
        case .truncatingTail: result = line.truncatedLine(width: width, type: .end, token: .attributed(nil), force: false)
        case .truncatingMiddle: result = line.truncatedLine(width: width, type: .middle, token: .attributed(nil), force: false)
        case .wordWrapping, .charWrapping: result = line
        }
        // A token wider than the line: clip instead.
        return result ?? line.truncatedLine(width: width, type: .end, token: .none, force: false) ?? line
    }

    /// The line origin's x for its paragraph's alignment (`style`: the paragraph's).
    func alignmentOffset(_ line: Line, width: CGFloat, style: ParagraphStyle) -> CGFloat {
        let factor: CGFloat
        switch style.alignment {
        case .left: factor = 0
        case .right: factor = 1
        case .center: factor = 0.5
        case .natural, .justified: factor = line.isRightToLeft ? 1 : 0
        }
        return line.penOffset(flushFactor: factor, width: width)
    }
}
