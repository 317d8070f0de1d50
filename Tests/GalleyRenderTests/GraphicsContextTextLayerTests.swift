// Text drawn into a document GraphicsContext stays text under any transform: poppler's pdftotext
// gives back a line rotated by 30° (its -raw mode follows the text's own direction) and a scaled and
// skewed one, pdffonts lists only embedded subsets, and a PostScript page holds fonts, not outlines.
// Placeholders can be drawn by a callback that gets the context (CoreText's run-delegate users).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("GraphicsContext text layer", .enabled(if: Poppler.isInstalled, "needs poppler-utils (make test-deps)"))
struct GraphicsContextTextLayerTests {
    static let rotated = "Sphinx of black quartz, judge my vow"
    static let skewed = "Scaled and skewed words"
    static let arabic = "مرحبا بالعالم"

    /// A one-line frame of `text` in DejaVu Sans 16 (Noto Sans Arabic for Arabic, in a frame as
    /// wide as the line, since a right-to-left line sits at the frame's right) at the origin.
    static func frame(_ text: String, arabic: Bool = false) throws -> Frame {
        let font = try Font(path: arabic ? TestFonts.notoSansArabic : TestFonts.dejaVuSans, size: 16)
        return try Framesetter(AttributedText(text, attributes: [.font(font)])).frame(
            in: CGRect(x: 0, y: 0, width: arabic ? 120 : 600, height: 40))
    }

    /// The page's drawing (500×400 points): the rotated line (CTM turned 30°), the Arabic line
    /// turned the same way, and the scaled (0.5, 2) and skewed line (text matrix skew 0.4).
    static func drawPage(_ g: GraphicsContext) throws {
        g.saveGState()
        g.translateBy(x: 40, y: 120)
        g.rotate(by: .pi / 6)
        try frame(rotated).draw(in: g)
        g.translateBy(x: 0, y: -60)
        try frame(arabic, arabic: true).draw(in: g)
        g.restoreGState()
        g.saveGState()
        g.translateBy(x: 40, y: 330)
        g.scaleBy(x: 0.5, y: 2)
        g.textMatrix = AffineTransform(m11: 1, m12: 0, m21: 0.4, m22: 1, tX: 0, tY: 0)
        try frame(skewed).draw(in: g)
        g.textMatrix = .identity
        g.restoreGState()
    }

    /// ``drawPage(_:)`` on one page of a `format` document, written to a file.
    static func page(_ format: GraphicsContext.DocumentFormat, name: String) throws -> String {
        let g = GraphicsContext(document: format)
        try g.beginPage(size: CGSize(width: 500, height: 400))
        try drawPage(g)
        let bytes = try g.finishDocumentBytes()
        let path = try TemporaryDirectory.make("text-layer").appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("pdftotext gives back a line rotated by 30°, an Arabic one and a scaled and skewed one")
    func textComesBack() throws {
        let path = try Self.page(.pdf, name: "turned.pdf")
        // -raw keeps the content stream's order, which follows a turned line's own direction.
        let raw = try #require(Poppler.run("pdftotext", ["-raw", path, "-"]))
        let rawLines = raw.split(separator: "\n").map { PDFTestSupport.normalised(String($0)) }
        #expect(rawLines.contains(Self.rotated), "\(raw)")
        // poppler's -raw puts each letter of a turned right-to-left line on a line of its own; the
        // letters come back in logical order, between the two Latin lines.
        let arabicLetters = rawLines.filter { $0.unicodeScalars.contains { (0x600...0x6FF).contains($0.value) } }
            .joined()
        #expect(arabicLetters == Self.arabic.filter { !$0.isWhitespace }, "\(raw)")
        // The half-width line's spaces are narrower than -raw's word gap; the layout mode keeps them.
        let laidOut = try #require(Poppler.run("pdftotext", [path, "-"]))
        #expect(laidOut.split(separator: "\n").map { PDFTestSupport.normalised(String($0)) }.contains(Self.skewed))
    }

    @Test("pdffonts lists only embedded subsets")
    func embeddedSubsets() throws {
        let path = try Self.page(.pdf, name: "fonts.pdf")
        let listing = try #require(Poppler.run("pdffonts", [path]))
        let rows = listing.split(separator: "\n").dropFirst(2)
        // cairo may split a font into a simple and a CID subset; every row is a subset.
        #expect(rows.contains { $0.contains("+DejaVuSans ") } && rows.contains { $0.contains("+NotoSansArabic") })
        for row in rows {
            let fields = row.split(separator: " ")
            try #require(fields.count >= 7)
            #expect(fields[fields.count - 5] == "yes" && fields[fields.count - 4] == "yes", "\(row)")
            #expect(fields[0].dropFirst(6).hasPrefix("+"), "subset tag in \(row)")
        }
    }

    @Test("the PDF's text is where the bitmap context's outlines are (pdftoppm raster, PSNR ≥ 25 dB)")
    func rasterMatchesBitmap() throws {
        let raster = try PDFTestSupport.rasterise(try Self.page(.pdf, name: "raster.pdf"))
        let g = try GraphicsContext(width: 500, height: 400)
        g.setFillColor(.white)
        g.fill(CGRect(x: 0, y: 0, width: 500, height: 400))
        try Self.drawPage(g)
        let ours = try g.makeImage()
        #expect(TestSupport.ink(ours) > 1000)
        #expect(try PDFTestSupport.psnr(raster, ours) >= 25)
    }

    @Test("a PostScript page holds the text in embedded fonts, not as outlines")
    func postScriptHasFonts() throws {
        let path = try Self.page(.postScript, name: "turned.ps")
        let ps = try String(contentsOfFile: path, encoding: .isoLatin1)
        // Both fonts embedded as resources (cairo writes Type 42), selected on the page with Tf.
        #expect(ps.contains("%%BeginResource: font DejaVuSans"))
        #expect(ps.contains("%%BeginResource: font NotoSansArabic"))
        let page = try #require(ps.range(of: "%%Page: 1")).upperBound
        #expect(ps[page...].contains(" Tf"))
    }

    @Test("a placeholder callback draws into the same context, at the placeholder's rect")
    func placeholderCallback() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 16)
        var builder = AttributedTextBuilder("a ", attributes: [.font(font)])
        builder.append(
            "\u{FFFC}",
            attributes: [.font(font), .runDelegate(try RunDelegate(width: 20, ascent: 14, descent: 2, value: "x"))])
        builder.append(" b", attributes: [.font(font)])
        let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 5, y: 5, width: 200, height: 30))
        let g = try GraphicsContext(width: 210, height: 40)
        var seen: [CGRect] = []
        frame.draw(in: g) { placeholder, context in
            #expect(context === g)
            seen.append(placeholder.rect)
            context.setFillColor(Color(red: 1, green: 0, blue: 0))
            context.fill(placeholder.rect)
        }
        let rect = try #require(frame.placeholders.first?.rect)
        #expect(seen == [rect])
        let image = try g.makeImage()
        // The centre of the rect is red (y down in the image).
        let p = try #require(image.pixel(x: Int(rect.midX), y: 40 - Int(rect.midY)))
        #expect(p.red == 255 && p.green == 0 && p.blue == 0 && p.alpha == 255)
    }
}
