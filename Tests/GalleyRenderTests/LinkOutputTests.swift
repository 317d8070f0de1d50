// Links in output: a PDF gets one link annotation per linked run (cairo's CAIRO_TAG_LINK, whose
// area is the extent of what is drawn between its tags), read back with poppler's `pdfinfo -url`
// and by the /Rect of each /Annot in the file; an SVG wraps each linked run's glyphs in an <a>.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Links in PDF and SVG")
struct LinkOutputTests {
    static func frame() throws -> (Frame, Range<Int>) {
        let font = try Font(path: TestFonts.dejaVuSans, size: 16)
        let string = "Read the manual שלום עולם and more words here, then stop."
        var builder = AttributedTextBuilder(string, attributes: [.font(font)])
        let range = 5..<44
        try builder.setLink(.url(URL(string: "https://example.com/a?b='c'")!), range: range)
        return (try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: 140, height: 200)), range)
    }

    @Test func pdfHasLinkAnnotationsOverTheGlyphs() throws {
        let (frame, range) = try Self.frame()
        let pdf = PDFDocument()
        try pdf.beginPage(size: CGSize(width: 140, height: 200))
        try pdf.draw(frame)
        try pdf.endPage()
        let path = try TemporaryDirectory.make().appendingPathComponent("links.pdf").path
        try pdf.write(to: path)
        let info = try #require(Poppler.run("pdfinfo", ["-url", path]))
        let urls = info.split(separator: "\n").filter { $0.contains("https://example.com/a") }
        #expect(urls.count >= 3, "\(info)")
        // The annotations' rects (PDF user space: y up from the page's bottom, as the frame's).
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let source = String(decoding: bytes, as: UTF8.self)
        let annotRects = try Regex(
            #"/Subtype\s*/Link[^>]*?/Rect\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]"#)
        var rects: [CGRect] = []
        for match in source.matches(of: annotRects) {
            let v = (1...4).compactMap { match.output[$0].substring.flatMap { Double($0) } }
            guard v.count == 4 else { continue }
            rects.append(
                CGRect(x: min(v[0], v[2]), y: min(v[1], v[3]), width: abs(v[2] - v[0]), height: abs(v[3] - v[1])))
        }
        #expect(rects.count == urls.count)
        let glyphBoxes = frame.glyphRects(forStringRange: range)
        // Every linked glyph's middle (at half the x-height above its baseline) is inside an
        // annotation, and every annotation lies over linked glyphs.
        for (i, line) in frame.lines.enumerated() {
            for run in line.glyphRuns {
                for g in 0..<run.glyphCount where run.advances[g].width > 0 && frame.text[run.stringIndices[g]] != 0x20
                {
                    let point = CGPoint(
                        x: frame.lineOrigins[i].x + run.positions[g].x + run.advances[g].width / 2,
                        y: frame.lineOrigins[i].y + run.font.size * 0.3)
                    let inside = rects.contains { $0.insetBy(dx: -0.5, dy: -0.5).contains(point) }
                    #expect(inside == range.contains(run.stringIndices[g]), "index \(run.stringIndices[g])")
                }
            }
        }
        for rect in rects {
            #expect(glyphBoxes.contains { $0.insetBy(dx: -1, dy: -1).contains(CGPoint(x: rect.midX, y: rect.midY)) })
        }
    }

    @Test func svgWrapsLinkedRunsInAnchors() throws {
        let (frame, _) = try Self.frame()
        let svg = SVGWriter(width: 140, height: 200).document(for: frame)
        let anchors = svg.components(separatedBy: "<a xlink:href=\"https://example.com/a?b='c'\"").count - 1
        let linkedRuns = frame.lines.flatMap(\.glyphRuns).filter { $0.attributes.link != nil && $0.glyphCount > 0 }
        // One anchor per linked run with ink (a run of spaces alone paints nothing).
        #expect(anchors >= 3 && anchors <= linkedRuns.count)
        #expect(svg.components(separatedBy: "</a>").count - 1 == anchors)
        // Each anchor holds a glyph group.
        #expect(!svg.contains("\"></a>"))
    }
}
