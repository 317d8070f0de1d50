// Clipping paths with hostile curves (issue 29, item 7): flattening is bounded by the frame, not by
// how far a curve's control points reach. A piece of a curve whose control points all lie
// outside the frame's box lies outside it too (the convex hull property), so it becomes one
// chord; only the part near the frame is flattened within `ShapePath.flatness`.
import Foundation
import GalleyFonts
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyLayout

@Suite("Flattening bounded by the frame")
struct BoundedFlatteningTests {
    static let box = CGRect(x: 0, y: 0, width: 100, height: 100)

    /// A closed path through the box along a cubic whose control points are `reach` away.
    static func path(reach: CGFloat) -> ShapePath {
        var path = ShapePath()
        path.move(to: CGPoint(x: 10, y: 20))
        path.addCurve(
            to: CGPoint(x: 90, y: 20), control1: CGPoint(x: -reach, y: reach), control2: CGPoint(x: reach, y: reach))
        path.addLine(to: CGPoint(x: 50, y: 5))
        path.closeSubpath()
        return path
    }

    /// With control points 10⁹ points away, the flattening within the box has few points; the
    /// same curve flattened without a bound takes the most chords a curve may have (4096).
    @Test func farControlPointsCostLittle() {
        let path = Self.path(reach: 1e9)
        let bounded = path.flattened(within: Self.box).reduce(0) { $0 + $1.count }
        let unbounded = path.flattened().reduce(0) { $0 + $1.count }
        #expect(unbounded > 4096)
        #expect(bounded < 200, "\(bounded) points")
    }

    /// Inside the box, the bounded flattening gives the same bands as the full one (each chord is within
    /// the flatness of the curve, so the two within twice that across an edge, and an edge's
    /// x a few times that where it slants: five times the flatness), for a curve that leaves
    /// the box and comes back; outside the box, chords stand in for the curve.
    @Test(arguments: [60, 150, 400] as [CGFloat])
    func boundedFlatteningKeepsTheBandsInsideTheBox(reach: CGFloat) throws {
        let frame = FramePath.rectangle(Self.box)
        let exclusion = FramePath.path(Self.path(reach: reach))
        for y in stride(from: CGFloat(0), through: 100, by: 2.5) {
            let band = y...(y + 2.5)
            // Only the part inside the box counts: outside it the chords stand in for the curve.
            func clipped(_ intervals: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
                intervals.compactMap { i in
                    let (lo, hi) = (max(i.lowerBound, Self.box.minX), min(i.upperBound, Self.box.maxX))
                    return lo < hi ? lo...hi : nil
                }
            }
            let full = clipped(exclusion.intervalsTouching(band: band))
            let bounded = clipped(
                try #require(
                    exclusion.region(fillRule: .evenOdd, width: 0, within: frame.boundingBox)?.touching(band: band)))
            #expect(full.count == bounded.count, "band \(band): \(full) vs \(bounded)")
            for (a, b) in zip(full, bounded) {
                #expect(abs(a.lowerBound - b.lowerBound) <= 5 * ShapePath.flatness)
                #expect(abs(a.upperBound - b.upperBound) <= 5 * ShapePath.flatness)
            }
        }
    }

    /// The reproducer: five characters in a vertical ellipse frame with such an exclusion took
    /// 4.9 s in a release build. Now the frame is laid out at once (a generous bound for a
    /// debug build on a shared machine), and its lines keep clear of the exclusion's box part.
    @Test func verticalEllipseWithAFarReachingExclusion() throws {
        var exclusion = ShapePath()
        exclusion.move(to: CGPoint(x: 20, y: 20))
        exclusion.addCurve(
            to: CGPoint(x: 60, y: 40), control1: CGPoint(x: -1e9, y: 1e9), control2: CGPoint(x: 1e9, y: -1e9))
        exclusion.closeSubpath()
        let text = AttributedText(
            "日本語の文", attributes: [.font(try Font(path: TestFonts.droidSansFallback, size: 14))])
        let options = FrameOptions(truncation: nil, exclusionPaths: [.path(exclusion)], progression: .rightToLeft)
        let start = Date()
        let frame = try Framesetter(text).frame(
            in: FramePath.ellipse(in: CGRect(x: 0, y: 0, width: 120, height: 160)), options: options)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(frame.lines.allSatisfy { $0.width.isFinite })
    }
}
