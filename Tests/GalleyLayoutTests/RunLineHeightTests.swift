// The line-height attribute (Pango's `line_height`): a run asks its line for a height, a multiple
// of its font's ascent + descent or a number of points, and the difference is shared equally above
// and below the glyphs (Pango's and CSS's half-leading). DejaVu Sans 16: ascent 14.8515625,
// descent 3.7734375, so a + d = 18.625 (see LineHeightTests).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Line height attribute")
struct RunLineHeightTests {
    let a = Dv16.ascent
    let d = Dv16.descent
    let h = Dv16.ascent + Dv16.descent
    let height: CGFloat = 1000

    /// Three one-word lines ("xx" is 18.94 wide, the frame 30), the line height on the characters
    /// `range` (all by default).
    func frame(_ lineHeight: LineHeight, range: Range<Int>? = nil) throws -> Frame {
        var builder = AttributedTextBuilder("xx xx xx", attributes: [.font(try Fonts.dejaVu(16))])
        try builder.setAttribute(.lineHeight(lineHeight), range: range ?? 0..<8)
        return try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: 30, height: height))
    }

    func layout(_ frame: Frame) -> (first: CGFloat, pitches: [CGFloat]) {
        let ys = frame.lineOrigins.map(\.y)
        return (height - ys[0], zip(ys, ys.dropFirst()).map { $0 - $1 })
    }

    @Test func multipleSharesTheExtraAboveAndBelow() throws {
        let f = try frame(.multiple(2))
        let (first, pitches) = layout(f)
        #expect(first == a + h / 2)
        #expect(pitches == [2 * h, 2 * h])
        #expect(f.lines[0].ascent == a + h / 2 && f.lines[0].descent == d + h / 2)
        // The run's own bounds stay the font's.
        #expect(f.lines[0].glyphRuns[0].typographicBounds.ascent == a)
    }

    @Test func pointsSetTheHeight() throws {
        let (first, pitches) = layout(try frame(.points(30)))
        #expect(first == a + (30 - h) / 2)
        #expect(pitches == [30, 30])
        // Smaller than the font: the lines close up (they may overlap, as in Pango and CSS).
        #expect(layout(try frame(.points(10))).pitches == [10, 10])
    }

    /// Only the line holding the run grows; a multiple of 0 (Pango's "unset") changes nothing.
    @Test func onlyItsLine() throws {
        let (_, pitches) = layout(try frame(.multiple(2), range: 3..<5))
        #expect(pitches == [h + h / 2, h + h / 2])
        #expect(layout(try frame(.multiple(0))).pitches == [h, h])
    }
}
