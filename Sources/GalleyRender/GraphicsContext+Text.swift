// Text into a GraphicsContext, as CoreText draws into a CGContext: frames at their own coordinates,
// lines and runs at the text position, a font's glyphs at given positions, each under the CTM, the
// clip and the text matrix. Untransformed text on a bitmap is the bitmap Renderer's own pixels;
// anything else is drawn from the glyph outlines moved by the full transform, so it stays sharp.
import CCairo
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

extension GraphicsContext {
    /// Draws the operations of a paint list (user space, y up, as the list's coordinates are);
    /// `text` is the UTF-16 text its glyph runs' string indices point into (a frame's text), which
    /// a PDF keeps beside the glyphs. Each placeholder is the image `imageProvider` gives for it,
    /// scaled into its rect, or the grey stand-in box.
    ///
    /// On a y-up bitmap whose CTM and text matrix are the identity, with no clip, global alpha or
    /// blend mode (and no shadow, unless the list is glyph runs only: then each run casts the
    /// shadow as the renderer's run shadow, its offset rounded to whole pixels), the list is drawn
    /// by ``Renderer`` (its FreeType glyph images, hinting, quarter-pixel positions and sRGB
    /// blending) onto the bitmap's pixels, so the text is pixel-identical to
    /// `Renderer.draw(_:into:)`. On other bitmaps every glyph's outline is moved
    /// by its run's skew and scale, the text matrix's linear part (about the glyph origin), its
    /// position and the CTM, and filled (and stroked) by cairo at device resolution, never
    /// resampled. On an SVG page text in the fill drawing mode is a `<path>` per glyph outline (the
    /// SVG text layer, ``SVGWriter``'s element forms). On a PDF or PostScript page it is text:
    /// each run goes through `cairo_show_text_glyphs` with its cluster map under CTM × text matrix,
    /// in an embedded subset of its font, so a PDF's text stays searchable and copyable under any
    /// transform (colour glyphs are cairo's images of them, under the same transform); the other
    /// drawing modes use the outlines. Fills and decorations are rectangles. Blurred text shadows
    /// are drawn on the renderer path and on pages (not on transformed bitmaps).
    public func draw(
        _ list: PaintList, text: [UInt16] = [], imageProvider: (Placeholder) -> Bitmap? = { _ in nil }
    ) {
        withoutActuallyEscaping(imageProvider) { provider in
            drawList(list, text: text, rendererImages: provider) { placeholder in
                if let image = provider(placeholder) {
                    draw(image, in: placeholder.rect)
                } else {
                    drawPlaceholderBox(placeholder.rect)
                }
            }
        }
    }

    /// Draws a paint list as ``draw(_:text:imageProvider:)`` does, except that each placeholder is
    /// drawn by `drawingPlaceholder`, called with the placeholder (its rect in user space) and this
    /// context, between a ``saveGState()`` and a ``restoreGState()``: as a CoreText program draws
    /// its run delegates' images into the same `CGContext` after `CTFrameDraw`.
    public func draw(
        _ list: PaintList, text: [UInt16] = [], drawingPlaceholder: (Placeholder, GraphicsContext) -> Void
    ) {
        drawList(list, text: text, rendererImages: nil) { placeholder in
            saveGState()
            drawingPlaceholder(placeholder, self)
            restoreGState()
        }
    }

    /// The one interpreter of a paint list on this context. `rendererImages`, when given, lets the
    /// bitmap renderer draw the placeholders itself (its own images, pixel-identical); otherwise
    /// `placeholder` draws each placeholder.
    func drawList(
        _ list: PaintList, text: [UInt16], rendererImages: ((Placeholder) -> Bitmap?)?,
        placeholder: (Placeholder) -> Void
    ) {
        guard drawable != nil else { return }
        if let rendererList = rendererList(list), let renderer = bitmapRenderer {
            if let rendererImages {
                drawThroughRenderer(rendererList, renderer: renderer, imageProvider: rendererImages)
            } else {
                let (text, placeholders) = rendererList.splitPlaceholders()
                drawThroughRenderer(text, renderer: renderer) { _ in nil }
                placeholders.forEach(placeholder)
            }
            return
        }
        let textLayer = isDocument && state.textDrawingMode == .fill
        let svg = textLayer && svgPage != nil
        for operation in list.operations {
            switch operation {
            case .fill(let fill): fillRects([fill.rect], color: fill.color)
            case .decoration(let decoration): fillRects(decoration.rects, color: decoration.color)
            case .glyphs(let paint) where svg: drawSVGText(paint, text: text)
            case .shadow(let shadow) where svg: drawSVGTextShadow(shadow, text: text)
            case .glyphs(let paint) where textLayer: drawTextLayer(paint, text: text)
            case .glyphs(let paint): drawOutlines(paint)
            case .shadow(let shadow) where textLayer: drawTextLayerShadow(shadow, text: text)
            case .shadow(let shadow) where shadow.blurRadius <= 0:
                drawOutlines(shadow.glyphs.recoloured(shadow.color), offset: shadow.offset, isShadow: true)
            case .shadow: break
            case .placeholder(let p): placeholder(p)
            }
        }
    }

    /// Whether this is a document (PDF, PostScript or SVG) context.
    var isDocument: Bool {
        if case .document = kind { return true }
        return false
    }

    /// How text is drawn (part of the graphics state). Like `setTextDrawingMode(_:)`.
    public var textDrawingMode: TextDrawingMode {
        get { state.textDrawingMode }
        set { state.textDrawingMode = newValue }
    }

    /// Draws `glyphs` of `font` at `positions` (user space) in the fill colour. Like `CTFontDrawGlyphs`.
    public func showGlyphs(_ glyphs: [GlyphID], at positions: [CGPoint], font: Font) {
        draw(PaintList(glyphs: glyphs, positions: positions, font: font, color: state.fillColor))
    }

    /// The stand-in of a placeholder without an image, as the renderers draw it: a 1-point grey
    /// outline just inside `rect` and its diagonal from the top-left to the bottom-right corner.
    func drawPlaceholderBox(_ rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
            return
        }
        var path = ShapePath()
        path.addRect(r.insetBy(dx: min(0.5, r.width / 2), dy: min(0.5, r.height / 2)))
        path.move(to: CGPoint(x: r.minX, y: r.maxY))
        path.addLine(to: CGPoint(x: r.maxX, y: r.minY))
        strokeOnly(path, width: 1, color: Renderer.placeholderColor)
    }

    /// Fills rectangles (user space) in `color`, one after another (so translucent overlaps
    /// darken, as each of CTFrameDraw's underline fills and the bitmap renderer's rectangles do).
    func fillRects(_ rects: [CGRect], color: Color) {
        guard color.alpha > 0 else { return }
        for rect in rects {
            let r = rect.standardized
            guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0
            else { continue }
            var path = ShapePath()
            path.addRect(r)
            fill(path, color: color, svgRect: r)
        }
    }

    /// Fills `path` (user space) in `color` as one painted operation (the current path is kept).
    /// On an SVG page under a translation, `svgRect` (the path's rectangle) is written as a `<rect>`.
    func fill(_ path: ShapePath, color: Color, stroke: (width: Double, color: Color)? = nil, svgRect: CGRect? = nil) {
        guard let cr = drawable, !path.isEmpty else { return }
        let saved = cairo_copy_path(cr)
        defer { cairo_path_destroy(saved) }
        cairo_new_path(cr)
        addPath(path)
        guard let built = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(built) }
        cairo_new_path(cr)
        if let saved { cairo_append_path(cr, saved) }
        let svg = { () -> String? in
            let m = self.svgMatrix
            if let r = svgRect, stroke == nil, m.xx == 1, m.yx == 0, m.xy == 0, abs(m.yy) == 1 {
                return SVGPage.rectElement(r, matrix: m, color: color)
            }
            return SVGPage.pathElement(
                built, matrix: m, fill: color,
                stroke: stroke.map { SVGPage.strokeAttributes(cr, $0.color, width: $0.width, roundJoin: true) })
        }
        paint(svg: svg) { c in
            cairo_append_path(c, built)
            Self.setSource(c, color)
            cairo_set_fill_rule(c, CAIRO_FILL_RULE_WINDING)
            if let stroke {
                cairo_fill_preserve(c)
                cairo_set_line_width(c, stroke.width)
                cairo_set_line_join(c, CAIRO_LINE_JOIN_ROUND)
                Self.setSource(c, stroke.color)
                cairo_stroke(c)
            } else {
                cairo_fill(c)
            }
        }
    }

    /// A glyph run's outlines in user space, filled (and stroked) under the CTM; colour glyphs
    /// (emoji), which have no outlines, as the bitmap renderer's image of them.
    func drawOutlines(_ paint: GlyphPaint, offset: CGSize = .zero, isShadow: Bool = false) {
        if paint.font.hasColorGlyphs, !isShadow {
            // No outlines to stroke or clip with: shown only when the drawing mode fills.
            if state.textDrawingMode.fills { drawColorGlyphs(paint) }
            return
        }
        let m = textMatrix
        var path = ShapePath()
        for (glyph, position) in zip(paint.glyphs, paint.positions) {
            guard let outline = paint.font.path(for: glyph), !outline.isEmpty else { continue }
            // Scale and skew about the origin, then the text matrix's linear part, then the position.
            let local = AffineTransform(m11: paint.xScale, m12: 0, m21: paint.skew, m22: 1, tX: 0, tY: 0)
            var t = AffineTransform(m11: m.m11, m12: m.m12, m21: m.m21, m22: m.m22, tX: 0, tY: 0)
            t.prepend(local)
            t.append(
                AffineTransform(
                    translationByX: position.x + offset.width + m.tX, byY: position.y + offset.height + m.tY))
            path.addPath(outline.applying(t))
        }
        paintText(path, paint: paint, isShadow: isShadow)
    }

    /// Paints a run's outlines (user space) as the text drawing mode says: filled in the run's
    /// colour (with the run's own stroke attribute), stroked in the stroke colour at the line width,
    /// and added to the clip (a shadow paints but never clips).
    func paintText(_ path: ShapePath, paint: GlyphPaint, isShadow: Bool) {
        let mode = state.textDrawingMode
        let runStroke = paint.stroke.map { (Double($0.width), $0.color) }
        if mode.fills, paint.fills {
            fill(path, color: paint.color, stroke: runStroke)
        } else if mode.fills, let runStroke {
            strokeOnly(path, width: runStroke.0, color: runStroke.1)
        }
        if mode.strokes, let cr = drawable {
            strokeOnly(path, width: cairo_get_line_width(cr), color: state.strokeColor)
        }
        if mode.clips, !isShadow, let cr = drawable {
            cairo_new_path(cr)
            addPath(path)
            state.isClipped = true
            svgClip(evenOdd: false)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
        }
    }

    /// Strokes `path` (user space) as one painted operation.
    func strokeOnly(_ path: ShapePath, width: Double, color: Color) {
        guard let cr = drawable, !path.isEmpty else { return }
        cairo_new_path(cr)
        addPath(path)
        guard let built = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(built) }
        cairo_new_path(cr)
        let svg = {
            SVGPage.pathElement(
                built, matrix: self.svgMatrix, fill: nil,
                stroke: SVGPage.strokeAttributes(cr, color, width: width, roundJoin: true))
        }
        paint(svg: svg) { c in
            cairo_append_path(c, built)
            Self.setSource(c, color)
            cairo_set_line_width(c, width)
            cairo_set_line_join(c, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(c)
        }
    }
}

extension GlyphPaint {
    /// The same glyphs in another colour (for an unblurred shadow).
    func recoloured(_ color: Color) -> GlyphPaint {
        GlyphPaint(
            font: font, glyphs: glyphs, positions: positions, stringIndices: stringIndices, stringRange: stringRange,
            isRightToLeft: isRightToLeft, color: color, fills: fills,
            stroke: stroke.map { GlyphStroke(width: $0.width, color: color) }, skew: skew, xScale: xScale,
            orientation: orientation)
    }
}

extension Frame {
    /// Draws the frame's lines (and backgrounds, decorations, placeholders) at their origins in
    /// user space, under the context's CTM, clip and text matrix. Like `CTFrameDraw`.
    public func draw(in context: GraphicsContext, imageProvider: (Placeholder) -> Bitmap? = { _ in nil }) {
        context.draw(PaintList(frame: self), text: text, imageProvider: imageProvider)
    }

    /// Draws the frame as ``draw(in:imageProvider:)`` does, each placeholder by
    /// `drawingPlaceholder` with the placeholder and the context (see
    /// ``GraphicsContext/draw(_:text:drawingPlaceholder:)``): `CTFrameDraw`, then the run
    /// delegates' images drawn into the same context.
    public func draw(in context: GraphicsContext, drawingPlaceholder: (Placeholder, GraphicsContext) -> Void) {
        context.draw(PaintList(frame: self), text: text, drawingPlaceholder: drawingPlaceholder)
    }
}

extension Line {
    /// Draws the line with its origin at the context's text position. Like `CTLineDraw`.
    public func draw(in context: GraphicsContext) {
        context.draw(PaintList(line: self, at: context.textPosition))
    }
}

extension GlyphRun {
    /// Draws the run's glyphs in `range` (all when nil) with the line origin at the context's text
    /// position. Like `CTRunDraw`.
    public func draw(in context: GraphicsContext, range: Range<Int>? = nil) {
        context.draw(PaintList(run: self, glyphs: range, lineOrigin: context.textPosition))
    }
}

extension Font {
    /// Draws `glyphs` of this font at `positions` (user space) in the context's fill colour. Like
    /// `CTFontDrawGlyphs(font, glyphs, positions, count, context)`.
    public func drawGlyphs(_ glyphs: [GlyphID], at positions: [CGPoint], in context: GraphicsContext) {
        context.showGlyphs(glyphs, at: positions, font: self)
    }
}
