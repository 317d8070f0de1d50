// Text shadows in a cairo page: cairo has no blur, so a blurred shadow is drawn by Galley's bitmap
// renderer into an image placed on the page; an unblurred one is the glyph outlines, filled.
import CCairo
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

extension CairoPainter {
    /// The most pixels a shadow image may have (4 Mi, 16 MiB); larger shadows get fewer pixels per point.
    static let maximumShadowPixels = 1 << 22
    /// The resolution of shadow images, where ``maximumShadowPixels`` allows.
    static let shadowPixelsPerPoint = 4.0

    /// Draws a run's shadow. Blur radius 0 (and no colour glyphs): the glyph outlines
    /// (`cairo_glyph_path`, so the shadow adds no text) moved by the offset and filled in the
    /// shadow colour, emboldening and stroke included, vector and exact (overlaps of fill and
    /// stroke painted twice when the colour is translucent). Otherwise the bitmap ``Renderer`` draws
    /// the shadow alone (same blur, same offset) at ``shadowPixelsPerPoint`` into a transparent
    /// image covering the run's ink grown by the blur's reach, and the image is placed on the page.
    func drawShadow(_ shadow: ShadowPaint) {
        guard shadow.color.alpha > 0 else { return }
        let dx = Double(shadow.offset.width), dy = Double(shadow.offset.height)
        guard dx.isFinite, dy.isFinite, abs(dx) < 1e5, abs(dy) < 1e5 else { return }
        if shadow.blurRadius <= 0, !shadow.glyphs.font.hasColorGlyphs {
            guard selectFont(shadow.glyphs) else { return }
            let shift = Self.emboldeningShift(shadow.glyphs)
            var glyphs = cairoGlyphs(shadow.glyphs, dx: dx + shift.dx, dy: dy + shift.dy)
            cairo_new_path(cr)
            cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
            setColor(shadow.color)
            let bold = Self.emboldening(shadow.glyphs.font)
            if shadow.glyphs.fills {
                cairo_fill_preserve(cr)
                if bold > 0 {
                    cairo_set_line_width(cr, bold)
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
                    cairo_stroke_preserve(cr)
                }
            }
            if let stroke = shadow.glyphs.stroke, stroke.width > 0, stroke.width.isFinite {
                cairo_set_line_width(cr, Double(stroke.width) + bold)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke_preserve(cr)
            }
            cairo_new_path(cr)
            return
        }
        drawRasterShadow(shadow)
    }

    /// The y-up box that a shadow's pixels can reach: each glyph's bounding box at its position,
    /// grown by the slant, synthetic bold and stroke, moved by the offset, grown by 3 σ of the blur.
    static func shadowBox(_ shadow: ShadowPaint) -> CGRect? {
        let paint = shadow.glyphs
        var box = CGRect.null
        for (glyph, position) in zip(paint.glyphs, paint.positions) {
            var b = paint.font.boundingRect(for: glyph)
            guard b.width > 0 || b.height > 0 else { continue }
            b = CGRect(x: b.minX * paint.xScale, y: b.minY, width: b.width * paint.xScale, height: b.height)
            box = box.union(b.offsetBy(dx: position.x, dy: position.y))
        }
        guard !box.isNull, box.minX.isFinite, box.maxY.isFinite else { return nil }
        let slant = (abs(paint.skew) + GlyphSynthesis.obliqueShear) * Double(max(abs(box.minY), abs(box.maxY)))
        let grow = slant + Double(paint.font.size) / 12 + Double(paint.stroke?.width ?? 0) + 1
        let reach = 1.5 * Double(shadow.blurRadius) + 2
        return box.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(
            dx: -(grow + reach), dy: -(grow + reach))
    }

    /// A blurred shadow: drawn by the bitmap renderer into a transparent image, placed on the page.
    func drawRasterShadow(_ shadow: ShadowPaint) {
        guard let box = Self.shadowBox(shadow), box.width < 1e5, box.height < 1e5 else { return }
        let area = Double(box.width * box.height)
        let scale = min(Self.shadowPixelsPerPoint, (Double(Self.maximumShadowPixels) / max(area, 1)).squareRoot())
        let w = Int((Double(box.width) * scale).rounded(.up)), h = Int((Double(box.height) * scale).rounded(.up))
        guard w > 0, h > 0, var image = try? Bitmap(width: w, height: h, background: .clear) else { return }
        let moved = shadow.glyphs.offsetBy(dx: -box.minX, dy: -box.minY)
        let list = PaintList([
            .shadow(
                ShadowPaint(glyphs: moved, offset: shadow.offset, blurRadius: shadow.blurRadius, color: shadow.color))
        ])
        Renderer(scale: CGFloat(scale), rasterizer: rasterizer).draw(list, into: &image)
        drawImage(
            image,
            in: CGRect(x: box.minX, y: box.minY, width: CGFloat(Double(w) / scale), height: CGFloat(Double(h) / scale)))
    }
}
