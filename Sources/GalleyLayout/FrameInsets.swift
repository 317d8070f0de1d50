// Insets that shrink the area of a frame's path that text may use (YYTextContainer.insets,
// UIEdgeInsets order: top, left, bottom, right).
import Foundation

/// Distances, in points, by which the usable area of a frame's path shrinks from each side of
/// its bounding box: lines stay `top` below its top edge, `bottom` above its bottom edge and
/// between `left` and `right` from its sides. Like YYTextContainer.insets (CoreText has none; with
/// a rectangle it equals laying out in the inset rectangle, except that line origins stay
/// relative to the path's own bounding box). Each must be finite and not negative.
public struct FrameInsets: Sendable, Equatable {
    /// Space below the top edge.
    public var top: CGFloat
    /// Space right of the left edge.
    public var left: CGFloat
    /// Space above the bottom edge.
    public var bottom: CGFloat
    /// Space left of the right edge.
    public var right: CGFloat

    /// No insets.
    public static let zero = FrameInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Insets with the given values.
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every side.
    public init(all value: CGFloat) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// Throws unless every inset is finite and ≥ 0, and the edges they move `box`'s sides to
    /// (its left edge plus the left inset, …) are finite.
    func validate(in box: CGRect) throws(LayoutError) {
        for (name, v) in [("top", top), ("left", left), ("bottom", bottom), ("right", right)] {
            guard v.isFinite, v >= 0 else { throw .invalidGeometry("\(name) inset \(v) must be finite and ≥ 0") }
        }
        for edge in [box.minX + left, box.maxX - right, box.height - top - bottom, box.width - left - right]
        where !edge.isFinite {
            throw .invalidGeometry("insets (\(top), \(left), \(bottom), \(right)) overflow the frame's bounds")
        }
    }
}
