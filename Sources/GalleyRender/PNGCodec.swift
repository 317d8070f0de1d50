// PNG encoding and decoding through libpng's simplified API, which reports errors without longjmp.
import CPNG

/// Encodes and decodes PNG with libpng (`png_image_*`: libpng's "simplified API").
enum PNGCodec {
    /// 8-bit RGBA, straight alpha (`PNG_FORMAT_RGBA`).
    private static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `bytes` start with the PNG signature.
    static func sniff(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && Array(bytes[0..<8]) == signature
    }

    /// A PNG file of the bitmap: 8-bit RGBA, straight alpha.
    static func encode(_ bitmap: Bitmap) throws(RenderError) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.format = formatRGBA
        let stride = Int32(bitmap.width * 4)
        var size = 0
        let result: Result<[UInt8], RenderError> = bitmap.pixels.withUnsafeBufferPointer { pixels in
            // First call: ask for the size; second: encode.
            guard png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, nil) != 0 else {
                return .failure(.encodingFailed(reason: message(of: image)))
            }
            var out = [UInt8](repeating: 0, count: size)
            let ok = out.withUnsafeMutableBytes { raw in
                png_image_write_to_memory(&image, raw.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
            guard ok != 0 else { return .failure(.encodingFailed(reason: message(of: image))) }
            out.removeSubrange(min(size, out.count)...)
            return .success(out)
        }
        return try result.get()
    }

    /// Decodes any PNG that libpng reads (grey, palette, 16-bit, interlaced…) into 8-bit RGBA.
    static func decode(_ bytes: [UInt8], source: String) throws(RenderError) -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let decoded: Result<Bitmap, RenderError> = bytes.withUnsafeBytes { raw in
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(.malformedImage(source: source, reason: message(of: image)))
            }
            let width = Int(image.width), height = Int(image.height)
            guard (1...Bitmap.maximumDimension).contains(width), (1...Bitmap.maximumDimension).contains(height) else {
                png_image_free(&image)
                return .failure(.malformedImage(
                    source: source, reason: "size \(width)×\(height) is out of range 1...\(Bitmap.maximumDimension)"))
            }
            image.format = formatRGBA
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let ok = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
            }
            guard ok != 0 else {
                return .failure(.malformedImage(source: source, reason: message(of: image)))
            }
            do throws(RenderError) {
                return .success(try Bitmap(width: width, height: height, pixels: pixels))
            } catch {
                return .failure(error)
            }
        }
        return try decoded.get()
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
