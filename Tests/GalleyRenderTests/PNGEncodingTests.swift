// PNG encoding settings: every level and filter writes the exact pixels, the filter asked for is
// the one in the file's rows (read back with Python's zlib), grey images are written as greyscale,
// the automatic filter is the smaller of none and adaptive, and the default is no larger than
// cairo's PNG of the same pixels.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("PNG encoding settings")
struct PNGEncodingTests {
    /// A 64×48 image with a gradient, flat areas and, when `translucent`, varying alpha.
    static func sample(translucent: Bool) throws -> Bitmap {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 {
                let flat = x < 16
                pixels += [
                    flat ? 255 : UInt8(x * 4), flat ? 255 : UInt8(y * 5), UInt8((x + y) % 7 * 30),
                    translucent ? UInt8((x * 3 + y) % 256) : 255,
                ]
            }
        }
        return try Bitmap(width: 64, height: 48, pixels: pixels)
    }

    @Test(
        "every level and filter writes the exact pixels, opaque (RGB) and translucent (RGBA)",
        arguments: PNGEncoding.Filter.allCases, [0, 1, 6, 9])
    func roundTrip(filter: PNGEncoding.Filter, level: Int) throws {
        for translucent in [false, true] {
            let bitmap = try Self.sample(translucent: translucent)
            let png = try bitmap.pngBytes(PNGEncoding(compressionLevel: level, filter: filter))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            #expect(try ImageLoader.decode(png).pixels == bitmap.pixels)
            // Colour type in IHDR (byte 25): 2 RGB for opaque, 6 RGBA otherwise.
            #expect(png[25] == (translucent ? 6 : 2))
        }
    }

    @Test("levels are clamped to zlib's 0...9; the presets are what they say")
    func levels() {
        #expect(PNGEncoding(compressionLevel: 12).compressionLevel == 9)
        #expect(PNGEncoding(compressionLevel: -3).compressionLevel == 0)
        #expect(PNGEncoding.default == PNGEncoding(compressionLevel: 6, filter: .automatic, writesGrayscale: true))
        #expect(PNGEncoding.cairo == PNGEncoding(compressionLevel: 6, filter: .adaptive, writesGrayscale: false))
        #expect(PNGEncoding.fast == PNGEncoding(compressionLevel: 3, filter: .none))
        #expect(PNGEncoding.smallest == PNGEncoding(compressionLevel: 9, filter: .adaptive))
    }

    /// The filter type byte of each row of the PNG at `path` (PNG 1.2 §6: 0 none … 4 Paeth),
    /// read by Python's zlib from the concatenated IDAT chunks.
    static func rowFilters(_ png: [UInt8]) throws -> [Int] {
        let file = try TemporaryDirectory.make("png").appendingPathComponent("x.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(png).write(to: file)
        let program = """
            import struct, sys, zlib
            b = open(sys.argv[1], 'rb').read(); i = 8; idat = b''; w = h = 0; ch = 0
            while i < len(b):
                n, t = struct.unpack('>I4s', b[i:i+8]); body = b[i+8:i+8+n]; i += 12 + n
                if t == b'IHDR': w, h = struct.unpack('>II', body[:8]); ch = {0: 1, 4: 2, 2: 3, 6: 4}[body[9]]
                if t == b'IDAT': idat += body
            raw = zlib.decompress(idat); stride = w * ch + 1
            print(' '.join(str(raw[r * stride]) for r in range(h)))
            """
        let result = try ToolProcess.run("/usr/bin/python3", ["-c", program, file.path])
        guard result.status == 0 else { throw OracleError("reading the PNG rows failed: \(result.errorText)") }
        return result.text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    }

    @Test(
        "a single filter is applied to every row; adaptive chooses per row",
        arguments: [(PNGEncoding.Filter.none, 0), (.sub, 1), (.up, 2), (.average, 3), (.paeth, 4)])
    func filterIsApplied(filter: PNGEncoding.Filter, type: Int) throws {
        let bitmap = try Self.sample(translucent: false)
        let rows = try Self.rowFilters(try bitmap.pngBytes(PNGEncoding(compressionLevel: 6, filter: filter)))
        #expect(rows.count == 48)
        // libpng writes the first row with no "up" neighbour as the filter asked for, except that
        // up and Paeth degenerate there (PNG 1.2 §6.3: the row above is zero); it keeps the type.
        #expect(Set(rows) == [type])
        let adaptive = try Self.rowFilters(try bitmap.pngBytes(PNGEncoding(filter: .adaptive)))
        #expect(Set(adaptive).count > 1)
    }

    /// Black text on white (every pixel grey), 420×520.
    static func page() throws -> Bitmap {
        let font = try Font(path: TestFonts.dejaVuSans, size: 16)
        let words = "Typesetting is the composition of text by means of arranging physical type. "
        let text = AttributedText(String(repeating: words, count: 30), attributes: [.font(font)])
        let frame = try Framesetter(text).frame(in: CGRect(x: 10, y: 10, width: 400, height: 500))
        var page = try Bitmap(width: 420, height: 520)
        Renderer().draw(frame, into: &page)
        return page
    }

    /// A diagonal two-colour gradient, 600×315.
    static func card() throws -> Bitmap {
        let context = try GraphicsContext(width: 600, height: 315)
        context.drawLinearGradient(
            Gradient(colors: [Color(red: 0.1, green: 0.25, blue: 0.6), Color(red: 0.85, green: 0.33, blue: 0.45)]),
            start: .zero, end: CGPoint(x: 600, y: 315))
        return try context.makeImage()
    }

    /// The samples' photograph (samples/avatar.jpg, 256×256).
    static func photo() throws -> Bitmap {
        try ImageLoader.load(path: TestPackage.url("samples/avatar.jpg").path)
    }

    @Test(
        "grey images are written as greyscale (colour type 0, or 4 with alpha) with the exact pixels, unless told not to",
        arguments: [false, true])
    func grayscale(translucent: Bool) throws {
        var pixels: [UInt8] = []
        for y in 0..<40 {
            for x in 0..<50 {
                let v = UInt8((x * 5 + y * 3) % 256)
                pixels += [v, v, v, translucent ? UInt8((x + y * 7) % 256) : 255]
            }
        }
        let bitmap = try Bitmap(width: 50, height: 40, pixels: pixels)
        for filter in PNGEncoding.Filter.allCases {
            let gray = try bitmap.pngBytes(PNGEncoding(filter: filter))
            #expect(gray[25] == (translucent ? 4 : 0))  // IHDR colour type
            #expect(try ImageLoader.decode(gray).pixels == bitmap.pixels)
            let colour = try bitmap.pngBytes(PNGEncoding(filter: filter, writesGrayscale: false))
            #expect(colour[25] == (translucent ? 6 : 2))
            #expect(try ImageLoader.decode(colour).pixels == bitmap.pixels)
        }
        // One pixel not grey keeps the image in colour.
        pixels[4 * 123 + 1] ^= 1
        let coloured = try Bitmap(width: 50, height: 40, pixels: pixels)
        #expect(try coloured.pngBytes()[25] == (translucent ? 6 : 2))
    }

    @Test(
        "the automatic filter gives the smaller of no filter and adaptive: none for a page (grey, at level 3) and a gradient, adaptive for a photograph"
    )
    func automaticFilter() throws {
        for (name, bitmap, expected) in [
            ("page", try Self.page(), PNGEncoding.Filter.none), ("card", try Self.card(), .none),
            ("photo", try Self.photo(), .adaptive),
        ] {
            let automatic = try bitmap.pngBytes(PNGEncoding(filter: .automatic))
            let none = try bitmap.pngBytes(PNGEncoding(filter: .none))
            let adaptive = try bitmap.pngBytes(PNGEncoding(filter: .adaptive))
            // The filter chosen is the one that makes the whole image smaller at the level asked for.
            #expect((none.count <= adaptive.count) == (expected == .none), "\(name)")
            // A grey image left unfiltered is then compressed at level 3 (PNGFilterChoice.flatGrayLevel).
            let unfiltered = try bitmap.pngBytes(PNGEncoding(compressionLevel: name == "page" ? 3 : 6, filter: .none))
            #expect(automatic == (expected == .none ? unfiltered : adaptive), "\(name)")
            #expect(try ImageLoader.decode(automatic).pixels == bitmap.pixels)
            let rows = try Self.rowFilters(automatic)
            #expect(expected == .none ? Set(rows) == [0] : Set(rows).count > 1, "\(name): \(Set(rows))")
        }
    }

    @Test("the default is no larger than cairo's PNG of the same pixels: a text page, a gradient and a photograph")
    func noLargerThanCairo() throws {
        let directory = try TemporaryDirectory.make("png")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, bitmap) in [("page", try Self.page()), ("card", try Self.card()), ("photo", try Self.photo())] {
            let png = try bitmap.pngBytes()
            let file = directory.appendingPathComponent("\(name).png")
            try Data(png).write(to: file)
            let cairo = try CairoReference.pngSize(ofPixelsIn: file)
            #expect(png.count <= cairo, "\(name): \(png.count) bytes against cairo's \(cairo)")
            // The fast preset is what made files larger than cairo's for gradients.
            if name == "card" { #expect(try bitmap.pngBytes(.fast).count > cairo) }
            // cairo's settings compress the pixels to cairo's bytes (the same libpng, the same
            // settings): the files differ only in one ancillary chunk each, cairo's bKGD (18 bytes
            // with its header) against Galley's sRGB (13).
            let withCairosSettings = try bitmap.pngBytes(.cairo).count
            #expect(withCairosSettings == cairo - 18 + 13, "\(name): \(withCairosSettings) against \(cairo)")
        }
    }
}
