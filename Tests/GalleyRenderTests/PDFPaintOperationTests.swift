// Tests that every kind of paint operation reaches the PDF (colours counted in pdftoppm's raster
// against Galley's own bitmap), that frames become pages, that bad page sizes and call orders are
// refused, and the cluster map that `cairo_show_text_glyphs` receives.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite(
    "PDF paint operations and pages", .enabled(if: Poppler.isInstalled, "needs poppler-utils (make test-deps)"))
struct PDFPaintOperationTests {
    static let yellow = Color(red: 1, green: 1, blue: 0)
    static let green = Color(red: 0, green: 0.6, blue: 0)
    static let magenta = Color(red: 1, green: 0, blue: 1)
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let orange = Color(red: 1, green: 0.5, blue: 0)
    static let halfBlue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
    /// The placeholder's image: one cyan colour.
    static let cyanImage: Bitmap = {
        let pixels: [UInt8] = (0..<(12 * 8)).flatMap { _ -> [UInt8] in [0, 200, 200, 255] }
        return try! Bitmap(width: 12, height: 8, pixels: pixels)
    }()

    /// Every operation kind, each in a colour of its own: a background (yellow), the selection
    /// (light blue), an unblurred shadow (green) and a blurred one (magenta), an outline-only
    /// stroke (red), an underline (blue) and a strikethrough (orange), translucent text (half
    /// blue), a placeholder with an image (cyan) and one without (grey box).
    static func decoratedFrame() throws -> Frame {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 28)
        var builder = AttributedTextBuilder("Back ", attributes: [.font(font), .backgroundColor(yellow)])
        builder.append(
            "Shade ",
            attributes: [
                .font(font), .shadow(TextShadow(offset: CGSize(width: 4, height: -4), blurRadius: 0, color: green)),
            ])
        builder.append(
            "Blur ",
            attributes: [
                .font(font), .shadow(TextShadow(offset: CGSize(width: 3, height: -3), blurRadius: 6, color: magenta)),
            ])
        builder.append("Hollow ", attributes: [.font(font), .stroke(TextStroke(width: 8, color: red))])
        builder.append(
            "Lines ",
            attributes: [
                .font(font), .underline(TextDecoration(style: .thick, color: blue)),
                .strikethrough(TextDecoration(style: .thick, color: orange)),
            ])
        builder.append("Faint ", attributes: [.font(font), .foregroundColor(halfBlue)])
        builder.appendPlaceholder(
            try RunDelegate(width: 40, ascent: 24, descent: 4, value: "image"), attributes: [.font(font)])
        builder.appendPlaceholder(
            try RunDelegate(width: 30, ascent: 20, descent: 4, value: "none"), attributes: [.font(font)])
        builder.append(" Picked", attributes: [.font(font)])
        return try PDFDocumentTests.frame(builder.build(), width: 1100)
    }

    static func image(_ placeholder: Placeholder) -> Bitmap? {
        placeholder.delegate.value == "image" ? cyanImage : nil
    }

    /// The colours to find, with the sRGB values they show on white (50 % blue: 128 blended in
    /// sRGB as cairo does, 188 in linear light as the bitmap renderer does by default).
    static let colours: [(name: String, rgb: (UInt8, UInt8, UInt8))] = [
        ("background", (255, 255, 0)), ("selection", (0xB3, 0xD7, 0xFF)), ("shadow", (0, 153, 0)),
        ("stroke", (255, 0, 0)), ("underline", (0, 0, 255)),
        ("strikethrough", (255, 128, 0)), ("translucent text", (158, 158, 255)), ("placeholder image", (0, 200, 200)),
        ("placeholder box", (128, 128, 128)),
    ]

    @Test("every paint operation appears: its colour covers about as many pixels as in the bitmap")
    func everyOperationAppears() throws {
        let frame = try Self.decoratedFrame()
        try #require(frame.lines.count == 1)
        let selection = frame.stringRange.upperBound - 6..<frame.stringRange.upperBound
        let path = try PDFDocumentTests.writePDF([frame], selection: selection, imageProvider: Self.image)
        let raster = try PDFTestSupport.rasterise(path)
        let bitmap = try PDFDocumentTests.bitmap(frame, selection: selection, imageProvider: Self.image)
        for (name, rgb) in Self.colours {
            // Blurred and translucent colours blend differently in the two (sRGB and linear light):
            // a tolerance that takes both.
            let tolerance = name == "translucent text" ? 32 : 24
            let inPDF = PDFTestSupport.count(raster, near: rgb, tolerance: tolerance)
            let inBitmap = PDFTestSupport.count(bitmap, near: rgb, tolerance: tolerance)
            print("\(name): \(inPDF) pixels in the PDF, \(inBitmap) in the bitmap")
            #expect(inBitmap >= 10, "\(name)")
            #expect(Double(inPDF) >= Double(inBitmap) / 2 && Double(inPDF) <= 2 * Double(inBitmap), "\(name)")
        }
        // The blurred shadow: a magenta haze (no glyph is magenta), lighter in the bitmap's linear
        // blending than in the PDF's sRGB blending, so only its presence is compared.
        func haze(_ r: Int, _ g: Int, _ b: Int) -> Bool { r >= 235 && b >= 235 && g <= 235 }
        let hazeInPDF = PDFTestSupport.count(raster, where: haze)
        let hazeInBitmap = PDFTestSupport.count(bitmap, where: haze)
        print("blurred shadow: \(hazeInPDF) pixels in the PDF, \(hazeInBitmap) in the bitmap")
        #expect(hazeInBitmap >= 50 && hazeInPDF >= hazeInBitmap / 2)
        // The outline-only run's text is still there, and a shadow adds none.
        let text = PDFTestSupport.normalised(try #require(Poppler.run("pdftotext", [path, "-"])))
        #expect(text == "Back Shade Blur Hollow Lines Faint Picked")
    }

    @Test("colour emoji are drawn as images and their text still comes back")
    func emojiText() throws {
        let source = "Emoji 😀 👍 👩‍💻 ❤️ 🇯🇵 done"
        let frame = try PDFDocumentTests.frame(AttributedText(source, attributes: [.font(PDFDocumentTests.font())]))
        let path = try PDFDocumentTests.writePDF([frame])
        let text = try #require(Poppler.run("pdftotext", [path, "-"]))
        #expect(text.filter { !$0.isWhitespace } == source.filter { !$0.isWhitespace }, "\(text)")
        // The emoji show: many saturated pixels (Noto's yellow faces, red heart, flag).
        let raster = try PDFTestSupport.rasterise(path)
        #expect(PDFTestSupport.count(raster, where: { r, g, b in max(r, g, b) - min(r, g, b) > 100 }) > 200)
    }

    @Test("several frames become several pages, each with its own text")
    func framesBecomePages() throws {
        let font = try PDFDocumentTests.font()
        let frames = try ["First page", "Second page", "Third page"].map {
            try PDFDocumentTests.frame(AttributedText($0, attributes: [.font(font)]), width: 200)
        }
        let path = try PDFDocumentTests.writePDF(frames)
        let info = try #require(Poppler.run("pdfinfo", [path]))
        #expect(info.split(separator: "\n").contains { $0.hasPrefix("Pages:") && $0.hasSuffix(" 3") })
        for (page, expected) in ["First page", "Second page", "Third page"].enumerated() {
            let text = try #require(
                Poppler.run("pdftotext", ["-f", "\(page + 1)", "-l", "\(page + 1)", path, "-"]))
            #expect(PDFTestSupport.normalised(text) == expected)
        }
    }

    @Test("PostScript: the same document through cairo's PostScript surface")
    func postScript() throws {
        let frame = try PDFDocumentTests.frame(
            AttributedText("PostScript page", attributes: [.font(PDFDocumentTests.font())]))
        let document = PDFDocument(format: .postScript)
        for _ in 0..<2 {
            try document.beginPage(size: PDFDocumentTests.canvas(frame))
            try document.draw(frame)
            try document.endPage()
        }
        let text = String(decoding: try document.finishBytes(), as: UTF8.self)
        #expect(text.hasPrefix("%!PS-Adobe-3.0"))
        #expect(text.contains("%%Pages: 2"))
    }

    /// One paint path: a PDFDocument page is a document GraphicsContext's page, so the frame with
    /// every operation kind (text, shadows blurred and not, stroke, decorations, translucency,
    /// placeholders) drawn either way rasterises to the same pixels, and keeps the same text.
    @Test("a PDFDocument page and a document GraphicsContext page of the same frame are the same drawing")
    func documentIsContext() throws {
        let frame = try Self.decoratedFrame()
        let viaDocument = try PDFDocumentTests.writePDF([frame], imageProvider: Self.image)
        let context = GraphicsContext(document: .pdf)
        try context.beginPage(size: PDFDocumentTests.canvas(frame))
        frame.draw(in: context, imageProvider: Self.image)
        let viaContext = try TemporaryDirectory.make().appendingPathComponent("context.pdf")
        try context.finishDocumentData().write(to: viaContext)
        let a = try PDFTestSupport.rasterise(viaDocument), b = try PDFTestSupport.rasterise(viaContext.path)
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.pixels == b.pixels)
        let text = { (path: String) in Poppler.run("pdftotext", [path, "-"]).map(PDFTestSupport.normalised) }
        let documentText = try #require(text(viaDocument))
        #expect(documentText.contains("Shade") && documentText.contains("Picked"))
        #expect(documentText == text(viaContext.path))
    }
}

@Suite("PDF document errors and clusters")
struct PDFDocumentErrorTests {
    @Test(
        "a page side outside 3…14 400 points is refused",
        arguments: [
            CGSize(width: 14_401, height: 100), CGSize(width: 100, height: 20_000), CGSize(width: 2, height: 100),
            CGSize(width: CGFloat.nan, height: 100), CGSize(width: 100, height: CGFloat.infinity),
            CGSize(width: -5, height: 100),
        ])
    func pageSizeLimits(_ size: CGSize) throws {
        let document = PDFDocument()
        do {
            try document.beginPage(size: size)
            Issue.record("\(size) accepted")
        } catch {
            guard case .invalidPageSize = error else { throw error }
            #expect(!error.description.contains("\n") && error.description.contains("14400"))
        }
        #expect(document.pageCount == 0)
        // The largest page is fine.
        try document.beginPage(size: CGSize(width: 14_400, height: 14_400))
    }

    @Test("calls out of order are refused")
    func callOrder() throws {
        let document = PDFDocument()
        #expect(throws: PDFError.self) { try document.draw(PaintList(), text: []) }
        #expect(throws: PDFError.self) { try document.endPage() }
        #expect(throws: PDFError.self) { _ = try document.finishBytes() }
        try document.beginPage(size: CGSize(width: 100, height: 100))
        #expect(throws: PDFError.self) { try document.beginPage(size: CGSize(width: 100, height: 100)) }
        let bytes = try document.finishBytes()
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        #expect(throws: PDFError.self) { _ = try document.finishBytes() }
        #expect(throws: PDFError.self) { try document.beginPage(size: CGSize(width: 100, height: 100)) }
    }

    @Test("an unwritable path: an error, and no file")
    func unwritablePath() throws {
        let directory = try TemporaryDirectory.make()
        let path = directory.appendingPathComponent("missing/page.pdf").path
        let document = PDFDocument()
        try document.beginPage(size: CGSize(width: 100, height: 100))
        #expect(throws: PDFError.self) { try document.write(to: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
