// Baseline offset and superscript move glyphs up or down (y up) and grow the line's ascent or
// descent; superscript also scales them. DejaVu Sans's OS/2 table (read from the file: ySuperscriptYOffset 983, ySubscriptYOffset
// 286, 2048 units per em) gives 983/128 = 7.6796875 and 286/128 = 2.234375 at 16 pt.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Baseline shifts")
struct BaselineShiftTests {
    let sup: CGFloat = 983.0 / 128
    let sub: CGFloat = 286.0 / 128

    /// OS/2 ySuperscriptYSize = ySubscriptYSize = 1433 units of 2048: the size ratio of one
    /// superscript or subscript level.
    let ratio: CGFloat = 1433.0 / 2048

    /// "xxxxx": plain; superscript 1; subscript −1; baseline offset 3; superscript 2 with offset
    /// −1. Attribute.superscript's doc (and the OS/2 spec: ySuperscriptYSize is "the recommended
    /// vertical size … for superscripts", ySuperscriptYOffset "the recommended vertical offset …
    /// from the baseline"): level 1 is set at 16 × 1433/2048 pt and raised 983/128 = 7.6796875;
    /// subscript −1 at the same size, lowered 286/128 = 2.234375; level 2 at 16 × ratio² pt,
    /// raised by the level-1 offset plus the level-1 size's offset (7.6796875 × (1 + ratio)).
    @Test func glyphsMove() throws {
        let font = try Fonts.dejaVu(16)
        var b = AttributedTextBuilder("xxxxx", attributes: [.font(font)])
        try b.setSuperscript(1, range: 1..<2)
        try b.setSuperscript(-1, range: 2..<3)
        try b.setBaselineOffset(3, range: 3..<4)
        try b.setSuperscript(2, range: 4..<5)
        try b.setBaselineOffset(-1, range: 4..<5)
        let line = try Typesetter(b.build()).line(for: 0..<5)
        func run(_ i: Int) -> GlyphRun? { line.glyphRuns.first { $0.stringRange.contains(i) } }
        func y(_ i: Int) -> CGFloat? {
            for run in line.glyphRuns { if let g = run.stringIndices.firstIndex(of: i) { return run.positions[g].y } }
            return nil
        }
        let sup2 = sup * (1 + ratio) - 1
        #expect(y(0) == 0)
        #expect(y(1) == sup)
        #expect(y(2) == -sub)
        #expect(y(3) == 3)
        #expect(abs(y(4)! - sup2) < 1e-9)
        // The glyphs are scaled: the runs' fonts are 16 × ratio and 16 × ratio² pt.
        #expect(run(1)?.font.size == 16 * ratio)
        #expect(run(2)?.font.size == 16 * ratio)
        #expect(run(3)?.font.size == 16)
        #expect(abs(run(4)!.font.size - 16 * ratio * ratio) < 1e-9)
        // The line reaches as high as the highest run and as low as the lowest.
        let level2 = try font.withSize(16 * ratio * ratio)
        let level1 = try font.withSize(16 * ratio)
        #expect(abs(line.ascent - max(Dv16.ascent + 3, level2.ascent + sup2)) < 1e-9)
        #expect(abs(line.descent - max(Dv16.descent, level1.descent + sub)) < 1e-9)
        // Widths follow the sizes: x's advance scales with the font.
        let x = try #require(font.glyph(for: "x"))
        let expected = 2 * Dv16.x + 2 * level1.advance(for: x) + level2.advance(for: x)
        #expect(abs(line.width - expected) < 1e-9)
    }

    /// A placeholder with a baseline offset of −4 sits 4 lower: its rect's minY is
    /// origin.y − 4 − descent, and the line's descent grows to descent + 4.
    @Test func placeholderMoves() throws {
        let font = try Fonts.dejaVu(16)
        var b = AttributedTextBuilder("x\u{FFFC}", attributes: [.font(font)])
        try b.setAttributes(
            [.font(font), .runDelegate(RunDelegate(width: 10, ascent: 8, descent: 2)), .baselineOffset(-4)],
            range: 1..<2)
        let frame = try Framesetter(b.build()).frame(in: CGRect(x: 0, y: 0, width: 200, height: 100))
        let p = try #require(frame.placeholders.first)
        #expect(p.rect.minY == frame.lineOrigins[0].y - 4 - 2)
        #expect(frame.lines[0].descent == max(Dv16.descent, 2 + 4))
    }
}
