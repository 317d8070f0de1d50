// A paragraph style with every number made safe to lay out (NaN, infinite or out-of-range values,
// and lengths beyond LengthLimit, replaced by the setting's default, tab stops sorted), and the arithmetic that turns it into
// line widths, indents and the vertical metrics the framesetter stacks lines with.
import Foundation
import GalleyText

/// The numbers of a `ParagraphStyle`, validated. See `ParagraphStyle` for the rules. Immutable;
/// a class so that the many placed lines of a paragraph share one copy (as a struct of some thirty
/// words it made every placed line several hundred bytes, and a long text's frame megabytes of
/// short-lived arrays).
final class ResolvedParagraphStyle: Sendable {
    let style: ParagraphStyle
    let firstLineHeadIndent: CGFloat
    let headIndent: CGFloat
    let tailIndent: CGFloat
    /// Finite stops, sorted by location.
    let tabStops: [TextTab]
    let defaultTabInterval: CGFloat
    let lineHeightMultiple: CGFloat
    let minimumLineHeight: CGFloat
    /// `.infinity` for none.
    let maximumLineHeight: CGFloat
    let lineSpacingAdjustment: CGFloat
    let minimumLineSpacing: CGFloat
    /// `.infinity` for none.
    let maximumLineSpacing: CGFloat
    let paragraphSpacing: CGFloat
    let paragraphSpacingBefore: CGFloat

    init(_ style: ParagraphStyle) {
        // Beyond LengthLimit (or NaN), a setting is laid out as its default.
        func nonNegative(_ v: CGFloat) -> CGFloat { LengthLimit.allows(v) && v > 0 ? v : 0 }
        func finite(_ v: CGFloat) -> CGFloat { LengthLimit.allows(v) ? v : 0 }
        self.style = style
        firstLineHeadIndent = nonNegative(style.firstLineHeadIndent)
        headIndent = nonNegative(style.headIndent)
        tailIndent = finite(style.tailIndent)
        let stops = style.tabStops
        let clean = stops.indices.allSatisfy { i in
            LengthLimit.allows(stops[i].location) && (i == 0 || stops[i - 1].location <= stops[i].location)
        }
        // Usually already finite and sorted (the default 12 stops are): then shared, not copied.
        tabStops = clean ? stops : stops.filter { LengthLimit.allows($0.location) }.sorted { $0.location < $1.location }
        defaultTabInterval = nonNegative(style.defaultTabInterval)
        lineHeightMultiple = nonNegative(style.lineHeightMultiple)
        minimumLineHeight = nonNegative(style.minimumLineHeight)
        let maxHeight = nonNegative(style.maximumLineHeight)
        maximumLineHeight = maxHeight > 0 ? maxHeight : .infinity
        lineSpacingAdjustment = finite(style.lineSpacingAdjustment)
        minimumLineSpacing = nonNegative(style.minimumLineSpacing)
        let maxSpacing = nonNegative(style.maximumLineSpacing)
        maximumLineSpacing = maxSpacing > 0 ? maxSpacing : .infinity
        paragraphSpacing = nonNegative(style.paragraphSpacing)
        paragraphSpacingBefore = finite(style.paragraphSpacingBefore)
    }

    /// The head indent of a paragraph's first line or of its other lines.
    func headIndent(firstLine: Bool) -> CGFloat { firstLine ? firstLineHeadIndent : headIndent }

    /// The width available to a line with head indent `head` in a frame `frameWidth` wide
    /// (CoreText's tail-indent sign convention), never below 0.
    func lineWidth(frameWidth: CGFloat, head: CGFloat) -> CGFloat {
        let width = tailIndent > 0 ? tailIndent - head : frameWidth + tailIndent - head
        return width.isNaN ? 0 : max(0, width)
    }

    /// The left edge (x) of a line's area in a frame: the head indent from the left in a
    /// left-to-right paragraph, from the right in a right-to-left one.
    func lineLeft(frameWidth: CGFloat, head: CGFloat, width: CGFloat, rightToLeft: Bool) -> CGFloat {
        rightToLeft ? frameWidth - head - width : head
    }

    /// The vertical metrics the framesetter stacks a line with: the line-height mode, the
    /// multiple and the min/max line height (the difference going to the ascent), the leading
    /// adjusted and clamped. The width is the line's.
    func placedMetrics(of line: Line) -> TypographicBounds {
        var ascent = line.ascent
        var descent = line.descent
        var leading = line.leading
        if case .strut(let a, let d, let l, let forced) = style.lineHeightMode {
            func clean(_ v: CGFloat) -> CGFloat { LengthLimit.allows(v) && v > 0 ? v : 0 }
            if forced {
                (ascent, descent, leading) = (clean(a), clean(d), clean(l))
            } else {
                ascent = max(ascent, clean(a))
                descent = max(descent, clean(d))
                leading = max(leading, clean(l))
            }
        }
        let natural = ascent + descent
        var height = lineHeightMultiple > 0 ? natural * lineHeightMultiple : natural
        height = min(max(height, minimumLineHeight), maximumLineHeight)
        ascent += height - natural
        leading = min(max(leading + lineSpacingAdjustment, minimumLineSpacing), maximumLineSpacing)
        return TypographicBounds(width: line.width, ascent: ascent, descent: descent, leading: leading)
    }
}
