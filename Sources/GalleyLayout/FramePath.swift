// The shape a frame fills: a rectangle, rounded rectangle, ellipse or polygon (y up, like a
// CGPath), and the geometry the framesetter asks of it — for a horizontal band, the x intervals
// inside the shape over the whole band (where a line may go), and the x intervals the shape
// touches anywhere in the band (what an exclusion takes away).
import Foundation

/// The path of a frame or of an exclusion, in CoreText's y-up coordinates. Like the CGPath given
/// to CTFramesetterCreateFrame (or a clipping path in kCTFrameClippingPathsAttributeName),
/// restricted to the shapes text layout needs.
///
/// A polygon's inside follows the even-odd rule (kCTFramePathFillRuleEvenOdd, CoreText's
/// default): a point is inside when a ray from it crosses the outline an odd number of times, so
/// a self-intersecting polygon (a pentagram) has a hole where it overlaps itself. A polygon is
/// closed implicitly (its last point joins its first); one with fewer than three points, or a
/// rectangle, rounded rectangle or ellipse of zero width or height, encloses nothing.
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
            return FramePath.polygonIntervals(points, band: band, inside: true)
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
            return FramePath.polygonIntervals(points, band: band, inside: false)
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

    /// A polygon edge from `p` to `q` with p.y < q.y, and its x at `y`.
    private struct Edge {
        let p: CGPoint
        let q: CGPoint
        func x(at y: CGFloat) -> CGFloat {
            if y <= p.y { return p.x }
            if y >= q.y { return q.x }
            return p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y)
        }
    }

    /// The polygon's intervals over `band`: inside at every y (`inside`) or at some y.
    private static func polygonIntervals(_ points: [CGPoint], band: ClosedRange<CGFloat>, inside: Bool)
        -> [ClosedRange<CGFloat>]
    {
        guard points.count >= 3 else { return [] }
        var edges: [Edge] = []
        for i in points.indices {
            let a = points[i]
            let b = points[(i + 1) % points.count]
            if a.y == b.y { continue }  // horizontal edges never cross a horizontal line
            edges.append(a.y < b.y ? Edge(p: a, q: b) : Edge(p: b, q: a))
        }
        let slabs = slabs(of: band, cutBy: edges)
        var result: [ClosedRange<CGFloat>]? = nil
        var union: [ClosedRange<CGFloat>] = []
        for (ya, yb) in slabs {
            let slab = slabIntervals(edges, from: ya, to: yb, inside: inside)
            if inside {
                let merged = merge(slab)
                result = result.map { intersect($0, merged) } ?? merged
                if result?.isEmpty == true { return [] }
            } else if ya < yb || slabs.count == 1 {
                union.append(contentsOf: slab)
            }
        }
        return inside ? (result ?? []) : merge(union)
    }

    /// The band cut into slabs where the set of crossing edges, or their order, may change: at
    /// edge ends and edge crossings inside it (one zero-height slab for a zero-height band).
    private static func slabs(of band: ClosedRange<CGFloat>, cutBy edges: [Edge]) -> [(CGFloat, CGFloat)] {
        let y0 = band.lowerBound
        let y1 = band.upperBound
        var cuts: Set<CGFloat> = [y0, y1]
        for e in edges {
            if e.p.y > y0 && e.p.y < y1 { cuts.insert(e.p.y) }
            if e.q.y > y0 && e.q.y < y1 { cuts.insert(e.q.y) }
        }
        for i in edges.indices {
            for j in edges.indices where j > i {
                if let y = crossingY(edges[i], edges[j]), y > y0, y < y1 { cuts.insert(y) }
            }
        }
        let ys = cuts.sorted()
        if ys.count == 1 { return [(y0, y0)] }
        return (0..<(ys.count - 1)).map { (ys[$0], ys[$0 + 1]) }
    }

    /// The polygon's intervals over one slab `ya...yb` (no edge ends or crosses inside it), by
    /// the even-odd rule: inside at every y of it (`inside`), or at some y.
    private static func slabIntervals(_ edges: [Edge], from ya: CGFloat, to yb: CGFloat, inside: Bool)
        -> [ClosedRange<CGFloat>]
    {
        // Edges crossing the slab: for a zero-height slab, those whose half-open y range holds it.
        let crossing: [Edge]
        if ya == yb {
            crossing = edges.filter { $0.p.y <= ya && ya < $0.q.y }
        } else {
            crossing = edges.filter { $0.p.y <= ya && $0.q.y >= yb }
        }
        let mid = (ya + yb) / 2
        let sorted = crossing.sorted { $0.x(at: mid) < $1.x(at: mid) }
        // Crossings pair up left to right. Two pieces joined by coincident edges (a zero-width
        // slit, such as a bridge traversed there and back) are one piece.
        var pairs: [(Edge, Edge)] = []
        var k = 0
        while k + 1 < sorted.count {
            if let last = pairs.last, last.1.x(at: ya) == sorted[k].x(at: ya), last.1.x(at: yb) == sorted[k].x(at: yb) {
                pairs[pairs.count - 1].1 = sorted[k + 1]
            } else {
                pairs.append((sorted[k], sorted[k + 1]))
            }
            k += 2
        }
        var slab: [ClosedRange<CGFloat>] = []
        for (l, r) in pairs {
            if inside {
                let lo = max(l.x(at: ya), l.x(at: yb))
                let hi = min(r.x(at: ya), r.x(at: yb))
                if hi > lo { slab.append(lo...hi) }
            } else {
                let lo = min(l.x(at: ya), l.x(at: yb))
                let hi = max(r.x(at: ya), r.x(at: yb))
                if hi >= lo { slab.append(lo...hi) }
            }
        }
        return slab
    }

    /// The y where two edges cross strictly inside both, if they do.
    private static func crossingY(_ a: Edge, _ b: Edge) -> CGFloat? {
        let lo = max(a.p.y, b.p.y)
        let hi = min(a.q.y, b.q.y)
        guard lo < hi else { return nil }
        let d0 = a.x(at: lo) - b.x(at: lo)
        let d1 = a.x(at: hi) - b.x(at: hi)
        guard (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) else { return nil }
        return lo + (hi - lo) * d0 / (d0 - d1)
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

extension CGFloat {
    /// 0 for NaN (the square root of a slightly negative rounding error), else self.
    fileprivate var nanToZero: CGFloat { isNaN ? 0 : self }
}
