// The renderer's text blending (sRGB-space coverage as cairo, or linear light) and anti-aliasing
// (grey or monochrome) settings: the blending formulas, what they leave alone (fills, colour
// emoji), shadows, and monochrome coverage.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyRender

@Suite("Text blending and anti-aliasing")
struct TextBlendingTests {
    static let dejaVu = TestFonts.path("DejaVuSans.ttf")

    static func draw(
        _ string: String, _ attributes: Attributes = [], size: CGFloat = 13, renderer: Renderer,
        background: Color = .white, width: Int = 160, height: Int = 50
    ) throws -> Bitmap {
        var all = attributes
        if all.font == nil { all.font = try Font(path: dejaVu, size: size) }
        let frame = try Framesetter(AttributedText(string, attributes: all))
            .frame(in: CGRect(x: 8, y: 8, width: CGFloat(width) - 16, height: CGFloat(height) - 16))
        var bitmap = try Bitmap(width: width, height: height, background: background)
        renderer.draw(frame, into: &bitmap)
        return bitmap
    }

    @Test(
        "sRGB-space source-over: Co = (Cs·αs + Cd·αd(1 − αs)) / αo on the encoded values",
        arguments: [0.1, 0.25, 0.5, 0.75, 0.9])
    func srgbFormula(_ a: Double) {
        let color = LinearColor(Color(red: 1, green: 0.5, blue: 0.2))
        let destinations: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = [
            (255, 255, 255, 255), (0, 0, 128, 255), (30, 200, 90, 128), (0, 0, 0, 0),
        ]
        for d in destinations {
            var buffer = [d.r, d.g, d.b, d.a]
            buffer.withUnsafeMutableBufferPointer { Bitmap.compositeSRGB($0, at: 0, color, alpha: Float(a)) }
            let da = Double(d.a) / 255
            let oa = a + da * (1 - a)
            func channel(_ s: Double, _ c: UInt8) -> Int {
                Int(((s * 255 * a + Double(c) * da * (1 - a)) / oa).rounded())
            }
            let expected = [channel(1, d.r), channel(0.5, d.g), channel(0.2, d.b), Int((oa * 255).rounded())]
            for k in 0..<4 {
                #expect(abs(Int(buffer[k]) - expected[k]) <= 1, "a \(a) over \(d): \(buffer) vs \(expected)")
            }
        }
    }

    /// The coverage of each pixel, read from the same text drawn on a transparent bitmap: there,
    /// source-over leaves the colour and puts coverage × alpha in the alpha channel in both modes.
    static func coverage(_ string: String, size: CGFloat) throws -> [Double] {
        let clear = try draw(string, size: size, renderer: Renderer(), background: .clear)
        return stride(from: 3, to: clear.pixels.count, by: 4).map { Double(clear.pixels[$0]) / 255 }
    }

    @Test("black on white: platform gives 255·(1 − a), linear gives encode(1 − a), per pixel", arguments: [10, 24])
    func perPixel(_ size: Int) throws {
        let coverage = try Self.coverage("Hamburgefonstiv", size: CGFloat(size))
        let platform = try Self.draw("Hamburgefonstiv", size: CGFloat(size), renderer: Renderer())
        let linear = try Self.draw(
            "Hamburgefonstiv", size: CGFloat(size), renderer: Renderer(textBlending: .linear))
        #expect(coverage.contains { $0 > 0 && $0 < 1 })
        for (i, a) in coverage.enumerated() {
            let p = platform.pixels[i * 4 + 1], l = linear.pixels[i * 4 + 1]
            #expect(abs(Int(p) - Int((255 * (1 - a)).rounded())) <= 1, "pixel \(i): coverage \(a), platform \(p)")
            #expect(
                abs(Int(l) - Int(TestSupport.srgbByte(linear: 1 - a))) <= 1, "pixel \(i): coverage \(a), linear \(l)")
        }
    }

    @Test("fills, decorations and colour emoji are the same in both blendings")
    func onlyCoverageChanges() throws {
        let emoji = try Font(path: TestFonts.path("NotoColorEmoji.ttf"), size: 32)
        let a = try Self.draw("😀", [.font(emoji)], renderer: Renderer(), height: 60)
        let b = try Self.draw("😀", [.font(emoji)], renderer: Renderer(textBlending: .linear), height: 60)
        #expect(a.pixels == b.pixels)
        #expect(a.count(where: { $0.red != $0.blue }) > 50, "the emoji is drawn in colour")
        // A background colour and an underline (opaque, pixel-snapped fills) under invisible glyphs.
        let attributes: Attributes = [
            .backgroundColor(Color(red: 0.2, green: 0.4, blue: 0.9)), .underline(.single), .foregroundColor(.clear),
        ]
        let c = try Self.draw("Hx Hx", attributes, renderer: Renderer())
        let d = try Self.draw("Hx Hx", attributes, renderer: Renderer(textBlending: .linear))
        #expect(c.pixels == d.pixels)
        #expect(c.count(where: { $0 == Bitmap.Pixel(Color(red: 0.2, green: 0.4, blue: 0.9)) }) > 20)
    }

    @Test("a text shadow's soft edge is blended like the text: darker in sRGB than in linear light")
    func shadowFollowsBlending() throws {
        let shadow = TextShadow(offset: CGSize(width: 3, height: -3), blurRadius: 4, color: .black)
        let p = try Self.draw("H", [.shadow(shadow)], size: 30, renderer: Renderer(), height: 60)
        let l = try Self.draw("H", [.shadow(shadow)], size: 30, renderer: Renderer(textBlending: .linear), height: 60)
        // Every pixel: the same coverage composited black over white, 255·(1 − a) ≤ encode(1 − a).
        #expect(zip(p.pixels, l.pixels).allSatisfy { $0 <= $1 })
        #expect(p.count(where: { $0.green > 0 && $0.green < 255 }) > 50)
        #expect(TestSupport.ink(p) > TestSupport.ink(l) * 1.1)
    }

    @Test("monochrome glyphs have only zero and full coverage", arguments: Renderer.Hinting.allCases)
    func monochrome(_ hinting: Renderer.Hinting) throws {
        let renderer = Renderer(hinting: hinting, antialiasing: .none)
        let clear = try Self.draw("Hamburgefonstiv", size: 13, renderer: renderer, background: .clear)
        let alphas = Set(stride(from: 3, to: clear.pixels.count, by: 4).map { clear.pixels[$0] })
        #expect(alphas == [0, 255])
        let stroked = try Self.draw(
            "O", [.stroke(TextStroke(width: 10, color: .black))], size: 30, renderer: renderer, background: .clear,
            height: 60)
        #expect(Set(stride(from: 3, to: stroked.pixels.count, by: 4).map { stroked.pixels[$0] }) == [0, 255])
        let gray = try Self.draw("Hamburgefonstiv", size: 13, renderer: Renderer(hinting: hinting), background: .clear)
        #expect(
            stride(from: 3, to: gray.pixels.count, by: 4).contains { gray.pixels[$0] != 0 && gray.pixels[$0] != 255 })
    }

    @Test("hinting changes the pixels, anti-aliased and monochrome", arguments: Renderer.Antialiasing.allCases)
    func hintingChangesPixels(_ antialiasing: Renderer.Antialiasing) throws {
        let images = try Renderer.Hinting.allCases.map {
            try Self.draw("Hamburgefonstiv", size: 11, renderer: Renderer(hinting: $0, antialiasing: antialiasing))
        }
        #expect(images[0].pixels != images[1].pixels)
        #expect(images[0].pixels != images[2].pixels)
        if antialiasing == .gray { #expect(images[1].pixels != images[2].pixels) }
    }

    @Test("full hinting and monochrome glyphs sit on whole pixels; light hinting keeps 1/4-pixel phases")
    func wholePixelsWhenStemsAreFitted() throws {
        // "Hamburg" at 11 px has fractional advances (DejaVu's hmtx × 11/2048), so some glyphs
        // have non-zero phases that whole-pixel placement rounds away.
        func pixels(_ renderer: Renderer) throws -> [UInt8] {
            try Self.draw("Hamburgefonstiv", size: 11, renderer: renderer).pixels
        }
        #expect(try pixels(Renderer(hinting: .full)) == pixels(Renderer(hinting: .full, subpixelPositioning: false)))
        #expect(
            try pixels(Renderer(antialiasing: .none))
                == pixels(Renderer(subpixelPositioning: false, antialiasing: .none)))
        #expect(try pixels(Renderer(hinting: .light)) != pixels(Renderer(hinting: .light, subpixelPositioning: false)))
    }
}
