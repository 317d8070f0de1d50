// The `Data` forms of every bytes API (the naming rule: a `…Data` method returns Foundation
// `Data`, as UIKit's `pngData()` does; its `…Bytes` twin returns `[UInt8]`; inputs take both):
// the same bytes as the `[UInt8]` form, images decoding back to their exact pixels, documents
// that poppler reads, fonts from `Data` that are the fonts from `[UInt8]`.

import Foundation
import GalleyFonts
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyRender

@Suite("Data overloads")
struct DataOverloadTests {
    /// A bitmap with every pixel different, so that a decoded image is compared pixel for pixel.
    static func image(alpha: Bool) throws -> Bitmap {
        let (width, height) = (7, 5)
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 36), UInt8(y * 50), UInt8(x * y * 7), alpha ? UInt8(40 + x * 30) : 255]
            }
        }
        return try Bitmap(width: width, height: height, pixels: pixels)
    }

    @Test("let png = bitmap.pngData() is Data, unambiguous, and holds pngBytes()'s bytes")
    func pngDataIsData() throws {
        let bitmap = try Self.image(alpha: true)
        let png = try bitmap.pngData()
        #expect(type(of: png) == Data.self)
        #expect(png == Data(try bitmap.pngBytes()))
        #expect(try bitmap.pngData(.smallest) == Data(try bitmap.pngBytes(.smallest)))
        // PNG's signature (PNG spec 5.2), and the exact pixels back (lossless).
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try ImageLoader.decode(png).pixels == bitmap.pixels)
    }

    @Test(
        "every encoder's Data is its Bytes twin's, and lossless ones decode to the pixels",
        arguments: ["png", "jpg", "webp", "ppm"])
    func encodersAgree(kind: String) throws {
        let bitmap = try Self.image(alpha: false)
        let (data, bytes): (Data, [UInt8]) =
            switch kind {
            case "jpg": (try bitmap.jpegData(quality: 95), try bitmap.jpegBytes(quality: 95))
            case "webp": (try bitmap.webpData(), try bitmap.webpBytes())
            case "ppm": (bitmap.ppmData(), bitmap.ppmBytes())
            default: (try bitmap.pngData(), try bitmap.pngBytes())
            }
        #expect(data == Data(bytes))
        #expect(try bitmap.encodedData(forPath: "x." + kind) == Data(try bitmap.encodedBytes(forPath: "x." + kind)))
        let info = try ImageLoader.info(of: data)
        #expect(info.width == 7 && info.height == 5)
        #expect(info.format == (try ImageLoader.info(of: bytes)).format)
        if kind != "jpg" { #expect(try ImageLoader.decode(data).pixels == bitmap.pixels) }
        #expect(throws: RenderError.unsupportedFormat(path: "x.gif")) { try bitmap.encodedData(forPath: "x.gif") }
    }

    @Test("a bitmap from Data pixels is the bitmap from the same [UInt8], and a short Data is refused")
    func bitmapFromData() throws {
        let bitmap = try Self.image(alpha: true)
        #expect(try Bitmap(width: 7, height: 5, pixels: Data(bitmap.pixels)).pixels == bitmap.pixels)
        #expect(throws: RenderError.invalidPixelData(expected: 140, actual: 3)) {
            try Bitmap(width: 7, height: 5, pixels: Data([1, 2, 3]))
        }
    }

    @Test("finishData() and finishDocumentData() are PDFs poppler reads, with the Bytes forms' pages")
    func documentsAsData() throws {
        let document = PDFDocument()
        try document.beginPage(size: CGSize(width: 200, height: 100))
        let pdf = try document.finishData()
        let context = GraphicsContext(document: .pdf)
        for _ in 0..<2 {
            try context.beginPage(size: CGSize(width: 100, height: 300))
            context.setFillColor(.red)
            context.fill(CGRect(x: 10, y: 10, width: 50, height: 50))
            try context.endPage()
        }
        let contextPDF = try context.finishDocumentData()
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, data, pages) in [("a.pdf", pdf, 1), ("b.pdf", contextPDF, 2)] {
            #expect(data.starts(with: Array("%PDF-".utf8)))
            let file = dir.appendingPathComponent(name)
            try data.write(to: file)
            let info = try #require(Poppler.run("pdfinfo", [file.path]))
            let pageLine = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
            #expect(pageLine?.split(separator: " ").last.map(String.init) == "\(pages)")
        }
        // A finished document says so, whichever form finished it.
        #expect(throws: PDFError.self) { _ = try document.finishBytes() }
    }

    @Test("a font from Data is the font from the same [UInt8], trusted or sanitized")
    func fontFromData() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.path("NotoSansThai-Regular.ttf"))))
        for sanitization in [FontSanitization.trusted, .sanitized] {
            let fromData = try Font(data: Data(bytes), size: 12, sanitization: sanitization)
            let fromBytes = try Font(data: bytes, size: 12, sanitization: sanitization)
            #expect(Array(fromData.face.data) == Array(fromBytes.face.data))
            #expect(
                fromData.postScriptName == fromBytes.postScriptName && fromData.postScriptName == "NotoSansThai-Regular"
            )
        }
        let sanitizer = FontSanitizer()
        #expect(try sanitizer.sanitize(Data(bytes)) == Data(try sanitizer.sanitize(bytes)))
        #expect(throws: FontError.self) { try Font(data: Data([0, 1, 0, 0, 9]), size: 12) }
    }
}
