// The bound on every length that text and styles carry (kern, tracking, baseline offset,
// obliqueness, stroke and shadow sizes, run delegate metrics, indents, tab stops, line heights,
// spacing). A finite value can still be hostile: two of CGFloat.greatestFiniteMagnitude add up to
// infinity, and a line whose width is infinite has a NaN origin. Bounding each value keeps every
// sum the layout makes finite.
import Foundation

/// The largest magnitude, in points, of a length an attribute or a paragraph style may carry.
///
/// 10⁹ points is some 350 km, far beyond any page or screen, and small enough that a sum of such
/// lengths over any text Galley can hold stays finite. An attribute beyond it is invalid (like a
/// NaN: the throwing API names the rule, the non-throwing one leaves the key unset), a run
/// delegate refuses it, and a paragraph style's setting beyond it is laid out as its default.
public enum LengthLimit {
    /// 10⁹ points.
    public static let maximum: CGFloat = 1e9

    /// Whether `value` is finite and at most ``maximum`` in magnitude.
    @inline(__always)
    public static func allows(_ value: CGFloat) -> Bool {
        value.isFinite && abs(value) <= maximum
    }
}
