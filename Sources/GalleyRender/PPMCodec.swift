// Netpbm images: encoding binary PPM (P6) and decoding P6, P3 (and the grey P5, P2) with any maxval.

/// Encodes and decodes Netpbm pixmaps (netpbm.sourceforge.net/doc/ppm.html).
enum PPMCodec {
    /// A binary P6 file with maxval 255. Translucent pixels are composited over `background`
    /// in linear light (made opaque), since PPM has no alpha channel.
    static func encode(_ bitmap: Bitmap) -> [UInt8] {
        let header = Array("P6\n\(bitmap.width) \(bitmap.height)\n255\n".utf8)
        var out = [UInt8]()
        out.reserveCapacity(header.count + bitmap.width * bitmap.height * 3)
        out.append(contentsOf: header)
        appendOpaqueRGB(bitmap, to: &out)
        return out
    }

    /// Appends the bitmap's pixels as 8-bit RGB, translucent ones composited over its
    /// `background` in linear light: the raster of a PPM, and what JPEG encodes.
    static func appendOpaqueRGB(_ bitmap: Bitmap, to out: inout [UInt8]) {
        let bg = Bitmap.Pixel(bitmap.background)
        SRGBTransfer.withTables { t in
            // Background channels in linear light; translucent pixels are blended over it in linear light too.
            let bgr = t.linear(bg.red), bgg = t.linear(bg.green), bgb = t.linear(bg.blue)
            bitmap.pixels.withUnsafeBufferPointer { p in
                var i = 0
                while i < p.count {
                    let alpha = p[i + 3]
                    if alpha == 255 {
                        out.append(p[i]); out.append(p[i + 1]); out.append(p[i + 2])
                    } else {
                        let a = Float(alpha) * (1 / 255), k = 1 - a
                        out.append(t.encode(t.linear(p[i]) * a + bgr * k))
                        out.append(t.encode(t.linear(p[i + 1]) * a + bgg * k))
                        out.append(t.encode(t.linear(p[i + 2]) * a + bgb * k))
                    }
                    i += 4
                }
            }
        }
    }

    /// Whether `bytes` start like a Netpbm file this codec reads.
    static func sniff(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == UInt8(ascii: "P")
            && [
                UInt8(ascii: "2"), UInt8(ascii: "3"),
                UInt8(ascii: "5"), UInt8(ascii: "6"),
            ].contains(bytes[1])
    }

    /// The channels of a kind byte ('6', '3': RGB; '5', '2': grey) and whether its raster is ASCII.
    static func layout(of kind: UInt8) -> (channels: Int, ascii: Bool)? {
        switch kind {
        case UInt8(ascii: "6"): (3, false)
        case UInt8(ascii: "3"): (3, true)
        case UInt8(ascii: "5"): (1, false)
        case UInt8(ascii: "2"): (1, true)
        default: nil
        }
    }

    /// Decodes P6 / P3 (colour) and P5 / P2 (grey) with maxval 1...65535; samples are scaled
    /// to 0...255 with rounding. The result is opaque.
    static func decode(_ bytes: [UInt8], source: String, limits: ImageDecodingLimits = .default) throws(RenderError)
        -> Bitmap
    {
        var reader = Reader(bytes: bytes)
        func fail(_ reason: String) -> RenderError { .malformedImage(source: source, reason: reason) }
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P") else { throw fail("not a Netpbm file (no 'P' magic)") }
        let kind = bytes[1]
        guard let (channels, ascii) = layout(of: kind) else {
            throw fail("unsupported Netpbm kind 'P\(Character(Unicode.Scalar(kind)))' (expected P2, P3, P5 or P6)")
        }
        reader.position = 2
        guard let width = try reader.headerNumber(name: "width", fail: fail),
            let height = try reader.headerNumber(name: "height", fail: fail),
            let maxval = try reader.headerNumber(name: "maxval", fail: fail)
        else { throw fail("truncated header") }
        guard width >= 1, height >= 1, width <= Bitmap.maximumDimension, height <= Bitmap.maximumDimension else {
            throw fail("size \(width)×\(height) is out of range 1...\(Bitmap.maximumDimension)")
        }
        guard (1...65535).contains(maxval) else { throw fail("maxval \(maxval) is out of range 1...65535") }
        try limits.check(width: width, height: height, source: source)

        let count = width * height
        try checkRasterLength(
            remaining: bytes.count - reader.position, samples: count * channels, ascii: ascii, maxval: maxval,
            size: (width, height), fail: fail)
        var pixels = [UInt8](repeating: 255, count: count * 4)
        @inline(__always) func scaled(_ v: Int) -> UInt8 { UInt8((v * 255 + maxval / 2) / maxval) }

        if ascii {
            for p in 0..<count {
                for c in 0..<channels {
                    guard let v = try reader.headerNumber(name: "sample", fail: fail) else {
                        throw fail("raster ends after \(p) of \(count) pixels")
                    }
                    guard v <= maxval else { throw fail("sample \(v) exceeds maxval \(maxval) at pixel \(p)") }
                    if channels == 3 {
                        pixels[p * 4 + c] = scaled(v)
                    } else {
                        let s = scaled(v)
                        pixels[p * 4] = s; pixels[p * 4 + 1] = s; pixels[p * 4 + 2] = s
                    }
                }
            }
        } else {
            // Exactly one whitespace byte separates maxval from the raster.
            guard reader.position < bytes.count, Reader.isSpace(bytes[reader.position]) else {
                throw fail("missing whitespace after maxval")
            }
            let start = reader.position + 1
            let sampleBytes = maxval < 256 ? 1 : 2
            let needed = count * channels * sampleBytes
            guard bytes.count - start >= needed else {
                throw fail("raster has \(bytes.count - start) bytes, expected \(needed)")
            }
            bytes.withUnsafeBufferPointer { src in
                var s = start
                for p in 0..<count {
                    for c in 0..<channels {
                        let v: Int
                        if sampleBytes == 1 {
                            v = Int(src[s]); s += 1
                        } else {
                            v = Int(src[s]) << 8 | Int(src[s + 1]); s += 2
                        }
                        // Samples above maxval are out of spec; clamp rather than fail.
                        let b = scaled(min(v, maxval))
                        if channels == 3 {
                            pixels[p * 4 + c] = b
                        } else {
                            pixels[p * 4] = b; pixels[p * 4 + 1] = b; pixels[p * 4 + 2] = b
                        }
                    }
                }
            }
        }
        return try Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Checks that the raster can be there before anything is allocated for it, so that a few
    /// header bytes declaring 16384×16384 cost nothing. `remaining` counts the bytes after maxval:
    /// a binary raster needs its one whitespace byte and 1 or 2 bytes per sample; an ASCII one a
    /// digit per sample and a separator between samples.
    static func checkRasterLength(
        remaining: Int, samples: Int, ascii: Bool, maxval: Int, size: (width: Int, height: Int),
        fail: (String) -> RenderError
    ) throws(RenderError) {
        let minimum = ascii ? 2 * samples - 1 : (maxval < 256 ? 1 : 2) * samples + 1
        guard remaining < minimum else { return }
        let raster = max(remaining - (ascii ? 0 : 1), 0)
        throw fail("raster has \(raster) bytes, too few for \(size.width)×\(size.height) pixels")
    }

    /// Reads whitespace-separated decimal numbers, skipping `#` comments.
    struct Reader {
        let bytes: [UInt8]
        var position = 0

        static func isSpace(_ b: UInt8) -> Bool {
            b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C
        }

        /// The next number, or nil at the end of the data.
        mutating func headerNumber(name: String, fail: (String) -> RenderError) throws(RenderError) -> Int? {
            while position < bytes.count {
                let b = bytes[position]
                if Reader.isSpace(b) {
                    position += 1
                } else if b == UInt8(ascii: "#") {
                    while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                } else {
                    break
                }
            }
            guard position < bytes.count else { return nil }
            var value = 0
            var digits = 0
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                digits += 1
                position += 1
                guard value <= 1 << 24 else { throw fail("\(name) is too large") }
            }
            guard digits > 0 else {
                throw fail(
                    "expected a decimal \(name), found byte 0x\(String(bytes[position], radix: 16)) at offset \(position)"
                )
            }
            return value
        }
    }
}
