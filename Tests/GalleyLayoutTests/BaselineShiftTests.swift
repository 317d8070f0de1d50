// Baseline offset and superscript move glyphs up or down (y up) and grow the line's ascent or
// descent. DejaVu Sans's OS/2 table (read from the file: ySuperscriptYOffset 983, ySubscriptYOffset
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

    /// "xxxxx": plain; superscript 1 (+7.6796875); subscript −1 (−2.234375); baseline offset 3;
    /// superscript 2 with offset −1 (2 × 7.6796875 − 1 = 14.359375).
    @Test func glyphsMove() throws {
        var b = AttributedTextBuilder("xxxxx", attributes: [.font(try Fonts.dejaVu(16))])
        try b.setSuperscript(1, range: 1..<2)
        try b.setSuperscript(-1, range: 2..<3)
        try b.setBaselineOffset(3, range: 3..<4)
        try b.setSuperscript(2, range: 4..<5)
        try b.setBaselineOffset(-1, range: 4..<5)
        let line = try Typesetter(b.build()).line(for: 0..<5)
        func y(_ i: Int) -> CGFloat? {
            for run in line.glyphRuns { if let g = run.stringIndices.firstIndex(of: i) { return run.positions[g].y } }
            return nil
        }
        #expect(y(0) == 0)
        #expect(y(1) == sup)
        #expect(y(2) == -sub)
        #expect(y(3) == 3)
        #expect(y(4) == 2 * sup - 1)
        #expect(line.glyphRuns.map(\.baselineShift).sorted() == [-sub, 0, 3, sup, 2 * sup - 1])
        // The line reaches as high as the highest run and as low as the lowest:
        // ascent 14.8515625 + 14.359375, descent 3.7734375 + 2.234375.
        #expect(line.ascent == Dv16.ascent + 2 * sup - 1)
        #expect(line.descent == Dv16.descent + sub)
        // Widths are unchanged.
        #expect(line.width == 5 * Dv16.x)
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
