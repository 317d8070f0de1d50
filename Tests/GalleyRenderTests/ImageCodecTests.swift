// Tests of PPM and PNG encoding, decoding, file writing and error reporting for malformed images.
import Foundation
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Image files")
struct ImageCodecTests {
    /// A small bitmap with distinct values in every channel of every pixel.
    static func sample(width: Int = 5, height: Int = 3, alpha: Bool) throws -> Bitmap {
        var bytes: [UInt8] = []
        for i in 0..<(width * height) {
            bytes += [
                UInt8(i * 17 % 256), UInt8(255 - i * 13 % 256), UInt8(i * 71 % 256),
                alpha ? UInt8(i * 37 % 256) : 255,
            ]
        }
        return try Bitmap(width: width, height: height, pixels: bytes)
    }

    @Test("P6 output has the Netpbm header and RGB triples")
    func ppmLayout() throws {
        var bitmap = try Bitmap(width: 2, height: 1, background: .white)
        bitmap.setPixel(x: 1, y: 0, to: Bitmap.Pixel(red: 1, green: 2, blue: 3))
        // netpbm.sourceforge.net/doc/ppm.html: "P6", whitespace, width, height, maxval, one
        // whitespace, then width × height RGB triples, row by row.
        #expect(bitmap.ppmBytes() == Array("P6\n2 1\n255\n".utf8) + [255, 255, 255, 1, 2, 3])
    }

    @Test("P6 composites translucent pixels over the background")
    func ppmComposites() throws {
        let bitmap = try Bitmap(width: 1, height: 1, pixels: [0, 0, 0, 51], background: .white)
        // In linear light: 0 · 0.2 + 1 · 0.8 = 0.8 → sRGB 1.055·0.8^(1/2.4) − 0.055 = 0.9063 → 231.
        let v = TestSupport.srgbByte(linear: 0.8)
        #expect(v == 231)
        #expect(Array(bitmap.ppmBytes().suffix(3)) == [v, v, v])
    }

    @Test("PPM round trip is byte-exact for opaque pixels")
    func ppmRoundTrip() throws {
        let bitmap = try Self.sample(alpha: false)
        let decoded = try ImageLoader.decode(bitmap.ppmBytes())
        #expect(decoded.width == bitmap.width)
        #expect(decoded.height == bitmap.height)
        #expect(decoded.pixels == bitmap.pixels)
    }

    @Test("PNG round trip is byte-exact, alpha included")
    func pngRoundTrip() throws {
        let bitmap = try Self.sample(width: 7, height: 4, alpha: true)
        let data = try bitmap.pngBytes()
        // The PNG signature (PNG spec §5.2).
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try ImageLoader.decode(data)
        #expect(decoded.width == 7)
        #expect(decoded.height == 4)
        #expect(decoded.pixels == bitmap.pixels)
    }

    @Test("write(to:) picks the format from the extension and reads back", arguments: ["out.ppm", "out.PNG", "x.png"])
    func writeAndLoad(name: String) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bitmap = try Self.sample(alpha: false)
        let path = dir.appendingPathComponent(name).path
        try bitmap.write(to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        if name.lowercased().hasSuffix(".png") {
            #expect(bytes.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        } else {
            #expect(bytes.prefix(2) == [UInt8(ascii: "P"), UInt8(ascii: "6")])
        }
        #expect(try ImageLoader.load(path: path).pixels == bitmap.pixels)
        // Atomic write: only the destination remains, no temporary sibling.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [name])
    }

    @Test("write(to:) replaces an existing file")
    func overwrite() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.ppm").path
        try TestSupport.write(Array("old".utf8), to: URL(fileURLWithPath: path))
        let bitmap = try Self.sample(alpha: false)
        try bitmap.write(to: path)
        #expect(try ImageLoader.load(path: path).pixels == bitmap.pixels)
    }

    @Test("write(to:) rejects unknown extensions and unwritable paths")
    func writeErrors() throws {
        let bitmap = try Bitmap(width: 1, height: 1)
        #expect(throws: RenderError.unsupportedFormat(path: "/tmp/a.gif")) { try bitmap.write(to: "/tmp/a.gif") }
        #expect {
            try bitmap.write(to: "/nonexistent-dir-galley/a.ppm")
        } throws: { error in
            guard case RenderError.fileAccess(let path, _) = error else { return false }
            return path == "/nonexistent-dir-galley/a.ppm"
        }
    }

    @Test("P3 with comments and maxval 255")
    func p3() throws {
        let text = """
            P3
            # a comment
            2 2 # trailing comment
            255
            255 0 0   0 255 0
            0 0 255   10 20 30
            """
        let bitmap = try ImageLoader.decode(Array(text.utf8))
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(red: 255, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 1, y: 0) == Bitmap.Pixel(red: 0, green: 255, blue: 0))
        #expect(bitmap.pixel(x: 0, y: 1) == Bitmap.Pixel(red: 0, green: 0, blue: 255))
        #expect(bitmap.pixel(x: 1, y: 1) == Bitmap.Pixel(red: 10, green: 20, blue: 30))
    }

    @Test("small maxval scales samples to 0...255")
    func p3SmallMaxval() throws {
        // maxval 15: v · 255 / 15 = 17 v, so 15 → 255, 1 → 17, 0 → 0.
        let bitmap = try ImageLoader.decode(Array("P3 1 1 15 15 1 0".utf8))
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(red: 255, green: 17, blue: 0))
    }

    @Test("P6 with 16-bit samples (maxval 65535) is read big-endian and scaled")
    func p6Sixteen() throws {
        // Big-endian samples 0xFFFF, 0x8080 and 0x0000; 0x8080 = 32896 → 32896 · 255 / 65535 = 128.
        let bytes = Array("P6\n1 1\n65535\n".utf8) + [0xFF, 0xFF, 0x80, 0x80, 0x00, 0x00]
        let bitmap = try ImageLoader.decode(bytes)
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(red: 255, green: 128, blue: 0))
    }

    @Test("P6 with maxval 1000 (two bytes per sample) scales with rounding")
    func p6Maxval1000() throws {
        // 1000 → 255; 500 → 127.5 → 128 (round half up); 4 → 1.02 → 1.
        let bytes = Array("P6 1 1 1000\n".utf8) + [0x03, 0xE8, 0x01, 0xF4, 0x00, 0x04]
        #expect(try ImageLoader.decode(bytes).pixel(x: 0, y: 0) == Bitmap.Pixel(red: 255, green: 128, blue: 1))
    }

    /// Malformed inputs, each breaking one rule of the Netpbm or PNG specification.
    static let malformedSamples: [(String, [UInt8])] = [
        ("empty", [UInt8]()),
        ("not an image", Array("hello world".utf8)),
        ("unknown Netpbm kind", Array("P7\n1 1\n255\n".utf8)),
        ("truncated header", Array("P6\n2".utf8)),
        ("missing maxval", Array("P6\n2 2\n".utf8)),
        ("zero width", Array("P6\n0 1\n255\n".utf8)),
        ("huge size", Array("P6\n100000 100000\n255\n".utf8)),
        ("maxval zero", Array("P6\n1 1\n0\n".utf8) + [0, 0, 0]),
        ("maxval too big", Array("P6\n1 1\n65536\n".utf8) + [0, 0, 0, 0, 0, 0]),
        ("short raster", Array("P6\n2 2\n255\n".utf8) + [1, 2, 3]),
        ("letters in header", Array("P6\nab 2\n255\n".utf8)),
        ("P3 sample above maxval", Array("P3 1 1 255 256 0 0".utf8)),
        ("P3 short raster", Array("P3 2 1 255 1 2 3 4".utf8)),
        ("P3 garbage sample", Array("P3 1 1 255 1 x 3".utf8)),
        ("PNG signature only", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        (
            "PNG with corrupt IHDR",
            [
                0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13,
                0x49, 0x48, 0x44, 0x52, 0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0, 1, 2, 3, 4,
            ]
        ),
    ]

    @Test("malformed images give descriptive errors", arguments: malformedSamples)
    func malformed(name: String, bytes: [UInt8]) {
        #expect {
            _ = try ImageLoader.decode(bytes, source: "sample-\(name)")
        } throws: { error in
            guard case RenderError.malformedImage(let source, let reason) = error else { return false }
            let text = (error as? RenderError)?.description ?? ""
            return source == "sample-\(name)" && !reason.isEmpty && !text.contains("\n")
        }
    }

    @Test("a truncated PNG is an error, not a crash")
    func truncatedPNG() throws {
        let data = try Self.sample(width: 20, height: 20, alpha: true).pngBytes()
        for cut in [16, 33, data.count / 2, data.count - 13] {
            #expect(throws: RenderError.self) { _ = try ImageLoader.decode(Array(data.prefix(cut))) }
        }
    }

    @Test("missing files and directories are file-access errors")
    func missingFile() throws {
        #expect {
            _ = try ImageLoader.load(path: "/nonexistent/galley.png")
        } throws: { error in
            guard case RenderError.fileAccess(let path, _) = error else { return false }
            return path == "/nonexistent/galley.png"
        }
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: RenderError.fileAccess(path: dir.path, reason: "is a directory")) {
            _ = try ImageLoader.load(path: dir.path)
        }
    }
}

@Suite("PNG colour types")
struct PNGColourTypeTests {
    /// The IHDR colour type: byte 25 of the file (8 signature + 4 length + 4 "IHDR" + 4 width +
    /// 4 height + 1 bit depth), 2 = truecolour (RGB), 6 = truecolour with alpha (PNG spec §11.2.2).
    static func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

    @Test("an opaque bitmap is written as RGB and reads back byte-exact")
    func opaqueIsRGB() throws {
        var bitmap = try Bitmap(width: 37, height: 11, background: Color(red: 0.2, green: 0.4, blue: 0.6))
        bitmap.setPixel(x: 3, y: 4, to: .init(red: 9, green: 200, blue: 77))
        let png = try bitmap.pngBytes()
        #expect(Self.colourType(png) == 2)
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        let back = try ImageLoader.decode(png)
        #expect(back.pixels == bitmap.pixels)
    }

    @Test("one translucent pixel keeps the alpha channel")
    func translucentIsRGBA() throws {
        var bitmap = try Bitmap(width: 20, height: 20)
        bitmap.setPixel(x: 19, y: 19, to: .init(red: 1, green: 2, blue: 3, alpha: 254))
        let png = try bitmap.pngBytes()
        #expect(Self.colourType(png) == 6)
        #expect(try ImageLoader.decode(png).pixels == bitmap.pixels)
    }

    @Test("a large noisy image (worst case for the compressor) still fits the one-pass buffer")
    func incompressible() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes = [UInt8](repeating: 255, count: 300 * 200 * 4)
        for i in bytes.indices where i % 4 != 3 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 33)
        }
        let bitmap = try Bitmap(width: 300, height: 200, pixels: bytes)
        #expect(try ImageLoader.decode(bitmap.pngBytes()).pixels == bytes)
    }
}
