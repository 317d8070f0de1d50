// CoreText's frame attributes and general paths: Frame.attributes (CTFrameGetFrameAttributes),
// the path width (kCTFramePathWidthAttributeName), the fill rules
// (kCTFramePathFillRuleAttributeName) for the frame path and per clipping path
// (kCTFrameClippingPathsAttributeName), and Bézier paths with several subpaths and a transform.
// Every expected number is derived by hand from the geometry (the distance to a line, the
// equation of a parabola or circle, the definitions of the two fill rules).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

private let lorem = """
    Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore \
    magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo \
    consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. \
    Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.
    """

/// Intervals equal within `tolerance`.
private func near(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>], _ tolerance: CGFloat = 1e-9) -> Bool {
    a.count == b.count
        && zip(a, b).allSatisfy {
            abs($0.lowerBound - $1.lowerBound) <= tolerance && abs($0.upperBound - $1.upperBound) <= tolerance
        }
}

/// A square as a closed subpath, counter-clockwise (y up) or clockwise.
private func square(_ path: inout ShapePath, _ r: CGRect, clockwise: Bool) {
    var points = [
        CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY),
        CGPoint(x: r.minX, y: r.maxY),
    ]
    if clockwise { points.reverse() }
    path.addPolygon(points)
}

/// A ring: a 300 × 300 square with a 100 × 100 hole (100…200) drawn as a second subpath.
private func ring(innerClockwise: Bool) -> ShapePath {
    var path = ShapePath()
    square(&path, CGRect(x: 0, y: 0, width: 300, height: 300), clockwise: false)
    square(&path, CGRect(x: 100, y: 100, width: 100, height: 100), clockwise: innerClockwise)
    return path
}

@Suite("Frame attributes and general paths")
struct FrameAttributesTests {
    let font: Font

    init() throws { font = try Fonts.dejaVu(12) }

    /// CTFrameGetFrameAttributes: "Returns the frame attributes used to create the frame."
    @Test func frameReportsItsAttributes() throws {
        let framesetter = try Framesetter(text(lorem, [.font(font)]))
        let clip = ClippingPath(
            .ellipse(in: CGRect(x: 50, y: 50, width: 40, height: 40)), fillRule: .windingNumber, width: 3)
        let options = FrameOptions(
            maximumNumberOfLines: 3, truncation: .middle, fillRule: .windingNumber, pathWidth: 2,
            clippingPaths: [clip])
        let frame = try framesetter.frame(in: .rectangle(CGRect(x: 0, y: 0, width: 300, height: 200)), options: options)
        #expect(frame.attributes.maximumNumberOfLines == 3)
        #expect(frame.attributes.truncation == .middle)
        #expect(frame.attributes.fillRule == .windingNumber)
        #expect(frame.attributes.pathWidth == 2)
        #expect(frame.attributes.clippingPaths == [clip])
        // A frame made without attributes reports the options that change nothing.
        let plain = try framesetter.frame(in: CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(plain.attributes.maximumNumberOfLines == 0)
        #expect(plain.attributes.truncation == nil)
        #expect(plain.attributes.pathWidth == 0 && plain.attributes.clippingPaths.isEmpty)
        #expect(plain.attributes.fillRule == .evenOdd)
    }

    /// Path width w: the stroke covers every point within w/2 of an edge. A 200 × 100 rectangle
    /// with w = 10 keeps x 5…195 for a band 5 pt or more from its top and bottom, nothing closer.
    @Test func pathWidthInsetsARectangle() {
        let r = FramePath.rectangle(CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(near(r.intervalsInside(band: 20...40, fillRule: .evenOdd, width: 10), [5...195]))
        #expect(near(r.intervalsInside(band: 5...95, fillRule: .evenOdd, width: 10), [5...195]))
        #expect(r.intervalsInside(band: 4...40, fillRule: .evenOdd, width: 10).isEmpty)
        #expect(r.intervalsInside(band: 20...96, fillRule: .evenOdd, width: 10).isEmpty)
    }

    /// A slanted edge: in the triangle (0,0)–(200,0)–(200,200) the inside is y ≤ x. A point is
    /// at distance (x − y)/√2 from the diagonal, so with w = 10√2 (r = 5√2) it must have
    /// x ≥ y + 10; over the band 50…60 the left end is 60 + 10 = 70, the right end 200 − 5√2.
    @Test func pathWidthAlongASlantedEdge() {
        let t = FramePath.polygon([CGPoint(x: 0, y: 0), CGPoint(x: 200, y: 0), CGPoint(x: 200, y: 200)])
        let r: CGFloat = 5 * 2.0.squareRoot()
        let got = t.intervalsInside(band: 50...60, fillRule: .evenOdd, width: 2 * r)
        #expect(near(got, [70...(200 - r)], 1e-9))
    }

    /// A frame stroked 20 pt wide in a 300 × 200 rectangle holds the lines of the 280 × 180
    /// rectangle inset by 10 on every side, each origin moved by (10, 10) (origins are relative
    /// to the path's own bounding box).
    @Test func pathWidthFrameEqualsTheInsetRectangle() throws {
        let framesetter = try Framesetter(text(lorem, [.font(font)]))
        let stroked = try framesetter.frame(
            in: .rectangle(CGRect(x: 0, y: 0, width: 300, height: 200)),
            options: FrameOptions(truncation: nil, pathWidth: 20))
        let inset = try framesetter.frame(in: CGRect(x: 10, y: 10, width: 280, height: 180))
        try #require(inset.lines.count > 3)
        #expect(stroked.lines.map(\.stringRange) == inset.lines.map(\.stringRange))
        for (a, b) in zip(stroked.lineOrigins, inset.lineOrigins) {
            #expect(abs(a.x - (b.x + 10)) < 1e-9 && abs(a.y - (b.y + 10)) < 1e-9)
        }
    }

    /// The fill rules on a ring of two subpaths: even-odd always has a hole (the band 140…160
    /// crosses four edges: inside 0…100 and 200…300); non-zero winding has a hole only when the
    /// inner square runs the other way (counts 1, 2, 1 with the same direction: no hole).
    @Test func fillRulesOnARing() {
        let same = FramePath.path(ring(innerClockwise: false))
        let opposite = FramePath.path(ring(innerClockwise: true))
        let band: ClosedRange<CGFloat> = 140...160
        #expect(near(same.intervalsInside(band: band, fillRule: .evenOdd), [0...100, 200...300]))
        #expect(near(opposite.intervalsInside(band: band, fillRule: .evenOdd), [0...100, 200...300]))
        #expect(near(same.intervalsInside(band: band, fillRule: .windingNumber), [0...300]))
        #expect(near(opposite.intervalsInside(band: band, fillRule: .windingNumber), [0...100, 200...300]))
        // The default (CoreText's) is even-odd.
        #expect(near(same.intervalsInside(band: band), [0...100, 200...300]))
    }

    /// A frame in the ring: with even-odd, rows level with the hole hold two lines (one each
    /// side); with the winding rule and same-direction subpaths there is no hole, so every row
    /// holds one line.
    @Test func fillRuleOfTheFramePath() throws {
        let framesetter = try Framesetter(text(lorem + " " + lorem, [.font(font)]))
        let path = FramePath.path(ring(innerClockwise: false))
        let evenOdd = try framesetter.frame(in: path, options: FrameOptions(truncation: nil))
        let winding = try framesetter.frame(in: path, options: FrameOptions(truncation: nil, fillRule: .windingNumber))
        #expect(evenOdd.rowCount < evenOdd.lines.count)
        #expect(winding.rowCount == winding.lines.count)
        // No even-odd line enters the hole: each line sits left of 100 or right of 200.
        for (line, origin) in zip(evenOdd.lines, evenOdd.lineOrigins) {
            let y = origin.y
            guard y + line.ascent > 100, y - line.descent < 200 else { continue }
            let right = origin.x + line.width - line.trailingWhitespaceWidth
            #expect(right <= 100 + 1e-9 || origin.x >= 200 - 1e-9)
        }
    }

    /// Each clipping path has its own rule: the same ring as an exclusion in a 500-wide frame
    /// (at x 100…400) leaves its hole to the text with even-odd (rows of three lines: left of the
    /// ring, in the hole, right of it) and covers it with same-direction winding (two lines).
    @Test func clippingPathsHaveTheirOwnFillRule() throws {
        let framesetter = try Framesetter(text(lorem + " " + lorem + " " + lorem, [.font(font)]))
        let moved = ring(innerClockwise: false).applying(AffineTransform(translationByX: 100, byY: 0))
        let box = FramePath.rectangle(CGRect(x: 0, y: 0, width: 500, height: 300))
        func maxRow(_ rule: FramePathFillRule) throws -> Int {
            let frame = try framesetter.frame(
                in: box,
                options: FrameOptions(truncation: nil, clippingPaths: [ClippingPath(.path(moved), fillRule: rule)]))
            return Dictionary(grouping: frame.lineRowIndices, by: { $0 }).values.map(\.count).max() ?? 0
        }
        #expect(try maxRow(.evenOdd) == 3)
        #expect(try maxRow(.windingNumber) == 2)
    }

    /// A clipping path's width: a 50-wide exclusion at x 100…150 stroked 10 wide takes 95…155.
    @Test func clippingPathWidthWidensTheExclusion() throws {
        let clip = FramePath.rectangle(CGRect(x: 100, y: 0, width: 50, height: 300))
        #expect(near(clip.intervalsTouching(band: 50...60, fillRule: .evenOdd, width: 10), [95...155]))
        let framesetter = try Framesetter(text(lorem, [.font(font)]))
        let frame = try framesetter.frame(
            in: .rectangle(CGRect(x: 0, y: 0, width: 300, height: 200)),
            options: FrameOptions(truncation: nil, clippingPaths: [ClippingPath(clip, width: 10)]))
        try #require(!frame.lines.isEmpty)
        for (line, origin) in zip(frame.lines, frame.lineOrigins) {
            let right = origin.x + line.width - line.trailingWhitespaceWidth
            #expect(right <= 95 + 1e-9 || origin.x >= 155 - 1e-9)
        }
    }

    /// A circle of radius 100 drawn as four cubic arcs (control points at κ = 4(√2 − 1)/3 of the
    /// radius) against the exact ellipse: the cubic arcs stray at most 0.027 % of the radius
    /// (0.027 pt) and flattening at most `ShapePath.flatness` (0.01 pt) from the circle; for
    /// bands within 0.9 r of the centre a radial error e moves a chord's end by at most
    /// e·r/|x| ≤ 2.3 e, so the intervals agree within 0.1 pt.
    @Test func cubicCircleMatchesTheEllipse() throws {
        let k = 4 * (2.0.squareRoot() - 1) / 3 * 100
        let (cx, cy): (CGFloat, CGFloat) = (150, 150)
        var circle = ShapePath()
        circle.move(to: CGPoint(x: cx + 100, y: cy))
        circle.addCurve(
            to: CGPoint(x: cx, y: cy + 100), control1: CGPoint(x: cx + 100, y: cy + k),
            control2: CGPoint(x: cx + k, y: cy + 100))
        circle.addCurve(
            to: CGPoint(x: cx - 100, y: cy), control1: CGPoint(x: cx - k, y: cy + 100),
            control2: CGPoint(x: cx - 100, y: cy + k))
        circle.addCurve(
            to: CGPoint(x: cx, y: cy - 100), control1: CGPoint(x: cx - 100, y: cy - k),
            control2: CGPoint(x: cx - k, y: cy - 100))
        circle.addCurve(
            to: CGPoint(x: cx + 100, y: cy), control1: CGPoint(x: cx + k, y: cy - 100),
            control2: CGPoint(x: cx + 100, y: cy - k))
        circle.closeSubpath()
        let curved = FramePath.path(circle)
        let exact = FramePath.ellipse(in: CGRect(x: 50, y: 50, width: 200, height: 200))
        #expect(near([curved.boundingBox.minX...curved.boundingBox.maxX], [50...250], 1e-9))
        for y0 in stride(from: CGFloat(60), through: 226, by: 7) {
            let band = y0...(y0 + 14)
            #expect(near(curved.intervalsInside(band: band), exact.intervalsInside(band: band), 0.1))
        }
        let framesetter = try Framesetter(text(lorem, [.font(font)]))
        let a = try framesetter.frame(in: curved, options: FrameOptions(truncation: nil))
        let b = try framesetter.frame(in: exact, options: FrameOptions(truncation: nil))
        try #require(a.lines.count == b.lines.count && a.lines.count > 5)
        // Lines whose band lies within 0.9 r of the centre (y 60…240) have the same measure within 0.1.
        var compared = 0
        for i in a.lines.indices {
            let y = a.rect.minY + a.lineOrigins[i].y
            let m = a.placedLineMetrics[i]
            guard y - m.descent >= 60, y + m.ascent <= 240 else { continue }
            #expect(abs(a.lineMeasures[i] - b.lineMeasures[i]) < 0.1)
            compared += 1
        }
        #expect(compared >= 5)
    }

    /// A quadratic curve (0,0)–ctrl (100,200)–(200,0) is the parabola y = 2x(1 − x/200), so at
    /// height y its chord is 100 ± 100·√(1 − y/100): over the band 36…51 the narrowest chord
    /// (at 51) is 30…170. Chords inside a convex cap lose at most the flatness, horizontally
    /// here at most 0.01·√(1 + 1/1.4²) < 0.02.
    @Test func quadraticCurvePath() {
        var p = ShapePath()
        p.move(to: .zero)
        p.addQuadCurve(to: CGPoint(x: 200, y: 0), control: CGPoint(x: 100, y: 200))
        p.closeSubpath()
        let path = FramePath.path(p)
        #expect(near(path.intervalsInside(band: 36...51), [30...170], 0.02))
        // The curve's top is y = 100 at x = 100 (t = ½), below the control point.
        #expect(abs(path.boundingBox.maxY - 100) < 1e-9)
    }

    /// A transform rotating by 90° maps (x, y) to (−y, x): the 100 × 50 rectangle at the origin
    /// becomes x −50…0, y 0…100.
    @Test func transformedPath() throws {
        let rotated = FramePath.rectangle(CGRect(x: 0, y: 0, width: 100, height: 50))
            .applying(AffineTransform(rotationByDegrees: 90))
        let box = rotated.boundingBox
        #expect(abs(box.minX + 50) < 1e-9 && abs(box.maxX) < 1e-9 && abs(box.minY) < 1e-9 && abs(box.maxY - 100) < 1e-9)
        #expect(near(rotated.intervalsInside(band: 10...20), [-50...0], 1e-9))
        let frame = try Framesetter(text(lorem, [.font(font)])).frame(
            in: rotated, options: FrameOptions(truncation: nil))
        #expect(frame.lineMeasures.allSatisfy { abs($0 - 50) < 1e-9 })
    }

    /// Bad input: a negative or infinite path width, a NaN control point, throw.
    @Test func invalidAttributesThrow() throws {
        let framesetter = try Framesetter(text("Hi", [.font(font)]))
        let rect = FramePath.rectangle(CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(throws: LayoutError.self) { try framesetter.frame(in: rect, options: FrameOptions(pathWidth: -1)) }
        #expect(throws: LayoutError.self) { try framesetter.frame(in: rect, options: FrameOptions(pathWidth: 2e9)) }
        // A huge stroke through the public geometry call covers everything, without trapping.
        #expect(rect.intervalsInside(band: 10...20, fillRule: .evenOdd, width: 1e9).isEmpty)
        #expect(throws: LayoutError.self) {
            try framesetter.frame(in: rect, options: FrameOptions(pathWidth: .infinity))
        }
        #expect(throws: LayoutError.self) {
            try framesetter.frame(in: rect, options: FrameOptions(clippingPaths: [ClippingPath(rect, width: .nan)]))
        }
        var bad = ShapePath()
        bad.move(to: .zero)
        bad.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: CGFloat.nan, y: 0), control2: .zero)
        #expect(throws: LayoutError.self) { try framesetter.frame(in: .path(bad)) }
    }

    /// Hostile paths: overflowing bounds throw; huge curves, degenerate subpaths and huge
    /// strokes lay out (possibly empty) without trapping.
    @Test func hostilePathsNeverTrap() throws {
        let framesetter = try Framesetter(text(lorem, [.font(font)]))
        var overflow = ShapePath()
        overflow.addPolygon([CGPoint(x: -1e308, y: 0), CGPoint(x: 1e308, y: 0), CGPoint(x: 0, y: 1e308)])
        #expect(throws: LayoutError.self) { try framesetter.frame(in: .path(overflow)) }
        var huge = ShapePath()
        huge.move(to: .zero)
        huge.addCurve(
            to: CGPoint(x: 300, y: 0), control1: CGPoint(x: -1e150, y: 1e150), control2: CGPoint(x: 1e150, y: 1e150))
        huge.closeSubpath()
        huge.move(to: CGPoint(x: 5, y: 5))  // a lone point
        huge.closeSubpath()
        huge.addLine(to: CGPoint(x: 5, y: 5))  // a zero-length segment
        for rule in [FramePathFillRule.evenOdd, .windingNumber] {
            for width in [0, 3, 1e9] as [CGFloat] {
                let frame = try framesetter.frame(
                    in: .path(huge), options: FrameOptions(truncation: nil, fillRule: rule, pathWidth: width))
                #expect(frame.lineOrigins.allSatisfy { $0.x.isFinite && $0.y.isFinite })
            }
        }
        let empty = try framesetter.frame(in: .path(ShapePath()))
        #expect(empty.lines.isEmpty && empty.visibleStringRange == 0..<0)
    }
}
