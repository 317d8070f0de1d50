// Writers never fail on a frame that layout accepted (issue 29): the bitmap renderer, SVG, and
// PDF and PostScript documents (cairo) each draw it; a document that cannot be finished traps.
// One-call drawing either refuses its rect with a LayoutError or records finite total bounds.
import Foundation
import Galley

/// The writer checks.
public enum WriterChecks {
    /// Draws `frame` with every writer: bitmap, SVG, a one-page PDF and a one-page PostScript
    /// document of `page` (clamped to a PDF page's limits); traps when a writer fails.
    public static func requireWritersAccept(
        _ frame: Frame, page: CGSize, formats: [PDFDocument.Format] = [.pdf, .postScript]
    ) {
        var bitmap = try! Bitmap(width: 48, height: 32)
        Renderer().draw(frame, into: &bitmap)
        _ = SVGWriter(width: 48, height: 32).document(for: frame)
        let side = { (value: CGFloat) in
            min(max(value.isFinite ? value : 0, PDFDocument.minimumPageSide), PDFDocument.maximumPageSide)
        }
        let size = CGSize(width: side(page.width), height: side(page.height))
        for format in formats {
            let document = PDFDocument(format: format)
            do {
                try document.beginPage(size: size)
                try document.draw(frame)
                try document.endPage()
                _ = try document.finish()
            } catch {
                fatalError("the \(format) writer failed on an accepted frame (page \(size)): \(error)")
            }
        }
    }

    /// One-call drawing of `text` in `rect`: it throws a LayoutError or draws, and then the
    /// context's total bounds are finite.
    public static func requireOneCallDrawing(_ text: AttributedText, rect: CGRect, options: StringDrawingOptions) {
        var bitmap = try! Bitmap(width: 48, height: 32)
        let context = StringDrawingContext(minimumScaleFactor: 0)
        do {
            try text.draw(with: rect, options: options, context: context, into: &bitmap)
        } catch {
            return
        }
        requireFinite(context.totalBounds, "one-call drawing's total bounds for rect \(rect)")
        do {
            try text.draw(in: rect, into: &bitmap)
        } catch {
            return
        }
    }
}
