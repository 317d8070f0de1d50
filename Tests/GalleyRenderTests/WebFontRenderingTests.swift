// WOFF and WOFF2 (issue 30): the same font as a bundled TTF and as web fonts made from it by
// fontTools (Tests/Fixtures/Fonts, scripts/make-test-fonts.py), sanitized, lays out to the same
// glyphs, advances and positions and draws the same pixels, in bitmaps and through the PDF writer.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite struct WebFontRenderingTests {
    /// Hebrew with points (GPOS marks) and digits, over two lines.
    static let text = "שָׁלוֹם עוֹלָם 1234\nבְּרֵאשִׁית בָּרָא"

    static func fixture(_ name: String) -> String {
        TestPackage.url("Tests/Fixtures/Fonts").appendingPathComponent(name).path
    }

    /// The TTF as bundled (trusted), and the WOFF and WOFF2 copies, sanitized (from a file and from bytes).
    static func fonts() throws -> [(String, Font)] {
        let woff2Bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("NotoSansHebrew-Regular.woff2"))))
        return [
            ("ttf", try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 24)),
            ("woff", try Font(path: fixture("NotoSansHebrew-Regular.woff"), size: 24)),
            ("woff2", try Font(data: woff2Bytes, size: 24)),
        ]
    }

    static func frame(_ font: Font) throws -> Frame {
        let noFonts = FontCollection(bundledFontsDirectory: nil, includeSystemFonts: false)
        return try Framesetter(AttributedText(text, attributes: [.font(font)]), defaultFont: font, fonts: noFonts)
            .frame(in: CGRect(x: 0, y: 0, width: 300, height: 100))
    }

    @Test("WOFF and WOFF2 lay out to the TTF's glyphs, advances and positions")
    func layoutMatches() throws {
        let fonts = try Self.fonts()
        let reference = try Self.frame(fonts[0].1)
        #expect(reference.lines.count == 2)
        for (name, font) in fonts.dropFirst() {
            #expect(font.face.isSanitized, "\(name)")
            let frame = try Self.frame(font)
            #expect(frame.lineOrigins == reference.lineOrigins, "\(name)")
            for (line, expected) in zip(frame.lines, reference.lines) {
                #expect(line.glyphRuns.count == expected.glyphRuns.count, "\(name)")
                for (run, want) in zip(line.glyphRuns, expected.glyphRuns) {
                    #expect(Array(run.glyphs) == Array(want.glyphs), "\(name)")
                    #expect(Array(run.advances) == Array(want.advances), "\(name)")
                    #expect(Array(run.positions) == Array(want.positions), "\(name)")
                }
            }
        }
    }

    @Test("WOFF and WOFF2 draw the TTF's pixels")
    func pixelsMatch() throws {
        var bitmaps: [Bitmap] = []
        for (_, font) in try Self.fonts() {
            var bitmap = try Bitmap(width: 300, height: 100)
            Renderer().draw(try Self.frame(font), into: &bitmap)
            bitmaps.append(bitmap)
        }
        #expect(TestSupport.ink(bitmaps[0]) > 500)
        for (index, bitmap) in bitmaps.enumerated().dropFirst() {
            #expect(TestSupport.differingBytes(bitmap.pixels, bitmaps[0].pixels) == 0, "font \(index)")
        }
    }

    // poppler's pdftoppm draws each PDF: the sanitized web fonts embed as the TTF does.
    @Test("WOFF and WOFF2 go through the PDF writer to the TTF's pixels")
    func drawsSamePixelsInPDF() throws {
        guard Poppler.isInstalled else { return }
        let folder = try TemporaryDirectory.make("web-fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        var pages: [Bitmap] = []
        for (name, font) in try Self.fonts() {
            let pdf = PDFDocument()
            try pdf.beginPage(size: CGSize(width: 300, height: 100))
            try pdf.draw(try Self.frame(font))
            try pdf.endPage()
            let path = folder.appendingPathComponent("\(name).pdf").path
            try pdf.write(to: path)
            pages.append(try PDFTestSupport.rasterise(path))
        }
        #expect(TestSupport.ink(pages[0]) > 500)
        for (index, page) in pages.enumerated().dropFirst() {
            #expect(TestSupport.differingBytes(page.pixels, pages[0].pixels) == 0, "PDF \(index)")
        }
    }
}
