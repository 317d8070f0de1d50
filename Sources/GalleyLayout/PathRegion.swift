// The band geometry of a flattened path: which x intervals of a horizontal band lie inside it
// by a fill rule (even-odd or non-zero winding), and which the stroke of its outline (a pen of
// a given width centred on every segment) covers. What frames with polygons, Bézier paths,
// several subpaths, a path width (kCTFramePathWidthAttributeName) and clipping paths are laid
// out with.
import Foundation
import GalleyFonts
import GalleyText

/// Which points a path encloses. Like CTFramePathFillRule (kCTFramePathFillRuleAttributeName).
public enum FramePathFillRule: Sendable, Equatable, Hashable {
    /// A point is inside when a ray from it crosses the outline an odd number of times, so
    /// every nested subpath toggles inside and outside (a ring of two subpaths has a hole,
    /// whatever their directions). Like kCTFramePathFillEvenOdd, CoreText's default.
    case evenOdd
    /// A point is inside when the outline winds around it a non-zero number of times (each
    /// crossing counted +1 going up, −1 going down), so a subpath inside another of the same
    /// direction adds nothing and one of the opposite direction makes a hole. Like
    /// kCTFramePathFillWindingNumber.
    case windingNumber
}

/// A flattened path (closed polygons), its fill rule and its stroke's half width, asked band
/// by band.
struct PathRegion {
    /// A non-horizontal polygon edge from `p` to `q` with p.y < q.y, and its direction: +1
    /// when the outline goes up along it, −1 when down.
    struct Edge {
        let p: CGPoint
        let q: CGPoint
        let winding: Int
        func x(at y: CGFloat) -> CGFloat {
            if y <= p.y { return p.x }
            if y >= q.y { return q.x }
            return p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y)
        }
    }

    let edges: [Edge]
    /// Every segment of the outline (horizontal ones and closing ones included): what the pen strokes.
    let segments: [(CGPoint, CGPoint)]
    let rule: FramePathFillRule
    /// Half the stroke width: every point nearer than this to the outline is covered by the stroke.
    let radius: CGFloat

    /// The region of closed polygons (each joined back to its first point) filled by `rule`
    /// and stroked `width` wide.
    init(polygons: [[CGPoint]], rule: FramePathFillRule, width: CGFloat = 0) {
        var edges: [Edge] = []
        var segments: [(CGPoint, CGPoint)] = []
        for points in polygons where points.count >= 2 {
            for i in points.indices {
                let a = points[i]
                let b = points[(i + 1) % points.count]
                if a == b { continue }
                segments.append((a, b))
                if a.y == b.y { continue }  // horizontal edges never cross a horizontal line
                edges.append(a.y < b.y ? Edge(p: a, q: b, winding: 1) : Edge(p: b, q: a, winding: -1))
            }
        }
        self.edges = edges
        self.segments = segments
        self.rule = rule
        radius = width > 0 && LengthLimit.allows(width) ? width / 2 : 0
    }

    /// The x intervals inside the fill at every y of `band` and not covered by the stroke at
    /// any y of it. Sorted, disjoint, each wider than zero.
    func inside(band: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        let filled = fillIntervals(band: band, inside: true)
        guard radius > 0, !filled.isEmpty else { return filled }
        return FramePath.subtract(filled, strokeShadow(band: band))
    }

    /// The x intervals the fill or the stroke covers at some y of `band`. Sorted, disjoint.
    func touching(band: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        let filled = fillIntervals(band: band, inside: false)
        guard radius > 0 else { return filled }
        return FramePath.merge(filled + strokeShadow(band: band))
    }

    // MARK: Fill

    /// The fill's intervals over `band`: inside at every y (`inside`) or at some y.
    private func fillIntervals(band: ClosedRange<CGFloat>, inside: Bool) -> [ClosedRange<CGFloat>] {
        let (y0, y1) = (band.lowerBound, band.upperBound)
        // Only edges reaching the band matter (a zero-height band: those whose half-open range holds it).
        let near = edges.filter { $0.q.y >= y0 && $0.p.y <= y1 }
        guard near.count >= 2 else { return [] }
        let slabs = PathRegion.slabs(of: band, cutBy: near)
        var result: [ClosedRange<CGFloat>]? = nil
        var union: [ClosedRange<CGFloat>] = []
        for (ya, yb) in slabs {
            let slab = slabIntervals(near, from: ya, to: yb, inside: inside)
            if inside {
                let merged = FramePath.merge(slab)
                result = result.map { FramePath.intersect($0, merged) } ?? merged
                if result?.isEmpty == true { return [] }
            } else if ya < yb || slabs.count == 1 {
                union.append(contentsOf: slab)
            }
        }
        return inside ? (result ?? []) : FramePath.merge(union)
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
        if y1 > y0 {
            for i in edges.indices {
                for j in edges.indices where j > i {
                    if let y = crossingY(edges[i], edges[j]), y > y0, y < y1 { cuts.insert(y) }
                }
            }
        }
        let ys = cuts.sorted()
        if ys.count == 1 { return [(y0, y0)] }
        return (0..<(ys.count - 1)).map { (ys[$0], ys[$0 + 1]) }
    }

    /// Whether a winding count means inside under the rule.
    private func isInside(_ winding: Int) -> Bool {
        rule == .evenOdd ? winding & 1 != 0 : winding != 0
    }

    /// The fill's intervals over one slab `ya...yb` (no edge ends or crosses inside it): inside
    /// at every y of it (`inside`), or at some y.
    private func slabIntervals(_ edges: [Edge], from ya: CGFloat, to yb: CGFloat, inside: Bool)
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
        // Walk left to right counting windings: a piece runs from the edge where the count
        // becomes inside to the edge where it stops being inside. Two pieces joined by
        // coincident edges (a zero-width slit, such as a bridge traversed there and back) are one.
        var pairs: [(Edge, Edge)] = []
        var winding = 0
        var open: Edge? = nil
        for e in sorted {
            let was = isInside(winding)
            winding += e.winding
            let now = isInside(winding)
            if !was, now {
                open = e
            } else if was, !now, let left = open {
                if let last = pairs.last, last.1.x(at: ya) == left.x(at: ya), last.1.x(at: yb) == left.x(at: yb) {
                    pairs[pairs.count - 1].1 = e
                } else {
                    pairs.append((left, e))
                }
                open = nil
            }
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

    // MARK: Stroke

    /// The x intervals the stroke covers at some y of `band`: for each segment, the horizontal
    /// shadow of its capsule (the points within `radius` of it), merged.
    private func strokeShadow(band: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        var shadows: [ClosedRange<CGFloat>] = []
        for (p, q) in segments {
            if let s = PathRegion.capsuleShadow(p, q, radius: radius, band: band) { shadows.append(s) }
        }
        return FramePath.merge(shadows)
    }

    /// The x extent, over the band, of the points within `r` of the segment p–q (a convex
    /// capsule): its chord's right end is a concave function of y, largest at the y of the
    /// capsule's rightmost point (the centre of one of its end discs), so over the band it is
    /// largest at that y clamped to the band; likewise for the left end. Nil when the capsule
    /// misses the band or only touches its edge.
    static func capsuleShadow(_ p: CGPoint, _ q: CGPoint, radius r: CGFloat, band: ClosedRange<CGFloat>)
        -> ClosedRange<CGFloat>?
    {
        let yMin = min(p.y, q.y) - r
        let yMax = max(p.y, q.y) + r
        let lo = max(band.lowerBound, yMin)
        let hi = min(band.upperBound, yMax)
        guard lo < hi || (lo == hi && band.lowerBound == band.upperBound) else { return nil }
        var left = CGFloat.infinity
        var right = -CGFloat.infinity
        for y in [lo, hi, min(max(p.y, lo), hi), min(max(q.y, lo), hi)] {
            guard let chord = capsuleChord(p, q, radius: r, y: y) else { continue }
            left = min(left, chord.lowerBound)
            right = max(right, chord.upperBound)
        }
        return left <= right ? left...right : nil
    }

    /// The chord of the capsule around p–q at height y: the union of its two end discs' chords
    /// and the chord of the rectangle swept by the disc along the segment.
    static func capsuleChord(_ p: CGPoint, _ q: CGPoint, radius r: CGFloat, y: CGFloat) -> ClosedRange<CGFloat>? {
        var xs: [CGFloat] = []
        for c in [p, q] {
            let dy = y - c.y
            if abs(dy) <= r {
                let h = (r * r - dy * dy).squareRoot()
                xs.append(c.x - h)
                xs.append(c.x + h)
            }
        }
        let length = ShapePath.length(q.x - p.x, q.y - p.y)
        if length > 0 {
            // The unit normal times r, and the rectangle's corners in order.
            let n = CGPoint(x: -(q.y - p.y) / length * r, y: (q.x - p.x) / length * r)
            let corners = [
                CGPoint(x: p.x + n.x, y: p.y + n.y), CGPoint(x: q.x + n.x, y: q.y + n.y),
                CGPoint(x: q.x - n.x, y: q.y - n.y), CGPoint(x: p.x - n.x, y: p.y - n.y),
            ]
            for i in 0..<4 {
                let a = corners[i]
                let b = corners[(i + 1) % 4]
                if a.y == b.y {
                    if a.y == y { xs += [a.x, b.x] }
                } else if (a.y - y) * (b.y - y) <= 0 {
                    xs.append(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y))
                }
            }
        }
        xs.removeAll { $0.isNaN }
        guard let lo = xs.min(), let hi = xs.max() else { return nil }
        return lo...hi
    }
}
