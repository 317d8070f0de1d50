// The GraphicsContext behind a PDFDocument: its document context (PDF or PostScript pages), used
// only under the document's lock, with PDFDocument's errors for the context's.
import Foundation

/// A document's ``GraphicsContext`` (made at the first page). Only used under the
/// ``PDFDocument``'s lock (hence `@unchecked Sendable`: the context is a mutable reference).
final class PDFDocumentState: @unchecked Sendable {
    var context: GraphicsContext?
    var finished = false

    var pageCount: Int { context?.pageCount ?? 0 }
    var pageOpen: Bool { context?.pageOpen ?? false }

    func beginPage(width: Double, height: Double, format: PDFDocument.Format, rasterizer: GlyphRasterizer)
        throws(PDFError)
    {
        guard !finished else { throw .misuse("the document is finished") }
        guard !pageOpen else { throw .misuse("a page is already open (endPage first)") }
        let context = self.context ?? GraphicsContext(document: format == .pdf ? .pdf : .postScript)
        context.rasterizer = rasterizer
        self.context = context
        try Self.mapping { () throws(GraphicsContextError) in
            try context.beginPage(size: CGSize(width: width, height: height))
        }
    }

    /// Throws cairo's error when the context or its surface has one.
    func check() throws(PDFError) {
        guard let context else { return }
        try Self.mapping { () throws(GraphicsContextError) in try context.check() }
    }

    func endPage() throws(PDFError) {
        guard let context, context.pageOpen else { throw .misuse("endPage without an open page") }
        try Self.mapping { () throws(GraphicsContextError) in try context.endPage() }
    }

    func finish() throws(PDFError) -> [UInt8] {
        guard !finished else { throw .misuse("the document is finished") }
        guard let context, context.pageCount > 0 else { throw .misuse("the document has no page") }
        finished = true
        defer { self.context = nil }
        return try Self.mapping { () throws(GraphicsContextError) in try context.finishDocumentBytes() }
    }

    /// `body`'s result, with a ``GraphicsContextError`` as the ``PDFError`` that says the same.
    static func mapping<T>(_ body: () throws(GraphicsContextError) -> T) throws(PDFError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .invalidSize(let width, let height): throw .invalidPageSize(width: width, height: height)
            case .misuse(let message): throw .misuse(message)
            case .cairo(let message): throw .cairo(message)
            }
        }
    }
}
