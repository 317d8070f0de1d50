// Vertical lines and frames: a paragraph with vertical forms is set in vertical
// lines whose upright runs carry hb-shape --direction=ttb's glyphs, advances and offsets (y up,
// down the line negative) and whose rotated runs are hb-shape's horizontal run turned 90°
// clockwise; a frame with a right-to-left (left-to-right) progression stacks the lines as
// columns from the right (left) edge, each origin the top of the column's centre line.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

/// hb-shape's glyphs (font units), for the vertical tests.
@Suite("Vertical lines and frames")
struct VerticalLineTests {
    static let size: CGFloat = 20
    static let droidPath = TestFonts.path("DroidSansFallbackFull.ttf")

    static func droid() throws -> Font { try Font(path: droidPath, size: size) }

    /// Text with vertical forms in DroidSansFallback, `latin` in DejaVu Sans.
    static func verticalText(_ string: String, latin: Range<Int>? = nil) throws -> AttributedText {
        var builder = AttributedTextBuilder(string, attributes: [.font(try droid()), .verticalForms(true)])
        if let latin { try builder.setFont(try Fonts.dejaVu(size), range: latin) }
        return builder.build()
    }

    /// An upright line: glyphs, positions and advances are hb-shape TTB's, pen going down −y
    /// from the origin (positions = pen + offset, advances (0, y_advance), scaled to points).
    @Test func uprightLineIsHBShapeTTB() throws {
        let string = "「縦書き」。"
        let line = try Typesetter(try Self.verticalText(string)).line(for: 0..<6)
        let reference = try HBShape.shape(string, fontPath: Self.droidPath, direction: "ttb")
        let scale = Self.size / 256  // DroidSansFallback's units per em
        #expect(line.glyphRuns.allSatisfy { $0.orientation == .upright })
        let glyphs = line.glyphRuns.flatMap { run in (0..<run.glyphCount).map { run.glyphs[$0] } }
        let positions = line.glyphRuns.flatMap { run in (0..<run.glyphCount).map { run.positions[$0] } }
        let advances = line.glyphRuns.flatMap { run in (0..<run.glyphCount).map { run.advances[$0] } }
        #expect(glyphs == reference.map(\.g))
        var pen: CGFloat = 0
        for (i, r) in reference.enumerated() where i < positions.count {
            #expect(abs(positions[i].x - CGFloat(r.dx) * scale) < 1e-6)
            #expect(abs(positions[i].y - (pen + CGFloat(r.dy) * scale)) < 1e-6)
            #expect(advances[i] == CGSize(width: 0, height: CGFloat(r.ay) * scale))
            pen += CGFloat(r.ay) * scale
        }
        // The line's extent along its length is the sum of the advances down it.
        #expect(abs(line.width + pen) < 1e-6)
        // Ascent and descent: the column's half-widths right and left of the centre line, em halves.
        #expect(line.ascent == Self.size / 2 && line.descent == Self.size / 2)
    }

    /// A rotated Latin word: hb-shape's horizontal run turned 90° clockwise (horizontal x goes
    /// down −y, horizontal y goes +x), its baseline left of the centre line so that its
    /// ascent-to-descent box is centred on it (CSS's central baseline).
    @Test func rotatedRunIsHorizontalShapingTurned() throws {
        let string = "縦Swift"
        let line = try Typesetter(try Self.verticalText(string, latin: 1..<6)).line(for: 0..<6)
        let run = try #require(line.glyphRuns.first { $0.stringRange == 1..<6 })
        #expect(run.orientation == .sideways)
        let dejaVu = try Fonts.dejaVu(Self.size)
        let reference = try HBShape.shape("Swift", fontPath: TestFonts.path("DejaVuSans.ttf"))
        let scale = Self.size / CGFloat(dejaVu.unitsPerEm)
        let kanji = try HBShape.shape("縦", fontPath: Self.droidPath, direction: "ttb")
        var pen = -CGFloat(kanji[0].ay) * Self.size / 256
        let baseline = (dejaVu.descent - dejaVu.ascent) / 2
        #expect((0..<run.glyphCount).map { run.glyphs[$0] } == reference.map(\.g))
        for (i, r) in reference.enumerated() where i < run.glyphCount {
            #expect(abs(run.positions[i].x - (baseline + CGFloat(r.dy) * scale)) < 1e-6)
            #expect(abs(run.positions[i].y + pen + CGFloat(r.dx) * scale) < 1e-6)
            #expect(run.advances[i] == CGSize(width: 0, height: -CGFloat(r.ax) * scale))
            pen += CGFloat(r.ax) * scale
        }
        #expect(abs(line.width - pen) < 1e-6)
    }

    /// Columns in a frame: 12 ideographs, each one em (20 pt) down the line, in a frame 100 pt
    /// tall hold 5 per column; right to left, the first column's centre line is half a column
    /// (the line's ascent, 10) in from the right edge, the next one a descent + leading + ascent
    /// further left; left to right mirrors it. Origins are the top ends of the centre lines.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func columnsStackAcrossTheFrame(_ progression: FrameProgression) throws {
        let string = String(repeating: "縦", count: 12)
        let setter = Framesetter(typesetter: try Typesetter(try Self.verticalText(string)))
        let rect = CGRect(x: 10, y: 20, width: 200, height: 100)
        let frame = try setter.frame(in: rect, options: FrameOptions(truncation: nil, progression: progression))
        #expect(frame.lines.map(\.stringRange) == [0..<5, 5..<10, 10..<12])
        #expect(frame.lineOrigins.allSatisfy { $0.y == rect.height })
        let pitch = frame.lines[0].descent + frame.lines[0].leading + frame.lines[1].ascent
        #expect(pitch >= Self.size)
        let first = progression == .rightToLeft ? rect.width - Self.size / 2 : Self.size / 2
        let step = progression == .rightToLeft ? -pitch : pitch
        for (i, origin) in frame.lineOrigins.enumerated() {
            #expect(abs(origin.x - (first + CGFloat(i) * step)) < 1e-6)
        }
        #expect(frame.lines.allSatisfy { $0.glyphRuns.allSatisfy { $0.orientation.lineAxis == .vertical } })
    }

    /// Columns end where the frame's width is used up: a frame 50 pt wide holds two columns one
    /// em (20 pt) wide, never a third (60 pt and more).
    @Test func columnsStopAtTheFrameEdge() throws {
        let string = String(repeating: "縦", count: 30)
        let setter = Framesetter(typesetter: try Typesetter(try Self.verticalText(string)))
        let frame = try setter.frame(
            in: CGRect(x: 0, y: 0, width: 50, height: 100),
            options: FrameOptions(truncation: nil, progression: .rightToLeft))
        #expect(frame.lines.count == 2)
        #expect(frame.visibleStringRange == 0..<10)
    }

    /// Alignment is along the column (the inline axis): left (natural) puts the line at the
    /// top, centre leaves equal room above and below, right puts it at the bottom. Three
    /// ideographs (60 pt) in a column 100 pt long.
    @Test(arguments: [(TextAlignment.natural, 0.0), (.center, 20.0), (.right, 40.0)])
    func alignmentIsAlongTheColumn(_ alignment: TextAlignment, _ room: CGFloat) throws {
        let builder = AttributedTextBuilder(
            "縦書き",
            attributes: [
                .font(try Self.droid()), .verticalForms(true), .paragraphStyle(ParagraphStyle(alignment: alignment)),
            ])
        let setter = Framesetter(typesetter: try Typesetter(builder.build()))
        let rect = CGRect(x: 0, y: 0, width: 40, height: 100)
        let frame = try setter.frame(in: rect, options: FrameOptions(truncation: nil, progression: .rightToLeft))
        #expect(frame.lines.count == 1)
        #expect(abs(frame.lineOrigins[0].y - (rect.height - room)) < 1e-6)
        #expect(abs(frame.lineOrigins[0].x - (rect.width - Self.size / 2)) < 1e-6)
    }

    /// A justified column: 3 ideographs (60 pt) in a column 70 pt long take the 10 pt left over
    /// in equal gaps between their clusters (no spaces: inter-character), down the line.
    @Test func justifiedColumnSpreadsDownTheLine() throws {
        let style = ParagraphStyle(alignment: .justified)
        let text = AttributedText(
            String(repeating: "縦", count: 7),
            attributes: [.font(try Self.droid()), .verticalForms(true), .paragraphStyle(style)])
        let frame = try Framesetter(typesetter: try Typesetter(text)).frame(
            in: CGRect(x: 0, y: 0, width: 100, height: 70),
            options: FrameOptions(truncation: nil, progression: .rightToLeft))
        let line = try #require(frame.lines.first)
        #expect(line.stringRange == 0..<3)
        #expect(abs(line.width - 70) < 1e-6)
        let run = try #require(line.glyphRuns.first)
        #expect(run.orientation == .upright)
        let ys = line.glyphRuns.flatMap { r in (0..<r.glyphCount).map { r.positions[$0].y } }
        #expect(abs((ys[1] - ys[0]) + 25) < 1e-6 && abs((ys[2] - ys[1]) + 25) < 1e-6)
    }

    /// A truncated last column stays vertical: its kept glyphs and the "…" token are vertical
    /// runs, and the line fits the column.
    @Test func truncatedColumnStaysVertical() throws {
        let setter = Framesetter(typesetter: try Typesetter(try Self.verticalText(String(repeating: "縦", count: 12))))
        let frame = try setter.frame(
            in: CGRect(x: 0, y: 0, width: 100, height: 100),
            options: FrameOptions(maximumNumberOfLines: 1, truncation: .end, progression: .rightToLeft))
        let line = try #require(frame.lines.first)
        #expect(frame.lines.count == 1 && line.isTruncated)
        #expect(line.lineAxis == .vertical && line.glyphRuns.allSatisfy { $0.orientation.lineAxis == .vertical })
        #expect(line.width <= 100 + 1e-6)
    }

    /// Horizontal frames are unchanged by the new option's default.
    @Test func topToBottomIsTheDefault() {
        #expect(FrameOptions().progression == .topToBottom)
        #expect(
            FrameProgression.topToBottom.lineAxis == .horizontal && FrameProgression.rightToLeft.lineAxis == .vertical)
    }
}
