// Decoding limits and hostile images: sizes are read from the header and checked against the
// caller's ImageDecodingLimits before the raster is allocated (the PNG "bomb" of a 16384² zero image
// deflated into 261 KB is refused in milliseconds), JPEG and WebP headers that lie about their size,
// truncated files, and a large image drawn into a small rect instead of a grey stand-in box.
import Foundation
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Image decoding limits")
struct ImageDecodingLimitsTests {
    /// A black 8-bit grey PNG of `width` × `height` pixels, written by Python's zlib (level 9):
    /// rows of zeros deflate about 1000-fold, so 16384² is 261 KB, the issue's bomb.
    static func blackPNG(width: Int, height: Int) throws -> [UInt8] {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("black.png").path
        let script = """
            import zlib, struct, sys
            w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
            def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
            c = zlib.compressobj(9); row = bytes(w + 1)
            data = b"".join(c.compress(row) for _ in range(h)) + c.flush()
            ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
            open(path, "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", data) + chunk(b"IEND", b""))
            """
        _ = try ToolProcess.output(of: "python3", package: "python3", ["-c", script, "\(width)", "\(height)", path])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("The 261 KB PNG declaring 16384×16384 is refused from its header, in milliseconds")
    func pngBomb() throws {
        let bomb = try Self.blackPNG(width: 16384, height: 16384)
        #expect((250_000...270_000).contains(bomb.count))
        var error: RenderError?
        let time = Self.seconds {
            do throws(RenderError) { _ = try ImageLoader.decode(bomb, source: "bomb.png") } catch let e { error = e }
        }
        guard case .imageTooLarge(let source, let width, let height, _) = error else {
            Issue.record("expected imageTooLarge, got \(String(describing: error))")
            return
        }
        #expect(source == "bomb.png" && width == 16384 && height == 16384)
        #expect(!"\(error!)".contains("\n"))
        // No raster was allocated or inflated: a debug build on a shared machine still takes
        // well under 50 ms (the release figure is in the issue note).
        #expect(time < 0.05, "took \(time) s")
    }

    @Test("The caller's pixel limit refuses before decoding; an image within it decodes", arguments: [100, 399, 400])
    func callerLimit(limit: Int) throws {
        let png = try Bitmap(width: 20, height: 20, background: Color(red: 7 / 255, green: 7 / 255, blue: 7 / 255))
            .pngBytes()
        let limits = ImageDecodingLimits(maximumPixelCount: limit)
        if limit < 400 {
            #expect {
                _ = try ImageLoader.decode(png, limits: limits)
            } throws: { error in
                guard case RenderError.imageTooLarge(_, 20, 20, let l) = error else { return false }
                return l.maximumPixelCount == limit
            }
        } else {
            #expect(
                try ImageLoader.decode(png, limits: limits).pixel(x: 3, y: 3) == Bitmap.Pixel(red: 7, green: 7, blue: 7)
            )
        }
        // The same limit holds for every format.
        let card = try JPEGWebPCodecTests.card(width: 20, height: 20)
        for data in [try card.jpegBytes(), try card.webpBytes(), card.ppmBytes()] {
            if limit < 400 {
                #expect(throws: RenderError.self) { _ = try ImageLoader.decode(data, limits: limits) }
            } else {
                #expect(try ImageLoader.decode(data, limits: limits).width == 20)
            }
        }
    }

    @Test("A maximum side limits long thin images")
    func dimensionLimit() throws {
        let png = try Bitmap(width: 300, height: 2).pngBytes()
        #expect(throws: RenderError.self) {
            _ = try ImageLoader.decode(png, limits: ImageDecodingLimits(maximumDimension: 299))
        }
        #expect(try ImageLoader.decode(png, limits: ImageDecodingLimits(maximumDimension: 300)).width == 300)
    }

    /// The offset of the first SOFn marker's height field (FF C0/C2, length, precision, height).
    static func sofHeight(_ jpeg: [UInt8]) throws -> Int {
        let at = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && [0xC0, 0xC2].contains(jpeg[$0 + 1]) })
        return at + 5
    }

    @Test(
        "A JPEG whose header lies about its size is refused before decoding", arguments: [(60000, 60000), (8000, 8000)])
    func lyingJPEG(width: Int, height: Int) throws {
        var jpeg = try JPEGWebPCodecTests.card().jpegBytes()
        let h = try Self.sofHeight(jpeg)
        jpeg[h] = UInt8(height >> 8); jpeg[h + 1] = UInt8(height & 0xFF)
        jpeg[h + 2] = UInt8(width >> 8); jpeg[h + 3] = UInt8(width & 0xFF)
        var error: RenderError?
        let time = Self.seconds {
            do throws(RenderError) { _ = try ImageLoader.decode(jpeg, source: "lie.jpg") } catch let e { error = e }
        }
        let e = try #require(error)
        if width * height > Bitmap.maximumPixelCount || width > Bitmap.maximumDimension {
            guard case .imageTooLarge = e else { Issue.record("\(e)"); return }
        } else {
            // 8000² is within the limits, but its ~1 MB of blocks cannot be coded in these few bytes.
            #expect("\(e)".contains("bytes of JPEG data can hold"))
        }
        #expect("\(e)".hasPrefix("lie.jpg: ") && !"\(e)".contains("\n"))
        #expect(time < 0.05, "took \(time) s")
    }

    @Test(
        "Truncated JPEG and WebP files are errors, never a partly grey image", arguments: ["jpg", "webp", "lossy.webp"])
    func truncated(kind: String) throws {
        let card = try JPEGWebPCodecTests.card()
        let whole =
            kind == "jpg"
            ? try card.jpegBytes() : kind == "webp" ? try card.webpBytes() : try card.webpBytes(quality: 80)
        #expect(try ImageLoader.decode(whole).width == 64)
        for fraction in [0.02, 0.25, 0.5, 0.75, 0.98] {
            let cut = Array(whole.prefix(Int(Double(whole.count) * fraction)))
            #expect(throws: RenderError.self, "cut at \(cut.count) of \(whole.count)") {
                _ = try ImageLoader.decode(cut, source: "cut.\(kind)")
            }
        }
    }

    /// A JPEG stream that ends before its frame header (SOF) has no image: a truncated file, and
    /// an abbreviated table-specification stream (SOI, tables, EOI: ITU-T T.81 B.5), which
    /// libjpeg-turbo reads without error as 0 × 0. The ImageDecoding harness found the first
    /// (Fuzz/Reproducers/ImageDecoding/jpeg-tables-only-cut).
    @Test("A JPEG without a frame header is an error, in info(of:) and decode")
    func jpegWithoutFrameHeader() throws {
        let whole = try JPEGWebPCodecTests.card().jpegBytes()
        let sof = try #require(
            (2..<(whole.count - 1)).first { whole[$0] == 0xFF && [0xC0, 0xC1, 0xC2].contains(whole[$0 + 1]) })
        var streams = [2, 20, sof / 2, sof].map { Array(whole.prefix($0)) }
        streams.append(Array(whole.prefix(sof)) + [0xFF, 0xD9])
        for stream in streams {
            #expect(throws: RenderError.self, "\(stream.count) bytes") { _ = try ImageLoader.info(of: stream) }
            #expect(throws: RenderError.self, "\(stream.count) bytes") { _ = try ImageLoader.decode(stream) }
        }
        #expect(try ImageLoader.info(of: whole).width == 64)
    }

    @Test("A WebP header declaring 16384×16384 is refused before decoding")
    func lyingWebP() throws {
        var webp = try JPEGWebPCodecTests.card().webpBytes()
        try #require(Array(webp[12..<16]) == Array("VP8L".utf8) && webp[20] == 0x2F)
        // VP8L: 14 bits of width − 1, then 14 of height − 1, little-endian bit order.
        webp[21] = 0xFF; webp[22] = 0xFF; webp[23] = 0xFF
        webp[24] = webp[24] & 0xF0 | 0x0F
        #expect {
            _ = try ImageLoader.decode(webp, source: "lie.webp")
        } throws: { error in
            guard case RenderError.imageTooLarge(_, 16384, 16384, _) = error else { return false }
            return true
        }
    }

    @Test("info(of:) reads the declared size without decoding")
    func info() throws {
        let bomb = try Self.blackPNG(width: 16384, height: 16384)
        let info = try ImageLoader.info(of: bomb)
        #expect(info.format == .png && info.width == 16384 && info.height == 16384)
        #expect(throws: RenderError.self) { _ = try ImageLoader.info(of: [1, 2, 3]) }
    }

    @Test("An 8192×8192 image in a small rect is drawn, not replaced by the grey box")
    func largeImageDrawn() throws {
        let grey = Color(red: 40 / 255, green: 40 / 255, blue: 40 / 255)
        let image = try Bitmap(width: 8192, height: 8192, background: grey)
        var canvas = try Bitmap(width: 120, height: 120)
        Renderer().drawImage(image, in: CGRect(x: 10, y: 10, width: 100, height: 100), into: &canvas)
        // Every pixel inside the rect is the image's grey; the stand-in box would leave white
        // inside and draw its outline in Renderer.placeholderColor.
        for (x, y) in [(12, 12), (60, 60), (107, 107), (60, 12), (12, 100)] {
            #expect(canvas.pixel(x: x, y: y) == Bitmap.Pixel(red: 40, green: 40, blue: 40), "at (\(x), \(y))")
        }
        #expect(canvas.pixel(x: 5, y: 5) == Bitmap.Pixel(red: 255, green: 255, blue: 255))
    }
}
