// NSExpansionAttributeName drawn: "the log of the expansion factor to be applied to glyphs", so a
// run with expansion log 2 is drawn twice as wide, in the bitmap, in SVG and in PDF, and its text
// matrix and image bounds say so.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyRender

@Suite("Expansion drawn in every output")
struct ExpansionDrawingTests {
    static func frame(expansion: CGFloat?) throws -> Frame {
        var attributes = Attributes([.font(try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 40))])
        if let expansion { attributes.expansion = expansion }
        return try Framesetter(AttributedText("H", attributes: attributes)).frame(
            in: CGRect(x: 10, y: 10, width: 200, height: 60))
    }

    /// The run's text matrix is the scale e^expansion (x′ = 2x), the status says it is not the
    /// identity, and the image bounds are the plain glyph's, twice as wide about its origin.
    @Test func textMatrixAndImageBounds() throws {
        let plain = try #require(try Self.frame(expansion: nil).lines.first?.glyphRuns.first)
        let wide = try #require(try Self.frame(expansion: log(2)).lines.first?.glyphRuns.first)
        #expect(abs(wide.textMatrix.a - 2) < 1e-9 && wide.textMatrix.c == 0 && wide.textMatrix.d == 1)
        #expect(wide.status.contains(.hasNonIdentityMatrix) && !plain.status.contains(.hasNonIdentityMatrix))
        let p = plain.imageBounds, w = wide.imageBounds
        #expect(abs(w.minX - 2 * p.minX) < 1e-6 && abs(w.width - 2 * p.width) < 1e-6)
        #expect(abs(w.minY - p.minY) < 1e-9 && abs(w.height - p.height) < 1e-9)
    }

    /// The bitmap's ink is twice as wide (±2 px of anti-aliased edge) and exactly as tall.
    @Test func bitmapInkIsStretched() throws {
        func ink(_ expansion: CGFloat?) throws -> (Int, Int, Int, Int) {
            var bitmap = try Bitmap(width: 220, height: 80)
            Renderer(hinting: .none).draw(try Self.frame(expansion: expansion), into: &bitmap)
            return try #require(inkBox(bitmap))
        }
        let p = try ink(nil), w = try ink(log(2))
        #expect(abs((w.2 - w.0) - 2 * (p.2 - p.0)) <= 2)
        #expect(w.1 == p.1 && w.3 == p.3)
    }

    /// SVG path coordinates: every x of the stretched outline is 2x of the plain one about the
    /// glyph origin, y unchanged (the same number of coordinates, the same ys).
    @Test func svgOutlineIsStretched() throws {
        func numbers(_ expansion: CGFloat?) throws -> [Double] {
            let frame = try Self.frame(expansion: expansion)
            let svg = SVGWriter(width: 220, height: 80).document(for: PaintList(frame: frame))
            let path = try #require(svg.components(separatedBy: "<path d=\"").dropFirst().first)
            let d = try #require(path.components(separatedBy: "\"").first)
            return d.split(whereSeparator: { "MLQCZ ".contains($0) }).compactMap { Double($0) }
        }
        let p = try numbers(nil), w = try numbers(log(2))
        try #require(p.count == w.count && p.count > 4)
        let originX = Double(try Self.frame(expansion: nil).rect.minX)
        for i in stride(from: 0, to: p.count, by: 2) {
            #expect(abs((w[i] - originX) - 2 * (p[i] - originX)) < 0.02, "x \(i)")
            #expect(abs(w[i + 1] - p[i + 1]) < 0.01, "y \(i)")
        }
    }

    /// The PDF page, rasterised by pdftoppm, has the stretched glyph's ink width too.
    @Test(.enabled(if: Poppler.isInstalled)) func pdfInkIsStretched() throws {
        func ink(_ expansion: CGFloat?) throws -> (Int, Int, Int, Int) {
            let pdf = PDFDocument()
            try pdf.beginPage(size: CGSize(width: 220, height: 80))
            try pdf.draw(try Self.frame(expansion: expansion))
            try pdf.endPage()
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-\(UUID()).pdf").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try pdf.write(to: path)
            return try #require(inkBox(try PDFTestSupport.rasterise(path)))
        }
        let p = try ink(nil), w = try ink(log(2))
        #expect(abs((w.2 - w.0) - 2 * (p.2 - p.0)) <= 2)
        #expect(abs(w.1 - p.1) <= 1 && abs(w.3 - p.3) <= 1)
    }
}
