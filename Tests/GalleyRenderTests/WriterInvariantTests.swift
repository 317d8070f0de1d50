// Writers never fail on a frame that layout accepted, and one-call drawing refuses rects whose
// edges overflow (issue 29, items 5 and 6). Noncharacters are valid scalars (Unicode §23.7:
// "applications are free to use any of these noncharacter code points internally"), which
// layout, PNG and SVG keep; cairo's text layer refuses them, so the PDF and PostScript text
// layer shows U+FFFD in their place. PostScript draws translucency as fallback images, which
// cairo cannot make over 32,767 pixels a side. poppler's pdftotext reads the PDFs back.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyRender

@Suite("Writers on accepted frames")
struct WriterInvariantTests {
    static func frame(_ string: String, attributes: Attributes = Attributes(), width: CGFloat = 300) throws -> Frame {
        var all = attributes
        if all.font == nil { all.font = try Font(path: TestFonts.dejaVuSans, size: 20) }
        return try Framesetter(AttributedText(string, attributes: all)).frame(
            in: CGRect(x: 10, y: 10, width: width, height: 60))
    }

    static func document(_ frame: Frame, format: PDFDocument.Format, page: CGSize) throws -> [UInt8] {
        let document = PDFDocument(format: format)
        try document.beginPage(size: page)
        try document.draw(frame)
        try document.endPage()
        return try document.finishBytes()
    }

    static let noncharacters: [UInt32] = [0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF, 0x1FFFE, 0x10FFFF]

    /// The text layer's UTF-8: noncharacters become U+FFFD, everything else is kept.
    @Test(arguments: noncharacters)
    func textLayerReplacesNoncharacters(value: UInt32) {
        let units = Array("A\(Unicode.Scalar(value)!)B".utf16)
        #expect(PDFTextClusters.textLayerUTF8(units[...]) == Array("A\u{FFFD}B".utf8))
        #expect(PDFTextClusters.textLayerUTF8(Array("Aé中😀".utf16)[...]) == Array("Aé中😀".utf8))
    }

    /// `galley render --text $'A\uFFFFB' -o x.pdf` failed: a frame with a noncharacter is
    /// written as PDF and PostScript, and pdftotext reads "A�B" back from the PDF.
    @Test(arguments: noncharacters)
    func noncharactersDoNotFailTheDocument(value: UInt32) throws {
        let frame = try Self.frame("A\(Unicode.Scalar(value)!)B")
        let page = CGSize(width: 320, height: 80)
        let pdf = try Self.document(frame, format: .pdf, page: page)
        let postScript = try Self.document(frame, format: .postScript, page: page)
        #expect(!postScript.isEmpty)
        guard Poppler.isInstalled else { return }
        let path = try TemporaryDirectory.make().appendingPathComponent("nonchar.pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        let text = try #require(Poppler.run("pdftotext", [path, "-"]))
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "A\u{FFFD}B")
    }

    /// A PostScript page wider than about 7,900 pt with a translucent colour emoji failed inside
    /// cairo (CAIRO_STATUS_INVALID_SIZE) while PDF succeeded; both succeed, up to the largest
    /// page (14,400 pt).
    @Test(arguments: [7_950, 14_400] as [CGFloat], [PDFDocument.Format.postScript, .pdf])
    func translucentEmojiOnAHugePage(width: CGFloat, format: PDFDocument.Format) throws {
        let emoji = try Font(path: TestFonts.notoColorEmoji, size: 40)
        let frame = try Self.frame(
            "A😀B", attributes: [.font(emoji), .foregroundColor(Color(red: 0, green: 0, blue: 0, alpha: 0.5))],
            width: width - 20)
        let bytes = try Self.document(frame, format: format, page: CGSize(width: width, height: 100))
        #expect(!bytes.isEmpty)
    }

    /// A rect whose origin and size are finite but whose far edge is not: one-call drawing throws
    /// instead of drawing, and the context's total bounds stay finite.
    @Test(arguments: [
        CGRect(x: CGFloat.greatestFiniteMagnitude, y: 0, width: CGFloat.greatestFiniteMagnitude, height: 10),
        CGRect(x: 0, y: -CGFloat.greatestFiniteMagnitude, width: 10, height: -CGFloat.greatestFiniteMagnitude),
        CGRect(x: -CGFloat.greatestFiniteMagnitude, y: 0, width: -CGFloat.greatestFiniteMagnitude, height: 10),
    ])
    func overflowingRectEdgesThrow(rect: CGRect) throws {
        let text = AttributedText("Hello", attributes: [.font(try Font(path: TestFonts.dejaVuSans, size: 12))])
        var bitmap = try Bitmap(width: 20, height: 20)
        let context = StringDrawingContext()
        #expect(throws: LayoutError.self) {
            try text.draw(with: rect, options: [.usesLineFragmentOrigin], context: context, into: &bitmap)
        }
        #expect(throws: LayoutError.self) { try text.draw(in: rect, into: &bitmap) }
        let bounds = context.totalBounds
        #expect([bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy { $0.isFinite })
    }

    /// Far but representable origins: drawing either throws or records finite total bounds.
    @Test(arguments: [CGFloat.greatestFiniteMagnitude, -CGFloat.greatestFiniteMagnitude, 1e300, -1e300])
    func farOriginsGiveFiniteBounds(origin: CGFloat) throws {
        let text = AttributedText("Hello", attributes: [.font(try Font(path: TestFonts.dejaVuSans, size: 12))])
        var bitmap = try Bitmap(width: 20, height: 20)
        for options in [StringDrawingOptions.usesLineFragmentOrigin, .usesDeviceMetrics, []] {
            let context = StringDrawingContext()
            let rect = CGRect(x: origin, y: origin, width: 0, height: 0)
            if (try? text.draw(with: rect, options: options, context: context, into: &bitmap)) != nil {
                let bounds = context.totalBounds
                #expect([bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy { $0.isFinite }, "\(bounds)")
            }
        }
    }

    /// The tags of the tables of the one-face SFNT file at `path` (its table directory).
    static func tableTags(_ path: String) throws -> Set<String> {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        return Set((0..<count).map { String(decoding: bytes[(12 + 16 * $0)..<(16 + 16 * $0)], as: UTF8.self) })
    }

    /// Writers' fuzz finding (Fuzz/Corpus/Writers/wide-page-emoji-fallback-leak): "😀\u{FFFE}" in
    /// Noto Color Emoji, whose only glyph images are CBDT bitmaps (no glyf, CFF or CFF2 table),
    /// shows the emoji and the .notdef for the noncharacter in one run. The .notdef has no image
    /// and no outline, so it draws nothing; given to cairo, it made cairo subset the font as an
    /// outline font (cairo 1.16's TrueType subsetter then leaked its 7,938-byte loca buffer on the
    /// missing `loca`) and embed an empty fallback font named CairoFont-…. The writers leave such
    /// glyphs out: pdffonts lists no CairoFont (nor a Type 3 font) in the PDF, the PostScript
    /// defines no font but the text layer's, and the emoji is still drawn (pdfimages lists its
    /// image).
    @Test(arguments: [PDFDocument.Format.pdf, .postScript])
    func bitmapFontGlyphWithoutImageIsLeftOut(format: PDFDocument.Format) throws {
        let tags = try Self.tableTags(TestFonts.notoColorEmoji)
        try #require(tags.contains("CBDT") && tags.isDisjoint(with: ["glyf", "CFF ", "CFF2"]), "\(tags)")
        let font = try Font(path: TestFonts.notoColorEmoji, size: 12)
        let frame = try Self.frame("😀" + String(Unicode.Scalar(0xFFFE)!), attributes: [.font(font)])
        let bytes = try Self.document(frame, format: format, page: CGSize(width: 400, height: 100))
        if format == .postScript {
            // cairo's PostScript defines each embedded font as `/FontName /<name> def`: only the
            // text layer's DejaVu Sans is left (the Noto fallback font was `/f-0-1`).
            let names = String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter {
                $0.hasPrefix("/FontName ")
            }
            #expect(names == ["/FontName /DejaVuSans def"], "\(names)")
            return
        }
        guard Poppler.isInstalled else { return }
        let path = try TemporaryDirectory.make().appendingPathComponent("bitmap-only.pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fonts = try #require(Poppler.run("pdffonts", [path]))
        #expect(!fonts.contains("CairoFont") && !fonts.contains("Type 3"), "\(fonts)")
        let images = try #require(Poppler.run("pdfimages", ["-list", path]))
        #expect(images.split(separator: "\n").contains { $0.contains(" image ") }, "\(images)")
    }
}
