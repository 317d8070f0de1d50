// How the vertical metrics of a line are found when its runs have different fonts: the tallest
// run (CoreText), or a strut as SkParagraph's StrutStyle.
import Foundation

/// Where a line's ascent, descent and leading come from, before the paragraph's line-height
/// settings (multiple, minimum, maximum, spacing) apply. CoreText has only `fontMetrics`;
/// `strut` is SkParagraph's `StrutStyle`.
public enum LineHeightMode: Sendable, Hashable {
    /// The maxima of the runs' ascents, descents and leadings (placeholders count with their
    /// delegates' values). CoreText's behaviour, the default.
    case fontMetrics
    /// A strut: the line's ascent, descent and leading are at least these values (in points,
    /// all positive), or exactly these when `forced` — then taller runs overlap the lines
    /// around them, as SkParagraph's `StrutStyle.forceStrutHeight`. Negative or non-finite
    /// values count as 0.
    case strut(ascent: CGFloat, descent: CGFloat, leading: CGFloat, forced: Bool)
}
