// The bitmap context's text drawn straight onto cairo's premultiplied ARGB32 words: the pixel
// layout's conversions against the format's definition (colour premultiplied by alpha, rounded to
// nearest), text on a transparent context as the Renderer's pixels quantised to that format, and
// text inside a transparency layer composited with the layer, as CoreGraphics defines layers.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyRender

@Suite("Premultiplied renderer target")
struct PremultipliedTargetTests {
    /// `CAIRO_FORMAT_ARGB32`: "each pixel is a 32-bit quantity, with alpha in the upper 8 bits,
    /// then red, then green, then blue ... Pre-multiplied alpha is used" (cairo's documentation).
    static func word(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
        func pre(_ c: UInt32) -> UInt32 { UInt32((Double(c * a) / 255).rounded()) }
        return a << 24 | pre(r) << 16 | pre(g) << 8 | pre(b)
    }

    @Test("Every straight pixel is stored as cairo's premultiplied word and read back to the nearest straight value")
    func layoutFollowsTheFormat() {
        var word: UInt32 = 0
        var wrong = 0
        withUnsafeMutableBytes(of: &word) { raw in
            guard let p = raw.baseAddress else { return }
            for a in 0...255 as ClosedRange<UInt32> {
                for c in 0...255 as ClosedRange<UInt32> {
                    let pixel: StraightPixel = (UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a))
                    PremultipliedARGB32.store(pixel, to: p)
                    let stored = p.load(as: UInt32.self)
                    if stored != Self.word(c, 255 - c, c / 2, a) { wrong += 1 }
                    let back = PremultipliedARGB32.load(p)
                    // Opaque pixels come back exactly; translucent ones to the nearest straight value
                    // of their premultiplied word, and storing that again gives the same word.
                    if a == 255, back != pixel { wrong += 1 }
                    if a == 0, back != (0, 0, 0, 0) { wrong += 1 }
                    if a > 0 {
                        let expected = UInt8(min((Double(stored >> 16 & 0xFF) * 255 / Double(a)).rounded(), 255))
                        if back.red != expected || back.alpha != UInt8(a) { wrong += 1 }
                    }
                    PremultipliedARGB32.store(back, to: p)
                    if p.load(as: UInt32.self) != stored { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
    }

    @Test("Text on a transparent context: the Renderer's pixels on a clear Bitmap, quantised to premultiplied words")
    func transparentContextIsQuantisedRendererPixels() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 17)
        let frame = try RendererTests.frame(
            "Clear ground, 透明", font: font, color: Color(red: 0.8, green: 0.2, blue: 0.1),
            in: CGRect(x: 3, y: 4, width: 190, height: 30))
        let g = try GraphicsContext(width: 200, height: 40)
        frame.draw(in: g)
        let ours = try g.makeImage()
        var expected = try Bitmap(width: 200, height: 40, background: .clear)
        Renderer().draw(frame, into: &expected)
        // Alpha is kept exactly by the format. Where two glyph images overlap, the second glyph is
        // blended over the first one's quantised colour, so a few pixels may differ by that
        // quantisation (at most 255 / 2α levels, plus one for the blend's own rounding).
        var wrong = 0, requantised = 0, inked = 0
        for y in 0..<40 {
            for x in 0..<200 {
                guard let o = ours.pixel(x: x, y: y), let e = expected.pixel(x: x, y: y) else { continue }
                if e.alpha > 0 { inked += 1 }
                let a = UInt32(e.alpha)
                // The premultiplied word of the Renderer's pixel, read back as straight alpha.
                let w = Self.word(UInt32(e.red), UInt32(e.green), UInt32(e.blue), a)
                func straight(_ c: UInt32) -> UInt8 {
                    a == 0 ? 0 : UInt8(min((Double(c) * 255 / Double(a)).rounded(), 255))
                }
                let quantised = Bitmap.Pixel(
                    red: straight(w >> 16 & 0xFF), green: straight(w >> 8 & 0xFF), blue: straight(w & 0xFF),
                    alpha: e.alpha)
                guard o != quantised else { continue }
                let limit = Int(255 / (2 * Double(max(a, 1)))) + 2
                let close = [(o.red, quantised.red), (o.green, quantised.green), (o.blue, quantised.blue)]
                    .allSatisfy { abs(Int($0.0) - Int($0.1)) <= limit }
                if o.alpha != e.alpha || !close { wrong += 1 } else { requantised += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(inked > 200)
        #expect(requantised * 100 <= inked)
    }

    @Test("Text in a transparency layer is composited with the layer's alpha")
    func textInALayerTakesTheLayersAlpha() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 24)
        let frame = try RendererTests.frame(
            "Layered", font: font, color: .black, in: CGRect(x: 5, y: 5, width: 150, height: 34))
        func darkest(alpha: CGFloat) throws -> UInt8 {
            let g = try GraphicsContextTextTests.white(160, 40, scale: 1)
            g.setAlpha(alpha)
            g.beginTransparencyLayer()
            frame.draw(in: g)
            g.endTransparencyLayer()
            let image = try g.makeImage()
            var low: UInt8 = 255
            for y in 0..<image.height {
                for x in 0..<image.width { low = min(low, image.pixel(x: x, y: y)?.green ?? 255) }
            }
            return low
        }
        // A fully covered black pixel at alpha 0.5 over white is half white: 127 or 128.
        let half = try darkest(alpha: 0.5)
        #expect((126...129).contains(half))
        #expect(try darkest(alpha: 1) == 0)
    }
}
