// Galley's one path type, as CoreGraphics has CGPath: subpaths of lines, quadratic and cubic Bézier
// curves, optionally closed, moved by an affine transform; built for frame and clipping paths,
// returned for glyph outlines (Font.path(for:)), and flattened into polygons (within a stated
// tolerance) for the band-by-band layout.
import Foundation

/// A path made of subpaths of straight lines and quadratic and cubic Bézier curves, in
/// CoreText's y-up coordinates. Like a CGMutablePath built with CGPathMoveToPoint,
/// CGPathAddLineToPoint, CGPathAddQuadCurveToPoint, CGPathAddCurveToPoint and
/// CGPathCloseSubpath (and `CGPath.copy(using:)` for a transform). Used as a frame's path
/// (`FramePath.path`) or a clipping path, and as a glyph's outline (`Font.path(for:transform:)`,
/// like the CGPath of CTFontCreatePathForGlyph); for layout every subpath counts as closed (a
/// fill closes it implicitly, as CoreGraphics does), and curves are flattened into line
/// segments no farther than `ShapePath.flatness` from the curve.
public struct ShapePath: Sendable, Hashable {
    /// One element of a path. Like CGPathElement.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at the point. Like CGPathElementType.moveToPoint.
        case move(to: CGPoint)
        /// A straight line to the point. Like .addLineToPoint.
        case line(to: CGPoint)
        /// A quadratic Bézier curve to `to` with one control point. Like .addQuadCurveToPoint.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to `to` with two control points. Like .addCurveToPoint.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the current subpath with a line back to its first point. Like .closeSubpath.
        case closeSubpath
    }

    /// The elements, in order.
    public private(set) var elements: [Element] = []

    /// The largest distance, in points, between a curve and the line segments that replace it
    /// for layout: 0.01 pt, far below a pixel at any usual scale.
    public static let flatness: CGFloat = 0.01

    /// An empty path.
    public init() {}

    /// A path of the given elements. A drawing element before any `move(to:)` starts at (0, 0).
    public init(elements: [Element]) { self.elements = elements }

    /// Starts a new subpath. Like CGPathMoveToPoint.
    public mutating func move(to point: CGPoint) { elements.append(.move(to: point)) }
    /// Adds a line. Like CGPathAddLineToPoint.
    public mutating func addLine(to point: CGPoint) { elements.append(.line(to: point)) }
    /// Adds a quadratic curve. Like CGPathAddQuadCurveToPoint.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        elements.append(.quadCurve(to: point, control: control))
    }
    /// Adds a cubic curve. Like CGPathAddCurveToPoint.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }
    /// Closes the current subpath. Like CGPathCloseSubpath.
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    /// Adds a closed polygon through the points (nothing for no points). Like CGPathAddLines +
    /// CGPathCloseSubpath.
    public mutating func addPolygon(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
        closeSubpath()
    }

    /// Adds a rectangle as a closed subpath, counter-clockwise in y-up coordinates (from its
    /// bottom-left corner, as CGPathAddRect).
    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        addPolygon([
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY),
            CGPoint(x: r.minX, y: r.maxY),
        ])
    }

    /// The constant of the cubic quarter-ellipse: control points at 4/3·(√2 − 1) ≈ 0.5523 of
    /// the radius along the tangents (the usual approximation, radial error below 0.03 %).
    public static let quarterArcKappa: CGFloat = 4 * (2.0.squareRoot() - 1) / 3

    /// Adds the ellipse inscribed in `rect` as one closed subpath of four cubic curves, counter-
    /// clockwise in y-up coordinates, starting at its rightmost point. Like CGPathAddEllipseInRect.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        addRoundedCorners(r, rx: r.width / 2, ry: r.height / 2)
    }

    /// Adds a rounded rectangle (corner radii clamped to half the size) as one closed subpath.
    /// Like CGPathAddRoundedRect.
    public mutating func addRoundedRect(_ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        let r = rect.standardized
        addRoundedCorners(r, rx: min(max(cornerWidth, 0), r.width / 2), ry: min(max(cornerHeight, 0), r.height / 2))
    }

    /// A rectangle with elliptical corners of radii rx × ry, counter-clockwise from the right side.
    private mutating func addRoundedCorners(_ r: CGRect, rx: CGFloat, ry: CGFloat) {
        let k = ShapePath.quarterArcKappa
        let (x0, x1, y0, y1) = (r.minX, r.maxX, r.minY, r.maxY)
        move(to: CGPoint(x: x1, y: y0 + ry))
        addLine(to: CGPoint(x: x1, y: y1 - ry))
        addCurve(
            to: CGPoint(x: x1 - rx, y: y1), control1: CGPoint(x: x1, y: y1 - ry + k * ry),
            control2: CGPoint(x: x1 - rx + k * rx, y: y1))
        addLine(to: CGPoint(x: x0 + rx, y: y1))
        addCurve(
            to: CGPoint(x: x0, y: y1 - ry), control1: CGPoint(x: x0 + rx - k * rx, y: y1),
            control2: CGPoint(x: x0, y: y1 - ry + k * ry))
        addLine(to: CGPoint(x: x0, y: y0 + ry))
        addCurve(
            to: CGPoint(x: x0 + rx, y: y0), control1: CGPoint(x: x0, y: y0 + ry - k * ry),
            control2: CGPoint(x: x0 + rx - k * rx, y: y0))
        addLine(to: CGPoint(x: x1 - rx, y: y0))
        addCurve(
            to: CGPoint(x: x1, y: y0 + ry), control1: CGPoint(x: x1 - rx + k * rx, y: y0),
            control2: CGPoint(x: x1, y: y0 + ry - k * ry))
        closeSubpath()
    }

    /// Appends every element of `other`. Like CGPathAddPath.
    public mutating func addPath(_ other: ShapePath) { elements += other.elements }

    /// The path with every point (control points included) moved by `transform`: exact, since
    /// Bézier curves are invariant under affine maps. Like `CGPath.copy(using:)`.
    public func applying(_ transform: AffineTransform) -> ShapePath {
        func t(_ p: CGPoint) -> CGPoint { transform.transform(p) }
        return ShapePath(
            elements: elements.map { e in
                switch e {
                case .move(let p): return .move(to: t(p))
                case .line(let p): return .line(to: t(p))
                case .quadCurve(let p, let c): return .quadCurve(to: t(p), control: t(c))
                case .curve(let p, let c1, let c2): return .curve(to: t(p), control1: t(c1), control2: t(c2))
                case .closeSubpath: return .closeSubpath
                }
            })
    }

    /// Every point of the path, control points included.
    package var allPoints: [CGPoint] {
        elements.flatMap { e -> [CGPoint] in
            switch e {
            case .move(let p), .line(let p): return [p]
            case .quadCurve(let p, let c): return [p, c]
            case .curve(let p, let c1, let c2): return [p, c1, c2]
            case .closeSubpath: return []
            }
        }
    }

    /// Whether the path has no elements (a space glyph's outline). Like `CGPath.isEmpty`.
    public var isEmpty: Bool { elements.isEmpty }

    /// The number of subpaths: one per ``Element/move(to:)`` (a glyph's contours: "O" has two).
    public var subpathCount: Int {
        elements.reduce(0) { count, element in
            if case .move = element { return count + 1 }
            return count
        }
    }

    /// The smallest rectangle holding every point of the path, control points included;
    /// `.null` for an empty path. Like `CGPath.boundingBox` (`CGPathGetBoundingBox`), and like
    /// FreeType's control box of an outline.
    public var boundingBox: CGRect {
        var box = BoxAccumulator()
        for e in elements {
            switch e {
            case .move(let p), .line(let p): box.add(p)
            case .quadCurve(let p, let c):
                box.add(p)
                box.add(c)
            case .curve(let p, let c1, let c2):
                box.add(p)
                box.add(c1)
                box.add(c2)
            case .closeSubpath: break
            }
        }
        return box.isEmpty ? .null : box.rect
    }

    /// The smallest rectangle holding every point of the path's curves, control points that the
    /// curves do not reach left out. Like CGPath.boundingBoxOfPath: from the end points and each
    /// curve's extrema, found exactly from the roots of its derivative. `.zero` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var box = BoxAccumulator()
        var current = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p), .line(let p):
                box.add(p)
                current = p
            case .quadCurve(let p, let c):
                box.add(p)
                for t in ShapePath.quadExtrema(current, c, p) { box.add(ShapePath.quad(current, c, p, t)) }
                current = p
            case .curve(let p, let c1, let c2):
                box.add(p)
                for t in ShapePath.cubicExtrema(current, c1, c2, p) { box.add(ShapePath.cubic(current, c1, c2, p, t)) }
                current = p
            case .closeSubpath: break
            }
        }
        return box.rect
    }

    /// The path flattened into closed polygons, one per subpath (subpaths of fewer than two
    /// points are dropped), each curve replaced by `n` equal-parameter chords with n chosen so
    /// that no chord is farther than `flatness` from its curve: for a Bézier curve B, the
    /// chord error of n equal steps is at most max|B''| / (8n²), and max|B''| is 2·|p0 − 2c + p1|
    /// for a quadratic and 6·max(|p0 − 2c1 + c2|, |c1 − 2c2 + p1|) for a cubic.
    ///
    /// With `within`, only the part of the path near that rectangle is flattened finely: a piece
    /// of a curve whose control points all lie outside it (so the piece does too) becomes one
    /// chord, which lies in the same convex hull, so no point of the rectangle changes sides;
    /// the rest is split in halves until each half is flat enough. The work is then bounded by
    /// the rectangle, not by how far a curve's control points reach (10⁹ points, say).
    package func flattened(flatness: CGFloat = ShapePath.flatness, within: CGRect? = nil) -> [[CGPoint]] {
        var polygons: [[CGPoint]] = []
        var current: [CGPoint] = []
        var pen = CGPoint.zero
        var start = CGPoint.zero
        func finish() {
            if current.count >= 2 { polygons.append(current) }
            current = []
        }
        func steps(_ secondDerivative: CGFloat) -> Int {
            guard secondDerivative > 0, secondDerivative.isFinite else { return 1 }
            let n = (secondDerivative / (8 * flatness)).squareRoot().rounded(.up)
            return Int(min(max(n, 1), 4096))
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish()
                current = [p]
                (pen, start) = (p, p)
            case .line(let p):
                if current.isEmpty { current = [pen] }
                current.append(p)
                pen = p
            case .quadCurve(let p, let c) where within != nil:
                if current.isEmpty { current = [pen] }
                // The same curve as a cubic: control points two thirds of the way to `c`.
                let c1 = CGPoint(x: pen.x + 2 * (c.x - pen.x) / 3, y: pen.y + 2 * (c.y - pen.y) / 3)
                let c2 = CGPoint(x: p.x + 2 * (c.x - p.x) / 3, y: p.y + 2 * (c.y - p.y) / 3)
                ShapePath.appendCubic((pen, c1, c2, p), flatness: flatness, within: within!, into: &current)
                pen = p
            case .curve(let p, let c1, let c2) where within != nil:
                if current.isEmpty { current = [pen] }
                ShapePath.appendCubic((pen, c1, c2, p), flatness: flatness, within: within!, into: &current)
                pen = p
            case .quadCurve(let p, let c):
                if current.isEmpty { current = [pen] }
                let n = steps(2 * ShapePath.length(pen.x - 2 * c.x + p.x, pen.y - 2 * c.y + p.y))
                for i in 1...n { current.append(ShapePath.quad(pen, c, p, CGFloat(i) / CGFloat(n))) }
                pen = p
            case .curve(let p, let c1, let c2):
                if current.isEmpty { current = [pen] }
                let d1 = ShapePath.length(pen.x - 2 * c1.x + c2.x, pen.y - 2 * c1.y + c2.y)
                let d2 = ShapePath.length(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y)
                let n = steps(6 * max(d1, d2))
                for i in 1...n { current.append(ShapePath.cubic(pen, c1, c2, p, CGFloat(i) / CGFloat(n))) }
                pen = p
            case .closeSubpath:
                finish()
                pen = start
            }
        }
        finish()
        return polygons
    }

    // MARK: Bézier arithmetic

    package static func length(_ dx: CGFloat, _ dy: CGFloat) -> CGFloat { (dx * dx + dy * dy).squareRoot() }

    static func quad(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(
            x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    static func cubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x, y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// The parameters in (0, 1) where a quadratic's x or y derivative is zero.
    static func quadExtrema(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> [CGFloat] {
        var ts: [CGFloat] = []
        for (a, b, d) in [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)] {
            let denominator = a - 2 * b + d
            if denominator != 0 {
                let t = (a - b) / denominator
                if t > 0, t < 1 { ts.append(t) }
            }
        }
        return ts
    }

    /// The parameters in (0, 1) where a cubic's x or y derivative is zero.
    static func cubicExtrema(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint) -> [CGFloat] {
        var ts: [CGFloat] = []
        for (a, b, c, d) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
            // B'(t)/3 = A t² + B t + C.
            let qa = -a + 3 * b - 3 * c + d
            let qb = 2 * (a - 2 * b + c)
            let qc = b - a
            if abs(qa) < 1e-12 {
                if qb != 0 { ts.append(-qc / qb) }
            } else {
                let disc = qb * qb - 4 * qa * qc
                if disc >= 0 {
                    let s = disc.squareRoot()
                    ts.append((-qb + s) / (2 * qa))
                    ts.append((-qb - s) / (2 * qa))
                }
            }
        }
        return ts.filter { $0 > 0 && $0 < 1 }
    }
}

/// Grows a rectangle point by point.
package struct BoxAccumulator {
    private var x0 = CGFloat.infinity
    private var x1 = -CGFloat.infinity
    private var y0 = CGFloat.infinity
    private var y1 = -CGFloat.infinity

    /// An empty box.
    package init() {}

    /// Grows the box to hold `p`.
    package mutating func add(_ p: CGPoint) {
        x0 = min(x0, p.x)
        x1 = max(x1, p.x)
        y0 = min(y0, p.y)
        y1 = max(y1, p.y)
    }

    /// The rectangle, `.zero` when no point was added.
    package var rect: CGRect { x0 > x1 ? .zero : CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) }
    /// Whether no point was added.
    package var isEmpty: Bool { x0 > x1 }
}
