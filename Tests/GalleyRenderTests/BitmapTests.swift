// Tests of Bitmap: size validation, pixel access and source-over compositing.
import GalleyRender
import GalleyText
import Testing

@Suite("Bitmap")
struct BitmapTests {
    @Test("valid sizes create a bitmap filled with the background")
    func filledWithBackground() throws {
        let bitmap = try Bitmap(width: 3, height: 2, background: Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(bitmap.width == 3)
        #expect(bitmap.height == 2)
        // width × height × 4 bytes (RGBA8), as documented.
        #expect(bitmap.pixels.count == 24)
        for y in 0..<2 {
            for x in 0..<3 {
                #expect(bitmap.pixel(x: x, y: y) == Bitmap.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
            }
        }
    }

    @Test(
        "non-positive and oversized dimensions are rejected",
        arguments: [
            (0, 1), (1, 0), (-5, 10), (10, -1), (16_385, 1), (1, 16_385), (Int.max, Int.max), (Int.min, 3),
        ])
    func invalidSizes(width: Int, height: Int) {
        #expect(throws: RenderError.invalidSize(width: width, height: height)) {
            try Bitmap(width: width, height: height)
        }
    }

    @Test(
        "at most Bitmap.maximumPixelCount (64 Mi) pixels in all, whatever the sides",
        arguments: [(8192, 8193), (8193, 8192), (16_384, 4097), (4097, 16_384), (16_384, 16_384)])
    func tooManyPixels(width: Int, height: Int) {
        #expect(Bitmap.maximumPixelCount == 64 << 20)
        #expect(width * height > Bitmap.maximumPixelCount)
        #expect(throws: RenderError.invalidSize(width: width, height: height)) {
            try Bitmap(width: width, height: height)
        }
        #expect(throws: RenderError.invalidSize(width: width, height: height)) {
            try Bitmap(width: width, height: height, pixels: [])
        }
    }

    @Test("the largest allowed side is accepted")
    func maximumSide() throws {
        let bitmap = try Bitmap(width: Bitmap.maximumDimension, height: 1)
        #expect(bitmap.pixels.count == Bitmap.maximumDimension * 4)
    }

    @Test("pixel data must have width × height × 4 bytes")
    func pixelDataCount() {
        #expect(throws: RenderError.invalidPixelData(expected: 8, actual: 7)) {
            try Bitmap(width: 2, height: 1, pixels: [UInt8](repeating: 0, count: 7))
        }
    }

    @Test("out-of-range pixel access returns nil and writes nothing")
    func outOfRange() throws {
        var bitmap = try Bitmap(width: 2, height: 2)
        let before = bitmap.pixels
        #expect(bitmap.pixel(x: -1, y: 0) == nil)
        #expect(bitmap.pixel(x: 2, y: 0) == nil)
        #expect(bitmap.pixel(x: 0, y: 2) == nil)
        let wrote = bitmap.setPixel(x: 5, y: 5, to: Bitmap.Pixel(red: 1, green: 2, blue: 3))
        #expect(wrote == false)
        bitmap.blend(x: -1, y: -1, color: .black)
        #expect(bitmap.pixels == before)
    }

    @Test("setPixel writes RGBA in row-major order, row 0 at the top")
    func rowMajor() throws {
        var bitmap = try Bitmap(width: 2, height: 2, background: .clear)
        let wrote = bitmap.setPixel(x: 1, y: 0, to: Bitmap.Pixel(red: 10, green: 20, blue: 30, alpha: 40))
        #expect(wrote)
        // Pixel (1, 0) starts at byte (0 × 2 + 1) × 4 = 4.
        #expect(Array(bitmap.pixels[4..<8]) == [10, 20, 30, 40])
        #expect(bitmap.pixels.enumerated().allSatisfy { $0.offset >= 4 && $0.offset < 8 || $0.element == 0 })
    }

    @Test("blend is source-over in linear light, straight alpha")
    func sourceOver() throws {
        var bitmap = try Bitmap(width: 3, height: 1, background: .white)
        // Opaque destination: out = src·a + dst·(1 − a) in linear light (IEC 61966-2-1).
        // Half-opaque black on white → linear 0.5 → sRGB 1.055·0.5^(1/2.4) − 0.055 = 0.7354 → 187.5 → 188.
        bitmap.blend(x: 0, y: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(red: 188, green: 188, blue: 188, alpha: 255))
        // Coverage multiplies alpha: opaque red at 25 % coverage over white: linear (1, 0.75, 0.75).
        bitmap.blend(x: 1, y: 0, color: .red, coverage: 0.25)
        let g = TestSupport.srgbByte(linear: 0.75)
        #expect(g == 225)  // 1.055·0.75^(1/2.4) − 0.055 = 0.8808 → 224.6
        #expect(bitmap.pixel(x: 1, y: 0) == Bitmap.Pixel(red: 255, green: g, blue: g, alpha: 255))
        // Opaque source replaces the destination.
        bitmap.blend(x: 2, y: 0, color: .blue)
        #expect(bitmap.pixel(x: 2, y: 0) == Bitmap.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test("a 50 % coverage black-on-white pixel is sRGB 188, not 128")
    func halfCoverage() throws {
        var bitmap = try Bitmap(width: 1, height: 1, background: .white)
        bitmap.blend(x: 0, y: 0, color: .black, coverage: 0.5)
        // Linear 0.5 encodes to 0.7354 (IEC 61966-2-1) → 188; naive sRGB blending would give 128.
        #expect(TestSupport.srgbByte(linear: 0.5) == 188)
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(red: 188, green: 188, blue: 188, alpha: 255))
    }

    @Test("blending over a coloured background mixes in linear light", arguments: [0.1, 0.3, 0.5, 0.7, 0.9])
    func colouredBackground(coverage: Double) throws {
        // #336699 background, #ff8000 ink: each channel is lin⁻¹(c·lin(s) + (1 − c)·lin(d)).
        let bg = Color(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0x99 / 255.0)
        var bitmap = try Bitmap(width: 1, height: 1, background: bg)
        bitmap.blend(x: 0, y: 0, color: Color(red: 1, green: 0x80 / 255.0, blue: 0), coverage: coverage)
        func mix(_ s: UInt8, _ d: UInt8) -> UInt8 {
            TestSupport.srgbByte(linear: coverage * TestSupport.linear(s) + (1 - coverage) * TestSupport.linear(d))
        }
        let p = try #require(bitmap.pixel(x: 0, y: 0))
        // Float tables: allow one code where the exact value sits on a rounding boundary.
        #expect(abs(Int(p.red) - Int(mix(0xff, 0x33))) <= 1)
        #expect(abs(Int(p.green) - Int(mix(0x80, 0x66))) <= 1)
        #expect(abs(Int(p.blue) - Int(mix(0x00, 0x99))) <= 1)
        #expect(p.alpha == 255)
    }

    @Test(
        "opaque colours and fully transparent sources leave exact codes",
        arguments: Array(stride(from: 0, through: 255, by: 15)))
    func exactRoundTrip(code: Int) throws {
        // encode(decode(b)) = b for every code: an opaque blend stores the colour's own byte.
        var bitmap = try Bitmap(width: 1, height: 1, background: .white)
        let v = Double(code) / 255
        bitmap.blend(x: 0, y: 0, color: Color(red: v, green: v, blue: v))
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(red: UInt8(code), green: UInt8(code), blue: UInt8(code)))
        bitmap.blend(x: 0, y: 0, color: .black, coverage: 0)
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(red: UInt8(code), green: UInt8(code), blue: UInt8(code)))
    }

    @Test("blend onto transparent pixels keeps the source colour, not premultiplied")
    func blendOntoClear() throws {
        var bitmap = try Bitmap(width: 1, height: 1, background: .clear)
        // Porter–Duff over onto alpha 0: αo = αs, Co = Cs (straight alpha).
        bitmap.blend(x: 0, y: 0, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.4))
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(red: 255, green: 128, blue: 0, alpha: 102))
        // A second identical layer: αo = 0.4 + 0.4·0.6 = 0.64 → 163; colour unchanged.
        bitmap.blend(x: 0, y: 0, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.4))
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(red: 255, green: 128, blue: 0, alpha: 163))
    }

    @Test("Pixel converts from colours by rounding each channel")
    func pixelFromColor() {
        // 0.5 · 255 = 127.5 → 128; 0.2 · 255 = 51.
        #expect(
            Bitmap.Pixel(Color(red: 0.5, green: 0.2, blue: 1, alpha: 0))
                == Bitmap.Pixel(red: 128, green: 51, blue: 255, alpha: 0))
        #expect(Bitmap.Pixel(red: 1, green: 171, blue: 255, alpha: 16).description == "#01abff10")
    }
}
