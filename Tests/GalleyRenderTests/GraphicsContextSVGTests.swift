// The SVG page of a GraphicsContext against the bitmap context drawing the same operations: librsvg's
// rsvg-convert rasterises the SVG (an independent reader of it) and the raster must equal the bitmap
// (PSNR ≥ 40 dB) for shapes, clips, gradients, images, alpha, blend modes, layers and shadows; text
// turned by the CTM is glyph <path>s; the document is well-formed XML with one page.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite(
    "GraphicsContext SVG target",
    .enabled(if: ToolProcess.find("rsvg-convert") != nil, "needs librsvg2-bin (make test-deps)"))
struct GraphicsContextSVGTests {
    static let w = ContextCase.width, h = ContextCase.height

    /// `drawing` on the one page of an SVG context of `width` × `height` points, as text.
    static func svg(width: Int = w, height: Int = h, _ drawing: (GraphicsContext) throws -> Void) throws -> String {
        let g = GraphicsContext(document: .svg)
        try g.beginPage(size: CGSize(width: width, height: height))
        try drawing(g)
        return String(decoding: try g.finishDocumentBytes(), as: UTF8.self)
    }

    /// The SVG rasterised by rsvg-convert at one pixel per point.
    static func rasterise(_ svg: String, in dir: URL) throws -> Bitmap {
        let input = dir.appendingPathComponent("page.svg"), output = dir.appendingPathComponent("page.png")
        try Data(svg.utf8).write(to: input)
        _ = try ToolProcess.output(
            of: "rsvg-convert", package: "librsvg2-bin",
            ["--dpi-x", "72", "--dpi-y", "72", "-o", output.path, input.path])
        return try ImageLoader.load(path: output.path)
    }

    /// Whether python3's xml.etree parses the document and finds one <svg> root.
    static func wellFormed(_ svg: String, in dir: URL) throws -> Bool {
        let input = dir.appendingPathComponent("xml.svg")
        try Data(svg.utf8).write(to: input)
        let script = "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); print(r.tag)"
        let out = try ToolProcess.output(of: "python3", package: "python3", ["-c", script, input.path])
        return out.trimmingCharacters(in: .whitespacesAndNewlines) == "{http://www.w3.org/2000/svg}svg"
    }

    @Test(
        "An SVG page drawn through the context rasterises (rsvg-convert) as the bitmap context",
        arguments: ContextCase.all)
    func rasterMatchesBitmap(item: ContextCase) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = try Self.svg { GraphicsContextTests.draw(item, into: $0) }
        #expect(try Self.wellFormed(svg, in: dir))
        #expect(svg.components(separatedBy: "<svg ").count == 2)
        let ours = try Self.rasterise(svg, in: dir)
        let bitmap = try GraphicsContextTests.bitmap(item, origin: .bottomLeft)
        let psnr = try PDFTestSupport.psnr(ours, bitmap)
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }

    @Test(
        "A y-down SVG context rasterises as the y-down bitmap context", arguments: GraphicsContextTests.orientationFree)
    func yDownMatchesBitmap(item: ContextCase) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let g = GraphicsContext(document: .svg, origin: .topLeft)
        try g.beginPage(size: CGSize(width: Self.w, height: Self.h))
        GraphicsContextTests.draw(item, into: g)
        let ours = try Self.rasterise(String(decoding: try g.finishDocumentBytes(), as: UTF8.self), in: dir)
        let psnr = try PDFTestSupport.psnr(ours, try GraphicsContextTests.bitmap(item, origin: .topLeft))
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }

    @Test("the context's own elements: a path with the CTM and stroke parameters, a clipPath group, an opacity group")
    func elementForms() throws {
        let svg = try Self.svg { g in
            g.translateBy(x: 10, y: 20)
            g.setLineWidth(3)
            g.setLineCap(.round)
            g.setLineJoin(.bevel)
            g.setLineDash(phase: 1, lengths: [4, 2])
            g.stroke(CGRect(x: 0, y: 0, width: 30, height: 20))
            g.saveGState()
            g.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
            g.setAlpha(0.5)
            g.setBlendMode(.multiply)
            g.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
            g.restoreGState()
        }
        // User space (10, 20) up from the bottom-left of a 120-point page is (10, 100) in the SVG.
        #expect(svg.contains("transform=\"matrix(1 0 0 -1 10 100)\""), "\(svg)")
        #expect(svg.contains("stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"bevel\""))
        #expect(svg.contains("stroke-dasharray=\"4 2\" stroke-dashoffset=\"1\""))
        #expect(svg.contains("<clipPath id=\"galley-clip-1\">"))
        #expect(
            svg.contains("<g clip-path=\"url(#galley-clip-1)\">\n<g opacity=\"0.5\" style=\"mix-blend-mode:multiply\">")
        )
        // The clip group closes at restoreGState: nothing after it is clipped.
        #expect(svg.components(separatedBy: "<g").count == svg.components(separatedBy: "</g>").count)
    }

    @Test(
        "a line turned 30° is glyph paths in a group with the turned CTM, rasterised as the bitmap context (PSNR ≥ 40 dB)"
    )
    func rotatedText() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let font = try Font(path: TestFonts.dejaVuSans, size: 16)
        let text = "Sphinx of black quartz"
        let frame = try Framesetter(AttributedText(text, attributes: [.font(font)])).frame(
            in: CGRect(x: 0, y: 0, width: 400, height: 40))
        func draw(_ g: GraphicsContext) {
            g.setFillColor(.white)
            g.fill(CGRect(x: 0, y: 0, width: 300, height: 200))
            g.translateBy(x: 30, y: 40)
            g.rotate(by: .pi / 6)
            frame.draw(in: g)
        }
        let svg = try Self.svg(width: 300, height: 200, draw)
        #expect(try Self.wellFormed(svg, in: dir))
        let glyphs = text.filter { !$0.isWhitespace }.count
        #expect(svg.components(separatedBy: "<path d=").count - 1 == glyphs + 1, "one path per glyph and the page")
        #expect(svg.contains("<g transform=\"matrix(0.866025 -0.5 0.5 0.866025 30 160)\">"), "\(svg.prefix(900))")
        let bitmap = try GraphicsContext(width: 300, height: 200)
        draw(bitmap)
        let psnr = try PDFTestSupport.psnr(try Self.rasterise(svg, in: dir), try bitmap.makeImage())
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }

    @Test("what SVG cannot say (a radial gradient padded on one side) is cairo's raster of it, in place (PSNR ≥ 30 dB)")
    func rasterFallback() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        func draw(_ g: GraphicsContext) {
            g.setFillColor(.white)
            g.fill(CGRect(x: 0, y: 0, width: Self.w, height: Self.h))
            let gradient = Gradient(
                colors: [.init(red: 1, green: 0, blue: 0), .init(red: 0, green: 0, blue: 1)], locations: [0, 1])
            g.drawRadialGradient(
                gradient, startCenter: CGPoint(x: 60, y: 60), startRadius: 5, endCenter: CGPoint(x: 80, y: 60),
                endRadius: 40, options: .drawsAfterEndLocation)
        }
        let svg = try Self.svg(draw)
        #expect(svg.contains("<image") && !svg.contains("radialGradient"))
        let bitmap = try GraphicsContext(width: CGFloat(Self.w), height: CGFloat(Self.h))
        draw(bitmap)
        let psnr = try PDFTestSupport.psnr(try Self.rasterise(svg, in: dir), try bitmap.makeImage())
        #expect(psnr >= 30, "PSNR \(psnr) dB")
    }

    @Test("an SVG document has one page, and bad sizes are refused")
    func onePage() throws {
        let g = GraphicsContext(document: .svg)
        #expect(throws: GraphicsContextError.self) { try g.beginPage(size: CGSize(width: -1, height: 10)) }
        #expect(throws: GraphicsContextError.self) { try g.beginPage(size: CGSize(width: CGFloat.nan, height: 10)) }
        try g.beginPage(size: CGSize(width: 0.5, height: 20_000))
        try g.endPage()
        #expect(throws: GraphicsContextError.self) { try g.beginPage(size: CGSize(width: 10, height: 10)) }
        let svg = String(decoding: try g.finishDocumentBytes(), as: UTF8.self)
        #expect(svg.contains("width=\"0.5pt\" height=\"20000pt\" viewBox=\"0 0 0.5 20000\""))
        #expect(svg.hasSuffix("</svg>\n"))
    }
}
