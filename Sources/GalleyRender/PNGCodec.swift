// PNG encoding and decoding through libpng's simplified API, which reports errors without longjmp.
import CPNG

/// Encodes and decodes PNG with libpng (`png_image_*`: libpng's "simplified API").
enum PNGCodec {
    /// 8-bit RGBA, straight alpha (`PNG_FORMAT_RGBA`).
    private static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `bytes` start with the PNG signature.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 8 && bytes.prefix(8).elementsEqual(signature)
    }

    /// 8-bit RGB (`PNG_FORMAT_RGB`), for bitmaps without a translucent pixel.
    private static let formatRGB = UInt32(PNG_FORMAT_FLAG_COLOR)

    /// A PNG file of the bitmap: 8-bit RGB when every pixel is opaque (alpha 255), else 8-bit
    /// RGBA with straight alpha. Encoded in one pass into a buffer of libpng's worst-case size
    /// (`PNG_IMAGE_PNG_SIZE_MAX`), then trimmed.
    ///
    /// Written with `PNG_IMAGE_FLAG_FAST`: no row filter and zlib level 3. For rendered text
    /// (flat background, anti-aliased edges) that is both faster and smaller than libpng's
    /// default (adaptive filters, level 6): on a 420×445 page of DejaVu Sans 16 px, 2.1 ms and
    /// 44 KB against 8.1 ms and 50 KB (cairo's default settings: 4.5 ms, 44 KB).
    static func encode(_ bitmap: Bitmap) throws(RenderError) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        let opaque = isOpaque(bitmap.pixels)
        image.format = opaque ? formatRGB : formatRGBA
        let channels = opaque ? 3 : 4
        let result: Result<[UInt8], RenderError> = bitmap.pixels.withUnsafeBufferPointer { rgba in
            var rgb: [UInt8] = []
            if opaque {
                rgb = [UInt8](unsafeUninitializedCapacity: bitmap.width * bitmap.height * 3) { out, count in
                    var j = 0
                    var i = 0
                    while i < rgba.count {
                        out[j] = rgba[i]; out[j + 1] = rgba[i + 1]; out[j + 2] = rgba[i + 2]
                        i += 4
                        j += 3
                    }
                    count = j
                }
            }
            var size = maximumSize(width: bitmap.width, height: bitmap.height, channels: channels)
            var out = [UInt8](repeating: 0, count: size)
            let ok = out.withUnsafeMutableBytes { raw in
                rgb.withUnsafeBufferPointer { rgbBuffer in
                    let source = opaque ? UnsafeRawPointer(rgbBuffer.baseAddress) : UnsafeRawPointer(rgba.baseAddress)
                    return png_image_write_to_memory(
                        &image, raw.baseAddress, &size, 0, source,
                        Int32(bitmap.width * channels), nil)
                }
            }
            guard ok != 0, size <= out.count else { return .failure(.encodingFailed(reason: message(of: image))) }
            out.removeSubrange(size...)
            return .success(out)
        }
        return try result.get()
    }

    /// Whether every alpha byte of RGBA `pixels` is 255.
    static func isOpaque(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// `PNG_IMAGE_PNG_SIZE_MAX` of png.h for an 8-bit, non-colour-mapped image (the macro does not
    /// import into Swift): the fixed chunks (signature, IHDR, gAMA, cHRM, IEND, 105 bytes), one
    /// 12-byte chunk header per `PNG_ZBUF_SIZE` (8192) bytes of IDAT data plus one, and zlib's
    /// bound on the compressed size of the filtered rows (one filter byte per row).
    static func maximumSize(width: Int, height: Int, channels: Int) -> Int {
        let data = (width * channels + 1) * height
        let compressed = data + (data + 7) >> 3 + (data + 63) >> 6 + 11
        return 8 + 25 + 16 + 44 + 12 + 12 + 12 * (compressed / 8192) + compressed
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
