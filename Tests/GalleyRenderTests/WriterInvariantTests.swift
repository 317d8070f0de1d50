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
}
