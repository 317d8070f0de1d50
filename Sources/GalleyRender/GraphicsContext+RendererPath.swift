// The bitmap context's renderer path: text that is neither transformed nor clipped is drawn by
// the bitmap Renderer (FreeType glyph images, hinting, quarter-pixel positions, sRGB coverage)
// onto the cairo surface's pixels. Only the pixels the paint list can touch are converted from
// cairo's premultiplied words to a Bitmap and back, and the context's shadow becomes the
// renderer's run shadows, so a shadowed title and a byline cost a few rows, not the surface.
import CCairo
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

extension GraphicsContext {
    /// The list the bitmap renderer draws for `list` on this context, or nil when the renderer
    /// cannot: a y-up bitmap whose CTM and text matrix are the identity, with no clip, global
    /// alpha, blend mode or non-fill text drawing mode. With a shadow set, a list of glyph runs
    /// only: each run preceded by its shadow (the context's offset, blur and colour), so each run
    /// casts its own shadow before it is drawn, as each of CTFrameDraw's runs does in a
    /// CGContext (the renderer rounds the offset to whole pixels).
    func rendererList(_ list: PaintList) -> PaintList? {
        guard case .bitmap = kind, origin == .bottomLeft, ctm == .identity, textMatrix == .identity,
            !state.isClipped, state.alpha >= 1, state.blendMode == .normal, state.textDrawingMode == .fill
        else { return nil }
        guard let shadow = state.shadow else { return list }
        var operations: [PaintOperation] = []
        operations.reserveCapacity(list.operations.count * 2)
        for operation in list.operations {
            guard case .glyphs(let glyphs) = operation else { return nil }
            if shadow.color.alpha > 0 {
                operations.append(
                    .shadow(
                        ShadowPaint(glyphs: glyphs, offset: shadow.offset, blurRadius: shadow.blur, color: shadow.color)
                    ))
            }
            operations.append(operation)
        }
        return PaintList(operations)
    }

    /// The bitmap renderer at this context's scale, for a bitmap context.
    var bitmapRenderer: Renderer? {
        guard case .bitmap(_, _, let scale) = kind else { return nil }
        return Renderer(scale: CGFloat(scale))
    }

    /// Draws `list` with `renderer` onto the surface's pixels: the window of pixels the list can
    /// touch (``rendererWindow(_:scale:width:height:)``) read into a Bitmap (premultiplied to
    /// straight alpha: exact for opaque pixels), drawn with the renderer mapping points to the
    /// whole surface, and written back.
    func drawThroughRenderer(_ list: PaintList, renderer: Renderer, imageProvider: (Placeholder) -> Bitmap?) {
        guard case .bitmap(let width, let height, let scale) = kind, let surface,
            let box = Self.rendererWindow(list, scale: scale, width: width, height: height)
        else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let window = data + box.y * stride + box.x * 4
        guard var bitmap = Self.straightBitmap(window, stride: stride, width: box.width, height: box.height) else {
            return
        }
        var renderer = renderer
        renderer.window = RenderWindow(x: box.x, y: box.y, deviceWidth: width, deviceHeight: height)
        renderer.draw(list, into: &bitmap, imageProvider: imageProvider)
        CairoPainter.storePremultiplied(bitmap, into: window, stride: stride)
        cairo_surface_mark_dirty_rectangle(surface, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
    }

    /// The device pixels (x, y of the top-left, width, height, within the `width` × `height`
    /// surface) that drawing `list` at `scale` can change, or nil when none: each fill and
    /// decoration rect grown by a pixel, each glyph's ink box around its pen
    /// (``glyphReach(_:scale:)``), each shadow's glyphs moved by its offset and grown by its blur;
    /// a placeholder (its image's resampling) takes the whole surface.
    static func rendererWindow(_ list: PaintList, scale s: Double, width: Int, height: Int)
        -> (x: Int, y: Int, width: Int, height: Int)?
    {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let h = Double(height)
        func add(_ r: CGRect, grow: Double) {
            let r = r.standardized
            guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return }
            minX = min(minX, Double(r.minX) * s - grow); maxX = max(maxX, Double(r.maxX) * s + grow)
            minY = min(minY, h - Double(r.maxY) * s - grow); maxY = max(maxY, h - Double(r.minY) * s + grow)
        }
        func add(_ glyphs: GlyphPaint, offset: CGSize, grow: Double) {
            let reach = glyphReach(glyphs, scale: s)
            for (i, p) in glyphs.positions.enumerated() where p.x.isFinite && p.y.isFinite {
                let x = Double(p.x + offset.width) * s, y = h - Double(p.y + offset.height) * s
                let pad = (-reach.pad, -reach.pad, reach.pad, reach.pad)
                guard let box = reach.ink.map({ i < $0.count ? $0[i] : nil }) ?? pad else { continue }
                let (left, bottom, right, top) = box
                minX = min(minX, x + left - grow); maxX = max(maxX, x + right + grow)
                minY = min(minY, y - top - grow); maxY = max(maxY, y - bottom + grow)
            }
        }
        for operation in list.operations {
            switch operation {
            case .fill(let fill): add(fill.rect, grow: 1)
            case .decoration(let decoration): for rect in decoration.rects { add(rect, grow: 1) }
            case .glyphs(let glyphs): add(glyphs, offset: .zero, grow: 0)
            case .shadow(let shadow):
                let sigma = min(Double(shadow.blurRadius) * s / 2, 256)
                let blur = Double(Renderer.boxBlurRadii(sigma: sigma).reduce(0, +) + 2)
                add(shadow.glyphs, offset: shadow.offset, grow: blur)
            case .placeholder: return (0, 0, width, height)
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        let x0 = max(0, Int(max(minX, -1).rounded(.down))), y0 = max(0, Int(max(minY, -1).rounded(.down)))
        let x1 = min(width, Int(min(maxX, Double(width) + 1).rounded(.up)))
        let y1 = min(height, Int(min(maxY, Double(height) + 1).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Where the glyphs of `paint` can put ink around their pens, in device pixels, y up: for a
    /// horizontal run of a static outline font, each glyph's ink box (nil: no ink) from its
    /// bounds (`CTFontGetBoundingRectsForGlyphs`), stretched and skewed as the run (and a synthetic
    /// oblique) says and grown
    /// by the stroke, a tenth of an em (synthetic bold, hinting) and two pixels; otherwise (colour
    /// glyphs, variable instances, sideways glyphs) `pad` in every direction: the font's bounding
    /// box at its farthest corner (at least 1.5 em) stretched and skewed, grown the same way.
    static func glyphReach(_ paint: GlyphPaint, scale s: Double)
        -> (ink: [(Double, Double, Double, Double)?]?, pad: Double)
    {
        let font = paint.font
        let size = Double(font.size)
        let grow = abs(Double(paint.stroke?.width ?? 0)) + 0.1 * size
        // Synthetic oblique shears by 0.2 on top of the run's own skew.
        let stretch = max(abs(paint.xScale), 1)
        let skew = abs(paint.skew) + (font.syntheticTraits.contains(.oblique) ? 0.2 : 0)
        let box = font.boundingBox
        let corner = [box.minX, box.maxX, box.minY, box.maxY].map { abs(Double($0)) }.max() ?? 0
        let extent = max(corner.isFinite ? corner : 0, 1.5 * size)
        let pad = min((extent * (stretch + skew) + grow + 0.15 * size) * s + 2, 1e6)
        guard !font.hasColorGlyphs, paint.orientation != .sideways,
            GlyphRasterizer.designCoordinates(of: font).isEmpty
        else { return (nil, pad) }
        let ink = font.boundingRects(for: paint.glyphs).map { r -> (Double, Double, Double, Double)? in
            guard !r.isEmpty, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
            let lean = skew * max(abs(Double(r.minY)), abs(Double(r.maxY)))
            let xs = [Double(r.minX) * paint.xScale, Double(r.maxX) * paint.xScale]
            return (
                ((xs.min() ?? 0) - lean - grow) * s - 2, (Double(r.minY) - grow) * s - 2,
                ((xs.max() ?? 0) + lean + grow) * s + 2, (Double(r.maxY) + grow) * s + 2
            )
        }
        return (ink, pad)
    }

    /// A straight-alpha Bitmap of `width` × `height` premultiplied native-endian ARGB32 words at
    /// `data`, rows `stride` bytes apart (rounding to nearest; opaque and clear pixels are one
    /// swap of the word's bytes).
    static func straightBitmap(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) -> Bitmap? {
        let count = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress.map(UnsafeMutableRawPointer.init) else { return }
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let out = base + y * width * 4
                // An opaque row (the usual case) is one byte swap per word, which vectorises.
                var opaque: UInt32 = 0xFF00_0000
                for x in 0..<width { opaque &= row[x] }
                if opaque >= 0xFF00_0000 {
                    for x in 0..<width {
                        let v = row[x]
                        let w = v & 0xFF00_FF00 | (v >> 16 & 0xFF) | (v & 0xFF) << 16
                        out.storeBytes(of: w.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                    }
                    continue
                }
                for x in 0..<width {
                    out.storeBytes(of: straightRGBA(row[x]).littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
            }
            initialized = count
        }
        return try? Bitmap(width: width, height: height, pixels: pixels, background: .clear)
    }

    /// A premultiplied ARGB32 word as straight-alpha RGBA (R in the low byte), rounding to nearest.
    @inline(__always)
    static func straightRGBA(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        if a == 255 { return v & 0xFF00_FF00 | (v >> 16 & 0xFF) | (v & 0xFF) << 16 }
        guard a > 0 else { return 0 }
        func straight(_ c: UInt32) -> UInt32 { min((c * 255 + a / 2) / a, 255) }
        return straight(v >> 16 & 0xFF) | straight(v >> 8 & 0xFF) << 8 | straight(v & 0xFF) << 16 | a << 24
    }
}
