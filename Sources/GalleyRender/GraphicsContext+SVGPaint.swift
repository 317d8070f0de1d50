// How a GraphicsContext's operations become SVG elements on an SVG page: one compositing step
// (shadow, global alpha as an opacity group, blend mode as mix-blend-mode, the clip groups), clip
// paths, gradients as userSpaceOnUse gradients and, for what SVG cannot say, cairo's raster of it.
import CCairo
import Foundation
import GalleyText

extension GraphicsContext {
    /// The pixels per point of the images that stand in for operations SVG cannot express.
    static let svgFallbackResolution = 2.0

    /// Composites one operation on the SVG page: its shadow first (an image of the blurred
    /// coverage), then `element` (or, when it gives nil, cairo's raster of `body` over the clip;
    /// an empty element draws nothing), with the global alpha and blend mode, inside the clip
    /// groups of the state.
    func paintSVG(_ page: SVGPage, element: (() -> String?)?, body: (OpaquePointer) -> Void) {
        if let shadow = state.shadow, shadow.color.alpha > 0 { drawShadow(shadow, of: body) }
        // CSS has no copy or clear: copy draws as normal; clear cannot cut the page's paint.
        guard state.alpha > 0, state.blendMode != .clear else { return }
        guard let text = element?() ?? svgRaster(body), !text.isEmpty else { return }
        page.append(SVGPage.composited(text, alpha: state.alpha, blend: state.blendMode), clips: state.svgClips)
    }

    /// The current transform on cairo's scratch context (user space to the SVG page).
    var svgMatrix: cairo_matrix_t {
        var m = cairo_matrix_t()
        if let cr { cairo_get_matrix(cr, &m) }
        return m
    }

    /// cairo's drawing of `body` over the clip's device extents, as an `<image>` at
    /// ``svgFallbackResolution``.
    func svgRaster(_ body: (OpaquePointer) -> Void) -> String? {
        guard let cr = drawable else { return nil }
        let k = Self.svgFallbackResolution
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        cairo_restore(cr)
        let left = (x0 * k).rounded(.down), top = (y0 * k).rounded(.down)
        let w = Int((x1 * k).rounded(.up) - left), h = Int((y1 * k).rounded(.up) - top)
        guard w > 0, h > 0, w * h <= 1 << 24,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let c = cairo_create(surface) else { return nil }
        var device = cairo_matrix_t(xx: k, yx: 0, xy: 0, yy: k, x0: -left, y0: -top)
        var m = svgMatrix, full = cairo_matrix_t()
        cairo_matrix_multiply(&full, &m, &device)
        cairo_set_matrix(c, &full)
        Self.copyLineParameters(from: cr, to: c)
        body(c)
        cairo_destroy(c)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface),
            let image = Self.straightBitmap(
                data, stride: Int(cairo_image_surface_get_stride(surface)), width: w, height: h)
        else { return nil }
        return SVGPage.imageElement(
            image, matrix: cairo_matrix_t(xx: 1 / k, yx: 0, xy: 0, yy: 1 / k, x0: left / k, y0: top / k))
    }

    /// A blurred shadow's coloured mask (A8 `mask`, `k` pixels per device unit, pixel (0, 0) at
    /// device (`x`, `y`)) as an `<image>` on the SVG page, with the global alpha and blend mode.
    func svgShadowImage(_ mask: OpaquePointer, k: Double, x: Double, y: Double, color: Color) {
        guard let page = svgPage else { return }
        cairo_surface_flush(mask)
        let w = Int(cairo_image_surface_get_width(mask)), h = Int(cairo_image_surface_get_height(mask))
        let stride = Int(cairo_image_surface_get_stride(mask))
        guard let data = cairo_image_surface_get_data(mask) else { return }
        let p = Bitmap.Pixel(color)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for row in 0..<h {
            for col in 0..<w {
                let i = (row * w + col) * 4
                rgba[i] = p.red
                rgba[i + 1] = p.green
                rgba[i + 2] = p.blue
                rgba[i + 3] = UInt8((Double(data[row * stride + col]) * Bitmap.unit(color.alpha)).rounded())
            }
        }
        guard let image = try? Bitmap(width: w, height: h, pixels: rgba, background: .clear),
            let element = SVGPage.imageElement(
                image, matrix: cairo_matrix_t(xx: 1 / k, yx: 0, xy: 0, yy: 1 / k, x0: x, y0: y))
        else { return }
        page.append(SVGPage.composited(element, alpha: state.alpha, blend: state.blendMode), clips: state.svgClips)
    }

    /// Makes cairo's current path (user space) a `<clipPath>` of the SVG page and adds it to the
    /// state's clips (the path is left for cairo to clip with).
    func svgClip(evenOdd: Bool) {
        guard let page = svgPage, let cr, let path = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(path) }
        let id = page.makeID()
        let d = SVGPage.pathData(path)
        page.define(
            "<clipPath id=\"galley-clip-\(id)\"><path d=\"\(d.isEmpty ? "M0 0Z" : d)\"" + SVGPage.transform(svgMatrix)
                + (evenOdd ? " clip-rule=\"evenodd\"" : "") + "/></clipPath>")
        state.svgClips.append(id)
    }

    /// The gradient's stops as SVG `<stop>`s.
    static func svgStops(_ gradient: Gradient) -> String {
        zip(gradient.colors, gradient.locations).map { color, location in
            let p = Bitmap.Pixel(color)
            let a = Bitmap.unit(color.alpha)
            return "<stop offset=\"\(SVGPage.precise(Double(location)))\" stop-color=\"\(p.description.prefix(7))\""
                + (a < 1 ? " stop-opacity=\"\(SVGPage.precise(a))\"" : "") + "/>"
        }.joined()
    }

    /// A path covering the clip (in user space): its device extents mapped back by the CTM.
    func svgClipCover() -> String? {
        guard let cr else { return nil }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        cairo_restore(cr)
        var inverse = svgMatrix
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS, x1 > x0, y1 > y0 else { return nil }
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map { corner -> String in
            var (x, y) = corner
            cairo_matrix_transform_point(&inverse, &x, &y)
            return SVGWriter.number(x) + " " + SVGWriter.number(y)
        }
        return "M" + corners.joined(separator: "L") + "Z"
    }

    /// A linear gradient on the SVG page: a padded `<linearGradient>` filling the clip, or, for
    /// an unpadded side, the band of the axis it covers.
    func svgLinearGradient(
        _ gradient: Gradient, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, options: Gradient.DrawingOptions
    ) -> String? {
        guard let page = svgPage, var cover = svgClipCover() else { return nil }
        let both: Gradient.DrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        if options != both {
            let (dx, dy) = (x1 - x0, y1 - y0)
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return nil }
            let far = 1e5 / length
            let t0 = options.contains(.drawsBeforeStartLocation) ? -far : 0
            let t1 = options.contains(.drawsAfterEndLocation) ? 1 + far : 1
            let (px, py) = (-dy * far, dx * far)
            let band = [(t0, 1.0), (t1, 1.0), (t1, -1.0), (t0, -1.0)].map { t, side in
                SVGWriter.number(x0 + t * dx + side * px) + " " + SVGWriter.number(y0 + t * dy + side * py)
            }
            cover = "M" + band.joined(separator: "L") + "Z"
        }
        let id = page.makeID()
        page.define(
            "<linearGradient id=\"galley-gradient-\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(SVGWriter.number(x0))\" "
                + "y1=\"\(SVGWriter.number(y0))\" x2=\"\(SVGWriter.number(x1))\" y2=\"\(SVGWriter.number(y1))\">"
                + Self.svgStops(gradient) + "</linearGradient>")
        return "<path d=\"\(cover)\"" + SVGPage.transform(svgMatrix) + " fill=\"url(#galley-gradient-\(id))\"/>\n"
    }

    /// A radial gradient on the SVG page when SVG can say it: padded on both sides over the clip,
    /// or unpadded from a start circle inside the end circle (the ring between them). Nil
    /// otherwise (one side padded, or circles that do not nest): drawn as cairo's raster.
    func svgRadialGradient(
        _ gradient: Gradient, start: (Double, Double, Double), end: (Double, Double, Double),
        options: Gradient.DrawingOptions
    ) -> String? {
        guard let page = svgPage, let cover = svgClipCover() else { return nil }
        let both: Gradient.DrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        let distance = ((end.0 - start.0) * (end.0 - start.0) + (end.1 - start.1) * (end.1 - start.1)).squareRoot()
        let nested = distance + start.2 <= end.2
        guard options == both || (options.isEmpty && nested), end.2 > 0 else { return nil }
        var area = cover
        if options.isEmpty {
            func circle(_ c: (Double, Double, Double)) -> String {
                let (y, r) = (SVGWriter.number(c.1), SVGWriter.number(c.2))
                return "M\(SVGWriter.number(c.0 + c.2)) \(y)A\(r) \(r) 0 1 0 \(SVGWriter.number(c.0 - c.2)) \(y)"
                    + "A\(r) \(r) 0 1 0 \(SVGWriter.number(c.0 + c.2)) \(y)Z"
            }
            area = circle(end) + (start.2 > 0 ? circle(start) : "")
        }
        let id = page.makeID()
        page.define(
            "<radialGradient id=\"galley-gradient-\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(SVGWriter.number(end.0))\" "
                + "cy=\"\(SVGWriter.number(end.1))\" r=\"\(SVGWriter.number(end.2))\" fx=\"\(SVGWriter.number(start.0))\" "
                + "fy=\"\(SVGWriter.number(start.1))\" fr=\"\(SVGWriter.number(start.2))\">" + Self.svgStops(gradient)
                + "</radialGradient>")
        return "<path d=\"\(area)\"" + SVGPage.transform(svgMatrix) + (options.isEmpty ? " fill-rule=\"evenodd\"" : "")
            + " fill=\"url(#galley-gradient-\(id))\"/>\n"
    }
}
