// Text on a GraphicsContext's document pages as text: each glyph run shown by cairo with its text
// and cluster map (CairoPainter's drawRun), under the context's CTM and text matrix, so a PDF's
// text stays searchable and copyable, in embedded font subsets, however the page is transformed.
import CCairo
import Foundation
import GalleyLayout

extension GraphicsContext {
    /// Draws a glyph run as text on a page: ``CairoPainter/drawRun(_:)`` (`cairo_show_text_glyphs`
    /// with the run's clusters, synthetic bold and the run's stroke), composited as every operation
    /// is (alpha, blend mode, the context's shadow); a linked run is a link annotation.
    func drawTextLayer(_ paint: GlyphPaint, text: [UInt16]) {
        withTextPainter(text: text) { painter in
            if let link = paint.link { cairo_tag_begin(painter.cr, "Link", CairoPainter.linkAttributes(link)) }
            painter.drawRun(paint)
            if paint.link != nil { cairo_tag_end(painter.cr, "Link") }
        }
    }

    /// Draws a run's text shadow on a page as ``CairoPainter/drawShadow(_:)`` does (outlines when
    /// unblurred; a blurred one as the bitmap renderer's image of it).
    func drawTextLayerShadow(_ shadow: ShadowPaint, text: [UInt16]) {
        withTextPainter(text: text) { painter in painter.drawShadow(shadow) }
    }

    /// Runs `body` with a ``CairoPainter`` whose user space is this context's user space flipped
    /// (y down, as the painter's pages are: its page height is 0, so a y-up point (x, y) is the
    /// painter's (x, −y)), moved by the text matrix's translation, with the text matrix's linear
    /// part as the painter's glyph transform (conjugated by the flip).
    /// On an SVG page `svg` gives the element (the painter then draws only for shadows and rasters).
    func withTextPainter(text: [UInt16], svg: (() -> String?)? = nil, _ body: (CairoPainter) -> Void) {
        let m = textMatrix
        let (faces, rasterizer) = (cairoFaces, rasterizer)
        paint(svg: svg) { c in
            cairo_translate(c, m.tX, m.tY)
            cairo_scale(c, 1, -1)
            var painter = CairoPainter(cr: c, pageHeight: 0, text: text, faces: faces, rasterizer: rasterizer)
            if m != .identity {
                // F · T · F with F = diag(1, −1): x' = m11·x − m21·y, y' = −m12·x + m22·y.
                painter.glyphTransform = cairo_matrix_t(xx: m.m11, yx: -m.m12, xy: -m.m21, yy: m.m22, x0: 0, y0: 0)
            }
            body(painter)
        }
    }
}

extension PaintList {
    /// The list without its placeholders, and the placeholders in order.
    func splitPlaceholders() -> (PaintList, [Placeholder]) {
        var rest: [PaintOperation] = []
        var placeholders: [Placeholder] = []
        for operation in operations {
            if case .placeholder(let p) = operation { placeholders.append(p) } else { rest.append(operation) }
        }
        return (PaintList(rest), placeholders)
    }
}
