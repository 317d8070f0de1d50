// Hostile images and fonts at the renderer: PPM and PNG headers declaring huge sizes over a few
// bytes of data (rejected before any allocation for the raster, naming the file), truncated and
// damaged PNGs, and bit-flipped font files, which are rejected or drawn safely.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Hostile images and fonts")
struct HostileInputTests {
    /// CRC-32 (ISO 3309, as PNG chunks use it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// A PNG chunk with its length and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// A PNG whose IHDR declares `width`×`height` 8-bit RGBA, followed by `idat` as its only data.
    static func png(width: UInt32, height: UInt32, idat: [UInt8]) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// Decodes `bytes` from a file named `name` and expects a malformed-image error naming that file
    /// whose reason contains `reason`.
    static func expectRejected(_ bytes: [UInt8], name: String, reason: String) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try ImageLoader.load(path: path)
        } throws: { error in
            guard case RenderError.malformedImage(let source, let why) = error else { return false }
            return source == path && (reason.isEmpty || why.contains(reason)) && "\(error)".contains(path)
        }
    }

    /// Decodes `bytes` from a file named `name` and expects the decoding limit's refusal naming it.
    static func expectTooLarge(_ bytes: [UInt8], name: String) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try ImageLoader.load(path: path)
        } throws: { error in
            guard case RenderError.imageTooLarge(let source, _, _, _) = error else { return false }
            return source == path && "\(error)".contains(path)
        }
    }

    @Test("A Netpbm header declaring 16384×16384 over a few bytes is rejected before allocating")
    func hugePPM() throws {
        // Over the 64 Mi-pixel decoding limit: refused from the header.
        try Self.expectTooLarge(Array("P6\n16384 16384\n255\n".utf8) + [1, 2, 3], name: "huge.ppm")
        try Self.expectTooLarge(Array("P3\n16384 16384\n255\n1 2 3\n".utf8), name: "huge-ascii.ppm")
        try Self.expectTooLarge(Array("P5 16384 16384 65535\n".utf8), name: "huge.pgm")
        // Within the limit, but more pixels than the bytes can hold.
        try Self.expectRejected(Array("P6\n8192 8192\n255\n".utf8) + [1, 2, 3], name: "big.ppm", reason: "too few")
        try Self.expectRejected(Array("P6\n100000 100000\n255\n".utf8), name: "oversize.ppm", reason: "out of range")
    }

    @Test("A P3 raster exactly as short as allowed still decodes; one byte less is an error")
    func shortestASCIIRaster() throws {
        #expect(try ImageLoader.decode(Array("P2 2 1 9 1 2".utf8)).width == 2)
        #expect(throws: RenderError.self) { _ = try ImageLoader.decode(Array("P2 2 1 9 1".utf8)) }
    }

    @Test("A PNG declaring 16384×16384 with a tiny IDAT is rejected before allocating")
    func hugePNG() throws {
        let png = Self.png(width: 16384, height: 16384, idat: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        try Self.expectTooLarge(png, name: "huge.png")
        // Within the pixel limit, but more than the deflated bytes can hold.
        let big = Self.png(width: 8192, height: 8192, idat: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        try Self.expectRejected(big, name: "big.png", reason: "more than")
        // Larger than the 16384 limit: rejected by the size check.
        try Self.expectTooLarge(Self.png(width: 100_000, height: 100_000, idat: []), name: "oversize.png")
    }

    @Test("Truncated and damaged PNGs are errors naming the file, or decode whole")
    func damagedPNG() throws {
        let good = try Bitmap(width: 9, height: 7, background: .red).pngBytes()
        // The end of the IDAT chunk's data: a cut before it loses pixels, so it must be an error.
        let idat = try #require((0..<good.count - 4).first { Array(good[$0..<$0 + 4]) == Array("IDAT".utf8) })
        let length =
            Int(good[idat - 4]) << 24 | Int(good[idat - 3]) << 16 | Int(good[idat - 2]) << 8 | Int(good[idat - 1])
        let dataEnd = idat + 4 + length
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        for cut in 8..<good.count {
            let path = dir.appendingPathComponent("cut-\(cut).png").path
            try Data(good.prefix(cut)).write(to: URL(fileURLWithPath: path))
            if cut < dataEnd {
                #expect(throws: RenderError.self) { _ = try ImageLoader.load(path: path) }
            } else if let image = try? ImageLoader.load(path: path) {
                #expect(image.width == 9 && image.height == 7)
            }
        }
        var flipped = good
        flipped[idat + 6] ^= 0xFF
        try Self.expectRejected(flipped, name: "flipped.png", reason: "")
    }

    @Test("Bit-flipped font files are rejected or laid out and drawn safely")
    func bitFlippedFontsDraw() throws {
        let original = [UInt8](
            try Data(contentsOf: URL(fileURLWithPath: TestFonts.path("NotoSansHebrew-Regular.ttf"))))
        let noFonts = FontCollection(bundledFontsDirectory: nil, includeSystemFonts: false)
        var drawn = 0
        for offset in stride(from: 0, to: original.count, by: 131) {
            var bytes = original
            bytes[offset] ^= 0xA5
            // Trusted: the flipped bytes themselves reach FreeType, HarfBuzz and the renderer.
            guard let font = try? Font(data: bytes, size: 14, sanitization: .trusted) else { continue }
            let text = AttributedText("שלום abc", attributes: [.font(font)])
            let frame = try Framesetter(text, defaultFont: font, fonts: noFonts)
                .frame(in: CGRect(x: 0, y: 0, width: 80, height: 40))
            for origin in frame.lineOrigins { #expect(origin.x.isFinite && origin.y.isFinite) }
            var bitmap = try Bitmap(width: 80, height: 40)
            Renderer().draw(frame, into: &bitmap)
            _ = SVGWriter(width: 80, height: 40).document(for: frame)
            drawn += 1
        }
        #expect(drawn > 0)
    }

    @Test(
        "A finite but huge stroke width draws a capped stroke instead of trapping (fuzz: AttributedPrograms)",
        arguments: [CGFloat.greatestFiniteMagnitude, -CGFloat.greatestFiniteMagnitude, 1e300, 1e-300])
    func hugeStrokeWidth(_ width: CGFloat) throws {
        // Reproducer Fuzz/Reproducers/AttributedPrograms/stroke-greatest-finite-width: the stroke's
        // radius in 1/64 pixel overflowed to infinity and its conversion to Int trapped.
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let text = AttributedText(
            "wo\u{30AD}\u{30B9}", attributes: [.font(font), .stroke(TextStroke(width: width, color: .red))])
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: 64, height: 48))
        var bitmap = try Bitmap(width: 64, height: 48)
        Renderer().draw(frame, into: &bitmap)
        _ = SVGWriter(width: 64, height: 48).document(for: frame)
        let white = Bitmap.Pixel(red: 255, green: 255, blue: 255)
        let inked = (0..<48).contains { y in (0..<64).contains { bitmap.pixel(x: $0, y: y) != white } }
        // A negative width fills as well as strokes, so the glyphs show whatever the stroke does.
        if width < 0 { #expect(inked) }
    }
}
