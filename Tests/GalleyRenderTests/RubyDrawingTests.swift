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

/// Latin ruby over a vertical line stands sideways (UAX #50 gives Latin letters R, and CSS
/// Writing Modes sets an R character of a vertical annotation sideways, as in its base's line):
/// its layout says so (`GlyphOrientation.sideways`), and so must what paints it.
@Suite("Ruby drawing in vertical lines")
struct VerticalRubyDrawingTests {
    static let size: CGFloat = 40
    static let box = CGRect(x: 10, y: 10, width: 120, height: 200)

    static func frame() throws -> Frame {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: size)
        var builder = AttributedTextBuilder("漢字", attributes: [.font(font), .verticalForms(true)])
        try builder.setAttribute(.rubyAnnotation(RubyAnnotation("hanzi")), range: 0..<2)
        return try Framesetter(builder.build()).frame(
            in: box, options: FrameOptions(truncation: nil, progression: .rightToLeft))
    }

    /// The ruby's glyph paints (the operations with an empty string range: a ruby shows no text
    /// of the frame's) stand as the ruby's runs do.
    @Test func rubyPaintsKeepTheRunsOrientation() throws {
        let frame = try Self.frame()
        let ruby = try #require(frame.lines.first?.rubies.first)
        #expect(ruby.glyphRuns.allSatisfy { $0.orientation == .sideways })
        let paints = PaintList(frame: frame).operations.compactMap { op -> GlyphPaint? in
            if case .glyphs(let g) = op, g.stringRange.isEmpty { g } else { nil }
        }
        try #require(!paints.isEmpty)
        #expect(paints.allSatisfy { $0.orientation == .sideways })
    }

    /// Every ink pixel of the drawn ruby lies inside the ruby glyphs' image bounds, which turn each
    /// glyph's box a quarter clockwise about its origin: drawn upright, "h" would reach above its
    /// turned box.
    @Test func rubyInkLiesInItsTurnedGlyphBoxes() throws {
        let frame = try Self.frame()
        let line = try #require(frame.lines.first)
        let ruby = try #require(line.rubies.first)
        let origin = frame.lineOrigins[0]
        let dx = Self.box.minX + origin.x + ruby.origin.x, dy = Self.box.minY + origin.y + ruby.origin.y
        let boxes = ruby.glyphRuns.map { $0.imageBounds.offsetBy(dx: dx, dy: dy).insetBy(dx: -1.5, dy: -1.5) }
        let rubyOnly = PaintList(
            PaintList(frame: frame).operations.filter { op in
                if case .glyphs(let g) = op { g.stringRange.isEmpty } else { false }
            })
        let height = 230
        var bitmap = try Bitmap(width: 150, height: height)
        Renderer().draw(rubyOnly, into: &bitmap)
        var ink = 0, outside = 0
        for y in 0..<height {
            for x in 0..<150 where (bitmap.pixel(x: x, y: y)?.red ?? 255) < 160 {
                ink += 1
                let centre = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(height - y) - 0.5)
                if !boxes.contains(where: { $0.contains(centre) }) { outside += 1 }
            }
        }
        #expect(ink > 30)
        #expect(outside == 0)
    }
}
