// A raster image in memory: 8-bit RGBA pixels, straight (not premultiplied) alpha, row 0 at the top.
import GalleyText

/// An RGBA image: what the ``Renderer`` draws into and what ``ImageLoader`` returns.
///
/// Like the bitmap behind a `CGBitmapContext`, but with a fixed layout: 4 bytes per pixel in the
/// order red, green, blue, alpha; **straight alpha** (colour channels are not multiplied by
/// alpha, as in PNG, so a PNG round trip is byte-exact); rows stored top to bottom with no
/// padding. Pixel coordinates have `(0, 0)` at the top-left corner; the renderer flips
/// CoreText's y-up coordinates into them (see ``Renderer``).
public struct Bitmap: Sendable, Hashable {
    /// The largest width or height accepted, in pixels.
    public static let maximumDimension = 16_384
    /// The most pixels a bitmap may have (width × height): 64 Mi, 256 MiB of RGBA, e.g. 8192 ×
    /// 8192 or 16 384 × 4096. Encoding and compositing need about as much again, so this keeps
    /// one image well under a gigabyte.
    public static let maximumPixelCount = 1 << 26

    /// One pixel: 8-bit red, green, blue and straight alpha.
    public struct Pixel: Sendable, Hashable, CustomStringConvertible {
        /// Red, 0...255.
        public var red: UInt8
        /// Green, 0...255.
        public var green: UInt8
        /// Blue, 0...255.
        public var blue: UInt8
        /// Alpha (coverage), 0 = transparent ... 255 = opaque; not premultiplied into the colour.
        public var alpha: UInt8

        /// Creates a pixel from its four channels.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// The pixel nearest to a colour (each channel clamped to 0...1 and rounded).
        public init(_ color: Color) {
            self.init(
                red: Pixel.channel(color.red), green: Pixel.channel(color.green),
                blue: Pixel.channel(color.blue), alpha: Pixel.channel(color.alpha))
        }

        /// The pixel as a colour.
        public var color: Color {
            Color(
                red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255,
                alpha: Double(alpha) / 255)
        }

        /// `#rrggbbaa`, for test messages and debugging.
        public var description: String {
            func hex(_ v: UInt8) -> String {
                let digits = Array("0123456789abcdef")
                return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
            }
            return "#" + hex(red) + hex(green) + hex(blue) + hex(alpha)
        }

        static func channel(_ value: Double) -> UInt8 {
            guard value.isFinite else { return value == .infinity ? 255 : 0 }
            return UInt8((min(max(value, 0), 1) * 255).rounded())
        }
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The colour under the image: `ppmData()` composites translucent pixels over it (PPM has no alpha).
    public var background: Color
    /// The pixels, `width × height × 4` bytes, RGBA, straight alpha, top row first.
    public private(set) var pixels: [UInt8]

    /// Creates a bitmap filled with `background`.
    ///
    /// - Throws: ``RenderError/invalidSize(width:height:)`` unless both sides are in
    ///   `1...Bitmap.maximumDimension` and their product at most ``maximumPixelCount``.
    public init(width: Int, height: Int, background: Color = .white) throws(RenderError) {
        try Bitmap.validate(width: width, height: height)
        self.width = width
        self.height = height
        self.background = background
        let p = Pixel(background)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if p != Pixel(red: 0, green: 0, blue: 0, alpha: 0) {
            bytes.withUnsafeMutableBufferPointer { buffer in
                var i = 0
                while i < buffer.count {
                    buffer[i] = p.red
                    buffer[i + 1] = p.green
                    buffer[i + 2] = p.blue
                    buffer[i + 3] = p.alpha
                    i += 4
                }
            }
        }
        self.pixels = bytes
    }

    /// Creates a bitmap from RGBA bytes (straight alpha, top row first, no row padding).
    ///
    /// - Throws: ``RenderError/invalidSize(width:height:)`` for a bad size,
    ///   ``RenderError/invalidPixelData(expected:actual:)`` when `pixels.count != width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8], background: Color = .white) throws(RenderError) {
        try Bitmap.validate(width: width, height: height)
        guard pixels.count == width * height * 4 else {
            throw .invalidPixelData(expected: width * height * 4, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.background = background
        self.pixels = pixels
    }

    static func validate(width: Int, height: Int) throws(RenderError) {
        guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height),
            width * height <= maximumPixelCount
        else {
            throw .invalidSize(width: width, height: height)
        }
    }

    /// The pixel at column `x`, row `y` (row 0 at the top), or nil outside the bitmap.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return Pixel(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// Replaces the pixel at column `x`, row `y`; does nothing outside the bitmap.
    ///
    /// - Returns: whether the point was inside the bitmap.
    @discardableResult
    public mutating func setPixel(x: Int, y: Int, to pixel: Pixel) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        let i = (y * width + x) * 4
        pixels[i] = pixel.red
        pixels[i + 1] = pixel.green
        pixels[i + 2] = pixel.blue
        pixels[i + 3] = pixel.alpha
        return true
    }

    /// Composites `color` over the pixel at (`x`, `y`) with the given extra coverage (0...1),
    /// source-over in linear light, as `CGContextFillRect` with that colour would in a
    /// linear-light context; does nothing outside the bitmap.
    ///
    /// The colour channels are sRGB-encoded; they are decoded to linear light (IEC 61966-2-1),
    /// blended with alpha = `color.alpha × coverage`, and encoded back, so 50 % black over white
    /// is linear 0.5, i.e. sRGB 188 (not 128).
    public mutating func blend(x: Int, y: Int, color: Color, coverage: Double = 1) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let a = Float(Bitmap.unit(color.alpha) * Bitmap.unit(coverage))
        guard a > 0 else { return }
        blend(x: x, y: y, color: LinearColor(color), alpha: a)
    }

    /// Composites an already decoded colour over the pixel at (`x`, `y`) with source alpha `alpha`
    /// (the colour's alpha × coverage); does nothing outside the bitmap.
    mutating func blend(x: Int, y: Int, color: LinearColor, alpha: Float) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 4
        SRGBTransfer.withTables { t in
            pixels.withUnsafeMutableBufferPointer { buffer in
                Bitmap.compositeLinear(buffer, at: i, t, color, alpha: alpha)
            }
        }
    }

    /// The number of pixels that satisfy `predicate` in the given columns and rows (clipped to
    /// the bitmap; the whole bitmap by default). A helper for tests and for finding ink.
    public func count(
        where predicate: (Pixel) -> Bool, inColumns columns: Range<Int>? = nil,
        rows: Range<Int>? = nil
    ) -> Int {
        let xs = (columns ?? 0..<width).clamped(to: 0..<width)
        let ys = (rows ?? 0..<height).clamped(to: 0..<height)
        var n = 0
        for y in ys {
            for x in xs where predicate(pixel(x: x, y: y)!) {
                n += 1
            }
        }
        return n
    }

    /// Gives `body` the pixel bytes to change in place.
    mutating func withMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) -> R) -> R {
        pixels.withUnsafeMutableBufferPointer { body($0) }
    }

    static func unit(_ value: Double) -> Double {
        guard value.isFinite else { return value == .infinity ? 1 : 0 }
        return min(max(value, 0), 1)
    }

    /// Source-over compositing in linear light of `color` with source alpha `alpha` (the colour's
    /// alpha × coverage) onto the straight-alpha sRGB destination pixel at byte offset `i`; a
    /// fully opaque source writes the colour's precomputed sRGB bytes.
    @inline(__always)
    static func compositeLinear(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, at i: Int, _ t: SRGBTransfer.Tables,
        _ color: LinearColor, alpha: Float
    ) {
        guard let base = buffer.baseAddress else { return }
        compositeLinear(UnsafeMutableRawPointer(base + i), StraightRGBA.self, t, color, alpha: alpha)
    }

    /// ``compositeLinear(_:at:_:_:alpha:)`` onto the pixel at `p`, stored as `layout` says.
    @inline(__always)
    static func compositeLinear<L: PixelLayout>(
        _ p: UnsafeMutableRawPointer, _ layout: L.Type, _ t: SRGBTransfer.Tables, _ color: LinearColor, alpha: Float
    ) {
        let sa = min(max(alpha, 0), 1)
        guard sa > 0 else { return }
        if sa >= 1 {
            writeOpaque(p, layout, color)
            return
        }
        blendLinear(p, layout, t, red: color.red, green: color.green, blue: color.blue, alpha: sa)
    }

    /// Source-over compositing in linear light of a source with straight linear channels
    /// (0...1) and alpha `alpha` onto the straight-alpha sRGB destination pixel at `p` (stored as
    /// `layout` says): αo = αs + αd(1 − αs), Co = (Cs·αs + Cd·αd(1 − αs)) / αo with C in linear light.
    @inline(__always)
    static func compositeLinear<L: PixelLayout>(
        _ p: UnsafeMutableRawPointer, _ layout: L.Type, _ t: SRGBTransfer.Tables,
        red: Float, green: Float, blue: Float, alpha: Float
    ) {
        let sa = min(max(alpha, 0), 1)
        guard sa > 0 else { return }
        if sa >= 1 {
            L.store((t.encode(red), t.encode(green), t.encode(blue), 255), to: p)
            return
        }
        blendLinear(p, layout, t, red: red, green: green, blue: blue, alpha: sa)
    }

    /// A pixel fully covered by the opaque `color`: its precomputed sRGB bytes, alpha 255 (the
    /// same in both blending spaces).
    @inline(__always)
    static func writeOpaque<L: PixelLayout>(_ p: UnsafeMutableRawPointer, _ layout: L.Type, _ color: LinearColor) {
        L.store((color.opaqueRed, color.opaqueGreen, color.opaqueBlue, 255), to: p)
    }

    /// The translucent case of source-over (`alpha` in (0, 1)), shared by both compositors.
    @inline(__always)
    static func blendLinear<L: PixelLayout>(
        _ p: UnsafeMutableRawPointer, _ layout: L.Type, _ t: SRGBTransfer.Tables,
        red: Float, green: Float, blue: Float, alpha sa: Float
    ) {
        let d = L.load(p)
        let da = Float(d.alpha) * (1 / 255)
        let keep = da * (1 - sa)
        let oa = sa + keep
        guard oa > 0 else { return }
        let inv = 1 / oa
        L.store(
            (
                t.encode((red * sa + t.linear(d.red) * keep) * inv),
                t.encode((green * sa + t.linear(d.green) * keep) * inv),
                t.encode((blue * sa + t.linear(d.blue) * keep) * inv), byte(oa)
            ), to: p)
    }

    /// Source-over compositing **in sRGB-encoded space** of `color` with source alpha `alpha` (the
    /// colour's alpha × coverage) onto the straight-alpha destination pixel at byte offset `i`, as
    /// cairo composites glyph masks: αo = αs + αd(1 − αs), Co = (Cs·αs + Cd·αd(1 − αs)) / αo with C
    /// the sRGB-encoded values, so half coverage of black on white is sRGB 128. A fully opaque
    /// source writes the colour's sRGB bytes, as ``compositeLinear(_:at:_:_:alpha:)`` does.
    @inline(__always)
    static func compositeSRGB(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, at i: Int, _ color: LinearColor, alpha: Float
    ) {
        guard let base = buffer.baseAddress else { return }
        compositeSRGB(UnsafeMutableRawPointer(base + i), StraightRGBA.self, color, alpha: alpha)
    }

    /// ``compositeSRGB(_:at:_:alpha:)`` onto the pixel at `p`, stored as `layout` says.
    @inline(__always)
    static func compositeSRGB<L: PixelLayout>(
        _ p: UnsafeMutableRawPointer, _ layout: L.Type, _ color: LinearColor, alpha: Float
    ) {
        let sa = min(max(alpha, 0), 1)
        guard sa > 0 else { return }
        if sa >= 1 {
            writeOpaque(p, layout, color)
            return
        }
        let d = L.load(p)
        let da = Float(d.alpha) * (1 / 255)
        let keep = da * (1 - sa)
        let oa = sa + keep
        guard oa > 0 else { return }
        // Destination bytes stay in 0...255; the source channels are scaled to match.
        let s = sa * 255 / oa, k = keep / oa
        L.store(
            (
                UInt8(min(color.encodedRed * s + Float(d.red) * k + 0.5, 255)),
                UInt8(min(color.encodedGreen * s + Float(d.green) * k + 0.5, 255)),
                UInt8(min(color.encodedBlue * s + Float(d.blue) * k + 0.5, 255)), byte(oa)
            ), to: p)
    }

    /// Like ``compositeLinear(_:_:_:red:green:blue:alpha:)`` for a source given as premultiplied
    /// sRGB-encoded channels (0...1), as colour glyphs and resampled images are: the channels are
    /// un-premultiplied to the nearest sRGB code, then decoded.
    @inline(__always)
    static func compositePremultipliedSRGB<L: PixelLayout>(
        _ p: UnsafeMutableRawPointer, _ layout: L.Type, _ t: SRGBTransfer.Tables,
        red: Float, green: Float, blue: Float, alpha: Float
    ) {
        let sa = min(max(alpha, 0), 1)
        guard sa > 0 else { return }
        let k = 255 / sa
        compositeLinear(
            p, layout, t, red: t.linear(byte(red * k / 255)), green: t.linear(byte(green * k / 255)),
            blue: t.linear(byte(blue * k / 255)), alpha: sa)
    }

    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        UInt8(min(max(v, 0), 1) * 255 + 0.5)
    }
}
