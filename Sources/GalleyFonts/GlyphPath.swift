// GlyphPath: a glyph outline as public path elements (move, line, quadratic, cubic, close), in
// points with y up, with its bounds and affine transforms. What CTFontCreatePathForGlyph returns
// as a CGPath.

import Foundation

/// A path of subpaths made of straight and Bézier segments, in points, y up. Like the `CGPath`
/// `CTFontCreatePathForGlyph` returns (and `CGPath.applyWithBlock`'s elements).
public struct GlyphPath: Hashable, Sendable {
    /// One element of a path. Like `CGPathElement`.
    public enum Element: Hashable, Sendable {
        /// Starts a subpath at a point. Like `.moveToPoint`.
        case moveTo(CGPoint)
        /// A straight segment to a point. Like `.addLineToPoint`.
        case lineTo(CGPoint)
        /// A quadratic Bézier segment: control point, end point. Like `.addQuadCurveToPoint`.
        case quadCurveTo(CGPoint, CGPoint)
        /// A cubic Bézier segment: two control points, end point. Like `.addCurveToPoint`.
        case curveTo(CGPoint, CGPoint, CGPoint)
        /// Closes the current subpath. Like `.closeSubpath`.
        case closeSubpath
    }

    /// The elements in drawing order; every glyph contour is closed.
    public let elements: [Element]

    /// A path of `elements`.
    public init(elements: [Element]) { self.elements = elements }

    /// Whether the path has no elements (a space glyph). Like `CGPath.isEmpty`.
    public var isEmpty: Bool { elements.isEmpty }

    /// The number of subpaths (contours): `O` has two. Counts ``Element/moveTo(_:)`` elements.
    public var subpathCount: Int {
        elements.reduce(0) { count, element in
            if case .moveTo = element { return count + 1 }
            return count
        }
    }

    /// The smallest rectangle holding every point of the path, control points included;
    /// `.null` for an empty path. Like `CGPath.boundingBox` (`CGPathGetBoundingBox`).
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .moveTo(let p), .lineTo(let p): points.append(p)
            case .quadCurveTo(let c, let p): points += [c, p]
            case .curveTo(let c1, let c2, let p): points += [c1, c2, p]
            case .closeSubpath: break
            }
        }
        guard let first = points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The path with every point transformed by `transform` (x′ = m11·x + m21·y + tX,
    /// y′ = m12·x + m22·y + tY, CoreGraphics' convention). Like `CGPath.copy(using:)`.
    public func applying(_ transform: AffineTransform) -> GlyphPath {
        func map(_ p: CGPoint) -> CGPoint {
            CGPoint(
                x: transform.m11 * p.x + transform.m21 * p.y + transform.tX,
                y: transform.m12 * p.x + transform.m22 * p.y + transform.tY)
        }
        return GlyphPath(
            elements: elements.map { element in
                switch element {
                case .moveTo(let p): return .moveTo(map(p))
                case .lineTo(let p): return .lineTo(map(p))
                case .quadCurveTo(let c, let p): return .quadCurveTo(map(c), map(p))
                case .curveTo(let c1, let c2, let p): return .curveTo(map(c1), map(c2), map(p))
                case .closeSubpath: return .closeSubpath
                }
            })
    }
}
