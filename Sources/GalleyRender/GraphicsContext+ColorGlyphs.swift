// Colour glyphs (emoji: bitmap or layered glyphs without outlines) on a transformed bitmap context:
// drawn by the bitmap Renderer into an image at the resolution the transform needs, and that image
// drawn under the CTM, the one place where text is resampled (the issue allows it for emoji).
import Foundation
import GalleyFonts
import GalleyText

extension GraphicsContext {
    /// The most pixels the image of one run of colour glyphs may have (4 Mi).
    static let maximumColorGlyphPixels = 1 << 22

    /// Draws a run of colour glyphs: the run's glyph boxes (at their positions, moved by the text
    /// matrix's translation) are drawn by ``Renderer`` into a transparent image at this context's
    /// device scale times the CTM's scale (at most 8 pixels per point and
    /// ``maximumColorGlyphPixels``), which ``draw(_:in:)`` then places under the CTM. The text
    /// matrix's linear part is not applied to colour glyphs.
    func drawColorGlyphs(_ paint: GlyphPaint) {
        var box = CGRect.null
        for (glyph, position) in zip(paint.glyphs, paint.positions) {
            let b = paint.font.boundingRect(for: glyph)
            guard b.width > 0 || b.height > 0 else { continue }
            box = box.union(b.offsetBy(dx: position.x, dy: position.y))
        }
        guard !box.isNull, box.width < 1e5, box.height < 1e5, box.minX.isFinite, box.minY.isFinite else { return }
        box = box.insetBy(dx: -1, dy: -1)
        let t = ctm
        let ctmScale = abs(t.m11 * t.m22 - t.m12 * t.m21).squareRoot()
        let area = Double(box.width * box.height)
        let scale = min(
            8, max(deviceScale * ctmScale, 0.25),
            (Double(Self.maximumColorGlyphPixels) / max(area, 1)).squareRoot())
        let w = Int((Double(box.width) * scale).rounded(.up)), h = Int((Double(box.height) * scale).rounded(.up))
        guard w > 0, h > 0, var image = try? Bitmap(width: w, height: h, background: .clear) else { return }
        Renderer(scale: CGFloat(scale)).draw(
            PaintList([.glyphs(paint.offsetBy(dx: -box.minX, dy: -box.minY))]), into: &image)
        let placed = CGRect(
            x: box.minX + textMatrix.tX, y: box.minY + textMatrix.tY, width: CGFloat(Double(w) / scale),
            height: CGFloat(Double(h) / scale))
        let quality = state.interpolationQuality
        state.interpolationQuality = .high
        if origin == .bottomLeft {
            draw(image, in: placed)
        } else {
            // A y-down context draws images upright in its own space; glyphs are y-up, so flip.
            saveGState()
            translateBy(x: 0, y: placed.midY)
            scaleBy(x: 1, y: -1)
            translateBy(x: 0, y: -placed.midY)
            draw(image, in: placed)
            restoreGState()
        }
        state.interpolationQuality = quality
    }
}
