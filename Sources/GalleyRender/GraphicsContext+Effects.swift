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

    /// Draws the shadow of the operation `body`: the operation recorded (a cairo recording
    /// surface, in device space) to learn its ink box; its coverage over that box (grown by the
    /// blur's reach) in an A8 image at ``shadowResolution``, blurred, masked in the shadow colour
    /// (times the global alpha) at the offset. Only the box is allocated, blurred and composited.
    func drawShadow(_ shadow: Shadow, of body: (OpaquePointer) -> Void) {
        guard let cr = drawable else { return }
        let k = shadowResolution
        let s = deviceScale
        let dx = Double(shadow.offset.width) * s
        let dy = Double(shadow.offset.height) * s * (origin == .bottomLeft ? -1 : 1)
        let sigma = min(Double(shadow.blur) * s * k / 2, 256)
        let margin = Double(Renderer.boxBlurRadii(sigma: sigma).reduce(0, +) + 1)
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else { return }
        defer { cairo_surface_destroy(recording) }
        guard let rc = cairo_create(recording) else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_set_matrix(rc, &m)
        Self.copyLineParameters(from: cr, to: rc)
        body(rc)
        cairo_destroy(rc)
        var x0 = 0.0, y0 = 0.0, iw = 0.0, ih = 0.0
        cairo_recording_surface_ink_extents(recording, &x0, &y0, &iw, &ih)
        guard iw > 0, ih > 0, [x0, y0, iw, ih].allSatisfy(\.isFinite) else { return }
        let left = (x0 * k).rounded(.down) - margin, top = (y0 * k).rounded(.down) - margin
        let w = ((x0 + iw) * k).rounded(.up) + margin - left, h = ((y0 + ih) * k).rounded(.up) + margin - top
        guard w >= 1, h >= 1, w * h <= Double(1 << 26),
            let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))
        else { return }
        defer { cairo_surface_destroy(mask) }
        guard let sc = cairo_create(mask) else { return }
        cairo_translate(sc, -left, -top)
        cairo_scale(sc, k, k)
        cairo_set_source_surface(sc, recording, 0, 0)
        cairo_paint(sc)
        cairo_destroy(sc)
        Self.blurAlpha(mask, sigma: sigma)
        guard let pattern = cairo_pattern_create_for_surface(mask) else { return }
        defer { cairo_pattern_destroy(pattern) }
        // Device → mask pixels: scaled by k, moved to the box and against the offset.
        var pm = cairo_matrix_t()
        cairo_matrix_init(&pm, k, 0, 0, k, -left - k * dx, -top - k * dy)
        cairo_pattern_set_matrix(pattern, &pm)
        if svgPage != nil {
            svgShadowImage(mask, k: k, x: left / k + dx, y: top / k + dy, color: shadow.color)
            return
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let c = shadow.color
        cairo_set_source_rgba(
            cr, Bitmap.unit(c.red), Bitmap.unit(c.green), Bitmap.unit(c.blue), Bitmap.unit(c.alpha) * state.alpha)
        cairo_set_operator(cr, Self.cairoOperator(state.blendMode))
        cairo_mask(cr, pattern)
        cairo_restore(cr)
    }

    /// Copies the line width, cap, join, miter limit and dash of `source` to `target`.
    static func copyLineParameters(from source: OpaquePointer, to target: OpaquePointer) {
        cairo_set_line_width(target, cairo_get_line_width(source))
        cairo_set_line_cap(target, cairo_get_line_cap(source))
        cairo_set_line_join(target, cairo_get_line_join(source))
        cairo_set_miter_limit(target, cairo_get_miter_limit(source))
        let dashes = Int(cairo_get_dash_count(source))
        if dashes > 0 {
            var values = [Double](repeating: 0, count: dashes)
            var phase = 0.0
            cairo_get_dash(source, &values, &phase)
            cairo_set_dash(target, values, Int32(dashes), phase)
        }
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
        svgPage?.beginGroup(clips: state.svgClips)
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
        let content = svgPage?.endGroup()
        let svg = { content }
        paint(svg: svg) { c in
            cairo_set_source(c, pattern)
            cairo_paint(c)
        }
    }
}
