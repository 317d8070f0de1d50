// JPEG encoding and decoding through libjpeg-turbo's TurboJPEG API, which reports errors as return
// codes (libjpeg's own API would longjmp out of Swift frames).
import CTurboJPEG

/// Encodes and decodes JPEG with libjpeg-turbo (`tjDecompressHeader3`, `tjDecompress2`,
/// `tjCompress2`).
enum JPEGCodec {
    /// Whether `bytes` start with a JPEG SOI marker followed by another marker (FF D8 FF).
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    /// The smallest JPEG that can hold a `width` × `height` image: the entropy-coded data of a
    /// completely flat image still takes about a bit per 8×8 block and component, so a file
    /// declaring vastly more blocks than it has bits is a lie (a "JPEG bomb") and is refused before
    /// its raster is allocated.
    static func minimumSize(width: Int, height: Int) -> Int {
        ((width + 7) / 8) * ((height + 7) / 8) / 64
    }

    /// The declared width and height and the colour space, from the frame header. A stream that
    /// ends before its frame header (a truncated file, or an abbreviated table-specification
    /// stream of tables only, ITU-T T.81 B.5, which libjpeg-turbo reads without error and with a
    /// size of 0 × 0) has no image and is an error.
    static func header(_ bytes: UnsafeRawBufferPointer, handle: tjhandle, source: String) throws(RenderError)
        -> (width: Int, height: Int, colorspace: Int32)
    {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        guard
            tjDecompressHeader3(handle, base, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0
        else { throw .malformedImage(source: source, reason: message(handle)) }
        guard width > 0, height > 0 else {
            throw .malformedImage(source: source, reason: "no frame header (tables only, or truncated): no image")
        }
        return (Int(width), Int(height), colorspace)
    }

    /// The width and height that the JPEG's frame header declares, without decoding.
    static func size(of bytes: UnsafeRawBufferPointer, source: String) throws(RenderError) -> (width: Int, height: Int)
    {
        guard let handle = tjInitDecompress() else { throw .malformedImage(source: source, reason: "no JPEG decoder") }
        defer { tjDestroy(handle) }
        let h = try header(bytes, handle: handle, source: source)
        return (h.width, h.height)
    }

    /// Decodes a baseline or progressive JPEG (grey, YCbCr, RGB, CMYK and YCCK) into opaque
    /// 8-bit RGBA. The size comes from the frame header and is checked against `limits` (and
    /// against what the file's length can encode) before the raster is allocated. A truncated or
    /// corrupt file is an error, never a partly grey image: libjpeg-turbo's warnings ("premature
    /// end of data") stop the decoder (`TJFLAG_STOPONWARNING`), and a progressive file with more
    /// than 500 scans (a CPU bomb) is refused (`TJFLAG_LIMITSCANS`).
    static func decode(
        _ bytes: UnsafeRawBufferPointer, source: String, limits: ImageDecodingLimits = .default
    ) throws(RenderError) -> Bitmap {
        guard let handle = tjInitDecompress() else { throw .malformedImage(source: source, reason: "no JPEG decoder") }
        defer { tjDestroy(handle) }
        let (width, height, colorspace) = try header(bytes, handle: handle, source: source)
        try limits.check(width: width, height: height, source: source)
        guard bytes.count >= minimumSize(width: width, height: height) else {
            throw .malformedImage(
                source: source,
                reason: "size \(width)×\(height) is more than \(bytes.count) bytes of JPEG data can hold")
        }
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = cmyk ? TJPF_CMYK : TJPF_RGBA
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS | TJFLAG_ACCURATEDCT)
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let status = pixels.withUnsafeMutableBufferPointer { out in
            tjDecompress2(
                handle, base, UInt(bytes.count), out.baseAddress, Int32(width), Int32(width * 4), Int32(height),
                format.rawValue, flags)
        }
        guard status == 0 else { throw .malformedImage(source: source, reason: message(handle)) }
        if cmyk { convertCMYK(&pixels) }
        return try Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Adobe CMYK (as Photoshop writes it, inverted: 255 = no ink) to RGB in place, alpha 255:
    /// R = C·K / 255 and likewise for G and B, the naive conversion that ImageMagick, browsers
    /// and libjpeg-turbo's own `tjexample` use when no colour profile is applied.
    static func convertCMYK(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let k = UInt32(p[i + 3])
                p[i] = UInt8((UInt32(p[i]) * k + 127) / 255)
                p[i + 1] = UInt8((UInt32(p[i + 1]) * k + 127) / 255)
                p[i + 2] = UInt8((UInt32(p[i + 2]) * k + 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }

    /// A baseline JPEG of the bitmap at `quality` (1...100), 4:2:0 chroma subsampling below
    /// quality 90 and 4:4:4 from 90 up (so text edges keep their colour), with translucent
    /// pixels composited over the bitmap's ``Bitmap/background`` (JPEG has no alpha).
    static func encode(_ bitmap: Bitmap, quality: Int) throws(RenderError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw .encodingFailed(reason: "no JPEG encoder") }
        defer { tjDestroy(handle) }
        var rgb: [UInt8] = []
        rgb.reserveCapacity(bitmap.width * bitmap.height * 3)
        PPMCodec.appendOpaqueRGB(bitmap, to: &rgb)
        let q = min(max(quality, 1), 100)
        let subsampling = q >= 90 ? TJSAMP_444 : TJSAMP_420
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer { src in
            tjCompress2(
                handle, src.baseAddress, Int32(bitmap.width), Int32(bitmap.width * 3), Int32(bitmap.height),
                TJPF_RGB.rawValue, &out, &size, Int32(subsampling.rawValue), Int32(q), Int32(TJFLAG_ACCURATEDCT))
        }
        defer { if let out { tjFree(out) } }
        guard status == 0, let out else { throw .encodingFailed(reason: message(handle)) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// libjpeg-turbo's message for the last error on `handle`.
    static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "libjpeg-turbo error" }
        let message = String(cString: text)
        return message.isEmpty ? "libjpeg-turbo error" : message
    }
}
