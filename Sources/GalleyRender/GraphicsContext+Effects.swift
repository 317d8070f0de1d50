// A GraphicsContext's effects: shadows (cairo has none, so an operation's coverage is drawn into
// an alpha image, blurred with the renderer's Gaussian approximation and masked in the shadow colour)
// and transparency layers (cairo groups composited with the state's alpha, blend mode and shadow).
import CCairo
import Foundation
import GalleyText

extension GraphicsContext {
    /// Every later drawing operation casts this shadow: `offset` in base space (not transformed
    /// by the CTM), `blur` the radius in base-space points (σ = blur / 2), in `color`. Like
    /// `setShadow(offset:blur:color:)`.
    public func setShadow(offset: CGSize, blur: CGFloat, color: Color) {
        guard offset.width.isFinite, offset.height.isFinite, blur.isFinite else { return }
        state.shadow = Shadow(offset: offset, blur: max(blur, 0), color: color)
    }

    /// Every later drawing operation casts no shadow.
    public func clearShadow() { state.shadow = nil }

    /// The current shadow, or nil.
    public var shadow: Shadow? { state.shadow }

    /// The pixels of the shadow image per device unit: 1 on a bitmap (its own pixels), 2 per
    /// point on a document page (at most 16 Mi pixels).
    var shadowResolution: Double {
        guard case .document = kind else { return 1 }
        let area = Double(pageSize.width * pageSize.height)
        return min(2, (Double(1 << 24) / max(area, 1)).squareRoot())
    }

    /// Draws the shadow of the operation `body`: its coverage in an A8 image over the whole
    /// device, blurred, masked in the shadow colour (times the global alpha) at the offset.
    func drawShadow(_ shadow: Shadow, of body: (OpaquePointer) -> Void) {
        guard let cr = drawable else { return }
        let k = shadowResolution
        let deviceWidth: Double, deviceHeight: Double
        if case .bitmap(let w, let h, _) = kind {
            (deviceWidth, deviceHeight) = (Double(w), Double(h))
        } else {
            (deviceWidth, deviceHeight) = (Double(pageSize.width), Double(pageSize.height))
        }
        let s = deviceScale
        let dx = Double(shadow.offset.width) * s
        let dy = Double(shadow.offset.height) * s * (origin == .bottomLeft ? -1 : 1)
        let sigma = min(Double(shadow.blur) * s * k / 2, 256)
        let margin = Renderer.boxBlurRadii(sigma: sigma).reduce(0, +)
        let w = Int((deviceWidth * k).rounded(.up)) + 2 * margin, h = Int((deviceHeight * k).rounded(.up)) + 2 * margin
        guard w * h <= 1 << 26, let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)) else {
            return
        }
        defer { cairo_surface_destroy(mask) }
        guard let sc = cairo_create(mask) else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        var device = cairo_matrix_t()
        cairo_matrix_init(&device, k, 0, 0, k, Double(margin), Double(margin))
        var combined = cairo_matrix_t()
        cairo_matrix_multiply(&combined, &m, &device)
        cairo_set_matrix(sc, &combined)
        cairo_set_line_width(sc, cairo_get_line_width(cr))
        cairo_set_line_cap(sc, cairo_get_line_cap(cr))
        cairo_set_line_join(sc, cairo_get_line_join(cr))
        cairo_set_miter_limit(sc, cairo_get_miter_limit(cr))
        let dashes = Int(cairo_get_dash_count(cr))
        if dashes > 0 {
            var values = [Double](repeating: 0, count: dashes)
            var phase = 0.0
            cairo_get_dash(cr, &values, &phase)
            cairo_set_dash(sc, values, Int32(dashes), phase)
        }
        body(sc)
        cairo_destroy(sc)
        Self.blurAlpha(mask, sigma: sigma)
        guard let pattern = cairo_pattern_create_for_surface(mask) else { return }
        defer { cairo_pattern_destroy(pattern) }
        // Device → mask pixels: scaled by k, moved by the margin and against the offset.
        var pm = cairo_matrix_t()
        cairo_matrix_init(&pm, k, 0, 0, k, Double(margin) - k * dx, Double(margin) - k * dy)
        cairo_pattern_set_matrix(pattern, &pm)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let c = shadow.color
        cairo_set_source_rgba(
            cr, Bitmap.unit(c.red), Bitmap.unit(c.green), Bitmap.unit(c.blue), Bitmap.unit(c.alpha) * state.alpha)
        cairo_set_operator(cr, Self.cairoOperator(state.blendMode))
        cairo_mask(cr, pattern)
        cairo_restore(cr)
    }

    /// Blurs an A8 surface in place with three box blurs approximating a Gaussian of `sigma` pixels.
    static func blurAlpha(_ surface: OpaquePointer, sigma: Double) {
        let radii = Renderer.boxBlurRadii(sigma: sigma)
        guard !radii.isEmpty else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var samples = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w { samples[y * w + x] = Float(data[y * stride + x]) }
        }
        for r in radii where r > 0 { Renderer.boxBlur(&samples, width: w, height: h, radius: r) }
        for y in 0..<h {
            for x in 0..<w { data[y * stride + x] = UInt8(min(max(samples[y * w + x].rounded(), 0), 255)) }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Starts a transparency layer: what is drawn until ``endTransparencyLayer()`` is composited
    /// as one image, with the alpha, blend mode and shadow current now (inside the layer they start
    /// at 1, normal and none). Like `beginTransparencyLayer(auxiliaryInfo:)`.
    public func beginTransparencyLayer() {
        guard let cr = drawable else { return }
        layers.append(state)
        savedStates.append(state)
        cairo_push_group(cr)
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
    }

    /// Ends the layer begun last and composites it. Like `endTransparencyLayer()`.
    public func endTransparencyLayer() {
        guard let cr, let outer = layers.popLast() else { return }
        _ = savedStates.popLast()
        guard let pattern = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(pattern) }
        state = outer
        paint { c in
            cairo_set_source(c, pattern)
            cairo_paint(c)
        }
    }
}
