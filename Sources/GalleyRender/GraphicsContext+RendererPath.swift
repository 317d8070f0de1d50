// The bitmap context's renderer path: text that is neither transformed nor clipped is drawn by
// the bitmap Renderer (FreeType glyph images, hinting, quarter-pixel positions, sRGB coverage)
// straight onto the cairo surface's premultiplied words, where its glyphs put ink and nowhere
// else, and the context's shadow becomes the renderer's run shadows, so a shadowed title and a
// byline cost their ink, not the surface.
import CCairo
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

extension GraphicsContext {
    /// The list the bitmap renderer draws for `list` on this context, or nil when the renderer
    /// cannot: a y-up bitmap whose CTM and text matrix are the identity, with no clip, global
    /// alpha, blend mode, non-fill text drawing mode or open transparency layer (whose pixels are
    /// cairo's group, not the surface). With a shadow set, a list of glyph runs
    /// only: each run preceded by its shadow (the context's offset, blur and colour), so each run
    /// casts its own shadow before it is drawn, as each of CTFrameDraw's runs does in a
    /// CGContext (the renderer rounds the offset to whole pixels).
    func rendererList(_ list: PaintList) -> PaintList? {
        guard case .bitmap = kind, origin == .bottomLeft, ctm == .identity, textMatrix == .identity,
            !state.isClipped, state.alpha >= 1, state.blendMode == .normal, state.textDrawingMode == .fill,
            layers.isEmpty
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

    /// Draws `list` with `renderer` straight onto the surface's pixels: cairo's premultiplied
    /// ARGB32 words, each read as straight alpha and written back premultiplied by the renderer's
    /// compositors (``PremultipliedARGB32``), only where the list puts ink, so an opaque surface gets
    /// exactly the bytes the renderer gives a `Bitmap`, and no copy of the surface is made.
    func drawThroughRenderer(_ list: PaintList, renderer: Renderer, imageProvider: (Placeholder) -> Bitmap?) {
        guard case .bitmap(let width, let height, _) = kind, let surface else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let target = PixelTarget<PremultipliedARGB32>(
            base: UnsafeMutableRawPointer(data), width: width, height: height, rowBytes: stride)
        renderer.draw(list, into: target, imageProvider: imageProvider)
        cairo_surface_mark_dirty(surface)
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
