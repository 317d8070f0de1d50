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

    /// Creates a framesetter over an existing typesetter. Like CTFramesetterCreateWithTypesetter.
    public init(typesetter: Typesetter) {
        self.typesetter = typesetter
    }

    /// The text being laid out.
    public var text: AttributedText { typesetter.text }

    /// Lays out `range` (nil: the whole text) in `rect`, y up. Lines stack from the top: the first
    /// baseline sits one ascent below the top edge; each next baseline is the previous one minus
    /// the previous line's descent and leading and this line's ascent. A line is added only if it
    /// fits whole (its descent above the bottom edge); the frame ends at the first line that does
    /// not. Each line is placed horizontally by its paragraph's alignment (natural: left for a
    /// left-to-right paragraph, right for a right-to-left one; justified: every line but a
    /// paragraph's last, or one ended by U+2028, is stretched to the width with `Line.justified`,
    /// and those lines sit as natural), with trailing whitespace hanging past the edge.
    /// Like CTFramesetterCreateFrame with a rectangular path.
    public func frame(in rect: CGRect, range: Range<Int>? = nil) throws(LayoutError) -> Frame {
        let range = try validate(range)
        for (name, value) in [("x", rect.minX), ("y", rect.minY), ("width", rect.width), ("height", rect.height)] {
            guard value.isFinite else { throw .invalidGeometry("frame \(name) \(value) must be finite") }
        }
        guard rect.size.width >= 0, rect.size.height >= 0 else {
            throw .invalidGeometry("frame size \(rect.size.width)×\(rect.size.height) must not be negative")
        }
        let rect = rect.standardized
        let placed = place(range, width: rect.width, height: rect.height)
        var origins: [CGPoint] = []
        origins.reserveCapacity(placed.lines.count)
        var lines: [Line] = []
        lines.reserveCapacity(placed.lines.count)
        for (line, baseline) in zip(placed.lines, placed.baselines) {
            var line = line
            if style(of: line).alignment == .justified, !line.endsParagraph, !line.endsWithLineSeparator {
                line = line.justified(factor: 1, width: rect.width)
            }
            lines.append(line)
            origins.append(CGPoint(x: alignmentOffset(line, width: rect.width), y: rect.height - baseline))
        }
        return Frame(
            rect: rect, lines: lines, lineOrigins: origins, stringRange: range,
            visibleStringRange: range.lowerBound..<placed.end)
    }

    /// The size `range` needs within `constraints` (`.greatestFiniteMagnitude` or infinity for an
    /// unconstrained dimension), and the range that fits. The width is the widest line without its
    /// trailing whitespace; the height runs from the top to the last line's descent. A frame of
    /// exactly this size holds the same lines and the same range.
    /// Like CTFramesetterSuggestFrameSizeWithConstraints.
    public func suggestFrameSize(range: Range<Int>? = nil, constraints: CGSize) throws(LayoutError)
        -> (size: CGSize, fitRange: Range<Int>)
    {
        let range = try validate(range)
        guard !constraints.width.isNaN, !constraints.height.isNaN, constraints.width >= 0, constraints.height >= 0 else {
            throw .invalidGeometry("constraints \(constraints.width)×\(constraints.height) must be numbers ≥ 0")
        }
        let unbounded = CGFloat.greatestFiniteMagnitude / 2
        let width = constraints.width >= unbounded ? .infinity : constraints.width
        let height = constraints.height >= unbounded ? .infinity : constraints.height
        let placed = place(range, width: width, height: height)
        var maxWidth: CGFloat = 0
        for line in placed.lines { maxWidth = max(maxWidth, line.width - line.trailingWhitespaceWidth) }
        var used: CGFloat = 0
        if let last = placed.lines.last, let baseline = placed.baselines.last { used = baseline + last.descent }
        return (CGSize(width: maxWidth, height: used), range.lowerBound..<placed.end)
    }

    private func validate(_ range: Range<Int>?) throws(LayoutError) -> Range<Int> {
        let length = typesetter.text.length
        guard let range else { return 0..<length }
        guard range.lowerBound >= 0, range.upperBound <= length else {
            throw .rangeOutOfBounds(range: range, length: length)
        }
        return range
    }

    /// Lines of `range` broken for `width`, with each baseline's distance below the top, as many as
    /// fit in `height`.
    func place(_ range: Range<Int>, width: CGFloat, height: CGFloat) -> (lines: [Line], baselines: [CGFloat], end: Int) {
        var lines: [Line] = []
        var baselines: [CGFloat] = []
        var end = range.lowerBound
        typesetter.forEachLine(in: range, width: width) { line in
            let baseline: CGFloat
            if let previous = lines.last, let previousBaseline = baselines.last {
                baseline = previousBaseline + previous.descent + previous.leading + line.ascent
            } else {
                baseline = line.ascent
            }
            guard baseline + line.descent <= height else { return false }
            lines.append(line)
            baselines.append(baseline)
            end = line.stringRange.upperBound
            return true
        }
        return (lines, baselines, end)
    }

    /// The paragraph style of a line's paragraph (its first character's, as CoreText takes it).
    func style(of line: Line) -> ParagraphStyle {
        typesetter.analysis(containing: line.stringRange.lowerBound).style
    }

    /// The line origin's x for the paragraph's alignment.
    func alignmentOffset(_ line: Line, width: CGFloat) -> CGFloat {
        let factor: CGFloat
        switch style(of: line).alignment {
        case .left: factor = 0
        case .right: factor = 1
        case .center: factor = 0.5
        case .natural, .justified: factor = line.isRightToLeft ? 1 : 0
        }
        return line.penOffset(flushFactor: factor, width: width)
    }
}
