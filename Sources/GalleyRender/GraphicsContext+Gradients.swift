// A GraphicsContext's gradients and images: linear and radial gradients filling the clip, and
// bitmaps drawn into rectangles with the chosen interpolation.
import CCairo
import Foundation
import GalleyText

extension GraphicsContext {
    /// Fills the clip with a linear gradient from `start` to `end` (user space): colours are
    /// constant along lines perpendicular to start–end; before the start and after the end
    /// nothing is painted unless `options` asks. Like `drawLinearGradient(_:start:end:options:)`.
    public func drawLinearGradient(
        _ gradient: Gradient, start: CGPoint, end: CGPoint, options: Gradient.DrawingOptions = []
    ) {
        guard Self.finite(start), Self.finite(end), !gradient.colors.isEmpty else { return }
        let x0 = Double(start.x), y0 = Double(start.y), x1 = Double(end.x), y1 = Double(end.y)
        let isBitmap = !isDocument
        let svg = { self.svgLinearGradient(gradient, x0, y0, x1, y1, options: options) }
        paint(svg: svg) { c in
            let both: Gradient.DrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
            // Padding changes nothing when the whole clip lies between the start and end lines;
            // it lets cairo see an opaque gradient and copy it instead of compositing it.
            let pad = !options.isEmpty || Self.clipWithinAxis(c, x0, y0, x1, y1)
            if isBitmap, pad, options.isEmpty || options == both,
                let ramp = Self.linearRamp(gradient, x0, y0, x1, y1, on: c)
            {
                defer { cairo_pattern_destroy(ramp) }
                cairo_set_source(c, ramp)
                cairo_paint(c)
                return
            }
            guard let pattern = cairo_pattern_create_linear(x0, y0, x1, y1) else { return }
            defer { cairo_pattern_destroy(pattern) }
            Self.addStops(gradient, to: pattern)
            cairo_pattern_set_extend(pattern, pad ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
            if !options.isEmpty, options != both {
                // One side only: pad, but clip away the half-plane beyond the other end.
                let (dx, dy) = (x1 - x0, y1 - y0)
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 0 else { return }
                let (ux, uy) = (dx / length, dy / length)
                let far = 1e7
                let (px, py) = options.contains(.drawsAfterEndLocation) ? (x0, y0) : (x1, y1)
                let sign = options.contains(.drawsAfterEndLocation) ? 1.0 : -1.0
                cairo_new_path(c)
                cairo_move_to(c, px - uy * far, py + ux * far)
                cairo_line_to(c, px + uy * far, py - ux * far)
                cairo_line_to(c, px + uy * far + sign * ux * far, py - ux * far + sign * uy * far)
                cairo_line_to(c, px - uy * far + sign * ux * far, py + ux * far + sign * uy * far)
                cairo_close_path(c)
                cairo_clip(c)
            }
            cairo_set_source(c, pattern)
            cairo_paint(c)
        }
    }

    /// The entries of a colour ramp: ``linearRamp(_:_:_:_:_:)``.
    static let rampEntries = 4096

    /// A padded linear gradient of opaque colours as cairo draws it on a bitmap, made cheaper: a
    /// 1-D ramp of ``rampEntries`` premultiplied ARGB32 colours (each the gradient's colour at
    /// its entry's centre, interpolated between the stops in sRGB-encoded values, as cairo's
    /// gradients are) stretched along the axis from (`x0`, `y0`) to (`x1`, `y1`) (user space),
    /// sampled nearest and padded. A pixel's colour is then the gradient's at a t at most half an
    /// entry (1/8192) from its own: within one 8-bit level of pixman's gradient, whose walker
    /// costs about three times as much per pixel. Nil (draw cairo's gradient) for translucent
    /// colours, stops closer than 1/256 (near-hard edges, where half an entry could move an edge
    /// by a pixel), an axis shorter than a point, or where pixman's 16.16 fixed-point sampling
    /// could not hold the ramp's coordinates over the clip of `c` (a short axis on a large page:
    /// ``rampFitsPixman(_:_:)``).
    static func linearRamp(
        _ gradient: Gradient, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, on c: OpaquePointer
    ) -> OpaquePointer? {
        let (dx, dy) = (x1 - x0, y1 - y0)
        let length2 = dx * dx + dy * dy
        let colors = gradient.colors, locations = gradient.locations.map(Double.init)
        guard length2 >= 1, length2.isFinite, !colors.isEmpty, colors.allSatisfy({ $0.alpha >= 1 }) else {
            return nil
        }
        let n = rampEntries
        // Pattern space from user space: u = n·t along the axis, v the distance across it, in
        // user units (any invertible map would do: the one row is padded).
        let k = Double(n) / length2, length = length2.squareRoot()
        var m = cairo_matrix_t(
            xx: k * dx, yx: -dy / length, xy: k * dy, yy: dx / length, x0: -k * (x0 * dx + y0 * dy),
            y0: (dy * x0 - dx * y0) / length + 0.5)
        guard rampFitsPixman(m, c) else { return nil }
        for i in 1..<max(locations.count, 1) where locations[i] - locations[i - 1] < 1.0 / 256 {
            // Equal locations at either end only repeat the end colour; elsewhere they are an edge.
            guard locations[i] <= 0 || locations[i - 1] >= 1 else { return nil }
        }
        guard let ramp = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(n), 1),
            cairo_surface_status(ramp) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(ramp)
        else { return nil }
        defer { cairo_surface_destroy(ramp) }
        let channels = colors.map { [Bitmap.unit($0.red), Bitmap.unit($0.green), Bitmap.unit($0.blue)] }
        let words = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        var stop = 0
        for i in 0..<n {
            let t = (Double(i) + 0.5) / Double(n)
            while stop + 1 < locations.count, locations[stop + 1] <= t { stop += 1 }
            let rgb: [Double]
            if t <= locations[0] {
                rgb = channels[0]
            } else if stop + 1 >= locations.count {
                rgb = channels[stop]
            } else {
                let f = (t - locations[stop]) / (locations[stop + 1] - locations[stop])
                rgb = (0..<3).map { channels[stop][$0] + (channels[stop + 1][$0] - channels[stop][$0]) * f }
            }
            let bytes = rgb.map { UInt32(min(max($0, 0), 1) * 255 + 0.5) }
            words[i] = 0xFF00_0000 | bytes[0] << 16 | bytes[1] << 8 | bytes[2]
        }
        cairo_surface_mark_dirty(ramp)
        guard let pattern = cairo_pattern_create_for_surface(ramp) else { return nil }
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        return pattern
    }

    /// Whether pixman, which samples a pattern through a 16.16 fixed-point transform, can take
    /// the ramp's user-to-pattern matrix `m` on `c`: the device-to-pattern matrix (`m` after the
    /// inverse of the CTM) has entries within ±8192 and maps the corners of the clip's extents
    /// within ±16384, far inside fixed point's ±32768 (else coordinates wrap and the ramp shows
    /// garbage).
    static func rampFitsPixman(_ m: cairo_matrix_t, _ c: OpaquePointer) -> Bool {
        var user = cairo_matrix_t()
        cairo_get_matrix(c, &user)
        guard cairo_matrix_invert(&user) == CAIRO_STATUS_SUCCESS else { return false }
        var m = m, device = cairo_matrix_t()
        cairo_matrix_multiply(&device, &user, &m)
        let entries = [device.xx, device.yx, device.xy, device.yy]
        guard entries.allSatisfy({ $0.isFinite && abs($0) <= 8192 }), m.xx * m.yy - m.xy * m.yx != 0 else {
            return false
        }
        var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
        cairo_clip_extents(c, &cx0, &cy0, &cx1, &cy1)
        for (x, y) in [(cx0, cy0), (cx1, cy0), (cx0, cy1), (cx1, cy1)] {
            let u = m.xx * x + m.xy * y + m.x0, v = m.yx * x + m.yy * y + m.y0
            guard u.isFinite, v.isFinite, abs(u) <= 16384, abs(v) <= 16384 else { return false }
        }
        return true
    }

    /// Whether every point of the clip's extents (user space) lies between the lines through
    /// (`x0`, `y0`) and (`x1`, `y1`) perpendicular to the axis between them (0 ≤ t ≤ 1): t is
    /// affine, so checking the extents' four corners is enough.
    static func clipWithinAxis(_ c: OpaquePointer, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
        let (dx, dy) = (x1 - x0, y1 - y0)
        let length2 = dx * dx + dy * dy
        guard length2 > 0, length2.isFinite else { return false }
        var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
        cairo_clip_extents(c, &cx0, &cy0, &cx1, &cy1)
        for (x, y) in [(cx0, cy0), (cx1, cy0), (cx0, cy1), (cx1, cy1)] {
            let t = ((x - x0) * dx + (y - y0) * dy) / length2
            guard t >= 0, t <= 1 else { return false }
        }
        return true
    }

    /// Fills the clip with a radial gradient between the circle (`startCenter`, `startRadius`)
    /// and the circle (`endCenter`, `endRadius`). Like
    /// `drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`:
    /// ``Gradient/DrawingOptions/drawsBeforeStartLocation`` extends the start colour to the circles
    /// before the start circle (t < 0), ``Gradient/DrawingOptions/drawsAfterEndLocation`` the end
    /// colour to those after the end circle (t > 1), each on its own. (cairo pads both sides at
    /// once, so one side alone is an unpadded gradient over a longer run of the same circles:
    /// ``oneSidedRadial(_:start:end:afterEnd:reach:)``.)
    public func drawRadialGradient(
        _ gradient: Gradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: Gradient.DrawingOptions = []
    ) {
        guard Self.finite(startCenter), Self.finite(endCenter), startRadius.isFinite, endRadius.isFinite,
            startRadius >= 0, endRadius >= 0, !gradient.colors.isEmpty
        else { return }
        let svg = {
            self.svgRadialGradient(
                gradient, start: (Double(startCenter.x), Double(startCenter.y), Double(startRadius)),
                end: (Double(endCenter.x), Double(endCenter.y), Double(endRadius)), options: options)
        }
        paint(svg: svg) { c in
            guard
                let pattern = cairo_pattern_create_radial(
                    Double(startCenter.x), Double(startCenter.y), Double(startRadius), Double(endCenter.x),
                    Double(endCenter.y), Double(endRadius))
            else { return }
            defer { cairo_pattern_destroy(pattern) }
            let both: Gradient.DrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
            if options.isEmpty || options == both {
                Self.addStops(gradient, to: pattern)
                cairo_pattern_set_extend(pattern, options.isEmpty ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD)
                cairo_set_source(c, pattern)
            } else {
                var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
                cairo_clip_extents(c, &x0, &y0, &x1, &y1)
                let reach = max(abs(x0), abs(x1), abs(y0), abs(y1)) * 2 + 1
                guard
                    let one = Self.oneSidedRadial(
                        gradient, start: (Double(startCenter.x), Double(startCenter.y), Double(startRadius)),
                        end: (Double(endCenter.x), Double(endCenter.y), Double(endRadius)),
                        afterEnd: options.contains(.drawsAfterEndLocation), reach: reach)
                else { return }
                cairo_set_source(c, one)
                cairo_pattern_destroy(one)
            }
            cairo_paint(c)
        }
    }

    /// A radial gradient padded on one side only: the same family of circles
    /// c(t) = c₀ + t·(c₁ − c₀), r(t) = r₀ + t·(r₁ − r₀), drawn unpadded from t = 0 to a far T (after
    /// the end) or from a far −T to t = 1 (before the start), its stops moved to where t falls on
    /// the longer run and the end (or start) colour held to the far end. T goes as far as the
    /// radius stays positive and until the circles reach `reach` (user units), at most 64 (so the
    /// original run keeps over a thousand of the gradient's 65536 steps).
    static func oneSidedRadial(
        _ gradient: Gradient, start: (x: Double, y: Double, r: Double), end: (x: Double, y: Double, r: Double),
        afterEnd: Bool, reach: Double
    ) -> OpaquePointer? {
        let (dx, dy, dr) = (end.x - start.x, end.y - start.y, end.r - start.r)
        let grow = (afterEnd ? dr : -dr) - (dx * dx + dy * dy).squareRoot()
        var far = grow > 0 ? 1 + (reach + abs(start.x) + abs(start.y)) / grow : 64
        // The radius reaches 0 at t = −r₀/dr: no circle exists past it.
        if afterEnd, dr < 0 { far = min(far, -start.r / dr) }
        if !afterEnd, dr > 0 { far = min(far, 1 + start.r / dr) }
        far = max(1, min(far, 64))
        let (t0, t1) = afterEnd ? (0.0, far) : (1 - far, 1.0)
        guard
            let pattern = cairo_pattern_create_radial(
                start.x + t0 * dx, start.y + t0 * dy, start.r + t0 * dr, start.x + t1 * dx, start.y + t1 * dy,
                start.r + t1 * dr)
        else { return nil }
        let span = t1 - t0
        let stops = Array(zip(gradient.colors, gradient.locations))
        func add(_ color: Color, at t: Double) {
            cairo_pattern_add_color_stop_rgba(
                pattern, (t - t0) / span, Bitmap.unit(color.red), Bitmap.unit(color.green), Bitmap.unit(color.blue),
                Bitmap.unit(color.alpha))
        }
        if !afterEnd, let first = stops.first { add(first.0, at: t0) }
        for (color, location) in stops { add(color, at: Double(location)) }
        if afterEnd, let last = stops.last { add(last.0, at: t1) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        return pattern
    }

    static func addStops(_ gradient: Gradient, to pattern: OpaquePointer) {
        for (color, location) in zip(gradient.colors, gradient.locations) {
            cairo_pattern_add_color_stop_rgba(
                pattern, Double(location), Bitmap.unit(color.red), Bitmap.unit(color.green), Bitmap.unit(color.blue),
                Bitmap.unit(color.alpha))
        }
    }

    /// Draws `image` scaled into `rect` (user space), upright in the context's base orientation:
    /// in a y-up context its top row lies along the rect's top (maxY) edge, as `CGContext.draw(_:in:)`
    /// draws a CGImage; in a y-down context along its minY edge, as `UIImage.draw(in:)` does.
    /// Filtered as ``interpolationQuality`` says. Like `draw(_:in:)`.
    public func draw(_ image: Bitmap, in rect: CGRect) {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0
        else { return }
        let filter: cairo_filter_t =
            switch state.interpolationQuality {
            case .none: CAIRO_FILTER_NEAREST
            case .low: CAIRO_FILTER_FAST
            case .default, .medium: CAIRO_FILTER_GOOD
            case .high: CAIRO_FILTER_BEST
            }
        let flipped = origin == .bottomLeft
        guard let surface = CairoPainter.imageSurface(image) else { return }
        defer { cairo_surface_destroy(surface) }
        let svg = {
            var m = self.svgMatrix
            cairo_matrix_translate(&m, Double(r.minX), Double(flipped ? r.maxY : r.minY))
            cairo_matrix_scale(
                &m, Double(r.width) / Double(image.width), (flipped ? -1 : 1) * Double(r.height) / Double(image.height))
            let smooth = filter != CAIRO_FILTER_NEAREST
            guard smooth, let page = self.svgPage else { return SVGPage.imageElement(image, matrix: m, smooth: smooth) }
            let id = page.makeID()
            page.define(
                "<clipPath id=\"galley-clip-\(id)\"><rect width=\"\(image.width)\" height=\"\(image.height)\"/></clipPath>"
            )
            return SVGPage.imageElement(image, matrix: m, clipID: id)
        }
        paint(svg: svg) { c in
            cairo_translate(c, Double(r.minX), Double(flipped ? r.maxY : r.minY))
            cairo_scale(
                c, Double(r.width) / Double(image.width), (flipped ? -1 : 1) * Double(r.height) / Double(image.height))
            cairo_set_source_surface(c, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(c), filter)
            cairo_rectangle(c, 0, 0, Double(image.width), Double(image.height))
            cairo_fill(c)
        }
    }
}
