// Line heights and spacing, CoreText's documented arithmetic (CTParagraphStyle.h; coretext.md
// §1.11): the multiple scales ascent + descent before the min/max clamp, the extra going above
// the glyphs; the line-spacing adjustment adds to the leading, which min/max line spacing clamp;
// paragraph spacing after + before between paragraphs, none at the frame's top; a strut as
// SkParagraph's. DejaVu Sans 16: ascent 1901/128 = 14.8515625, descent 483/128 = 3.7734375,
// leading 0, so the natural height a + d = 18.625.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Line heights and spacing")
struct LineHeightTests {
    let a = Dv16.ascent
    let d = Dv16.descent
    let h = Dv16.ascent + Dv16.descent  // 18.625
    let height: CGFloat = 1000

    /// Three one-word lines ("xx" is 18.94 wide, the frame 30) in a frame 1000 high.
    func frame(_ style: ParagraphStyle, _ string: String = "xx xx xx") throws -> Frame {
        try Framesetter(styled(string, style)).frame(in: CGRect(x: 0, y: 0, width: 30, height: height))
    }

    /// The first baseline below the top, and the distances between consecutive baselines.
    func layout(_ frame: Frame) -> (first: CGFloat, pitches: [CGFloat]) {
        let ys = frame.lineOrigins.map(\.y)
        return (height - ys[0], zip(ys, ys.dropFirst()).map { $0 - $1 })
    }

    @Test func naturalSpacing() throws {
        let (first, pitches) = layout(try frame(.default))
        #expect(first == a)
        #expect(pitches == [h, h])
    }

    /// Multiple 2: height 37.25, the extra 18.625 above the glyphs, so the first baseline sits
    /// 14.8515625 + 18.625 = 33.4765625 below the top (CoreText's top gap: the extra height goes above the first line's glyphs) and the
    /// pitch is 37.25. The line's own bounds keep the font's metrics; the placed ones carry it.
    @Test func multipleAddsSpaceAbove() throws {
        let f = try frame(ParagraphStyle(lineHeightMultiple: 2))
        let (first, pitches) = layout(f)
        #expect(first == a + h)
        #expect(pitches == [2 * h, 2 * h])
        #expect(f.lines[0].ascent == a)
        #expect(f.placedLineMetrics[0].ascent == a + h && f.placedLineMetrics[0].descent == d)
        // A multiple below 1 (0.5): ascent 14.8515625 − 9.3125 = 5.5390625.
        let half = layout(try frame(ParagraphStyle(lineHeightMultiple: 0.5)))
        #expect(half.first == a - h / 2)
        #expect(half.pitches == [h / 2, h / 2])
    }

    /// Minimum 30 raises the height to 30 (ascent + 11.375); maximum 10 lowers it to 10 (ascent −
    /// 8.625); a multiple of 2 (37.25) capped by a maximum of 20 gives 20: the multiple applies
    /// before the clamp.
    @Test func minimumAndMaximumLineHeight() throws {
        let low = layout(try frame(ParagraphStyle(minimumLineHeight: 30)))
        #expect(low.first == a + (30 - h) && low.pitches == [30, 30])
        let high = layout(try frame(ParagraphStyle(maximumLineHeight: 10)))
        #expect(high.first == a - (h - 10) && high.pitches == [10, 10])
        let both = layout(try frame(ParagraphStyle(lineHeightMultiple: 2, maximumLineHeight: 20)))
        #expect(both.first == a + (20 - h) && both.pitches == [20, 20])
        // A minimum below the natural height changes nothing.
        #expect(layout(try frame(ParagraphStyle(minimumLineHeight: 10))).pitches == [h, h])
    }

    /// The adjustment adds to the leading (0 for DejaVu): pitch 18.625 + 4; the minimum line
    /// spacing 6 raises 4 to 6; the maximum 2 caps it at 2; −3 is clamped to the minimum 0. The
    /// first line does not move (leading is below a line).
    @Test func lineSpacing() throws {
        let adjusted = layout(try frame(ParagraphStyle(lineSpacingAdjustment: 4)))
        #expect(adjusted.first == a && adjusted.pitches == [h + 4, h + 4])
        #expect(
            layout(try frame(ParagraphStyle(lineSpacingAdjustment: 4, minimumLineSpacing: 6))).pitches == [
                h + 6, h + 6,
            ])
        #expect(
            layout(try frame(ParagraphStyle(lineSpacingAdjustment: 4, maximumLineSpacing: 2))).pitches == [
                h + 2, h + 2,
            ])
        #expect(layout(try frame(ParagraphStyle(minimumLineSpacing: 5))).pitches == [h + 5, h + 5])
        #expect(layout(try frame(ParagraphStyle(lineSpacingAdjustment: -3))).pitches == [h, h])
    }

    /// Between paragraphs: the first paragraph's spacing after (10) + the second's before (7);
    /// within a paragraph nothing; nothing before the frame's first line.
    @Test func paragraphSpacing() throws {
        let first = ParagraphStyle(paragraphSpacing: 10, paragraphSpacingBefore: 7)
        var b = AttributedTextBuilder("xx xx\nxx", attributes: [.font(try Fonts.dejaVu(16)), .paragraphStyle(first)])
        let f = try Framesetter(b.build()).frame(in: CGRect(x: 0, y: 0, width: 30, height: height))
        let (top, pitches) = layout(f)
        #expect(top == a)
        #expect(pitches == [h, h + 10 + 7])
        // The second paragraph's own before-spacing counts, not the first's.
        try b.setParagraphStyle(ParagraphStyle(paragraphSpacingBefore: 3), range: 6..<8)
        #expect(
            layout(try Framesetter(b.build()).frame(in: CGRect(x: 0, y: 0, width: 30, height: height))).pitches == [
                h, h + 10 + 3,
            ])
    }

    /// A strut (SkParagraph StrutStyle): at least 20/5/1 → ascent 20, descent 5, leading 1, pitch
    /// 26; forced 10/2/0 → exactly those, pitch 12, whatever the font.
    @Test func strut() throws {
        let atLeast = layout(
            try frame(ParagraphStyle(lineHeightMode: .strut(ascent: 20, descent: 5, leading: 1, forced: false))))
        #expect(atLeast.first == 20 && atLeast.pitches == [26, 26])
        let forced = layout(
            try frame(ParagraphStyle(lineHeightMode: .strut(ascent: 10, descent: 2, leading: 0, forced: true))))
        #expect(forced.first == 10 && forced.pitches == [12, 12])
        // Not forced, smaller than the font: the font wins.
        let small = layout(
            try frame(ParagraphStyle(lineHeightMode: .strut(ascent: 1, descent: 1, leading: 0, forced: false))))
        #expect(small.first == a && small.pitches == [h, h])
    }

    /// Only whole lines fit, with the placed metrics: multiple 2 needs 33.4765625 + 3.7734375 =
    /// 37.25 for one line.
    @Test func fitUsesPlacedMetrics() throws {
        let t = try styled("xx xx xx", ParagraphStyle(lineHeightMultiple: 2))
        let framesetter = try Framesetter(t)
        #expect(try framesetter.frame(in: CGRect(x: 0, y: 0, width: 30, height: 2 * h - 0.01)).lines.isEmpty)
        #expect(try framesetter.frame(in: CGRect(x: 0, y: 0, width: 30, height: 2 * h)).lines.count == 1)
        #expect(try framesetter.frame(in: CGRect(x: 0, y: 0, width: 30, height: 4 * h)).lines.count == 2)
    }

    /// suggestFrameSize stays exact with every spacing rule: a frame of the suggested size holds
    /// the fit range with the same lines, and 1 pt less height loses the last line.
    @Test(arguments: [
        ParagraphStyle(lineHeightMultiple: 1.7),
        ParagraphStyle(lineHeightMultiple: 0.6, minimumLineHeight: 12),
        ParagraphStyle(maximumLineHeight: 9, lineSpacingAdjustment: 3),
        ParagraphStyle(
            firstLineHeadIndent: 15, headIndent: 4, tailIndent: -7, lineSpacingAdjustment: 2,
            paragraphSpacing: 6, paragraphSpacingBefore: 5),
        ParagraphStyle(lineHeightMode: .strut(ascent: 18, descent: 6, leading: 2, forced: false)),
        ParagraphStyle(tailIndent: 150),
    ])
    func suggestedSizeIsExact(style: ParagraphStyle) throws {
        let string =
            "The quick brown fox\tjumps over the lazy dog.\nPack my box with five dozen liquor jugs.\n\nSphinx of black quartz, judge my vow."
        let framesetter = try Framesetter(styled(string, style))
        for width in [60.0, 120.0, 333.0] as [CGFloat] {
            let (size, fit) = try framesetter.suggestFrameSize(
                constraints: CGSize(width: width, height: CGFloat.greatestFiniteMagnitude))
            #expect(fit == 0..<string.utf16.count)
            let wide = try framesetter.frame(in: CGRect(x: 0, y: 0, width: width, height: 100_000))
            let exact = try framesetter.frame(in: CGRect(origin: .zero, size: size))
            #expect(exact.visibleStringRange == fit)
            #expect(exact.lines.map(\.stringRange) == wide.lines.map(\.stringRange))
            let shorter = try framesetter.frame(in: CGRect(x: 0, y: 0, width: size.width, height: size.height - 1))
            #expect(shorter.lines.count == exact.lines.count - 1)
            #expect(abs(exact.usedHeight - size.height) < 1e-9)
        }
    }
}
