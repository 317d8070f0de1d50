// The CoreGraphics semantics of GraphicsContext that a picture comparison cannot show: where the
// origin is in each orientation, what the state stack keeps (and that the text matrix and position
// are outside it, as Apple documents for CGContextSetTextMatrix), images upright, pages, and misuse.
import Foundation
import GalleyFonts
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("GraphicsContext semantics")
struct GraphicsContextSemanticsTests {
    static let red = Bitmap.Pixel(red: 255, green: 0, blue: 0)

    @Test(
        "The origin is the bottom-left corner by default and the top-left with .topLeft",
        arguments: [
            GraphicsContext.Origin.bottomLeft, .topLeft,
        ])
    func origin(origin: GraphicsContext.Origin) throws {
        let g = try GraphicsContext(width: 40, height: 30, scale: 2, origin: origin)
        g.setFillColor(.red)
        g.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        let image = try g.makeImage()
        #expect(image.width == 80 && image.height == 60)
        let (top, bottom) = (image.pixel(x: 2, y: 2)!, image.pixel(x: 2, y: 57)!)
        if origin == .bottomLeft {
            #expect(bottom == Self.red && top.alpha == 0)
        } else {
            #expect(top == Self.red && bottom.alpha == 0)
        }
    }

    @Test("saveGState / restoreGState keep the CTM, colours, alpha and clip, not the text matrix")
    func stateStack() throws {
        let g = try GraphicsContext(width: 20, height: 20)
        #expect(g.ctm == .identity)
        g.saveGState()
        g.translateBy(x: 5, y: 7)
        g.scaleBy(x: 2, y: 3)
        #expect(g.ctm == AffineTransform(m11: 2, m12: 0, m21: 0, m22: 3, tX: 5, tY: 7))
        g.setFillColor(.red)
        g.setAlpha(0.25)
        g.setBlendMode(.multiply)
        g.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        g.textMatrix = AffineTransform(m11: 1, m12: 0, m21: 0.3, m22: 1, tX: 0, tY: 0)
        g.textPosition = CGPoint(x: 3, y: 4)
        g.restoreGState()
        #expect(g.ctm == .identity)
        #expect(g.fillColor == .black && g.alpha == 1 && g.blendMode == .normal)
        #expect(g.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 20, height: 20))
        // "Saving or restoring the graphics state has no effect on the text matrix" (Apple).
        #expect(g.textMatrix.m21 == 0.3 && g.textPosition == CGPoint(x: 3, y: 4))
        // An unbalanced restore is ignored.
        g.restoreGState()
        #expect(g.ctm == .identity)
    }

    @Test("A positive rotation turns +x toward +y; arcs' clockwise is in user space")
    func rotation() throws {
        let g = try GraphicsContext(width: 20, height: 20)
        g.rotate(by: .pi / 2)
        let p = g.ctm.transform(CGPoint(x: 1, y: 0))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        g.beginPath()
        g.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let end = try #require(g.currentPointOfPath)
        #expect(abs(end.x) < 1e-9 && abs(end.y - 1) < 1e-9)
    }

    @Test("Images are drawn upright in both orientations", arguments: [GraphicsContext.Origin.bottomLeft, .topLeft])
    func imageUpright(origin: GraphicsContext.Origin) throws {
        // A 1 × 2 image: red on top, blue below.
        let image = try Bitmap(width: 1, height: 2, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let g = try GraphicsContext(width: 10, height: 20, origin: origin)
        g.interpolationQuality = .none
        g.draw(image, in: CGRect(x: 0, y: 0, width: 10, height: 20))
        let out = try g.makeImage()
        #expect(out.pixel(x: 5, y: 2) == Self.red)
        #expect(out.pixel(x: 5, y: 17) == Bitmap.Pixel(red: 0, green: 0, blue: 255))
    }

    @Test("The shadow offset is in base space: a rotated CTM does not turn it")
    func shadowInBaseSpace() throws {
        let g = try GraphicsContext(width: 60, height: 60)
        g.setShadow(offset: CGSize(width: 20, height: 0), blur: 0, color: .black)
        g.translateBy(x: 20, y: 30)
        g.rotate(by: .pi / 2)
        g.setFillColor(.red)
        g.fill(CGRect(x: -4, y: -4, width: 8, height: 8))
        let out = try g.makeImage()
        // The square is at (20, 30); its shadow 20 points to the right, not 20 points up.
        #expect(out.pixel(x: 20, y: 30) == Self.red)
        #expect(out.pixel(x: 40, y: 30) == Bitmap.Pixel(red: 0, green: 0, blue: 0))
        #expect(out.pixel(x: 20, y: 10)?.alpha == 0)
    }

    @Test("A PDF of three pages of different sizes; SVG and PostScript documents")
    func documents() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let g = GraphicsContext(document: .pdf)
        for size in [CGSize(width: 200, height: 100), CGSize(width: 100, height: 300), CGSize(width: 612, height: 792)]
        {
            try g.beginPage(size: size)
            g.setFillColor(.red)
            g.fill(CGRect(x: 10, y: 10, width: 50, height: 50))
            try g.endPage()
        }
        let pdf = dir.appendingPathComponent("pages.pdf")
        try Data(try g.finishDocumentBytes()).write(to: pdf)
        let info = try #require(Poppler.run("pdfinfo", ["-f", "1", "-l", "3", pdf.path]))
        #expect(info.contains("Pages:           3"))
        #expect(info.contains("Page    2 size:  100 x 300 pts"))
        for format in [GraphicsContext.DocumentFormat.svg, .postScript] {
            let d = GraphicsContext(document: format)
            try d.beginPage(size: CGSize(width: 50, height: 40))
            d.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            let bytes = try d.finishDocumentBytes()
            let head = String(decoding: bytes.prefix(40), as: UTF8.self)
            #expect(format == .svg ? head.contains("<?xml") : head.hasPrefix("%!PS-Adobe"))
        }
    }

    @Test("Misuse is a clear error")
    func misuse() throws {
        let bitmap = try GraphicsContext(width: 10, height: 10)
        #expect(throws: GraphicsContextError.self) { try bitmap.beginPage(size: CGSize(width: 10, height: 10)) }
        let document = GraphicsContext(document: .pdf)
        #expect(throws: GraphicsContextError.self) { _ = try document.makeImage() }
        #expect(throws: GraphicsContextError.self) { _ = try document.finishDocumentBytes() }
        #expect(throws: GraphicsContextError.self) { try document.endPage() }
        #expect(throws: GraphicsContextError.self) {
            try document.beginPage(size: CGSize(width: CGFloat.nan, height: 10))
        }
        let svg = GraphicsContext(document: .svg)
        try svg.beginPage(size: CGSize(width: 10, height: 10))
        try svg.endPage()
        #expect(throws: GraphicsContextError.self) { try svg.beginPage(size: CGSize(width: 10, height: 10)) }
        for (w, h) in [(0.0, 10.0), (.infinity, 1), (20000, 10), (10, -1)] {
            #expect(throws: GraphicsContextError.self) { _ = try GraphicsContext(width: w, height: h) }
        }
        // Drawing on a document without an open page draws nothing and does not crash.
        let idle = GraphicsContext(document: .pdf)
        idle.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        idle.drawLinearGradient(Gradient(colors: [.red, .blue]), start: .zero, end: CGPoint(x: 1, y: 1))
    }

    @Test("ShapePath arcs: end points, sweep directions, tangent arcs worked out by hand")
    func shapePathArcs() throws {
        var p = ShapePath()
        p.addArc(center: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi, clockwise: false)
        let end = try #require(p.currentPoint)
        #expect(abs(end.x - 5) < 1e-9 && abs(end.y - 10) < 1e-9)
        // Counter-clockwise from 0 to π passes through the top (y = 15); clockwise through the bottom.
        #expect(abs(p.boundingBoxOfPath.maxY - 15) < 1e-6 && abs(p.boundingBoxOfPath.minY - 10) < 1e-6)
        var q = ShapePath()
        q.addArc(center: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(abs(q.boundingBoxOfPath.minY - 5) < 1e-6)
        var t = ShapePath()
        t.move(to: CGPoint(x: 10, y: 10))
        t.addArc(tangent1End: CGPoint(x: 90, y: 10), tangent2End: CGPoint(x: 90, y: 90), radius: 20)
        // A line to (70, 10), then a quarter circle around (70, 30) ending at (90, 30).
        guard case .line(let corner) = t.elements[1] else {
            Issue.record("no line to the first tangent point: \(t.elements)")
            return
        }
        #expect(abs(corner.x - 70) < 1e-9 && abs(corner.y - 10) < 1e-9)
        let last = try #require(t.currentPoint)
        #expect(abs(last.x - 90) < 1e-9 && abs(last.y - 30) < 1e-9)
        // Every point of the arc is 20 from its centre, within the cubic's 0.03 %.
        for element in t.elements.dropFirst(2) {
            if case .curve(let to, _, _) = element {
                #expect(abs(hypot(to.x - 70, to.y - 30) - 20) < 1e-9)
            }
        }
    }
}
