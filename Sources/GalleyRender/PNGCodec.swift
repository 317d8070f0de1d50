// PNG encoding (libpng's full write API, through a C function that keeps its longjmp in C) and
// decoding (libpng's simplified API, which reports errors without longjmp).
import CPNG

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Encodes PNG with libpng's write API (CPNG's `galley_png_encode`) and decodes with its simplified API.
enum PNGCodec {
    /// 8-bit RGBA, straight alpha (`PNG_FORMAT_RGBA`).
    private static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `bytes` start with the PNG signature.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 8 && bytes.prefix(8).elementsEqual(signature)
    }

    /// A PNG file of the bitmap: 8-bit greyscale when every pixel is grey and `encoding` allows
    /// it, else RGB; with alpha (straight) unless every pixel is opaque (alpha 255). Written by
    /// libpng with `encoding`'s zlib level and row filter (``PNGFilterChoice`` resolves
    /// ``PNGEncoding/Filter/automatic``), through `galley_png_encode` in CPNG's shim, which keeps
    /// libpng's longjmp inside C.
    static func encode(_ bitmap: Bitmap, encoding: PNGEncoding = .default) throws(RenderError) -> [UInt8] {
        let (opaque, gray) = kind(of: bitmap.pixels)
        let channels = (gray && encoding.writesGrayscale ? 1 : 3) + (opaque ? 0 : 1)
        let rows = channels == 4 ? bitmap.pixels : packed(bitmap.pixels, channels: channels)
        let stride = bitmap.width * channels
        var filter = encoding.filter
        var level = encoding.compressionLevel
        if filter == .automatic {
            filter = PNGFilterChoice.choose(
                rows: rows, width: bitmap.width, height: bitmap.height, channels: channels, level: level)
            if filter == .none && channels <= 2 { level = min(level, PNGFilterChoice.flatGrayLevel) }
        }
        return try write(
            rows, width: bitmap.width, height: bitmap.height, stride: stride, channels: channels, level: level,
            filter: filter)
    }

    /// A PNG of `height` rows of `channels`-byte pixels (1 grey, 2 grey and alpha, 3 RGB, 4 RGBA),
    /// `stride` bytes apart in `rows`, compressed at zlib `level` with `filter` (not automatic).
    static func write(
        _ rows: [UInt8], width: Int, height: Int, stride: Int, channels: Int, level: Int,
        filter: PNGEncoding.Filter
    ) throws(RenderError) -> [UInt8] {
        var output = galley_png_output()
        defer { free(output.data) }
        let ok = rows.withUnsafeBufferPointer { pixels in
            galley_png_encode(
                pixels.baseAddress, UInt32(width), UInt32(height), stride, Int32(channels), Int32(level),
                filter.libpngMask, &output)
        }
        guard ok != 0, let data = output.data else {
            let message = withUnsafeBytes(of: output.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw .encodingFailed(reason: message.isEmpty ? "libpng failed" : message)
        }
        return [UInt8](UnsafeBufferPointer(start: data, count: output.size))
    }

    /// Whether every pixel of RGBA `pixels` is opaque (alpha 255), and whether every one is grey
    /// (red = green = blue), in one pass of 32-bit reads (a pixel each, little-endian: red in
    /// the low byte) that stops once both answers are no.
    static func kind(of pixels: [UInt8]) -> (opaque: Bool, gray: Bool) {
        pixels.withUnsafeBytes { raw in
            var opaque = true
            var gray = true
            let count = raw.count / 4
            var i = 0
            while i < count {
                let p = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                if p >> 24 != 0xFF { opaque = false }
                if p & 0xFF != (p >> 8) & 0xFF || p & 0xFF != (p >> 16) & 0xFF {
                    gray = false
                    if !opaque { break }
                }
                i += 1
            }
            return (opaque, gray)
        }
    }

    /// The bytes of RGBA `pixels` with `channels` of them kept per pixel: 1 the red (grey)
    /// byte, 2 grey and alpha, 3 red, green and blue.
    private static func packed(_ rgba: [UInt8], channels: Int) -> [UInt8] {
        let count = rgba.count / 4
        return rgba.withUnsafeBufferPointer { rgba in
            [UInt8](unsafeUninitializedCapacity: count * channels) { out, written in
                var j = 0
                var i = 0
                switch channels {
                case 1:
                    while i < count * 4 {
                        out[j] = rgba[i]
                        i += 4
                        j += 1
                    }
                case 2:
                    while i < count * 4 {
                        out[j] = rgba[i]
                        out[j + 1] = rgba[i + 3]
                        i += 4
                        j += 2
                    }
                default:
                    while i < count * 4 {
                        out[j] = rgba[i]
                        out[j + 1] = rgba[i + 1]
                        out[j + 2] = rgba[i + 2]
                        i += 4
                        j += 3
                    }
                }
                written = j
            }
        }
    }

    /// The most that deflate (zlib) can expand data: 1032 to 1 (zlib's technical details).
    static let maximumDeflateRatio = 1032

    /// Decodes any PNG that libpng reads (grey, palette, 16-bit, interlaced…) into 8-bit RGBA.
    /// The size comes from the IHDR chunk (`png_image_begin_read_from_memory` reads only the
    /// header chunks): an image larger than `limits` is refused before its raster is allocated.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, source: String, limits: ImageDecodingLimits = .default
    ) throws(RenderError) -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw .malformedImage(source: source, reason: message(of: image))
        }
        let width = Int(image.width), height = Int(image.height)
        do throws(RenderError) {
            try limits.check(width: width, height: height, source: source)
            // Deflate expands at most 1032-fold, and no pixel takes less than 1 bit, so a file
            // of n bytes holds at most n · 1032 · 8 pixels: reject a larger declared size
            // before allocating for it (libpng would only fail after the allocation).
            guard width * height <= bytes.count * maximumDeflateRatio * 8 else {
                throw .malformedImage(
                    source: source,
                    reason: "size \(width)×\(height) is more than \(bytes.count) bytes of PNG data can hold")
            }
        } catch {
            png_image_free(&image)
            throw error
        }
        image.format = formatRGBA
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else { throw .malformedImage(source: source, reason: message(of: image)) }
        return try Bitmap(width: width, height: height, pixels: pixels)
    }

    /// The width and height that the PNG's IHDR chunk declares, without decoding.
    static func size(of bytes: UnsafeRawBufferPointer, source: String) throws(RenderError) -> (width: Int, height: Int)
    {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw .malformedImage(source: source, reason: message(of: image))
        }
        defer { png_image_free(&image) }
        return (Int(image.width), Int(image.height))
    }

    /// libpng's error or warning text (`png_image.message`).
    private static func message(of image: png_image) -> String {
        var copy = image.message
        let text = withUnsafeBytes(of: &copy) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.isEmpty ? "libpng error" : text
    }
}
