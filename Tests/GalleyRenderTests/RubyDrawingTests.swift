// Tests that ruby is drawn: the paint list has each line's ruby glyphs (at the ruby's origin,
// in the ruby font, with no text of the frame's string), so the bitmap, SVG and PDF outputs that
// consume the list show them: ink inside the ruby's rect, one SVG path per ruby glyph.

import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Ruby drawing")
struct RubyDrawingTests {
    static func frame() throws -> Frame {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: 40)
        var builder = AttributedTextBuilder("漢字", attributes: [.font(font)])
        try builder.setAttribute(.rubyAnnotation(RubyAnnotation("かんじ")), range: 0..<2)
        return try Framesetter(builder.build()).frame(in: CGRect(x: 10, y: 10, width: 100, height: 80))
    }

    @Test func paintListHasTheRubyGlyphs() throws {
        let frame = try Self.frame()
        let ruby = try #require(frame.lines.first?.rubies.first)
        let glyphs = PaintList(frame: frame).operations.compactMap { op -> GlyphPaint? in
            if case .glyphs(let g) = op { g } else { nil }
        }
        try #require(glyphs.count == 2)
        let paint = glyphs[1]
        #expect(paint.font.size == 20 && paint.glyphs.count == 3)
        #expect(paint.stringRange.isEmpty)
        let origin = frame.lineOrigins[0]
        let run = try #require(ruby.glyphRuns.first)
        #expect(paint.positions[0].x == 10 + origin.x + ruby.origin.x + run.positions[0].x)
        #expect(paint.positions[0].y == 10 + origin.y + ruby.origin.y + run.positions[0].y)
    }

    /// The bitmap has ink inside the ruby's rect (above the base's box, where nothing else draws).
    @Test func bitmapShowsTheRuby() throws {
        let frame = try Self.frame()
        let ruby = try #require(frame.lines.first?.rubies.first)
        var bitmap = try Bitmap(width: 120, height: 100)
        Renderer().draw(frame, into: &bitmap)
        let o = frame.lineOrigins[0]
        let r = ruby.rect.offsetBy(dx: 10 + o.x, dy: 10 + o.y)
        var dark = 0
        for y in Int(100 - r.maxY)..<Int(100 - r.minY) {
            for x in Int(r.minX)..<Int(r.maxX) where (bitmap.pixel(x: x, y: y)?.red ?? 255) < 128 { dark += 1 }
        }
        #expect(dark > 20)
    }

    @Test func svgHasAPathPerGlyph() throws {
        let svg = SVGWriter(width: 120, height: 100).document(for: try Self.frame())
        #expect(svg.components(separatedBy: "<path").count - 1 == 5)
    }
}
