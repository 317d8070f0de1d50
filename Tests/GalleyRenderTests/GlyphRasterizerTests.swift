// Tests of injecting a glyph rasterizer (each with its own FreeType library and caches) and of the
// stroker it calls.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Glyph rasterizer")
struct GlyphRasterizerTests {
    /// Two lines of text with a fill-and-stroke, a shadow, obliqueness, a background and an
    /// underline: glyphs through every rasterizer path (fill, stroke, shear, shadow coverage).
    static func frame() throws -> Frame {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 24)
        let attributes: Attributes = [
            .font(font), .foregroundColor(Color(red: 0, green: 0, blue: 1)),
            .backgroundColor(Color(red: 1, green: 1, blue: 0)),
            .shadow(TextShadow(offset: CGSize(width: 2, height: -2), blurRadius: 1)), .obliqueness(0.2),
            .stroke(TextStroke(width: -4, color: Color(red: 1, green: 0, blue: 0))), .underline(TextDecoration()),
        ]
        return try Framesetter(AttributedText("Rasterized twice, alike", attributes: attributes))
            .frame(in: CGRect(x: 10, y: 10, width: 200, height: 80))
    }

    static func draw(_ frame: Frame, with renderer: Renderer) throws -> Bitmap {
        var bitmap = try Bitmap(width: 220, height: 100)
        renderer.draw(frame, into: &bitmap)
        return bitmap
    }

    @Test("a renderer given its own rasterizer draws the same pixels as one with the shared rasterizer")
    func ownRasterizerSamePixels() throws {
        let frame = try Self.frame()
        let shared = try Self.draw(frame, with: Renderer())
        let own = try Self.draw(frame, with: Renderer(rasterizer: GlyphRasterizer()))
        #expect(TestSupport.differingBytes(own.pixels, shared.pixels) == 0)
        #expect(TestSupport.ink(shared) > 100)
        #expect(Renderer().rasterizer === GlyphRasterizer.shared)
    }

    @Test("an SVG writer given its own rasterizer writes the same document")
    func ownRasterizerSameSVG() throws {
        let frame = try Self.frame()
        let shared = SVGWriter(width: 220, height: 100).document(for: frame)
        let own = SVGWriter(width: 220, height: 100, rasterizer: GlyphRasterizer()).document(for: frame)
        #expect(own == shared)
        #expect(shared.contains("<path"))
    }

    @Test("renderers with a rasterizer each draw the same pixels at the same time")
    func concurrentRasterizers() async throws {
        let frame = try Self.frame()
        let expected = try Self.draw(frame, with: Renderer())
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<4 {
                group.addTask { try Self.draw(frame, with: Renderer(rasterizer: GlyphRasterizer())).pixels }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4)
        #expect(results.map { TestSupport.differingBytes($0, expected.pixels) } == [0, 0, 0, 0])
    }

    @Test("a stroke (FreeType's stroker) puts ink half its width outside the glyph's filled ink")
    func strokeOutsideFill() throws {
        // 6 % of 100 pt is a 6-px line: 3 px on each side of the outline.
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 100)
        func draw(_ attributes: Attributes) throws -> Bitmap {
            var all = attributes
            all.font = font
            let frame = try Framesetter(AttributedText("I", attributes: all))
                .frame(in: CGRect(x: 20, y: 20, width: 120, height: 120))
            var bitmap = try Bitmap(width: 160, height: 160)
            Renderer(rasterizer: GlyphRasterizer()).draw(frame, into: &bitmap)
            return bitmap
        }
        let plainBox = inkBox(try draw([]))
        let stroked = try draw([.stroke(TextStroke(width: 6))])
        let strokedBox = inkBox(stroked)
        let filled = try #require(plainBox), box = try #require(strokedBox, "the stroke draws no ink")
        #expect(abs((filled.0 - box.0) - 3) <= 1 && abs((box.2 - filled.2) - 3) <= 1)
        #expect(abs((filled.1 - box.1) - 3) <= 1 && abs((box.3 - filled.3) - 3) <= 1)
        // Stroke only: the middle of the stem, more than 3 px from both of its edges, stays empty.
        let middle = (x: (filled.0 + filled.2) / 2, y: (filled.1 + filled.3) / 2)
        #expect(filled.2 - filled.0 >= 8)
        #expect(stroked.pixel(x: middle.x, y: middle.y) == Bitmap.Pixel(red: 255, green: 255, blue: 255))
    }
}
