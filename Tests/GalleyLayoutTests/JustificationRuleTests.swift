// Justification with hand-derived numbers (DejaVu Sans 16: "x" 9.46875, space 5.0859375;
// Droid Sans Fallback: ideographs 256/256 em, so 20 at 20 pt — from hb-shape): spaces stretch
// first, clusters when a line has no spaces; never the last line nor one ended by U+2028.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Justification rules")
struct JustificationRuleTests {
    /// "xx xx xx" at 60: "xx xx" is 42.9609375 (three words, 66.98, do not fit), so line 1 is
    /// "xx xx " and its one inner space takes 60 − 42.9609375 = 17.0390625 more: the third "x"
    /// starts at 2 × 9.46875 + 5.0859375 + 17.0390625 = 41.0625. Line 2 ("xx") is the last: natural.
    @Test func innerSpacesTakeTheExtra() throws {
        let t = try styled("xx xx xx", ParagraphStyle(alignment: .justified))
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 60, height: 500))
        #expect(frame.lines.map(\.stringRange) == [0..<6, 6..<8])
        #expect(glyphX(frame.lines[0], 3) == 41.0625)
        #expect(frame.lines[0].width - frame.lines[0].trailingWhitespaceWidth == 60)
        #expect(frame.lines[1].width == 2 * Dv16.x)
    }

    /// A line ended by U+2028 is not stretched; the line after it, if not the last, is.
    @Test func hardBreakIsNotStretched() throws {
        let t = try styled("xx xx\u{2028}xx xx xx", ParagraphStyle(alignment: .justified))
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 60, height: 500))
        #expect(frame.lines.map(\.stringRange) == [0..<6, 6..<12, 12..<14])
        #expect(glyphX(frame.lines[0], 3) == 2 * Dv16.x + Dv16.space)
        #expect(glyphX(frame.lines[1], 9) == 41.0625)
    }

    /// Line.justified directly: factor 0.5 moves half way (the space gets 8.51953125 more);
    /// factor ≤ 0 changes nothing. Like CTLineCreateJustifiedLine.
    @Test func partialFactor() throws {
        let line = try Typesetter(styled("xx xx", .default)).line(for: 0..<5)
        let half = line.justified(factor: 0.5, width: 60)
        #expect(glyphX(half, 3) == 2 * Dv16.x + Dv16.space + (60 - line.width) / 2)
        #expect(glyphX(line.justified(factor: 0, width: 60), 3) == glyphX(line, 3))
        // penOffset: flush right in 60 puts the line at 60 − 42.9609375 (CTLineGetPenOffsetForFlush).
        #expect(line.penOffset(flushFactor: 1, width: 60) == 60 - line.width)
        #expect(line.penOffset(flushFactor: 0.5, width: 60) == (60 - line.width) / 2)
    }

    /// Chinese has no spaces: 4 ideographs (80) fit in 90, the extra 10 goes to the 3 gaps, so
    /// the ideographs start at 0, 20 + 10/3, 40 + 20/3, 70.
    @Test func ideographGaps() throws {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: 20)
        let t = text("一二三四五", [.font(font), .paragraphStyle(ParagraphStyle(alignment: .justified))])
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 90, height: 500))
        #expect(frame.lines.map(\.stringRange) == [0..<4, 4..<5])
        let xs = (0..<4).map { glyphX(frame.lines[0], $0) ?? -1 }
        let expected: [CGFloat] = [0, 20 + 10.0 / 3, 40 + 20.0 / 3, 70]
        for (x, e) in zip(xs, expected) { #expect(abs(x - e) < 1e-9) }
    }
}
