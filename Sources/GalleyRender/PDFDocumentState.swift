// The cairo objects behind a PDFDocument (surface, context, font faces, the bytes written so
// far), used only under the document's lock.
import CCairo

/// The bytes cairo's stream surface writes, collected in memory.
final class PDFByteSink {
    var bytes: [UInt8] = []
}

/// cairo's write callback: appends to the ``PDFByteSink`` passed as the closure.
private func appendBytes(
    _ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32
) -> cairo_status_t {
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<PDFByteSink>.fromOpaque(closure).takeUnretainedValue()
    if let data, length > 0 { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
    return CAIRO_STATUS_SUCCESS
}

/// A document's cairo surface (made at the first page), its context and its font faces. Only
/// used under the ``PDFDocument``'s lock (hence `@unchecked Sendable`).
final class PDFDocumentState: @unchecked Sendable {
    let sink = PDFByteSink()
    var surface: OpaquePointer?
    var context: OpaquePointer?
    let faces = CairoFontFaces()
    var pageOpen = false
    var pageCount = 0
    var pageHeight = 0.0
    var finished = false
    var format = PDFDocument.Format.pdf

    /// The longest side, in pixels, that cairo's image surfaces take, less a margin.
    static let largestImageSide: Double = 32_000

    func beginPage(width: Double, height: Double, format: PDFDocument.Format) throws(PDFError) {
        guard !finished else { throw .misuse("the document is finished") }
        guard !pageOpen else { throw .misuse("a page is already open (endPage first)") }
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        if surface == nil {
            self.format = format
            let made =
                format == .pdf
                ? cairo_pdf_surface_create_for_stream(appendBytes, closure, width, height)
                : cairo_ps_surface_create_for_stream(appendBytes, closure, width, height)
            guard let made else { throw .cairo("no surface") }
            surface = made
            if format == .pdf {
                cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_CREATOR, "Galley")
            }
            context = cairo_create(made)
        }
        guard let surface else { throw .cairo("no surface") }
        if format == .pdf {
            cairo_pdf_surface_set_size(surface, width, height)
        } else {
            cairo_ps_surface_set_size(surface, width, height)
        }
        // What a format cannot draw natively (PostScript: translucency, such as a translucent
        // colour emoji's group) cairo draws as an image at the fallback resolution, and an
        // image side over 32,767 pixels fails the surface (CAIRO_STATUS_INVALID_SIZE): at
        // 300 ppi, cairo's default, a page over about 7,860 pt. A larger page gets less.
        let side = max(width, height)
        let resolution = min(300, (Self.largestImageSide * 72 / side).rounded(.down))
        cairo_surface_set_fallback_resolution(surface, resolution, resolution)
        pageHeight = height
        pageOpen = true
        pageCount += 1
        try check()
    }

    /// Throws cairo's error when the context or the surface has one.
    func check() throws(PDFError) {
        if let context, cairo_status(context) != CAIRO_STATUS_SUCCESS {
            throw .cairo(String(cString: cairo_status_to_string(cairo_status(context))))
        }
        if let surface, cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS {
            throw .cairo(String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
    }

    func finish() throws(PDFError) -> [UInt8] {
        guard !finished else { throw .misuse("the document is finished") }
        guard let surface, let context, pageCount > 0 else { throw .misuse("the document has no page") }
        if pageOpen {
            cairo_show_page(context)
            pageOpen = false
        }
        finished = true
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        close()
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }

    func close() {
        if let context { cairo_destroy(context) }
        if let surface {
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        context = nil
        surface = nil
        faces.release()
    }

    deinit { close() }
}
