// A GraphicsContext's targets: reading a bitmap back as a Bitmap, and the pages of a PDF, SVG or
// PostScript document.
import CCairo
import Foundation
import GalleyText

extension GraphicsContext {
    /// The bitmap's pixels as a ``Bitmap`` (straight alpha; transparent where nothing was drawn).
    /// Like `makeImage()` of a bitmap `CGContext`.
    ///
    /// - Throws: ``GraphicsContextError/misuse(_:)`` on a document context, or cairo's error.
    public func makeImage() throws(GraphicsContextError) -> Bitmap {
        guard case .bitmap(let width, let height, _) = kind, let surface else {
            throw .misuse("makeImage() needs a bitmap context")
        }
        try check()
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("no image data") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let image = Self.straightBitmap(data, stride: stride, width: width, height: height) else {
            throw .cairo("cannot read the \(width)×\(height) surface")
        }
        return image
    }

    /// Starts a page of `size` points. The graphics state starts afresh on every page (the
    /// transform at the identity, no clip, black paint), as in CoreGraphics. Like `beginPDFPage`.
    ///
    /// - Throws: ``GraphicsContextError/misuse(_:)`` on a bitmap, with a page open, after
    ///   ``finishDocument()``, or for a second SVG page; ``GraphicsContextError/invalidSize(width:height:)``.
    public func beginPage(size: CGSize) throws(GraphicsContextError) {
        guard case .document(let format) = kind else { throw .misuse("pages belong to document contexts") }
        guard !finished else { throw .misuse("the document is finished") }
        guard !pageOpen else { throw .misuse("a page is already open (endPage first)") }
        guard format != .svg || pageCount == 0 else { throw .misuse("an SVG document has one page") }
        let w = Double(size.width), h = Double(size.height)
        // An SVG page has no PDF limits: any finite positive size (SVGWriter's canvases).
        let (least, most) = format == .svg ? (Double.leastNormalMagnitude, 1e7) : (1, 14_400)
        guard w.isFinite, h.isFinite, w >= least, h >= least, w <= most, h <= most else {
            throw .invalidSize(width: w, height: h)
        }
        if format == .svg {
            // The page's elements are the context's own; cairo only keeps the state, on a
            // recording surface of the page's extents that nothing is drawn into.
            var extents = cairo_rectangle_t(x: 0, y: 0, width: w, height: h)
            surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)
            cr = surface.map { cairo_create($0) }
            svgPage = SVGPage(width: w, height: h, rasterizer: rasterizer)
        } else if surface == nil {
            let closure = Unmanaged.passUnretained(sink).toOpaque()
            let made: OpaquePointer? =
                switch format {
                case .pdf: cairo_pdf_surface_create_for_stream(cairoAppendBytes, closure, w, h)
                case .postScript: cairo_ps_surface_create_for_stream(cairoAppendBytes, closure, w, h)
                case .svg: nil  // made above
                }
            guard let made else { throw .cairo("no surface") }
            surface = made
            if format == .pdf { cairo_pdf_surface_set_metadata(made, CAIRO_PDF_METADATA_CREATOR, "Galley") }
            cr = cairo_create(made)
        } else if let surface {
            if format == .pdf { cairo_pdf_surface_set_size(surface, w, h) }
            if format == .postScript { cairo_ps_surface_set_size(surface, w, h) }
        }
        if let surface, format != .svg {
            // What a format cannot draw natively (PostScript: translucency, such as a translucent
            // colour emoji's group) cairo draws as an image at the fallback resolution, and an
            // image side over 32,767 pixels fails the surface (CAIRO_STATUS_INVALID_SIZE): at
            // 300 ppi, cairo's default, a page over about 7,860 pt. A larger page gets less.
            let resolution = min(300, (Self.largestFallbackImageSide * 72 / max(w, h)).rounded(.down))
            cairo_surface_set_fallback_resolution(surface, resolution, resolution)
        }
        guard let cr else { throw .cairo("no context") }
        cairo_reset_clip(cr)
        cairo_new_path(cr)
        state = GraphicsState()
        savedStates = []
        pageSize = size
        pageOpen = true
        pageCount += 1
        setBase(height: h, scale: 1)
        try check()
    }

    /// Ends the page begun last. Like `endPDFPage`.
    ///
    /// - Throws: ``GraphicsContextError/misuse(_:)`` without an open page.
    public func endPage() throws(GraphicsContextError) {
        guard case .document = kind, pageOpen, let cr else { throw .misuse("no page is open") }
        while !layers.isEmpty { endTransparencyLayer() }
        while !savedStates.isEmpty { restoreGState() }
        if svgPage == nil { cairo_show_page(cr) }
        pageOpen = false
        try check()
    }

    /// Ends any open page and returns the document's bytes. Like `closePDF`;
    /// ``finishDocumentData()`` returns them as `Data`.
    ///
    /// - Throws: ``GraphicsContextError/misuse(_:)`` without a page or when already finished.
    public func finishDocumentBytes() throws(GraphicsContextError) -> [UInt8] {
        guard case .document = kind else { throw .misuse("finishDocumentBytes() needs a document context") }
        guard !finished else { throw .misuse("the document is finished") }
        guard pageCount > 0, let surface else { throw .misuse("the document has no page") }
        if pageOpen { try endPage() }
        finished = true
        if let cr { cairo_destroy(cr) }
        cr = nil
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        self.surface = nil
        cairoFaces.release()
        if let page = svgPage {
            svgPage = nil
            sink.bytes = Array(page.document().utf8)
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }

    /// The longest side, in pixels, that cairo's image surfaces take, less a margin: the bound of
    /// a page's fallback images.
    static let largestFallbackImageSide: Double = 32_000

    /// Device pixels per point: the bitmap's scale, or 1 on a page.
    var deviceScale: Double {
        if case .bitmap(_, _, let scale) = kind { return scale }
        return 1
    }
}
