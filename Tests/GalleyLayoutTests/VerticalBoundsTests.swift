// Image bounds, typographic bounds and base origins of vertical runs and lines:
// upright glyphs' ink boxes at their TTB positions, rotated glyphs' boxes turned 90° clockwise
// about each glyph origin ((x, y) → (y, −x)), a vertical line's typographic box turned the same
// way. Expected values come from `hb-shape --show-extents` (HarfBuzz glyph extents, font units).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Vertical bounds")
struct VerticalBoundsTests {
    static let size: CGFloat = 20
    /// DroidSansFallbackFull's units per em.
    static let droidScale = size / 256
    /// DejaVu Sans's units per em.
    static let dejaVuScale = size / 2048

    static func verticalText(_ string: String, latin: Range<Int>? = nil) throws -> AttributedText {
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
        var builder = AttributedTextBuilder(string, attributes: [.font(droid), .verticalForms(true)])
        if let latin { try builder.setFont(try Fonts.dejaVu(size), range: latin) }
        return builder.build()
    }

    static func near(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-6) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.width - b.width) < tolerance
            && abs(a.height - b.height) < tolerance
    }

    /// `hb-shape --direction=ttb --show-extents` on "縦書": glyph 0 at offset (−128, −220) with
    /// extents <13, 207, 229, −230>, glyph 1 one em (256) lower, same offset, <14, 208, 228, −231>:
    /// ink from x = −128 + 13 = −115 to 114, y from −256 − 220 + 208 − 231 = −499 to −220 + 207 =
    /// −13 (font units, y up). Upright glyphs are not turned.
    @Test func uprightInkIsAtTheTTBPositions() throws {
        let line = try Typesetter(try Self.verticalText("縦書")).line(for: 0..<2)
        let s = Self.droidScale
        let expected = CGRect(x: -115 * s, y: -499 * s, width: 229 * s, height: 486 * s)
        #expect(line.glyphRuns.allSatisfy { $0.orientation == .upright })
        #expect(Self.near(line.imageBounds, expected))
        #expect(Self.near(line.bounds(options: .useGlyphPathBounds), expected))
    }

    /// hb-shape on "Swift" in DejaVu Sans (horizontal): advances 1300, 1675, 569, 685, 803 and
    /// extents S <135, 1520, 1051, −1549>, w <86, 1120, 1503, −1120>, i <193, 1556, 184, −1556>,
    /// f <47, 1556, 713, −1556>, t <55, 1438, 699, −1438>: ink x from 135 to 4229 + 55 + 699 =
    /// 4983, y from 1520 − 1549 = −29 to 1556. Turned clockwise about each glyph origin, whose pen
    /// is one em (the ideograph) plus the horizontal pen down the line, on the rotated baseline
    /// (descent − ascent) / 2 right of the centre line: x from baseline − 29 to baseline + 1556,
    /// y from −(em + 4983) to −(em + 135).
    @Test func rotatedInkIsTheHorizontalInkTurnedClockwise() throws {
        let line = try Typesetter(try Self.verticalText("縦Swift", latin: 1..<6)).line(for: 0..<6)
        let run = try #require(line.glyphRuns.first { $0.orientation == .sideways })
        let dejaVu = try Fonts.dejaVu(Self.size)
        let baseline = (dejaVu.descent - dejaVu.ascent) / 2
        let s = Self.dejaVuScale
        let expected = CGRect(
            x: baseline - 29 * s, y: -(Self.size + 4983 * s), width: (1556 + 29) * s, height: (4983 - 135) * s)
        #expect(Self.near(run.imageBounds, expected))

        // The same word in a horizontal line: its box's width and height swap.
        let horizontal = try Typesetter(AttributedText("Swift", attributes: [.font(dejaVu)])).line(for: 0..<5)
        let flat = horizontal.imageBounds
        #expect(Self.near(flat, CGRect(x: 135 * s, y: -29 * s, width: 4848 * s, height: 1585 * s)))
        #expect(abs(run.imageBounds.width - flat.height) < 1e-6)
        #expect(abs(run.imageBounds.height - flat.width) < 1e-6)
    }

    /// A vertical line's typographic box: down the line from 0 to −width, across it from
    /// −(descent + leading) to ascent (em halves for upright ideographs); without leading, the
    /// em-wide column.
    @Test func typographicBoxRunsDownTheColumn() throws {
        let line = try Typesetter(try Self.verticalText("縦書漢字")).line(for: 0..<4)
        let em = Self.size
        #expect(line.width == 4 * em)
        let below = line.descent + line.leading
        #expect(
            Self.near(
                line.bounds(), CGRect(x: -below, y: -4 * em, width: line.ascent + below, height: 4 * em)))
        #expect(
            Self.near(
                line.bounds(options: .excludeTypographicLeading),
                CGRect(x: -em / 2, y: -4 * em, width: em, height: 4 * em)))
    }

    /// Base origins of an upright run are HarfBuzz's TTB offsets (−128, −220 units) from a pen
    /// going down the line one em (ay = −256) per ideograph: positions = (0, −pen) + origins.
    @Test func baseOriginsAreTTBOffsets() throws {
        let line = try Typesetter(try Self.verticalText("縦書漢字")).line(for: 0..<4)
        let run = try #require(line.glyphRuns.first)
        let (advances, origins) = run.baseAdvancesAndOrigins(forGlyphs: 1..<run.glyphCount)
        let s = Self.droidScale
        #expect(origins.count == 3)
        for (k, origin) in origins.enumerated() {
            #expect(abs(origin.x + 128 * s) < 1e-6 && abs(origin.y + 220 * s) < 1e-6)
            #expect(advances[k] == CGSize(width: 0, height: -256 * s))
            #expect(abs(run.positions[k + 1].y - (-CGFloat(k + 1) * Self.size + origin.y)) < 1e-6)
        }
    }

    /// A placeholder in a vertical line lies along it: its delegate's width is its extent down
    /// the line (from its pen, one em below the ideograph before it), its ascent right of the
    /// centre line and its descent left of it.
    @Test func placeholderBoxLiesAlongTheLine() throws {
        let delegate = try RunDelegate(width: 30, ascent: 8, descent: 4, value: "img")
        var builder = AttributedTextBuilder(try Self.verticalText("縦"))
        try builder.insertPlaceholder(delegate, at: 1)
        let line = try Typesetter(builder.build()).line(for: 0..<2)
        let run = try #require(line.glyphRuns.first { $0.runDelegate != nil })
        let expected = CGRect(x: -4, y: -(Self.size + 30), width: 12, height: 30)
        #expect(Self.near(run.imageBounds, expected))
        #expect(Self.near(run.imageBounds(forGlyphs: 0..<1), expected))
    }

    /// With hanging punctuation, "「縦」" leaves out the opening bracket at the line's start and
    /// the closing one at its end (one em each, hb-shape TTB ay = −256): down the line only the
    /// ideograph's em remains, from 1 em to 2 em, across it the typographic column.
    @Test func hangingPunctuationIsLeftOutDownTheLine() throws {
        let line = try Typesetter(try Self.verticalText("「縦」")).line(for: 0..<3)
        let em = Self.size
        let box = line.bounds(options: [.useHangingPunctuation, .excludeTypographicLeading])
        #expect(Self.near(box, CGRect(x: -em / 2, y: -2 * em, width: em, height: em)))
    }
}
