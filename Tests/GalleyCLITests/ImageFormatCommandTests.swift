// `galley render` with JPEG and WebP: output by extension or --format, images in markup read from
// JPEG and WebP, and hostile images (a lying header, a truncated file) refused in one line with
// nothing written.
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("galley render: JPEG and WebP")
struct ImageFormatCommandTests {
    static let common = ["--font", TestFonts.dejaVuSans, "--size", "16", "--width", "120", "--text", "Hello, JPEG"]

    static func render(_ out: String, _ extra: [String] = []) -> ToolRun {
        CLITestSupport.run(["render", "-o", out] + extra + common)
    }

    @Test("-o x.jpg and x.webp write those formats: WebP the PNG's exact pixels, JPEG close to them")
    func outputFormats() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("t.png").path
        #expect(Self.render(png).status == 0)
        let reference = try ImageLoader.load(path: png)
        for name in ["t.jpg", "t.jpeg", "t.webp"] {
            let path = dir.appendingPathComponent(name).path
            let r = Self.render(path)
            #expect(r.status == 0, "\(r.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let info = try ImageLoader.info(of: bytes)
            #expect(info.format == (name.hasSuffix("webp") ? .webp : .jpeg))
            let image = try ImageLoader.decode(bytes)
            #expect(image.width == reference.width && image.height == reference.height)
            if name.hasSuffix("webp") {
                #expect(image.pixels == reference.pixels)
            } else {
                // Dark text on white at quality 90, 4:4:4: the edges ring a little.
                var sum = 0.0
                for (a, b) in zip(image.pixels, reference.pixels) { sum += Double(a - min(a, b) + b - min(a, b)) }
                #expect(sum / Double(image.pixels.count) < 3, "mean difference \(sum / Double(image.pixels.count))")
            }
        }
        let stdout = CLITestSupport.run(["render", "-o", "-", "--format", "jpeg"] + Self.common)
        #expect(stdout.status == 0 && stdout.stdout.prefix(3) == [0xFF, 0xD8, 0xFF])
    }

    /// CRC-32 (ISO 3309), as PNG chunks carry it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A markup file beside the image `name` (with `bytes`) that places it in a 40 × 30 box.
    static func markup(image bytes: [UInt8], name: String, in dir: URL) throws -> String {
        try Data(bytes).write(to: dir.appendingPathComponent(name))
        let path = dir.appendingPathComponent("doc.markup").path
        try Data("<img src=\"\(name)\" width=\"40\" height=\"30\"/> x".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("Images in markup are read from JPEG and WebP", arguments: ["jpg", "webp"])
    func imagesInMarkup(kind: String) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let red = try Bitmap(width: 16, height: 12, background: .red)
        let doc = try Self.markup(image: kind == "jpg" ? red.jpegBytes() : red.webpBytes(), name: "a.\(kind)", in: dir)
        let out = dir.appendingPathComponent("out.png").path
        let r = CLITestSupport.run(["render", "--markup", "--font", TestFonts.dejaVuSans, doc, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try ImageLoader.load(path: out)
        let reds = stride(from: 0, to: image.pixels.count, by: 4).filter {
            image.pixels[$0] > 240 && image.pixels[$0 + 1] < 20 && image.pixels[$0 + 2] < 20
        }
        // The 40 × 30 box is red inside (its edges may be partly covered).
        #expect(reds.count >= 38 * 28, "\(reds.count) red pixels")
    }

    @Test(
        "A hostile image is refused in one line, quickly, and nothing is written",
        arguments: ["bomb.png", "cut.jpg", "lie.webp"])
    func hostileImages(name: String) throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let card = try Bitmap(width: 64, height: 48, background: .blue)
        var bytes: [UInt8]
        switch name {
        case "bomb.png":
            // IHDR 16384 × 16384 RGBA over a few bytes of IDAT.
            let be: (UInt32) -> [UInt8] = {
                [UInt8($0 >> 24), UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)]
            }
            let ihdr = Array("IHDR".utf8) + be(16384) + be(16384) + [8, 6, 0, 0, 0]
            bytes = try card.pngBytes()
            let at = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("IHDR".utf8) })
            bytes.replaceSubrange(at..<at + 21, with: ihdr + be(Self.crc32(ihdr)))
        case "cut.jpg":
            let jpeg = try card.jpegBytes()
            bytes = Array(jpeg.prefix(jpeg.count / 2))
        default:
            bytes = try card.webpBytes()
            bytes[21] = 0xFF; bytes[22] = 0xFF; bytes[23] = 0xFF; bytes[24] |= 0x0F
        }
        let doc = try Self.markup(image: bytes, name: name, in: dir)
        let out = dir.appendingPathComponent("out.png").path
        let start = Date()
        let r = CLITestSupport.run(["render", "--markup", "--font", TestFonts.dejaVuSans, doc, "-o", out])
        let seconds = Date().timeIntervalSince(start)
        #expect(r.status == 2)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("cannot load image '\(name)'"), "\(r.stderr)")
        if name == "bomb.png" { #expect(r.stderr.contains("16384×16384 pixels is larger than the decoding limit")) }
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["doc.markup", name].sorted())
        #expect(seconds < 2, "took \(seconds) s")
    }
}
