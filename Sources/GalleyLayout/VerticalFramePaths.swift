// The quarter turn between a vertical frame and the horizontal frame its columns are laid out
// in: frame paths, exclusion and clipping paths, and insets turned so that each column becomes
// a horizontal line whose band's intervals are the column's usable segments along its length,
// and line origins turned back.
import Foundation
import GalleyFonts
import GalleyVocabulary

/// The map from a vertical frame's box (a path's bounding box, y up) to the turned box its
/// columns are laid out in as horizontal lines: the turned x is the distance down from the
/// box's top (a column's inline axis), the turned y the distance from the edge stacking ends at
/// (the left edge for right-to-left progression, the right edge for left-to-right), so the
/// turned box's top is the edge columns stack from. Right to left, it is a rotation by a
/// quarter turn; left to right, a reflection across the box's diagonal. Both keep every
/// distance, so stroke widths (path and clipping-path widths) are unchanged, and a fill rule
/// picks the same points (a reflection only flips the sign of winding numbers).
struct QuarterTurn {
    /// The vertical frame's box.
    let box: CGRect
    /// Right to left or left to right (a quarter turn is made only for vertical progressions;
    /// `topToBottom` would turn as right to left).
    let progression: FrameProgression

    /// Whether columns stack from the box's left edge (vertical-lr) rather than its right.
    private var stacksFromLeft: Bool {
        switch progression {
        case .topToBottom, .rightToLeft: false
        case .leftToRight: true
        }
    }

    /// The turned box: the column length wide, the frame's width tall, at the origin.
    var turnedBox: CGRect { CGRect(x: 0, y: 0, width: box.height, height: box.width) }

    /// The turn as an affine map of absolute points: x′ = maxY − y; y′ = x − minX (right to
    /// left) or maxX − x (left to right).
    var transform: AffineTransform {
        stacksFromLeft
            ? AffineTransform(m11: 0, m12: -1, m21: -1, m22: 0, tX: box.maxY, tY: box.maxX)
            : AffineTransform(m11: 0, m12: 1, m21: -1, m22: 0, tX: box.maxY, tY: -box.minX)
    }

    /// A point of the vertical frame (absolute coordinates) in the turned box.
    func turn(_ point: CGPoint) -> CGPoint { transform.transform(point) }

    /// A rectangle of the vertical frame in the turned box (the box itself exactly `turnedBox`).
    func turn(_ rect: CGRect) -> CGRect {
        let r = rect.standardized
        if r == box { return turnedBox }
        let a = turn(CGPoint(x: r.minX, y: r.minY))
        let b = turn(CGPoint(x: r.maxX, y: r.maxY))
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// A path of the vertical frame in the turned box: rectangles, rounded rectangles (their
    /// corner radii swapped) and ellipses stay exact shapes; polygons and general paths have
    /// every point turned.
    func turn(_ path: FramePath) -> FramePath {
        switch path {
        case .rectangle(let r): return .rectangle(turn(r))
        case .roundedRectangle(let r, let w, let h): return .roundedRectangle(turn(r), cornerWidth: h, cornerHeight: w)
        case .ellipse(let r): return .ellipse(in: turn(r))
        case .polygon(let points): return .polygon(points.map(turn))
        case .path(let shape): return .path(shape.applying(transform))
        }
    }

    /// Insets of the vertical frame as insets of the turned box: the top inset is where every
    /// column starts (the turned left), the bottom where it ends (the turned right); the side
    /// that columns stack from is the turned top.
    func turn(_ insets: FrameInsets) -> FrameInsets {
        let (from, to) = stacksFromLeft ? (insets.left, insets.right) : (insets.right, insets.left)
        return FrameInsets(top: from, left: insets.top, bottom: to, right: insets.bottom)
    }

    /// The options of the turned frame: its exclusion and clipping paths and insets turned; the
    /// rest (fill rule, path width, line limit, truncation) as they are.
    func turn(_ options: FrameOptions) -> FrameOptions {
        var turned = options
        turned.exclusionPaths = options.exclusionPaths.map(turn)
        turned.clippingPaths = options.clippingPaths.map {
            ClippingPath(turn($0.path), fillRule: $0.fillRule, width: $0.width)
        }
        turned.insets = turn(options.insets)
        turned.progression = .topToBottom
        return turned
    }

    /// A line origin of the turned frame (relative to the turned box) as the origin of its
    /// column, relative to the vertical frame's box: the top end of the column's centre line.
    func turnBack(origin: CGPoint) -> CGPoint {
        CGPoint(x: stacksFromLeft ? box.width - origin.y : origin.y, y: box.height - origin.x)
    }
}
