// WebP encoding and decoding through libwebp (lossy VP8 and lossless VP8L, with alpha).
import CWebP

/// Encodes and decodes still WebP images with libwebp.
enum WebPCodec {
    /// Whether `bytes` start with a RIFF header of form `WEBP`.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 12 && bytes.prefix(4).elementsEqual(Array("RIFF".utf8))
            && bytes[8..<12].elementsEqual(Array("WEBP".utf8))
    }

    /// The bitstream's features (size, alpha, animation) as `WebPGetFeatures` reads them from
    /// the headers.
    static func features(_ bytes: UnsafeRawBufferPointer, source: String) throws(RenderError) -> WebPBitstreamFeatures {
        var features = WebPBitstreamFeatures()
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let status = WebPGetFeatures(base, bytes.count, &features)
        guard status == VP8_STATUS_OK else {
            throw .malformedImage(source: source, reason: "WebP header: \(describe(status))")
        }
        return features
    }

    /// The width and height that the WebP headers declare, without decoding.
    static func size(of bytes: UnsafeRawBufferPointer, source: String) throws(RenderError) -> (width: Int, height: Int)
    {
        let f = try features(bytes, source: source)
        return (Int(f.width), Int(f.height))
    }

    /// Decodes a still WebP (lossy or lossless, with or without alpha) into 8-bit RGBA with
    /// straight alpha. The size comes from the headers and is checked against `limits` before the
    /// raster is allocated; animations are refused (their first frame alone would misrepresent
    /// them), and so is a truncated file.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, source: String, limits: ImageDecodingLimits = .default
    ) throws(RenderError) -> Bitmap {
        let f = try features(bytes, source: source)
        guard f.has_animation == 0 else {
            throw .malformedImage(source: source, reason: "animated WebP is not supported (only still images)")
        }
        let width = Int(f.width), height = Int(f.height)
        try limits.check(width: width, height: height, source: source)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let decoded = pixels.withUnsafeMutableBufferPointer { out in
            WebPDecodeRGBAInto(base, bytes.count, out.baseAddress, out.count, Int32(width * 4))
        }
        guard decoded != nil else {
            throw .malformedImage(source: source, reason: "WebP data is truncated or corrupt")
        }
        return try Bitmap(width: width, height: height, pixels: pixels)
    }

    /// A WebP file of the bitmap: lossless (VP8L, exact pixels and alpha) when `quality` is nil,
    /// else lossy (VP8) at `quality` 0...100 with its alpha channel kept.
    static func encode(_ bitmap: Bitmap, quality: Int?) throws(RenderError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        let size = bitmap.pixels.withUnsafeBufferPointer { src in
            if let quality {
                return WebPEncodeRGBA(
                    src.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4),
                    Float(min(max(quality, 0), 100)), &out)
            }
            return WebPEncodeLosslessRGBA(
                src.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4), &out)
        }
        defer { if let out { WebPFree(out) } }
        guard size > 0, let out else { throw .encodingFailed(reason: "libwebp could not encode the image") }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// libwebp's status code in words.
    static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
        case VP8_STATUS_SUSPENDED: return "suspended"
        case VP8_STATUS_USER_ABORT: return "aborted"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data (truncated)"
        default: return "error \(status.rawValue)"
        }
    }
}
