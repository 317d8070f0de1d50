// A drawing context with CoreGraphics' model over cairo: a current transform, a graphics state
// stack, paths, clipping, colours, gradients, images, shadows, transparency layers and blend modes,
// on a bitmap or on the pages of a PDF, SVG or PostScript document.
import CCairo
import Foundation
import GalleyText

/// A canvas that draws as a `CGContext` does. Like CGContext (and, with ``Origin/topLeft``, like
/// the context `UIGraphicsImageRenderer` hands to UIKit code).
///
/// **Coordinates.** By default (``Origin/bottomLeft``) user space is CoreGraphics': points with
/// the origin at the bottom-left corner and y growing upward, so CoreText's frames and line
/// origins are drawn where they say. ``Origin/topLeft`` puts the origin at the top-left corner
/// with y growing downward, as UIKit does. Either way ``ctm`` starts as the identity: it is the
/// transform from user space to that base space, and ``translateBy(x:y:)``, ``scaleBy(x:y:)``,
/// ``rotate(by:)`` and ``concatenate(_:)`` change it. Angles are radians; a positive rotation
/// turns +x toward +y (counter-clockwise on screen when y is up, clockwise when y is down), and
/// `clockwise` in ``addArc(center:radius:startAngle:endAngle:clockwise:)`` means it in user space,
/// as in CoreGraphics.
///
/// **State.** ``saveGState()`` / ``restoreGState()`` keep the transform, the clip, the fill and
/// stroke colours, the global alpha, the line width, cap, join, miter limit and dash, the blend
/// mode, the shadow and the interpolation quality. The current path is not part of the state:
/// filling, stroking or clipping consumes it.
///
/// **Targets.** A bitmap (``init(width:height:scale:origin:)``, read back with ``makeImage()``),
/// or a document (``init(document:origin:)``) drawn page by page (``beginPage(size:)``,
/// ``endPage()``) and finished with ``finishDocument()``. Shapes, gradients, images and clipping
/// are cairo's on every target; blurred shadows are rasterised (cairo has no blur) and placed
/// as images on vector pages.
///
/// A context is a mutable reference, used from one thread at a time (like a CGContext); it is
/// not `Sendable`.
public final class GraphicsContext {
    /// Where user space starts and which way y grows.
    public enum Origin: Sendable, Hashable {
        /// CoreGraphics and CoreText: origin at the bottom-left, y up. The default.
        case bottomLeft
        /// UIKit (`UIGraphicsImageRenderer`): origin at the top-left, y down.
        case topLeft
    }

    /// The document formats a context can write.
    public enum DocumentFormat: Sendable, Hashable {
        /// PDF, several pages. Like `CGContext(consumer:mediaBox:)` for PDF.
        case pdf
        /// SVG, one page.
        case svg
        /// PostScript, several pages.
        case postScript
    }

    /// What the context draws into.
    enum Kind {
        case bitmap(width: Int, height: Int, scale: Double)
        case document(DocumentFormat)
    }

    let kind: Kind
    /// The context's base orientation.
    public let origin: Origin
    /// The cairo surface: an ARGB32 image, or the document's surface once the first page begins.
    var surface: OpaquePointer?
    /// The cairo context on ``surface``.
    var cr: OpaquePointer?
    /// The base transform from base space to cairo's device space (the flip and the scale).
    var base = cairo_matrix_t()
    /// The page being drawn: its size in points (for a bitmap, the bitmap's size in points).
    var pageSize = CGSize.zero
    var pageOpen = false
    var pageCount = 0
    var finished = false
    let sink = CairoByteSink()
    /// The cairo-ft faces of the document's text layer (shared with every other cairo document).
    let cairoFaces = CairoFontFaces()
    /// The glyphs of blurred text shadows on pages (drawn by the bitmap ``Renderer``): a
    /// ``PDFDocument``'s own rasterizer, else the shared one.
    var rasterizer = GlyphRasterizer.shared
    /// The SVG page being written (an SVG document context between its page's begin and the
    /// document's end), or nil.
    var svgPage: SVGPage?
    /// Galley's part of the graphics state, and the saved copies.
    var state = GraphicsState()
    var savedStates: [GraphicsState] = []
    /// How many transparency layers are open (each is a cairo group plus a saved state).
    var layers: [GraphicsState] = []
    /// The text matrix and text position: not part of the graphics state, as in CoreGraphics.
    public var textMatrix = AffineTransform.identity
    /// The text position (the origin of the next line or run drawn), in user space.
    public var textPosition = CGPoint.zero

    /// A bitmap context of `width` × `height` points at `scale` pixels per point, transparent.
    /// Like `CGContext(data: nil, width:height:bitsPerComponent: 8, …, premultipliedLast)`, or
    /// (with ``Origin/topLeft``) `UIGraphicsImageRenderer(size:format:)` with that scale.
    ///
    /// - Throws: ``GraphicsContextError/invalidSize(width:height:)`` unless the pixel size is a
    ///   valid ``Bitmap`` size.
    public init(width: CGFloat, height: CGFloat, scale: CGFloat = 1, origin: Origin = .bottomLeft)
        throws(GraphicsContextError)
    {
        let s = Double(scale)
        let pw = (Double(width) * s).rounded(.up), ph = (Double(height) * s).rounded(.up)
        guard s.isFinite, s > 0, pw.isFinite, ph.isFinite, pw >= 1, ph >= 1, pw <= 16384, ph <= 16384,
            pw * ph <= Double(Bitmap.maximumPixelCount)
        else { throw .invalidSize(width: Double(width), height: Double(height)) }
        kind = .bitmap(width: Int(pw), height: Int(ph), scale: s)
        self.origin = origin
        guard let made = SurfaceMemory.shared.imageSurface(width: Int(pw), height: Int(ph)) else {
            throw .cairo("cannot make a \(Int(pw))×\(Int(ph)) image surface")
        }
        surface = made
        cr = cairo_create(made)
        pageSize = CGSize(width: width, height: height)
        pageOpen = true
        setBase(height: Double(height), scale: s)
    }

    /// A document context; draw each page between ``beginPage(size:)`` and ``endPage()``, then
    /// call ``finishDocument()`` for the file's bytes. Like `CGContext(consumer:mediaBox:)` with
    /// `beginPDFPage` / `endPDFPage` / `closePDF`.
    public init(document format: DocumentFormat, origin: Origin = .bottomLeft) {
        kind = .document(format)
        self.origin = origin
    }

    deinit {
        if let cr { cairo_destroy(cr) }
        if let surface {
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
    }

    /// Sets cairo's matrix to the base transform of a page `height` points tall at `scale`.
    func setBase(height: Double, scale: Double) {
        switch origin {
        case .bottomLeft: cairo_matrix_init(&base, scale, 0, 0, -scale, 0, height * scale)
        case .topLeft: cairo_matrix_init(&base, scale, 0, 0, scale, 0, 0)
        }
        if let cr { cairo_set_matrix(cr, &base) }
    }

    /// The cairo context, or nil (and nothing is drawn) when no page is open.
    var drawable: OpaquePointer? { pageOpen ? cr : nil }

    /// The size of the bitmap or of the current page, in points.
    public var size: CGSize { pageSize }

    /// Throws cairo's error when the context or surface has one.
    func check() throws(GraphicsContextError) {
        if let cr, cairo_status(cr) != CAIRO_STATUS_SUCCESS {
            throw .cairo(String(cString: cairo_status_to_string(cairo_status(cr))))
        }
        if let surface, cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS {
            throw .cairo(String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
    }

    // MARK: - State

    /// Pushes a copy of the graphics state. Like `saveGState()`.
    public func saveGState() {
        savedStates.append(state)
        if let cr { cairo_save(cr) }
    }

    /// Pops the graphics state saved last; nothing when none is saved (as CoreGraphics ignores
    /// an unbalanced restore). Like `restoreGState()`.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        state = saved
        if let cr { cairo_restore(cr) }
    }

    // MARK: - Transform

    /// The current transform, from user space to the context's base space. Like `ctm`.
    public var ctm: AffineTransform {
        guard let cr else { return .identity }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        var inverseBase = base
        guard cairo_matrix_invert(&inverseBase) == CAIRO_STATUS_SUCCESS else { return .identity }
        var user = cairo_matrix_t()
        cairo_matrix_multiply(&user, &m, &inverseBase)
        return AffineTransform(m11: user.xx, m12: user.yx, m21: user.xy, m22: user.yy, tX: user.x0, tY: user.y0)
    }

    /// Moves the origin of user space. Like `translateBy(x:y:)`.
    public func translateBy(x: CGFloat, y: CGFloat) {
        guard let cr, x.isFinite, y.isFinite else { return }
        cairo_translate(cr, Double(x), Double(y))
    }

    /// Scales user space. Like `scaleBy(x:y:)`; a zero or non-finite factor is ignored.
    public func scaleBy(x: CGFloat, y: CGFloat) {
        guard let cr, x.isFinite, y.isFinite, x != 0, y != 0 else { return }
        cairo_scale(cr, Double(x), Double(y))
    }

    /// Rotates user space by `angle` radians (+x toward +y). Like `rotate(by:)`.
    public func rotate(by angle: CGFloat) {
        guard let cr, angle.isFinite else { return }
        cairo_rotate(cr, Double(angle))
    }

    /// Multiplies the current transform by `transform` (applied first). Like `concatenate(_:)`;
    /// a singular or non-finite transform is ignored.
    public func concatenate(_ transform: AffineTransform) {
        guard let cr else { return }
        var m = Self.cairoMatrix(transform)
        let values = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0]
        guard values.allSatisfy(\.isFinite), m.xx * m.yy - m.xy * m.yx != 0 else { return }
        cairo_transform(cr, &m)
    }

    /// A cairo matrix of an affine transform (x' = m11·x + m21·y + tX, y' = m12·x + m22·y + tY).
    static func cairoMatrix(_ t: AffineTransform) -> cairo_matrix_t {
        cairo_matrix_t(xx: t.m11, yx: t.m12, xy: t.m21, yy: t.m22, x0: t.tX, y0: t.tY)
    }
}

/// The bytes a cairo stream surface writes, collected in memory.
final class CairoByteSink {
    var bytes: [UInt8] = []
}

/// cairo's write callback: appends to the ``CairoByteSink`` passed as the closure.
func cairoAppendBytes(
    _ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32
) -> cairo_status_t {
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<CairoByteSink>.fromOpaque(closure).takeUnretainedValue()
    if let data, length > 0 { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
    return CAIRO_STATUS_SUCCESS
}
