// Drawing a single run, a glyph range of a run, and glyphs at positions for a font (CTRunDraw,
// CTFontDrawGlyphs) into a bitmap, SVG and PDF, through the paint list; and the text matrix of
// an oblique run against the pixels the renderer draws.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite struct RunDrawingTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    /// A line of three runs: black, red and synthetic-oblique glyphs.
    static func line() throws -> Line {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 20)
        var builder = AttributedTextBuilder("Hello ", attributes: [.font(font)])
        builder.append("red ", attributes: [.font(font), .foregroundColor(red)])
        builder.append("slant", attributes: [.font(font.withSyntheticTraits(.oblique))])
        let line = try Line(builder.build())
        try #require(line.glyphRuns.count == 3)
        return line
    }

    static let origin = CGPoint(x: 6.25, y: 11.5)

    static func blank() throws -> Bitmap { try Bitmap(width: 220, height: 40) }

    /// Porter's problem 4. CTLineDraw "draws a complete line"; CTRunDraw draws a run "without
    /// any underlines" (the line has none): drawing each run in turn at the line's origin paints
    /// the same pixels as drawing the line.
    @Test func drawingEachRunPaintsTheLine() throws {
        let line = try Self.line()
        let renderer = Renderer()
        var whole = try Self.blank()
        renderer.draw(line, at: Self.origin, into: &whole)
        var runByRun = try Self.blank()
        for run in line.glyphRuns { renderer.draw(run, lineOrigin: Self.origin, into: &runByRun) }
        #expect(TestSupport.differingBytes(whole.pixels, runByRun.pixels) == 0)
        #expect(TestSupport.ink(whole) > 50)
        // A glyph range: the first run in two pieces paints what the whole run paints.
        let first = line.glyphRuns[0]
        var pieces = try Self.blank()
        renderer.draw(first, glyphs: 0..<2, lineOrigin: Self.origin, into: &pieces)
        renderer.draw(first, glyphs: 2..<first.glyphCount, lineOrigin: Self.origin, into: &pieces)
        var single = try Self.blank()
        renderer.draw(first, lineOrigin: Self.origin, into: &single)
        #expect(TestSupport.differingBytes(pieces.pixels, single.pixels) == 0)
        var empty = try Self.blank()
        renderer.draw(first, glyphs: 3..<3, lineOrigin: Self.origin, into: &empty)
        #expect(TestSupport.ink(empty) == 0)
    }

    /// CTFontDrawGlyphs draws "glyphs at positions" in a font: the first run's glyphs at its
    /// positions (moved by the line origin) paint what drawing the run paints.
    @Test func drawingGlyphsAtPositions() throws {
        let line = try Self.line()
        let run = line.glyphRuns[0]
        let renderer = Renderer()
        var byRun = try Self.blank()
        renderer.draw(run, lineOrigin: Self.origin, into: &byRun)
        var byFont = try Self.blank()
        let positions = run.positions.map { CGPoint(x: $0.x + Self.origin.x, y: $0.y + Self.origin.y) }
        renderer.drawGlyphs(Array(run.glyphs), at: positions, font: run.font, into: &byFont)
        #expect(TestSupport.differingBytes(byRun.pixels, byFont.pixels) == 0)
        // Mismatched counts draw the shorter; nothing for none.
        #expect(PaintList(glyphs: Array(run.glyphs), positions: [], font: run.font).operations.isEmpty)
    }

    /// SVG and PDF take the same paint lists: each run's list gives one group of glyph paths in
    /// SVG, and the PDF of the runs drawn in turn carries the line's text (read back by poppler).
    @Test func runsIntoSVGAndPDF() throws {
        let line = try Self.line()
        let svg = SVGWriter(width: 220, height: 40)
        for run in line.glyphRuns {
            let document = svg.document(for: PaintList(run: run, lineOrigin: Self.origin))
            let paths = document.components(separatedBy: "<path").count - 1
            #expect(paths >= run.glyphCount - 1, "\(paths) paths for \(run.glyphCount) glyphs")
        }
        let glyphsDocument = svg.document(
            for: PaintList(
                glyphs: [line.glyphRuns[0].glyphs[0]], positions: [Self.origin], font: line.glyphRuns[0].font))
        #expect(glyphsDocument.contains("<path"))
        let pdf = PDFDocument()
        try pdf.beginPage(size: CGSize(width: 220, height: 40))
        for run in line.glyphRuns {
            try pdf.draw(PaintList(run: run, lineOrigin: Self.origin), text: Array("Hello red slant".utf16))
        }
        try pdf.endPage()
        let path = try TemporaryDirectory.make().appendingPathComponent("runs.pdf").path
        try pdf.write(to: path)
        let text = try #require(Poppler.run("pdftotext", [path, "-"]))
        #expect(PDFTestSupport.normalised(text) == "Hello red slant")
    }

    /// Porter's problem 3, drawn: a label centred with `Line.bounds(options: .useGlyphPathBounds)`
    /// (CTLineGetBoundsWithOptions with kCTLineBoundsUseGlyphPathBounds) has its rasterised ink
    /// centred in the image, to within a pixel (FreeType's coverage, not Galley's bounds, decides
    /// where the ink is).
    @Test func labelCentredByItsGlyphPathBounds() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 30)
        let line = try Line(AttributedText("Label", attributes: [.font(font), .obliqueness(0.3)]))
        let ink = line.bounds(options: .useGlyphPathBounds)
        var bitmap = try Bitmap(width: 200, height: 60)
        let origin = CGPoint(x: 100 - ink.midX, y: 30 - ink.midY)
        Renderer(hinting: .none).draw(line, at: origin, into: &bitmap)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where TestSupport.coverage(bitmap.pixel(x: x, y: y)!.green) > 0.1 {
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        #expect(abs(Double(minX + maxX + 1) / 2 - 100) <= 1, "ink x \(minX)...\(maxX)")
        #expect(abs(Double(minY + maxY + 1) / 2 - 30) <= 1, "ink y \(minY)...\(maxY)")
    }

    /// Porter's problem 4: CTRunGetTextMatrix of an oblique run. NSObliquenessAttributeName is
    /// "the skew to be applied to glyphs"; the run's matrix is that shear (x′ = x + c·y), and the
    /// pixels drawn lie inside the glyph's outline box transformed by it (within a pixel), and
    /// reach its sheared right edge.
    @Test func obliqueRunDrawsItsTextMatrix() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 40)
        let line = try Line(AttributedText("I", attributes: [.font(font), .obliqueness(0.5)]))
        let run = try #require(line.glyphRuns.first)
        #expect(run.textMatrix.c == 0.5 && run.status.contains(.hasNonIdentityMatrix))
        let box = run.textMatrix.apply(to: font.boundingRect(for: run.glyphs[0]))
        #expect(run.imageBounds == box.offsetBy(dx: run.positions[0].x, dy: run.positions[0].y))
        var bitmap = try Bitmap(width: 80, height: 60)
        let origin = CGPoint(x: 10, y: 10)
        Renderer(hinting: .none).draw(run, lineOrigin: origin, into: &bitmap)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where TestSupport.coverage(bitmap.pixel(x: x, y: y)!.green) > 0.02 {
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        // Pixel columns and rows (y down) of the expected box.
        let expected = box.offsetBy(dx: origin.x + run.positions[0].x, dy: origin.y)
        #expect(Double(minX) >= expected.minX - 1 && Double(maxX + 1) <= expected.maxX + 1)
        #expect(Double(maxX + 1) >= expected.maxX - 1.5)
        #expect(Double(60 - maxY - 1) >= expected.minY - 1 && Double(60 - minY) <= expected.maxY + 1)
    }
}
