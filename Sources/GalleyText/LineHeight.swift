// LineHeight: the height a run asks its line to have, the value of the line height attribute
// (Pango's `line_height`), as a multiple of the font's height or in points.

import Foundation

/// The height a run's text asks of its line. Like Pango's `line_height` attribute
/// (`PangoAttrFloat` factor or `PangoAttrInt` absolute height); in CoreText the nearest are the
/// paragraph style's line-height multiple and minimum/maximum line heights, which apply to whole
/// paragraphs.
///
/// A run counts in its line's height with this height instead of its ascent plus descent: the
/// difference is shared equally above and below its glyphs, as Pango and CSS `line-height` share
/// half-leading (a smaller height takes from both, the descent down to 0 at most). The line is as
/// tall as its tallest run. A multiple of 0 changes nothing (Pango's "unset").
public enum LineHeight: Sendable, Hashable {
    /// A multiple of the run's font height (ascent + descent); must be finite and not negative.
    /// Pango's factor form (`line_height="1.5"`).
    case multiple(CGFloat)
    /// A height in points; must be finite and not negative. Pango's absolute form
    /// (`line_height="20480"`, in Pango units).
    case points(CGFloat)

    /// Why the value cannot be used, or nil when it can.
    var invalidReason: String? {
        switch self {
        case .multiple(let factor):
            LengthLimit.allows(factor) && factor >= 0
                ? nil : "a line-height multiple must be between 0 and 1e9, not \(factor)"
        case .points(let points):
            LengthLimit.allows(points) && points >= 0
                ? nil : "a line height must be between 0 and 1e9 points, not \(points)"
        }
    }
}
