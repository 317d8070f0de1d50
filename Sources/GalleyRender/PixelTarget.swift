// The pixel memory the bitmap Renderer composites into: a Bitmap's straight-alpha RGBA bytes, or
// the premultiplied native-endian ARGB32 words of a bitmap GraphicsContext's cairo surface. Every
// compositor reads a pixel as straight-alpha RGBA and writes it back through its layout, so the
// Renderer's arithmetic is the same on both targets and a context's text is drawn straight onto
// cairo's pixels, with no converted copy of them.

/// One pixel as straight-alpha sRGB bytes.
typealias StraightPixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

/// How one pixel's four bytes lie in memory, read and written as straight-alpha RGBA.
protocol PixelLayout {
    /// The straight-alpha RGBA of the pixel at `p`.
    static func load(_ p: UnsafeMutableRawPointer) -> StraightPixel
    /// Writes the straight-alpha RGBA `pixel` to `p`.
    static func store(_ pixel: StraightPixel, to p: UnsafeMutableRawPointer)
}

/// A ``Bitmap``'s pixel: bytes red, green, blue, alpha, straight alpha.
enum StraightRGBA: PixelLayout {
    @inline(__always)
    static func load(_ p: UnsafeMutableRawPointer) -> StraightPixel {
        (
            p.load(fromByteOffset: 0, as: UInt8.self), p.load(fromByteOffset: 1, as: UInt8.self),
            p.load(fromByteOffset: 2, as: UInt8.self), p.load(fromByteOffset: 3, as: UInt8.self)
        )
    }

    @inline(__always)
    static func store(_ pixel: StraightPixel, to p: UnsafeMutableRawPointer) {
        p.storeBytes(of: pixel.red, toByteOffset: 0, as: UInt8.self)
        p.storeBytes(of: pixel.green, toByteOffset: 1, as: UInt8.self)
        p.storeBytes(of: pixel.blue, toByteOffset: 2, as: UInt8.self)
        p.storeBytes(of: pixel.alpha, toByteOffset: 3, as: UInt8.self)
    }
}

/// A cairo `CAIRO_FORMAT_ARGB32` pixel: one native-endian word, alpha in the high byte, the colour
/// premultiplied by alpha. Read as straight alpha rounding to nearest, written premultiplied
/// rounding to nearest, exactly as the context converts a whole surface (``GraphicsContext/
/// straightRGBA(_:)`` and `CairoPainter.storePremultiplied`), so a pixel that is read and written
/// back unchanged keeps its word, and an opaque pixel is only a reordering of its bytes.
enum PremultipliedARGB32: PixelLayout {
    @inline(__always)
    static func load(_ p: UnsafeMutableRawPointer) -> StraightPixel {
        let v = GraphicsContext.straightRGBA(p.load(as: UInt32.self))
        return (UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24))
    }

    @inline(__always)
    static func store(_ pixel: StraightPixel, to p: UnsafeMutableRawPointer) {
        let a = UInt32(pixel.alpha)
        let r = UInt32(pixel.red), g = UInt32(pixel.green), b = UInt32(pixel.blue)
        if a == 255 {
            p.storeBytes(of: 0xFF00_0000 | r << 16 | g << 8 | b, as: UInt32.self)
            return
        }
        func pre(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
        p.storeBytes(of: a << 24 | pre(r) << 16 | pre(g) << 8 | pre(b), as: UInt32.self)
    }
}

/// `width` × `height` pixels of layout `Layout` from `base`, rows `rowBytes` apart, row 0 at the
/// top: what the Renderer's compositors draw into. A view of memory owned elsewhere (a Bitmap's
/// array, a cairo surface's data) for the length of one drawing call.
struct PixelTarget<Layout: PixelLayout> {
    /// The first byte of the top row.
    let base: UnsafeMutableRawPointer
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// Bytes from one row to the next.
    let rowBytes: Int

    /// The first byte of the pixel at column `x`, row `y` (inside the target).
    @inline(__always)
    func pixel(_ x: Int, _ y: Int) -> UnsafeMutableRawPointer {
        base + y * rowBytes + x * 4
    }
}

extension Bitmap {
    /// Gives `body` this bitmap's pixels as a compositing target.
    mutating func withTarget(_ body: (PixelTarget<StraightRGBA>) -> Void) {
        let (width, height) = (self.width, self.height)
        withMutablePixels { buffer in
            // A bitmap always has pixels (its sides are at least 1).
            guard let base = buffer.baseAddress else { return }
            body(PixelTarget(base: UnsafeMutableRawPointer(base), width: width, height: height, rowBytes: width * 4))
        }
    }
}
