// Flattening a cubic Bézier curve only as finely as a rectangle needs: pieces whose control
// points all lie outside the rectangle become single chords, the rest is halved (de Casteljau)
// until each half is flat enough for equal-parameter chords. Frame layout flattens clipping
// paths this way, within the frame's box, so a hostile curve reaching 10⁹ points away costs
// what its part inside the frame costs.
import Foundation

extension ShapePath {
    /// A cubic's end and control points: start, first control, second control, end.
    typealias Cubic = (CGPoint, CGPoint, CGPoint, CGPoint)

    /// The deepest halving; with at most 4096 chords per piece, as `flattened` allows.
    private static let deepestSplit = 24
    /// A piece needing at most this many equal-parameter chords is not halved again.
    private static let chordsPerPiece: CGFloat = 16

    /// Appends the points after `curve.0` of `curve` flattened within `flatness` near `box`
    /// (see `flattened(flatness:within:)`).
    static func appendCubic(
        _ curve: Cubic, flatness: CGFloat, within box: CGRect, depth: Int = 0, into points: inout [CGPoint]
    ) {
        let (p0, c1, c2, p1) = curve
        let xs = (min(p0.x, c1.x, c2.x, p1.x), max(p0.x, c1.x, c2.x, p1.x))
        let ys = (min(p0.y, c1.y, c2.y, p1.y), max(p0.y, c1.y, c2.y, p1.y))
        // Outside the box: the chord stays in the convex hull, outside the box too.
        if xs.1 < box.minX || xs.0 > box.maxX || ys.1 < box.minY || ys.0 > box.maxY {
            points.append(p1)
            return
        }
        let d1 = length(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y)
        let d2 = length(c1.x - 2 * c2.x + p1.x, c1.y - 2 * c2.y + p1.y)
        let secondDerivative = 6 * max(d1, d2)
        let n: CGFloat =
            secondDerivative > 0 && secondDerivative.isFinite
            ? (secondDerivative / (8 * flatness)).squareRoot().rounded(.up) : 1
        if n <= chordsPerPiece || depth >= deepestSplit || !n.isFinite {
            let count = Int(min(max(n.isFinite ? n : 1, 1), 4096))
            for i in 1...count { points.append(cubic(p0, c1, c2, p1, CGFloat(i) / CGFloat(count))) }
            return
        }
        let (left, right) = halves(curve)
        appendCubic(left, flatness: flatness, within: box, depth: depth + 1, into: &points)
        appendCubic(right, flatness: flatness, within: box, depth: depth + 1, into: &points)
    }

    /// The two halves of `curve` at t = ½ (de Casteljau).
    private static func halves(_ curve: Cubic) -> (Cubic, Cubic) {
        func mid(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        let (p0, c1, c2, p1) = curve
        let (a, b, c) = (mid(p0, c1), mid(c1, c2), mid(c2, p1))
        let (d, e) = (mid(a, b), mid(b, c))
        let m = mid(d, e)
        return ((p0, a, d, m), (m, e, c, p1))
    }
}
