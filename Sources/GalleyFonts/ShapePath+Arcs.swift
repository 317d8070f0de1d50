// Circular arcs on a ShapePath, as CoreGraphics adds them: by centre, radius and angles, and by two
// tangent lines (PostScript's arct), each as cubic Bézier segments of at most a quarter turn.
import Foundation

extension ShapePath {
    /// The end point of the last element: where the next element starts (the subpath's first
    /// point after a close), or nil for an empty path. Like `CGPath.currentPoint`.
    public var currentPoint: CGPoint? {
        var start: CGPoint?
        var current: CGPoint?
        for element in elements {
            switch element {
            case .move(let p):
                start = p
                current = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                if start == nil { start = .zero }
                current = p
            case .closeSubpath:
                current = start
            }
        }
        return current
    }

    /// Adds a circular arc around `center` from `startAngle` to `endAngle` (radians, measured
    /// from +x toward +y), clockwise (decreasing angle) or counter-clockwise in y-up coordinates:
    /// a line from the current point to the arc's start (a move when the path is empty), then at
    /// most a quarter turn per cubic segment (error below 0.03 % of the radius). A
    /// counter-clockwise arc whose end angle is below its start goes on to end + 2πn, as
    /// CoreGraphics and cairo do. Like `CGPathAddArc` / `addArc(center:radius:startAngle:endAngle:clockwise:)`.
    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, radius >= 0, startAngle.isFinite,
            endAngle.isFinite
        else { return }
        var sweep = Double(endAngle - startAngle)
        let turn = 2 * Double.pi
        if clockwise {
            if sweep > 0 { sweep -= turn * (sweep / turn).rounded(.up) }
            sweep = max(sweep, -turn)
        } else {
            if sweep < 0 { sweep += turn * (-sweep / turn).rounded(.up) }
            sweep = min(sweep, turn)
        }
        let a0 = Double(startAngle), r = Double(radius), cx = Double(center.x), cy = Double(center.y)
        let start = CGPoint(x: cx + r * cos(a0), y: cy + r * sin(a0))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let segments = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up) - 1e-9))
        let step = sweep / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<segments {
            let t0 = a0 + step * Double(i), t1 = t0 + step
            let p0 = (cos(t0), sin(t0)), p1 = (cos(t1), sin(t1))
            addCurve(
                to: CGPoint(x: cx + r * p1.0, y: cy + r * p1.1),
                control1: CGPoint(x: cx + r * (p0.0 - k * p0.1), y: cy + r * (p0.1 + k * p0.0)),
                control2: CGPoint(x: cx + r * (p1.0 + k * p1.1), y: cy + r * (p1.1 - k * p1.0)))
        }
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and
    /// to the line from `tangent1End` to `tangent2End`, with a line from the current point to the
    /// arc's first tangent point (PostScript's `arct`). When the points are collinear or the
    /// radius is 0, a line to `tangent1End` is added instead; an empty path gets a move to
    /// `tangent1End`. Like `CGPathAddArcToPoint` / `addArc(tangent1End:tangent2End:radius:)`.
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat) {
        guard p1.x.isFinite, p1.y.isFinite, p2.x.isFinite, p2.y.isFinite, radius.isFinite, radius >= 0 else { return }
        guard let p0 = currentPoint else {
            move(to: p1)
            return
        }
        // Unit vectors from the corner p1 back to p0 and on to p2.
        let (ax, ay) = (Double(p0.x - p1.x), Double(p0.y - p1.y))
        let (bx, by) = (Double(p2.x - p1.x), Double(p2.y - p1.y))
        let la = (ax * ax + ay * ay).squareRoot(), lb = (bx * bx + by * by).squareRoot()
        let cross = ax * by - ay * bx
        guard la > 0, lb > 0, radius > 0, abs(cross) > 1e-12 * la * lb else {
            addLine(to: p1)
            return
        }
        let (ux, uy, vx, vy) = (ax / la, ay / la, bx / lb, by / lb)
        // Half the angle between the two tangent lines; the tangent points lie r / tan(θ/2) from p1.
        let cosTheta = min(max(ux * vx + uy * vy, -1), 1)
        let half = acos(cosTheta) / 2
        let r = Double(radius)
        let d = r / tan(half)
        let t1 = CGPoint(x: Double(p1.x) + ux * d, y: Double(p1.y) + uy * d)
        let t2 = CGPoint(x: Double(p1.x) + vx * d, y: Double(p1.y) + vy * d)
        // The centre lies along the bisector, r / sin(θ/2) from p1.
        let (bisx, bisy) = (ux + vx, uy + vy)
        let lbis = (bisx * bisx + bisy * bisy).squareRoot()
        let dc = r / sin(half)
        let c = CGPoint(x: Double(p1.x) + bisx / lbis * dc, y: Double(p1.y) + bisy / lbis * dc)
        let a0 = atan2(Double(t1.y - c.y), Double(t1.x - c.x)), a1 = atan2(Double(t2.y - c.y), Double(t2.x - c.x))
        // Turning left (cross < 0 from p0 → p1 → p2 seen as a, b) sweeps the arc counter-clockwise.
        addArc(center: c, radius: radius, startAngle: CGFloat(a0), endAngle: CGFloat(a1), clockwise: cross > 0)
    }

    /// The path with every point moved by `transform` (an alias of ``applying(_:)``, as
    /// `CGPath.copy(using:)` reads).
    public func copy(using transform: AffineTransform) -> ShapePath { applying(transform) }
}
