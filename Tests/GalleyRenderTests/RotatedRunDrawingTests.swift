// A rotated run of a vertical line (Latin in Japanese, set sideways) is drawn turned 90° clockwise
// about each glyph's origin, as CSS text-orientation: mixed sets it: in the bitmap, SVG and PDF
// the word's ink is the horizontal word's ink turned a quarter, so its box's width and height
// swap.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyRender

@Suite("Rotated runs drawn turned")
struct RotatedRunDrawingTests {
    static let size: CGFloat = 30
    static let word = "Swift"

    static func dejaVu() throws -> Font { try Font(path: TestFonts.path("DejaVuSans.ttf"), size: size) }

    /// "縦Swift" with vertical forms in a vertical frame: its Latin run is rotated.
    static func rotatedRun() throws -> (GlyphRun, CGPoint) {
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
        var builder = AttributedTextBuilder("縦" + word, attributes: [.font(droid), .verticalForms(true)])
        try builder.setFont(try dejaVu(), range: 1..<6)
        let frame = try Framesetter(builder.build()).frame(
            in: CGRect(x: 0, y: 0, width: 100, height: 300),
            options: FrameOptions(truncation: nil, progression: .rightToLeft))
        let line = try #require(frame.lines.first)
        let run = try #require(line.glyphRuns.first { $0.orientation == .sideways })
        return (run, frame.lineOrigins[0])
    }

    /// The plain horizontal word, drawn at (20, 100).
    static func horizontalPaint() throws -> PaintList {
        let text = AttributedText(word, attributes: [.font(try dejaVu())])
        let line = try Typesetter(text).line(for: 0..<5)
        return PaintList(line: line, at: CGPoint(x: 20, y: 100))
    }

    static func bitmapBox(_ list: PaintList) throws -> (Int, Int, Int, Int) {
        var bitmap = try Bitmap(width: 200, height: 320)
        Renderer(hinting: .none).draw(list, into: &bitmap)
        return try #require(inkBox(bitmap))
    }

    @Test func bitmapInkIsTurned() throws {
        let (run, origin) = try Self.rotatedRun()
        #expect(run.orientation == .sideways)
        let turned = try Self.bitmapBox(PaintList(run: run, glyphs: nil, lineOrigin: origin))
        let flat = try Self.bitmapBox(try Self.horizontalPaint())
        let (tw, th) = (turned.2 - turned.0, turned.3 - turned.1)
        let (fw, fh) = (flat.2 - flat.0, flat.3 - flat.1)
        // Turned a quarter: the word runs down the page, as tall as the flat word is wide.
        #expect(abs(th - fw) <= 2, "turned \(tw)×\(th), flat \(fw)×\(fh)")
        #expect(abs(tw - fh) <= 2, "turned \(tw)×\(th), flat \(fw)×\(fh)")
        #expect(th > 2 * tw)
    }

    /// SVG: the path points' box is the flat word's box turned (within 0.01 pt).
    @Test func svgOutlineIsTurned() throws {
        func box(_ list: PaintList) throws -> CGRect {
            let svg = SVGWriter(width: 200, height: 320).document(for: list)
            var xs: [Double] = [], ys: [Double] = []
            for path in svg.components(separatedBy: "<path d=\"").dropFirst() {
                let d = try #require(path.components(separatedBy: "\"").first)
                let numbers = d.split(whereSeparator: { "MLQCZ ".contains($0) }).compactMap { Double($0) }
                for i in stride(from: 0, to: numbers.count - 1, by: 2) {
                    xs.append(numbers[i])
                    ys.append(numbers[i + 1])
                }
            }
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        let (run, origin) = try Self.rotatedRun()
        let turned = try box(PaintList(run: run, glyphs: nil, lineOrigin: origin))
        let flat = try box(try Self.horizontalPaint())
        #expect(abs(turned.height - flat.width) < 0.01 && abs(turned.width - flat.height) < 0.01)
    }

    /// PDF: rasterised by pdftoppm, the same turned box as the bitmap (±2 px).
    @Test(.enabled(if: Poppler.isInstalled)) func pdfInkIsTurned() throws {
        let (run, origin) = try Self.rotatedRun()
        let pdf = PDFDocument()
        try pdf.beginPage(size: CGSize(width: 200, height: 320))
        try pdf.draw(PaintList(run: run, glyphs: nil, lineOrigin: origin), text: Array(("縦" + Self.word).utf16))
        try pdf.endPage()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-\(UUID()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try pdf.write(to: path)
        let page = try #require(inkBox(try PDFTestSupport.rasterise(path)))
        let bitmap = try Self.bitmapBox(PaintList(run: run, glyphs: nil, lineOrigin: origin))
        #expect(abs(page.0 - bitmap.0) <= 2 && abs(page.1 - bitmap.1) <= 2, "\(page) vs \(bitmap)")
        #expect(abs(page.2 - bitmap.2) <= 2 && abs(page.3 - bitmap.3) <= 2, "\(page) vs \(bitmap)")
    }
}
