// Shaped vertical frames: exclusion and clipping paths, insets, path width and frame paths other
// than rectangles with a vertical progression (CoreText's kCTFrameProgressionAttributeName with
// a CGPath and kCTFrameClippingPathsAttributeName). Each column is clipped against the shape:
// its band across the page (centre line ± the column's half-widths) keeps the segments along its
// length that the shape leaves. The numbers come from geometry and the fonts: DroidSansFallback's
// ideographs advance one em down the column (hb-shape --direction=ttb: 256 of 256 units, 20 pt)
// and a column of them is one em wide, with no leading between columns (hhea.lineGap 0).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Shaped vertical frames")
struct VerticalFramePathTests {
    static let em: CGFloat = 20

    static func setter(_ count: Int) throws -> Framesetter {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: em)
        let text = AttributedText(
            String(repeating: "縦", count: count), attributes: [.font(font), .verticalForms(true)])
        return try Framesetter(text)
    }

    static func options(_ progression: FrameProgression, exclusions: [FramePath] = [], insets: FrameInsets = .zero)
        -> FrameOptions
    {
        FrameOptions(truncation: nil, exclusionPaths: exclusions, insets: insets, progression: progression)
    }

    /// The x of the k-th column's centre line in a frame `width` wide whose columns start `start`
    /// in from the edge they stack from.
    static func columnX(_ k: Int, _ progression: FrameProgression, width: CGFloat, start: CGFloat = 0) -> CGFloat {
        let depth = start + em / 2 + CGFloat(k) * em
        return progression == .rightToLeft ? width - depth : depth
    }

    /// The ideograph advance is an em, from hb-shape (so the counts below follow from lengths).
    @Test func ideographAdvanceIsAnEm() throws {
        let glyphs = try HBShape.shape("縦", fontPath: TestFonts.path("DroidSansFallbackFull.ttf"), direction: "ttb")
        #expect(glyphs.map(\.ay) == [-256])
    }

    /// An exclusion over the top 45 pt of the frame (y 55…100) and the right (left) 50 pt: the
    /// columns whose bands it reaches — 0 and 1, and 2, whose band 140…160 (40…60) overlaps it —
    /// are 45 pt shorter: they start 45 pt down (origin y 55) and hold 2 ideographs (55 pt of
    /// room); the next columns are whole (100 pt: 5 ideographs, origin y 100).
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func columnBesideAnExclusionIsShorter(_ progression: FrameProgression) throws {
        let x: CGFloat = progression == .rightToLeft ? 150 : 0
        let exclusion = FramePath.rectangle(CGRect(x: x, y: 55, width: 50, height: 45))
        let frame = try Self.setter(20).frame(
            in: CGRect(x: 0, y: 0, width: 200, height: 100), options: Self.options(progression, exclusions: [exclusion])
        )
        #expect(frame.lines.map(\.stringRange) == [0..<2, 2..<4, 4..<6, 6..<11, 11..<16, 16..<20])
        #expect(frame.lineMeasures.prefix(3).allSatisfy { $0 == 55 })
        #expect(frame.lineMeasures.dropFirst(3).allSatisfy { $0 == 100 })
        for (k, origin) in frame.lineOrigins.enumerated() {
            #expect(origin.x == Self.columnX(k, progression, width: 200))
            #expect(origin.y == (k < 3 ? 55 : 100))
        }
        #expect(frame.lines.allSatisfy { $0.lineAxis == .vertical })
    }

    /// An exclusion across the middle of the first column (y 40…60) splits it in two segments,
    /// each 40 pt long (2 ideographs), top one first: both lines are in the first row (column)
    /// at the same x; the second starts below the exclusion (origin y 40).
    @Test func exclusionSplitsAColumn() throws {
        let exclusion = FramePath.rectangle(CGRect(x: 185, y: 40, width: 10, height: 20))
        let frame = try Self.setter(9).frame(
            in: CGRect(x: 0, y: 0, width: 200, height: 100),
            options: Self.options(.rightToLeft, exclusions: [exclusion]))
        #expect(frame.lines.map(\.stringRange) == [0..<2, 2..<4, 4..<9])
        #expect(frame.lineRowIndices == [0, 0, 1])
        #expect(frame.lineOrigins == [CGPoint(x: 190, y: 100), CGPoint(x: 190, y: 40), CGPoint(x: 170, y: 100)])
        // Hit testing picks the segment along the column: above, inside and below the gap.
        #expect(frame.lineIndex(at: CGPoint(x: 190, y: 80)) == 0)
        #expect(frame.lineIndex(at: CGPoint(x: 192, y: 20)) == 1)
        #expect(frame.lineIndex(at: CGPoint(x: 188, y: 45)) == 1)
        #expect(frame.lineIndex(at: CGPoint(x: 170, y: 20)) == 2)
    }

    /// A circle 200 pt across: a column's segment is the chord at its band's edge farthest from
    /// the centre, x = 100 ± 100·√(1 − (dx/100)²)… turned: half chord h = √(100² − dx²) where dx
    /// is that edge's distance from the centre. The first band is moved in 1 pt steps until its
    /// outer chord holds an ideograph (20 pt: at 0 pt in the chord is 0, at 1 pt in it is
    /// 2·√199 ≈ 28.2), so column k's band is 1 + 20k … 21 + 20k in from the edge; 9 bands fit
    /// in the circle's 200 pt. Each column starts at the top of its chord (origin y 100 + h)
    /// and holds ⌊2h / 20⌋ ideographs.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func ellipseColumnsFollowTheChords(_ progression: FrameProgression) throws {
        let frame = try Self.setter(200).frame(
            in: .ellipse(in: CGRect(x: 0, y: 0, width: 200, height: 200)),
            options: FrameOptions(truncation: nil, progression: progression))
        #expect(frame.lines.count == 9)
        var start = 0
        for (k, (line, origin)) in zip(frame.lines, frame.lineOrigins).enumerated() {
            #expect(origin.x == Self.columnX(k, progression, width: 200, start: 1))
            let dx = max(abs(origin.x - Self.em / 2 - 100), abs(origin.x + Self.em / 2 - 100))
            let half = (100 * 100 - dx * dx).squareRoot()
            #expect(abs(origin.y - (100 + half)) < 1e-9)
            let count = Int((2 * half / Self.em).rounded(.down))
            #expect(line.stringRange == start..<(start + count))
            start += count
        }
        // Columns near the edges are shorter than those near the centre.
        #expect(frame.lines[0].stringRange.count < frame.lines[4].stringRange.count)
        #expect(frame.lines[8].stringRange.count < frame.lines[4].stringRange.count)
        #expect(frame.rect == CGRect(x: 0, y: 0, width: 200, height: 200))
    }

    /// Insets shift the columns: top 10 and bottom 5 leave columns 85 pt long (4 ideographs)
    /// starting 10 pt down; the inset on the side the columns stack from (right for
    /// vertical-rl, left for vertical-lr) moves the first centre line 30 pt in; the far side's
    /// inset (20 pt) ends the columns: 200 − 30 − 20 = 150 pt hold 7 columns.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func insetsShiftColumns(_ progression: FrameProgression) throws {
        let (near, far): (CGFloat, CGFloat) = (30, 20)
        let insets =
            progression == .rightToLeft
            ? FrameInsets(top: 10, left: far, bottom: 5, right: near)
            : FrameInsets(top: 10, left: near, bottom: 5, right: far)
        let frame = try Self.setter(40).frame(
            in: CGRect(x: 50, y: 50, width: 200, height: 100), options: Self.options(progression, insets: insets))
        #expect(frame.lines.count == 7)
        #expect(frame.lines.allSatisfy { $0.stringRange.count == 4 })
        for (k, origin) in frame.lineOrigins.enumerated() {
            #expect(origin == CGPoint(x: Self.columnX(k, progression, width: 200, start: near), y: 90))
        }
    }

    /// A path width of 4 (kCTFramePathWidthAttributeName) keeps columns 2 pt inside every
    /// side: the first centre line 12 pt in, columns from 2 pt down, 96 pt long (4 ideographs).
    @Test func pathWidthKeepsColumnsInside() throws {
        var options = Self.options(.rightToLeft)
        options.pathWidth = 4
        let frame = try Self.setter(8).frame(in: CGRect(x: 0, y: 0, width: 200, height: 100), options: options)
        #expect(frame.lines.map(\.stringRange) == [0..<4, 4..<8])
        #expect(abs(frame.lineOrigins[0].x - 188) < 1e-9 && abs(frame.lineOrigins[0].y - 98) < 1e-9)
    }

    /// A clipping path with a stroke (kCTFrameClippingPathsAttributeName with its own width 4)
    /// takes its fill and 2 pt around it: the exclusion of `columnBesideAnExclusionIsShorter`
    /// as a clipping path 4 wide takes 47 pt from the top, leaving 53 (2 ideographs).
    @Test func strokedClippingPath() throws {
        var options = Self.options(.rightToLeft)
        options.clippingPaths = [ClippingPath(.rectangle(CGRect(x: 150, y: 55, width: 50, height: 45)), width: 4)]
        let frame = try Self.setter(4).frame(in: CGRect(x: 0, y: 0, width: 200, height: 100), options: options)
        #expect(frame.lines.map(\.stringRange) == [0..<2, 2..<4])
        #expect(abs(frame.lineOrigins[0].y - 53) < 1e-9)
        #expect(abs(frame.lineMeasures[0] - 53) < 1e-9)
    }

    /// The exact shapes turn as their outlines do: a rounded rectangle (corners 40 wide, 10
    /// tall: their radii swap in the turned frame) and an ellipse lay out as the same shapes
    /// given as general paths (ShapePath's cubic arcs, turned point by point), within the
    /// flattening tolerance; a polygon does too.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func exactShapesMatchTheirPaths(_ progression: FrameProgression) throws {
        let setter = try Self.setter(120)
        let rect = CGRect(x: 10, y: 20, width: 200, height: 120)
        let shapes: [FramePath] = [
            .roundedRectangle(rect, cornerWidth: 40, cornerHeight: 10), .ellipse(in: rect),
            .polygon([CGPoint(x: 10, y: 20), CGPoint(x: 210, y: 20), CGPoint(x: 210, y: 140)]),
        ]
        for shape in shapes {
            let options = FrameOptions(truncation: nil, progression: progression)
            let exact = try setter.frame(in: shape, options: options)
            let path = try setter.frame(in: .path(shape.shapePath), options: options)
            #expect(exact.lines.count > 3)
            #expect(exact.lines.map(\.stringRange) == path.lines.map(\.stringRange))
            for (a, b) in zip(exact.lineOrigins, path.lineOrigins) {
                #expect(abs(a.x - b.x) < 0.05 && abs(a.y - b.y) < 0.05)
            }
            #expect(exact.path == shape && exact.rect == rect)
        }
    }

    /// A rounded rectangle's corners shorten the outer columns: corners 40 pt across the page
    /// and 10 pt along the columns. The first column's band (0…20 pt in) reaches the corner arc
    /// at 0 pt in, where it is 10 pt deep: the column loses 10 pt at each end (80 pt: 4
    /// ideographs, origin y 90); the third column, past the corners (40 pt in), is whole.
    @Test func roundedCornersShortenOuterColumns() throws {
        let frame = try Self.setter(30).frame(
            in: .roundedRectangle(CGRect(x: 0, y: 0, width: 200, height: 100), cornerWidth: 40, cornerHeight: 10),
            options: Self.options(.rightToLeft))
        #expect(frame.lineOrigins[0] == CGPoint(x: 190, y: 90))
        #expect(frame.lines[0].stringRange == 0..<4)
        #expect(frame.lineOrigins[2] == CGPoint(x: 150, y: 100))
        #expect(frame.lines[2].stringRange.count == 5)
    }

    /// Bad geometry still throws with a vertical progression: a negative inset, a non-finite
    /// exclusion, a negative path width; an empty path gives an empty frame.
    @Test func badGeometryThrows() throws {
        let setter = try Self.setter(4)
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(throws: LayoutError.self) {
            try setter.frame(in: rect, options: Self.options(.rightToLeft, insets: FrameInsets(top: -1)))
        }
        #expect(throws: LayoutError.self) {
            try setter.frame(
                in: rect,
                options: Self.options(
                    .leftToRight, exclusions: [.rectangle(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))]))
        }
        var options = Self.options(.rightToLeft)
        options.pathWidth = -2
        #expect(throws: LayoutError.self) { try setter.frame(in: .ellipse(in: rect), options: options) }
        // A path that encloses nothing gives a frame without lines, as a horizontal one does.
        for path in [FramePath.polygon([]), .ellipse(in: CGRect(x: 5, y: 5, width: 0, height: 50))] {
            let empty = try setter.frame(in: path, options: Self.options(.leftToRight))
            #expect(empty.lines.isEmpty && empty.visibleStringRange.isEmpty)
        }
    }
}
