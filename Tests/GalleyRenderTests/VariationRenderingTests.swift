// Variable fonts in the renderer and the SVG writer: FreeType draws the instance HarfBuzz measured
// (the fontVariations attribute on the bundled Inter), and the glyph caches keep instances apart.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Variable fonts in rendering")
struct VariationRenderingTests {
    static let inter = TestFonts.path("Inter-roman.var.ttf")
    static let size: CGFloat = 100
    static let rect = CGRect(x: 0, y: 0, width: 320, height: 140)

    static func frame(_ text: String, weight: CGFloat?) throws -> Frame {
        var attributes: Attributes = [.font(try Font(path: inter, size: size))]
        if let weight { attributes.fontVariations = [try FontVariation("wght", weight)] }
        return try Framesetter(AttributedText(text, attributes: attributes)).frame(in: rect)
    }

    /// Unhinted, so that the ink box is the outline's own (light hinting, the default, moves
    /// horizontal edges to whole pixel rows).
    static func render(_ frame: Frame) throws -> Bitmap {
        var bitmap = try Bitmap(width: Int(rect.width), height: Int(rect.height))
        Renderer(hinting: .none).draw(frame, into: &bitmap)
        return bitmap
    }

    /// The glyph's ink box in pixels, from the font's bounds (HarfBuzz at the run's instance, which
    /// the GalleyFonts tests check against `hb-shape --show-extents`), placed as the renderer
    /// documents: pixelX = x, pixelY = height − y (exact for SVG; a bitmap puts the baseline on
    /// the pixel row it lies in, floor(height − y), when `snapped`).
    static func expectedBox(_ frame: Frame, snapped: Bool = false) throws -> (Double, Double, Double, Double) {
        let run = try #require(frame.lines.first?.glyphRuns.first)
        let b = run.font.boundingRect(for: run.glyphs[0])
        let ox = Double(frame.rect.minX + frame.lineOrigins[0].x + run.positions[0].x)
        let oy = Double(frame.rect.minY + frame.lineOrigins[0].y + run.positions[0].y)
        let baselineRow = snapped ? (rect.height - oy + Renderer.snapEpsilon).rounded(.down) : rect.height - oy
        return (
            ox + Double(b.minX), baselineRow - Double(b.maxY), ox + Double(b.maxX), baselineRow - Double(b.minY)
        )
    }

    @Test("the bitmap of each instance has the ink box of that instance's glyph bounds", arguments: [400.0, 800.0])
    func inkBoxFollowsInstance(weight: Double) throws {
        let frame = try Self.frame("o", weight: CGFloat(weight))
        let bitmap = try Self.render(frame)
        let box = try #require(inkBox(bitmap))
        let expected = try Self.expectedBox(frame, snapped: true)
        // Anti-aliased edges: the first and last touched pixels lie within a pixel of the bounds.
        #expect(abs(Double(box.0) - expected.0) < 1.01)
        #expect(abs(Double(box.2 + 1) - expected.2) < 1.01)
        #expect(abs(Double(box.1) - expected.1) < 1.01)
        #expect(abs(Double(box.3 + 1) - expected.3) < 1.01)
    }

    @Test("wght 800 draws more ink than wght 400; the cache keeps the instances apart")
    func boldHasMoreInk() throws {
        // One glyph at the same pen position, so only the outline can make the images differ (a
        // cache keyed without the instance would hand the bold request the regular image).
        let regular = try Self.render(try Self.frame("o", weight: 400))
        let bold = try Self.render(try Self.frame("o", weight: 800))
        let regularAgain = try Self.render(try Self.frame("o", weight: nil))
        // The wght axis is the stroke weight (OpenType axis registry), so the heavier instance of the
        // same glyphs covers more area.
        #expect(TestSupport.ink(bold) > TestSupport.ink(regular))
        // wght 400 is Inter's default instance (fvar default), drawn from the same cache entries.
        // (Compared as Bools so a failure does not print whole pixel arrays.)
        let regularRepeats = regularAgain.pixels == regular.pixels, boldDiffers = bold.pixels != regular.pixels
        #expect(regularRepeats)
        #expect(boldDiffers)
    }

    @Test("SVG outlines are the instance's: path bounds equal the instance's glyph bounds", arguments: [400.0, 800.0])
    func svgOutlinesFollowInstance(weight: Double) throws {
        let frame = try Self.frame("o", weight: CGFloat(weight))
        let document = SVGWriter(width: Self.rect.width, height: Self.rect.height).document(for: frame)
        let xml = try ElementCollector.parse(document)
        let paths = xml.elements.filter { $0.name == "path" }
        try #require(paths.count == 1)
        let points = SVGWriterTests.points(paths[0].attributes["d"] ?? "")
        let xs = points.map(\.0), ys = points.map(\.1)
        let expected = try Self.expectedBox(frame)
        // Inter's "o" has on-curve points at its extremes (TrueType convention), so the bounds of
        // the path's points equal the ink bounds, to the SVG's 1/1000 rounding.
        #expect(abs(try #require(xs.min()) - expected.0) < 0.01)
        #expect(abs(try #require(xs.max()) - expected.2) < 0.01)
        #expect(abs(try #require(ys.min()) - expected.1) < 0.01)
        #expect(abs(try #require(ys.max()) - expected.3) < 0.01)
    }
}
