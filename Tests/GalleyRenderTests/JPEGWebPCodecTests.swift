// JPEG and WebP against Debian's own command-line codecs: files that libjpeg-turbo's cjpeg and
// libwebp's cwebp write decode to what their djpeg and dwebp decode, and Galley's encodings decode
// in those tools to the image that was encoded (exactly when lossless, within a stated PSNR when not).
import Foundation
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("JPEG and WebP files")
struct JPEGWebPCodecTests {
    /// A smooth photograph-like test card: a colour ramp with a soft disc, whose alpha (when asked)
    /// falls from opaque at the top to 1/8 at the bottom.
    static func card(width: Int = 64, height: Int = 48, alpha: Bool = false) throws -> Bitmap {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x - width / 2), dy = Double(y - height / 2)
                let disc = max(0, 1 - (dx * dx + dy * dy).squareRoot() / Double(height / 2))
                bytes += [
                    UInt8(Double(x) / Double(width - 1) * 255), UInt8(Double(y) / Double(height - 1) * 200),
                    UInt8(60 + disc * 180), alpha ? UInt8(255 - y * 224 / (height - 1)) : 255,
                ]
            }
        }
        return try Bitmap(width: width, height: height, pixels: bytes)
    }

    /// Runs a Debian codec tool and fails the test with its message when it is missing or fails.
    static func tool(_ name: String, _ package: String, _ arguments: [String]) throws {
        _ = try ToolProcess.output(of: name, package: package, arguments)
    }

    /// Peak signal-to-noise ratio of the RGB channels of two equal-sized bitmaps, in dB.
    static func psnr(_ a: Bitmap, _ b: Bitmap) throws -> Double {
        try PDFTestSupport.psnr(a, b)
    }

    @Test("A JPEG from cjpeg decodes to djpeg's pixels", arguments: ["-baseline", "-progressive", "-grayscale"])
    func decodesLikeDjpeg(mode: String) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ppm = dir.appendingPathComponent("card.ppm").path, jpg = dir.appendingPathComponent("card.jpg").path
        let back = dir.appendingPathComponent("back.ppm").path
        try Self.card().write(to: ppm)
        try Self.tool("cjpeg", "libjpeg-turbo-progs", [mode, "-quality", "85", "-outfile", jpg, ppm])
        // djpeg's defaults (islow DCT, fancy upsampling) are what Galley's decoder asks for.
        try Self.tool("djpeg", "libjpeg-turbo-progs", ["-pnm", "-outfile", back, jpg])
        let galley = try ImageLoader.load(path: jpg)
        let reference = try ImageLoader.load(path: back)
        #expect(galley.width == 64 && galley.height == 48)
        #expect(galley.pixels == reference.pixels)
        #expect(try ImageLoader.info(of: [UInt8](Data(contentsOf: URL(fileURLWithPath: jpg)))).format == .jpeg)
    }

    @Test("Galley's JPEG decodes in djpeg close to the image encoded", arguments: [(90, 38.0), (75, 33.0)])
    func jpegRoundTrip(quality: Int, minimumPSNR: Double) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let card = try Self.card()
        let jpg = dir.appendingPathComponent("g.jpg").path, back = dir.appendingPathComponent("g.ppm").path
        let data = try card.jpegBytes(quality: quality)
        #expect(data.prefix(3) == [0xFF, 0xD8, 0xFF])
        try Data(data).write(to: URL(fileURLWithPath: jpg))
        try Self.tool("djpeg", "libjpeg-turbo-progs", ["-pnm", "-outfile", back, jpg])
        let decoded = try ImageLoader.load(path: back)
        #expect(try Self.psnr(decoded, card) >= minimumPSNR)
        // Galley's own decoder gives djpeg's pixels.
        #expect(try ImageLoader.decode(data).pixels == decoded.pixels)
    }

    @Test("JPEG output composites translucent pixels over the background, as PPM does")
    func jpegHasNoAlpha() throws {
        var card = try Self.card(alpha: true)
        card.background = .white
        let decoded = try ImageLoader.decode(try card.jpegBytes(quality: 100))
        let flattened = try ImageLoader.decode(card.ppmBytes())
        #expect(try Self.psnr(decoded, flattened) >= 40)
        #expect(decoded.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test("A lossless WebP from cwebp decodes to the exact pixels, alpha included")
    func decodesCwebpLossless() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let card = try Self.card(alpha: true)
        let png = dir.appendingPathComponent("card.png").path, webp = dir.appendingPathComponent("card.webp").path
        try card.write(to: png)
        // -exact keeps the colour of transparent pixels, so every byte must come back.
        try Self.tool("cwebp", "webp", ["-quiet", "-lossless", "-exact", png, "-o", webp])
        let decoded = try ImageLoader.load(path: webp)
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(decoded.pixels == card.pixels)
    }

    @Test("A lossy WebP from cwebp decodes to dwebp's pixels")
    func decodesCwebpLossy() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("card.png").path, webp = dir.appendingPathComponent("card.webp").path
        let back = dir.appendingPathComponent("back.png").path
        try Self.card().write(to: png)
        try Self.tool("cwebp", "webp", ["-quiet", "-q", "80", png, "-o", webp])
        try Self.tool("dwebp", "webp", ["-quiet", webp, "-o", back])
        let galley = try ImageLoader.load(path: webp), reference = try ImageLoader.load(path: back)
        #expect(try Self.psnr(galley, reference) >= 50)
        #expect(try Self.psnr(galley, try Self.card()) >= 30)
    }

    @Test("Galley's lossless WebP decodes in dwebp to the exact pixels; lossy stays close")
    func webpRoundTrip() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let card = try Self.card(alpha: true)
        let webp = dir.appendingPathComponent("g.webp").path, back = dir.appendingPathComponent("g.pam").path
        let lossless = try card.webpBytes()
        #expect(Array(lossless[8..<12]) == Array("WEBP".utf8))
        try Data(lossless).write(to: URL(fileURLWithPath: webp))
        try Self.tool("dwebp", "webp", ["-quiet", webp, "-pam", "-o", back])
        // PAM (P7): a text header ending in ENDHDR, then RGBA bytes.
        let pam = [UInt8](try Data(contentsOf: URL(fileURLWithPath: back)))
        let header = Array("ENDHDR\n".utf8)
        let end = try #require((0..<pam.count).first { pam[$0...].starts(with: header) }) + header.count
        #expect(Array(pam[end...]) == card.pixels)
        #expect(try ImageLoader.decode(lossless).pixels == card.pixels)
        let lossy = try ImageLoader.decode(try card.webpBytes(quality: 90))
        #expect(lossy.width == 64 && lossy.pixels[3] > 200 && lossy.pixels[lossy.pixels.count - 1] < 60)
        #expect(try Self.psnr(try ImageLoader.decode(try Self.card().webpBytes(quality: 90)), try Self.card()) >= 35)
    }

    @Test("write(to:) writes JPEG and WebP by extension", arguments: ["a.jpg", "b.JPEG", "c.webp"])
    func writeByExtension(name: String) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try Self.card().write(to: path)
        let info = try ImageLoader.info(of: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(info.format == (name.hasSuffix("webp") ? .webp : .jpeg))
        #expect(info.width == 64 && info.height == 48)
        #expect(try ImageLoader.decode(Data(contentsOf: URL(fileURLWithPath: path))).width == 64)
    }
}
