// The shape a frame fills: a rectangle, rounded rectangle, ellipse or polygon (y up, like a
// CGPath), and the geometry the framesetter asks of it — for a horizontal band, the x intervals
// inside the shape over the whole band (where a line may go), and the x intervals the shape
// touches anywhere in the band (what an exclusion takes away).
import Foundation
import GalleyFonts
import GalleyText

/// The path of a frame or of an exclusion, in CoreText's y-up coordinates. Like the CGPath given
/// to CTFramesetterCreateFrame (or a clipping path in kCTFrameClippingPathsAttributeName): the
/// common shapes as exact cases, and any path of lines and Bézier curves, with several
/// subpaths and moved by a transform, as `.path(ShapePath)`.
///
/// A polygon's or path's inside follows the even-odd rule (kCTFramePathFillRuleEvenOdd,
/// CoreText's default) unless the frame asks for the winding rule (`FrameOptions.fillRule`,
/// `ClippingPath.fillRule`): a point is inside when a ray from it crosses the outline an odd
/// number of times, so a self-intersecting polygon (a pentagram) has a hole where it overlaps
/// itself. A polygon is closed implicitly (its last point joins its first); one with fewer than
/// three points, or a rectangle, rounded rectangle or ellipse of zero width or height, encloses nothing.
public enum FramePath: Sendable, Equatable {
    /// A rectangle. Like CGPath(rect:transform:).
    case rectangle(CGRect)
    /// A rectangle with elliptical corners of radii `cornerWidth` × `cornerHeight`, each clamped
    /// to half the rectangle's width or height. Like CGPath(roundedRect:cornerWidth:cornerHeight:transform:).
    case roundedRectangle(CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat)
    /// The ellipse inscribed in a rectangle. Like CGPath(ellipseIn:transform:).
    case ellipse(in: CGRect)
    /// A closed polygon through the points (y up), even-odd filled.
    case polygon([CGPoint])
    /// A general path: subpaths of lines and quadratic and cubic Bézier curves, each closed
    /// implicitly, even-odd filled unless the frame's `FrameOptions.fillRule` (or a clipping
    /// path's own rule) says otherwise. Like any CGPath given to CTFramesetterCreateFrame.
    /// Curves are flattened within `ShapePath.flatness` for layout.
    case path(ShapePath)

    /// The smallest rectangle holding the path. Like CGPath.boundingBoxOfPath. `.zero` for a
    /// polygon without points.
    public var boundingBox: CGRect {
        switch self {
        case .rectangle(let r), .roundedRectangle(let r, _, _), .ellipse(let r): return r.standardized
        case .polygon(let points):
            guard let first = points.first else { return .zero }
            var (x0, x1, y0, y1) = (first.x, first.x, first.y, first.y)
            for p in points {
                x0 = min(x0, p.x)
                x1 = max(x1, p.x)
                y0 = min(y0, p.y)
                y1 = max(y1, p.y)
            }
            return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        case .path(let path): return path.boundingBoxOfPath
        }
    }

    /// Checks that every coordinate is finite, that sizes and corner radii are not negative, and
    /// that the bounding box's size and far edges are finite too (finite points far apart, such
    /// as ±`CGFloat.greatestFiniteMagnitude`, span an infinite height).
    /// - Throws: `LayoutError.invalidGeometry` naming the bad value.
    public func validate() throws(LayoutError) {
        func rect(_ r: CGRect, _ what: String) throws(LayoutError) {
            for (name, value) in [
                ("x", r.origin.x), ("y", r.origin.y), ("width", r.size.width), ("height", r.size.height),
            ] {
                guard value.isFinite else { throw .invalidGeometry("\(what) \(name) \(value) must be finite") }
            }
            guard r.size.width >= 0, r.size.height >= 0 else {
                throw .invalidGeometry("\(what) size \(r.size.width)×\(r.size.height) must not be negative")
            }
        }
        switch self {
        case .rectangle(let r): try rect(r, "rectangle")
        case .ellipse(let r): try rect(r, "ellipse")
        case .roundedRectangle(let r, let w, let h):
            try rect(r, "rounded rectangle")
            guard w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                throw .invalidGeometry("corner size \(w)×\(h) must be finite and not negative")
            }
        case .polygon(let points):
            for (i, p) in points.enumerated() where !p.x.isFinite || !p.y.isFinite {
                throw .invalidGeometry("polygon point \(i) (\(p.x), \(p.y)) must be finite")
            }
        case .path(let path):
            for (i, p) in path.allPoints.enumerated() where !p.x.isFinite || !p.y.isFinite {
                throw .invalidGeometry("path point \(i) (\(p.x), \(p.y)) must be finite")
            }
        }
        let box = boundingBox
        guard box.width.isFinite, box.height.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
            throw .invalidGeometry(
                "the path's bounds (\(box.minX), \(box.minY)) to (\(box.maxX), \(box.maxY)) overflow")
        }
    }

    /// The x intervals inside the path at every y of the band `band` (y up): the places a line
    /// whose ascent and descent span the band may go. Sorted, disjoint, each wider than zero.
    /// Exact: a rectangle's sides; for an ellipse the chord at the band's y farthest from the
    /// centre (x = cx ± a·√(1 − ((y − cy)/b)²)); for a rounded rectangle the same at its corners;
    /// for a polygon, the band is cut at every vertex y and every crossing of two edges, and in
    /// each slice the inside intervals (whose ends move linearly) are narrowed to their extent at
    /// both ends of the slice, then the slices are intersected. A band reaching outside the
    /// path's vertical extent has no intervals.
    public func intervalsInside(band: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        guard band.lowerBound.isFinite, band.upperBound.isFinite else { return [] }
        switch self {
        case .rectangle(let r):
            let r = r.standardized
            guard r.width > 0, band.lowerBound >= r.minY, band.upperBound <= r.maxY else { return [] }
            return [r.minX...r.maxX]
        case .ellipse(let r):
            let r = r.standardized
            guard r.width > 0, r.height > 0, band.lowerBound >= r.minY, band.upperBound <= r.maxY else { return [] }
            let far = abs(band.lowerBound - r.midY) > abs(band.upperBound - r.midY) ? band.lowerBound : band.upperBound
            let half = FramePath.halfChord(a: r.width / 2, b: r.height / 2, dy: far - r.midY)
            return half > 0 ? [(r.midX - half)...(r.midX + half)] : []
        case .roundedRectangle(let r, let cw, let ch):
            let r = r.standardized
            guard r.width > 0, r.height > 0, band.lowerBound >= r.minY, band.upperBound <= r.maxY else { return [] }
            // The inset grows towards the top and bottom edges, so it is largest at an end of the band.
            let inset = max(roundedInset(r, cw, ch, y: band.lowerBound), roundedInset(r, cw, ch, y: band.upperBound))
            return r.width - 2 * inset > 0 ? [(r.minX + inset)...(r.maxX - inset)] : []
        case .polygon(let points):
            return PathRegion(polygons: [points], rule: .evenOdd).inside(band: band)
        case .path(let path):
            return PathRegion(polygons: path.flattened(), rule: .evenOdd).inside(band: band)
        }
    }

    /// The x intervals the path covers at some y of the band (the band's horizontal shadow of
    /// the path): what an exclusion takes from every line whose band this is. Sorted, disjoint.
    /// A path that only touches the band's edge (a rectangle whose top is the band's bottom)
    /// covers nothing.
    public func intervalsTouching(band: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        guard band.lowerBound.isFinite, band.upperBound.isFinite else { return [] }
        switch self {
        case .rectangle(let r):
            let r = r.standardized
            guard r.width > 0, r.height > 0, band.lowerBound < r.maxY, band.upperBound > r.minY else { return [] }
            return [r.minX...r.maxX]
        case .ellipse(let r):
            let r = r.standardized
            guard r.width > 0, r.height > 0, band.lowerBound < r.maxY, band.upperBound > r.minY else { return [] }
            let near = min(max(r.midY, band.lowerBound), band.upperBound)
            let half = FramePath.halfChord(a: r.width / 2, b: r.height / 2, dy: near - r.midY)
            return half > 0 ? [(r.midX - half)...(r.midX + half)] : []
        case .roundedRectangle(let r, let cw, let ch):
            let r = r.standardized
            guard r.width > 0, r.height > 0, band.lowerBound < r.maxY, band.upperBound > r.minY else { return [] }
            let near = min(max(r.midY, band.lowerBound), band.upperBound)
            let inset = roundedInset(r, cw, ch, y: near)
            return r.width - 2 * inset > 0 ? [(r.minX + inset)...(r.maxX - inset)] : []
        case .polygon(let points):
            return PathRegion(polygons: [points], rule: .evenOdd).touching(band: band)
        case .path(let path):
            return PathRegion(polygons: path.flattened(), rule: .evenOdd).touching(band: band)
        }
    }

    // MARK: Geometry

    /// Half the width of an ellipse with semi-axes a, b at `dy` from its centre.
    static func halfChord(a: CGFloat, b: CGFloat, dy: CGFloat) -> CGFloat {
        let t = dy / b
        return a * (1 - t * t).squareRoot().nanToZero
    }

    /// How far a rounded rectangle's side is indented at `y` by its corners.
    private func roundedInset(_ r: CGRect, _ cw: CGFloat, _ ch: CGFloat, y: CGFloat) -> CGFloat {
        let rx = min(max(cw, 0), r.width / 2)
        let ry = min(max(ch, 0), r.height / 2)
        guard rx > 0, ry > 0 else { return 0 }
        let dy: CGFloat
        if y > r.maxY - ry {
            dy = y - (r.maxY - ry)
        } else if y < r.minY + ry {
            dy = (r.minY + ry) - y
        } else {
            return 0
        }
        return rx - FramePath.halfChord(a: rx, b: ry, dy: min(dy, ry))
    }

    /// Sorted intervals with overlapping or touching ones joined.
    static func merge(_ intervals: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        let sorted = intervals.sorted { $0.lowerBound < $1.lowerBound }
        var out: [ClosedRange<CGFloat>] = []
        for i in sorted {
            if let last = out.last, i.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, i.upperBound)
            } else {
                out.append(i)
            }
        }
        return out
    }

    /// The intersection of two sorted disjoint interval lists, without zero-width pieces.
    static func intersect(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        var out: [ClosedRange<CGFloat>] = []
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            let lo = max(a[i].lowerBound, b[j].lowerBound)
            let hi = min(a[i].upperBound, b[j].upperBound)
            if hi > lo { out.append(lo...hi) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return out
    }

    /// `a` minus the union of the sorted disjoint `b`, without zero-width pieces.
    static func subtract(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        var out: [ClosedRange<CGFloat>] = []
        for piece in a {
            var lo = piece.lowerBound
            let hi = piece.upperBound
            for cut in b where cut.upperBound > lo && cut.lowerBound < hi {
                if cut.lowerBound > lo { out.append(lo...cut.lowerBound) }
                lo = max(lo, cut.upperBound)
                if lo >= hi { break }
            }
            if hi > lo { out.append(lo...hi) }
        }
        return out
    }
}

extension FramePath {
    /// The path as a `ShapePath`: a rectangle as CGPathAddRect draws it, a rounded rectangle
    /// and an ellipse with cubic quarter arcs (`ShapePath.quarterArcKappa`), a polygon as one
    /// closed subpath. Like the CGPath these cases stand for.
    public var shapePath: ShapePath {
        var path = ShapePath()
        switch self {
        case .rectangle(let r): path.addRect(r)
        case .roundedRectangle(let r, let w, let h): path.addRoundedRect(r, cornerWidth: w, cornerHeight: h)
        case .ellipse(let r): path.addEllipse(in: r)
        case .polygon(let points): path.addPolygon(points)
        case .path(let p): return p
        }
        return path
    }

    /// The path moved by an affine transform (a `.path`, exact: see `ShapePath.applying`).
    /// Like CGPath(rect:transform:) and its siblings, or `CGPath.copy(using:)`.
    public func applying(_ transform: AffineTransform) -> FramePath { .path(shapePath.applying(transform)) }

    /// Like `intervalsInside(band:)`, with the path filled by `fillRule` and stroked `width`
    /// wide (kCTFramePathWidthAttributeName): the x intervals inside the fill at every y of the
    /// band and farther than `width / 2` from every segment of the outline, i.e. outside the
    /// stroke of a pen `width` wide centred on the outline. The rectangle, rounded rectangle
    /// and ellipse are exact with a width of 0 (the fill rule does not matter for them); with a
    /// width, curves are flattened within `ShapePath.flatness`.
    public func intervalsInside(band: ClosedRange<CGFloat>, fillRule: FramePathFillRule, width: CGFloat = 0)
        -> [ClosedRange<CGFloat>]
    {
        guard band.lowerBound.isFinite, band.upperBound.isFinite else { return [] }
        if let region = region(fillRule: fillRule, width: width) { return region.inside(band: band) }
        return intervalsInside(band: band)
    }

    /// Like `intervalsTouching(band:)`, with the path filled by `fillRule` and its outline
    /// stroked `width` wide: what a clipping path (kCTFrameClippingPathsAttributeName with its
    /// own kCTFramePathFillRuleAttributeName and kCTFramePathWidthAttributeName) takes from a band.
    public func intervalsTouching(band: ClosedRange<CGFloat>, fillRule: FramePathFillRule, width: CGFloat = 0)
        -> [ClosedRange<CGFloat>]
    {
        guard band.lowerBound.isFinite, band.upperBound.isFinite else { return [] }
        if let region = region(fillRule: fillRule, width: width) { return region.touching(band: band) }
        return intervalsTouching(band: band)
    }

    /// The flattened region for a fill rule and stroke width; nil where the exact shape
    /// answers (a rectangle, rounded rectangle or ellipse without a stroke). With `within`, only
    /// bands inside that rectangle are asked: curves are flattened finely only near it (and its
    /// stroke's half width around it), so the work is bounded by the frame, not by the curves.
    func region(fillRule: FramePathFillRule, width: CGFloat, within: CGRect? = nil) -> PathRegion? {
        let stroked = width > 0 && width.isFinite
        let near = within.map { box in
            let margin = (stroked && LengthLimit.allows(width) ? width / 2 : 0) + 1
            return box.standardized.insetBy(dx: -margin, dy: -margin)
        }
        switch self {
        case .rectangle, .roundedRectangle, .ellipse:
            return stroked ? PathRegion(polygons: shapePath.flattened(within: near), rule: fillRule, width: width) : nil
        case .polygon(let points): return PathRegion(polygons: [points], rule: fillRule, width: width)
        case .path(let path): return PathRegion(polygons: path.flattened(within: near), rule: fillRule, width: width)
        }
    }
}

extension CGFloat {
    /// 0 for NaN (the square root of a slightly negative rounding error), else self.
    fileprivate var nanToZero: CGFloat { isNaN ? 0 : self }
}
