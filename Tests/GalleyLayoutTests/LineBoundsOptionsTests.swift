// CTLineCreateWithAttributedString and CTLineGetBoundsWithOptions: a one-call line whose newlines
// do not break it, and every line-bounds option, checked against the fonts' own metrics
// (hmtx advances, hhea ascent and descent, head bounding box, HarfBuzz glyph extents).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite struct LineBoundsOptionsTests {
    static func font() throws -> Font { try Fonts.dejaVu(16) }

    /// CTLineCreateWithAttributedString: "Creates a single immutable line object directly from an
    /// attributed string. [...] Without a typesetter object, the line cannot be properly broken."
    /// So "xx\nxx" is one line of the whole string; the newline adds no advance.
    @Test func oneCallLineKeepsNewlines() throws {
        let string = "xx\nxx\r\nx"
        let line = try Line(text(string, [.font(try Self.font())]))
        #expect(line.stringRange == 0..<string.utf16.count)
        let indices = Set(line.glyphRuns.flatMap { Array($0.stringIndices) })
        #expect(indices.isSuperset(of: [0, 1, 3, 4, 7]))
        #expect(abs(line.width - 5 * Dv16.x) < 1e-9)
        // The two-step typesetter form stops at the first paragraph separator.
        let typesetter = try Typesetter(text(string, [.font(try Self.font())]))
        #expect(try typesetter.line(for: 0..<string.utf16.count).stringRange == 0..<3)
        // A final separator stays the line's separator, as in any line.
        let ended = try Line(text("xx\n", [.font(try Self.font())]))
        #expect(ended.stringRange == 0..<3)
        #expect(abs(ended.width - 2 * Dv16.x) < 1e-9)
        // CTLineGetGlyphCount "returns the total glyph count for the line object": one glyph per
        // x (DejaVu maps each to one glyph, no ligature).
        #expect(try Line(text("xxxxx", [.font(try Self.font())])).glyphCount == 5)
    }

    /// "Passing 0 (no options) returns the typographic bounds, including typographic leading and
    /// shifts", with "the rect origin [...] at the bottom left". Observed on Apple platforms (a
    /// Helvetica Neue 16 line: y = −3.856 = −(descent + leading), height = 19.088 = ascent +
    /// descent + leading): the leading lies below the descent.
    @Test func typographicBoundsAndLeading() throws {
        // (Every bundled font has an hhea line gap of 0, so the leading here is 0.)
        let font = try Self.font()
        let line = try Line(text("xxxx", [.font(font)]))
        let ascent = line.ascent
        let descent = line.descent
        let leading = line.leading
        #expect(abs(ascent - Dv16.ascent) < 1e-9 && abs(descent - Dv16.descent) < 1e-9)
        let plain = line.bounds()
        #expect(plain == CGRect(x: 0, y: -(descent + leading), width: 4 * Dv16.x, height: ascent + descent + leading))
        let tight = line.bounds(options: .excludeTypographicLeading)
        #expect(tight == CGRect(x: 0, y: -descent, width: 4 * Dv16.x, height: ascent + descent))
    }

    /// Porter's problem 3: measure and centre a one-line label. The glyph-path bounds place the
    /// ink, so an origin computed from them puts the label's ink where asked: the ink box from
    /// HarfBuzz's glyph extents of each glyph, moved by its position, is centred.
    @Test func centringALabel() throws {
        let line = try Line(text("Label", [.font(try Self.font())]))
        let ink = line.bounds(options: .useGlyphPathBounds)
        let box = CGRect(x: 0, y: 0, width: 200, height: 40)
        let origin = CGPoint(x: box.midX - ink.midX, y: box.midY - ink.midY)
        // Independently: the union of the glyphs' extents at their positions.
        var union = CGRect.null
        for run in line.glyphRuns {
            for g in 0..<run.glyphCount {
                union = union.union(
                    run.font.boundingRect(for: run.glyphs[g]).offsetBy(dx: run.positions[g].x, dy: run.positions[g].y))
            }
        }
        let placed = union.offsetBy(dx: origin.x, dy: origin.y)
        #expect(abs(placed.midX - box.midX) < 1e-9 && abs(placed.midY - box.midY) < 1e-9)
        // The typographic width centres the advance box the same way.
        let typographic = line.bounds(options: .excludeTypographicLeading)
        #expect(abs(typographic.width - line.width) < 1e-12)
    }

    /// kCTLineBoundsExcludeTypographicShifts: "ignore cross-stream shifts due to positioning
    /// (such as [...] baseline alignment)". A run raised 5 pt grows the ascent by 5; the option
    /// gives the font's own ascent back.
    @Test func excludeTypographicShifts() throws {
        var builder = AttributedTextBuilder("xx xx", attributes: [.font(try Self.font())])
        try builder.setBaselineOffset(5, range: 3..<5)
        let line = try Line(builder.build())
        #expect(abs(line.ascent - (Dv16.ascent + 5)) < 1e-9)
        let unshifted = line.bounds(options: [.excludeTypographicShifts, .excludeTypographicLeading])
        #expect(abs(unshifted.maxY - Dv16.ascent) < 1e-9)
        #expect(abs(unshifted.minY + Dv16.descent) < 1e-9)
    }

    /// kCTLineBoundsUseHangingPunctuation: "treat standard punctuation hanging off either end of
    /// the line as fully hanging": the quotes around a word are left out of the box.
    @Test func hangingPunctuation() throws {
        let font = try Self.font()
        let line = try Line(text("\u{201C}xx\u{201D} ", [.font(font)]))
        let open = font.advance(for: font.glyph(for: "\u{201C}")!)
        let close = font.advance(for: font.glyph(for: "\u{201D}")!)
        let box = line.bounds(options: .useHangingPunctuation)
        #expect(abs(box.minX - open) < 1e-9)
        #expect(abs(box.width - 2 * Dv16.x) < 1e-9)
        #expect(abs(line.width - (open + close + 2 * Dv16.x + Dv16.space)) < 1e-9)
        // A line with no hanging punctuation keeps its visible box.
        #expect(try Line(text("xx", [.font(font)])).bounds(options: .useHangingPunctuation).width == 2 * Dv16.x)
    }

    /// kCTLineBoundsUseGlyphPathBounds with obliqueness and synthetic bold: the box is the ink as
    /// drawn. An "I" (a vertical stem from the baseline to the cap height in DejaVu) sheared by
    /// 0.5 reaches 0.5 × its top further right; synthetic bold adds 1/24 em right and top.
    @Test func glyphPathBoundsIncludeShearAndSyntheticBold() throws {
        let font = try Self.font()
        let plain = try Line(text("I", [.font(font)])).bounds(options: .useGlyphPathBounds)
        let glyphBox = font.boundingRect(for: font.glyph(for: "I")!)
        #expect(plain == glyphBox)
        let oblique = try Line(text("I", [.font(font), .obliqueness(0.5)])).bounds(options: .useGlyphPathBounds)
        #expect(abs(oblique.maxX - (glyphBox.maxX + 0.5 * glyphBox.maxY)) < 1e-9)
        #expect(abs(oblique.minX - (glyphBox.minX + 0.5 * glyphBox.minY)) < 1e-9)
        let bold = try Line(text("I", [.font(font.withSyntheticTraits(.bold))])).bounds(options: .useGlyphPathBounds)
        #expect(abs(bold.maxX - (glyphBox.maxX + 16.0 / 24)) < 1e-9)
        #expect(abs(bold.maxY - (glyphBox.maxY + 16.0 / 24)) < 1e-9)
        // Leading, shifts and language extents do not apply to glyph path bounds.
        let line = try Line(text("I", [.font(font)]))
        #expect(line.bounds(options: [.useGlyphPathBounds, .includeLanguageExtents]) == line.imageBounds)
    }

    /// kCTLineBoundsUseOpticalBounds "overrides kCTLineBoundsUseGlyphPathBounds". DejaVu Sans has
    /// no `opbd` table, so each glyph's optical box is its advance box: the visible text's width,
    /// trailing whitespace left out, with typographic height.
    @Test func opticalBoundsWithoutOpbdAreTheAdvanceBox() throws {
        let font = try Self.font()
        #expect(!font.hasOpticalBoundsTable)
        #expect(font.opticalBounds(for: font.glyph(for: "x")!) == nil)
        let line = try Line(text("xxx  ", [.font(font)]))
        let optical = line.bounds(options: [.useOpticalBounds, .excludeTypographicLeading])
        #expect(optical == CGRect(x: 0, y: -line.descent, width: 3 * Dv16.x, height: line.ascent + line.descent))
        #expect(
            line.bounds(options: [.useOpticalBounds, .useGlyphPathBounds]) == line.bounds(options: .useOpticalBounds))
    }

    /// kCTLineBoundsIncludeLanguageExtents: "include additional space based on common glyph
    /// sequences for various languages [...] to avoid clipping that may be caused by the
    /// typographic bounds". Galley grows to the font's `head` bounding box.
    @Test func languageExtentsReachTheFontBoundingBox() throws {
        let font = try Self.font()
        let line = try Line(text("xx", [.font(font)]))
        let box = line.bounds(options: [.includeLanguageExtents, .excludeTypographicLeading])
        #expect(font.boundingBox.maxY > line.ascent)
        #expect(abs(box.maxY - font.boundingBox.maxY) < 1e-9)
        #expect(abs(box.minY - min(-line.descent, font.boundingBox.minY)) < 1e-9)
    }

    /// kCTParagraphStyleSpecifierLineBoundsOptions with hanging punctuation: a right-aligned
    /// line's closing stop hangs past the right margin.
    @Test func paragraphLineBoundsOptionsHangInFrames() throws {
        var style = ParagraphStyle(alignment: .right)
        style.lineBoundsOptions = .useHangingPunctuation
        let font = try Self.font()
        let frame = try Framesetter(text("xx.", [.font(font), .paragraphStyle(style)]))
            .frame(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        let x = try #require(frame.lineOrigins.first).x
        #expect(abs(x + 2 * Dv16.x - 100) < 1e-9)
        let plain = try Framesetter(text("xx.", [.font(font), .paragraphStyle(ParagraphStyle(alignment: .right))]))
            .frame(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(
            abs(try #require(plain.lineOrigins.first).x + 2 * Dv16.x + font.advance(for: font.glyph(for: ".")!) - 100)
                < 1e-9)
    }

    /// The deprecated kCTParagraphStyleSpecifierLineSpacing: "The space in points added between
    /// lines within the paragraph (commonly called leading)". DejaVu Sans has no line gap, so
    /// the baselines of two lines are 10 − 4 = 6 points further apart with 10 than with 4.
    @Test func deprecatedLineSpacingIsTheLeading() throws {
        func gap(_ spacing: CGFloat) throws -> CGFloat {
            var style = ParagraphStyle()
            style.lineSpacing = spacing
            #expect(style.lineSpacing == spacing)
            let frame = try Framesetter(text("xx\u{2028}xx", [.font(try Self.font()), .paragraphStyle(style)]))
                .frame(in: tall)
            return frame.lineOrigins[0].y - frame.lineOrigins[1].y
        }
        #expect(abs(try gap(10) - gap(4) - 6) < 1e-9)
    }
}
