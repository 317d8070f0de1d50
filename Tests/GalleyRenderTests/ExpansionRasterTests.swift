// The bitmap rasterizer's horizontal scale for NSExpansionAttributeName ("the log of the
// expansion factor to be applied to glyphs"): a glyph rasterised with e^expansion as its x scale
// is that many times as wide, and as tall as before.
import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@testable import GalleyRender

@Suite("Expansion in the rasterizer")
struct ExpansionRasterTests {
    /// "H" of DejaVu Sans at 100 px, unhinted: with x scale 2 (expansion log 2) its bitmap is
    /// twice as wide (±2 px of antialiased edge) and exactly as tall; expansion 0 changes nothing.
    @Test func glyphStretchesByTheFactor() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 100)
        let h = try #require(font.glyph(for: "H"))
        let rasterizer = GlyphRasterizer()
        func image(_ expansion: Double?) throws -> GlyphImage {
            var style = GlyphRasterizer.GlyphStyle()
            style.xScale = GlyphSynthesis.xScale(expansion: expansion)
            let images = rasterizer.images(
                for: font.face, pixelSize: 100, style: style, requests: [.init(glyph: h, phaseX: 0, phaseY: 0)])
            return try #require(images.first ?? nil)
        }
        let plain = try image(nil)
        let wide = try image(log(2))
        #expect(abs(wide.width - 2 * plain.width) <= 2)
        #expect(wide.height == plain.height)
        #expect(try image(0).width == plain.width)
        #expect(GlyphSynthesis.xScale(expansion: .nan) == 0x10000)
    }
}
