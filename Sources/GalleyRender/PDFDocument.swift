// A PDF (or PostScript) document: frames drawn onto the pages of a document GraphicsContext (the
// one paint path), text kept as text (embedded subset fonts, searchable and copyable), as CoreText
// draws into a CGPDFContext.
import CCairo
import Foundation
import GalleyFonts
import GalleyLayout
import GalleySync
import GalleyText

/// A PDF or PostScript document written page by page: a document ``GraphicsContext`` (cairo's
/// PDF and PostScript surfaces) whose pages each frame's paint list is drawn on, by the context's
/// own interpreter of paint lists. Like a CoreGraphics PDF context (`CGPDFContextCreate`, `CGPDFContextBeginPage`,
/// `CTFrameDraw`, `CGPDFContextEndPage`, `CGPDFContextClose`):
///
/// ```swift
/// let pdf = PDFDocument()
/// try pdf.beginPage(size: CGSize(width: 595, height: 842))
/// try pdf.draw(frame)              // its lines, placeholders, backgrounds, shadows…
/// try pdf.endPage()
/// try pdf.write(to: "page.pdf")     // or `let bytes = try pdf.finish()`
/// ```
///
/// A page's coordinates are CoreText's: points, y up from the page's bottom-left corner, the
/// space of a frame's `rect` (as the bitmap ``Renderer`` maps them, at scale 1). What is drawn is
/// the frame's ``PaintList``, the operations and order the ``Renderer`` and ``SVGWriter`` draw:
/// - glyph runs as text: the run's font (its FreeType face through cairo-ft, at the font's
///   size and variable-font instance) is embedded as a subset (TrueType or CFF; a variable-font
///   instance other than the default as a CFF font cairo builds from the outlines), and the glyphs are
///   shown with `cairo_show_text_glyphs` with the run's UTF-8 text and the cluster map of its
///   string indices (backward for a right-to-left run), so text comes back in logical order from
///   `pdftotext` or a viewer's copy (a truncation token carries the text it stands for, as a
///   browser copies text cut by `text-overflow: ellipsis`; a hyphen added at a break carries
///   none). Synthetic bold strokes the outlines 1/24 em wide and moves them as FreeType's
///   `FT_Outline_Embolden` does (the renderer's emboldening); synthetic oblique and the
///   obliqueness attribute shear the font matrix;
/// - fills in the colour's alpha; backgrounds, the selection and decorations as rectangles (not
///   snapped to pixels, unlike the bitmap's); strokes as the glyph outlines stroked (round
///   joins); colour emoji as cairo-ft draws them (bitmap glyphs embedded as images), their text
///   carried by DejaVu Sans space glyphs at the same places (no ink, but searchable);
/// - shadows: blur radius 0 as the glyph outlines filled; a blurred shadow as an image that the
///   ``Renderer`` draws (4 pixels per point), since PDF has no blur;
/// - placeholders as the caller's image (embedded, with its alpha), else the grey stand-in box.
///
/// Thread-safe (one lock); pages are drawn one after another. The whole document is kept in
/// memory until ``finish()`` or ``write(to:)``, so no partial file is ever written.
public final class PDFDocument: Sendable {
    /// The two document formats of cairo's vector surfaces.
    public enum Format: String, Sendable, CaseIterable {
        /// PDF 1.5 (`cairo_pdf_surface_create_for_stream`).
        case pdf
        /// PostScript level 3 (`cairo_ps_surface_create_for_stream`).
        case postScript = "ps"
    }

    /// The largest page side, in points: PDF's implementation limit (ISO 32000-1, Annex C: a
    /// page is at most 14 400 × 14 400 units, 200 inches, at the default user unit).
    public static let maximumPageSide: CGFloat = 14_400
    /// The smallest page side, in points (the same annex: at least 3 × 3 units).
    public static let minimumPageSide: CGFloat = 3

    /// The document's format.
    public let format: Format
    /// Draws blurred shadows (through the ``Renderer``).
    public let rasterizer: GlyphRasterizer
    let state: Locked<PDFDocumentState>

    /// An empty document in `format`; blurred shadows are drawn with `rasterizer`'s glyphs.
    public init(format: Format = .pdf, rasterizer: GlyphRasterizer = .shared) {
        self.format = format
        self.rasterizer = rasterizer
        state = Locked(PDFDocumentState())
    }

    /// The number of pages begun so far.
    public var pageCount: Int { state.withLock { $0.pageCount } }

    /// Starts a page `size` points wide and tall. Like `CGPDFContextBeginPage` with a media box.
    ///
    /// - Throws: ``PDFError/invalidPageSize(width:height:)`` for a side that is not finite or
    ///   outside ``minimumPageSide``…``maximumPageSide``; ``PDFError/misuse(_:)`` when a page is
    ///   already open or the document is finished.
    public func beginPage(size: CGSize) throws(PDFError) {
        let w = Double(size.width), h = Double(size.height)
        let limits = Double(Self.minimumPageSide)...Double(Self.maximumPageSide)
        guard w.isFinite, h.isFinite, limits.contains(w), limits.contains(h) else {
            throw .invalidPageSize(width: w, height: h)
        }
        try state.withLock { (state) throws(PDFError) in
            try state.beginPage(width: w, height: h, format: format, rasterizer: rasterizer)
        }
    }

    /// Draws `frame` on the open page: ``PaintList/init(frame:selection:selectionColor:)`` with the
    /// frame's text, each placeholder as the image `imageProvider` returns for it (else the grey
    /// stand-in). Like `CTFrameDraw` into a PDF context, followed by drawing the run delegates' images.
    ///
    /// - Throws: ``PDFError/misuse(_:)`` without an open page; ``PDFError/cairo(_:)`` when cairo fails.
    public func draw(
        _ frame: Frame, selection: Range<Int>? = nil, selectionColor: Color = Renderer.selectionColor,
        imageProvider: (Placeholder) -> Bitmap? = { _ in nil }
    ) throws(PDFError) {
        try draw(
            PaintList(frame: frame, selection: selection, selectionColor: selectionColor),
            text: frame.text, imageProvider: imageProvider)
    }

    /// Draws the operations of `list` on the open page; `text` is the UTF-16 text that its glyph
    /// runs' string indices point into (their text goes into the PDF with them).
    ///
    /// - Throws: ``PDFError/misuse(_:)`` without an open page; ``PDFError/cairo(_:)`` when cairo fails.
    public func draw(_ list: PaintList, text: [UInt16], imageProvider: (Placeholder) -> Bitmap? = { _ in nil })
        throws(PDFError)
    {
        try state.withLock { (state) throws(PDFError) in
            guard let context = state.context, state.pageOpen else {
                throw .misuse("draw needs an open page (beginPage)")
            }
            context.draw(list, text: text, imageProvider: imageProvider)
            try state.check()
        }
    }

    /// Ends the open page. Like `CGPDFContextEndPage`.
    ///
    /// - Throws: ``PDFError/misuse(_:)`` without an open page; ``PDFError/cairo(_:)`` when cairo fails.
    public func endPage() throws(PDFError) {
        try state.withLock { (state) throws(PDFError) in try state.endPage() }
    }

    /// Finishes the document (ending an open page) and returns its bytes. Like `CGPDFContextClose`;
    /// ``finishData()`` returns them as `Data`.
    ///
    /// - Throws: ``PDFError/misuse(_:)`` for a document without pages or already finished;
    ///   ``PDFError/cairo(_:)`` when cairo fails (fonts are embedded here).
    public func finishBytes() throws(PDFError) -> [UInt8] {
        try state.withLock { (state) throws(PDFError) in try state.finish() }
    }

    /// Finishes the document and writes it to `path` atomically (a temporary sibling file
    /// renamed over `path`), so no partial file is left behind.
    ///
    /// - Throws: as ``finishBytes()``, and ``PDFError/fileAccess(path:reason:)`` when the file cannot be written.
    public func write(to path: String) throws(PDFError) {
        let bytes = try finishBytes()
        do {
            try Bitmap.writeAtomically(bytes, to: path)
        } catch {
            if case .fileAccess(let path, let reason) = error { throw .fileAccess(path: path, reason: reason) }
            throw .fileAccess(path: path, reason: error.description)
        }
    }
}

/// An error of ``PDFDocument``; `description` is one line.
public enum PDFError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A page side that is not finite or outside ``PDFDocument/minimumPageSide``…``PDFDocument/maximumPageSide`` points.
    case invalidPageSize(width: Double, height: Double)
    /// The calls came in an order that makes no document (drawing without a page, a finished document).
    case misuse(String)
    /// cairo reported an error; its message.
    case cairo(String)
    /// The file could not be written; `reason` is the system's message.
    case fileAccess(path: String, reason: String)

    /// A one-line description for people.
    public var description: String {
        switch self {
        case .invalidPageSize(let width, let height):
            let side = Int(PDFDocument.maximumPageSide)
            return
                "page size \(SVGWriter.number(width))×\(SVGWriter.number(height)) pt is outside PDF's limits: each side must be 3…\(side) pt (200 inches)"
        case .misuse(let message): return message
        case .cairo(let message): return "cairo failed: \(message)"
        case .fileAccess(let path, let reason): return "\(path): \(reason)"
        }
    }
}
