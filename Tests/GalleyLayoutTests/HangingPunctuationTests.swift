// Hanging punctuation (CSS Text 3 `hanging-punctuation`): an opening quote starting a paragraph
// hangs before the start edge (`first`), a closing bracket ending it past the end edge (`last`),
// and a stop that would not fit hangs past the end of its line (`allow-end`), with widths from
// hb-shape on the bundled fonts (DejaVu Sans, 2048 units per em: “ 1061, ) 799, . 651, x 1212,
// space 651; Droid Sans Fallback: ideographs and 。 one em).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Hanging punctuation")
struct HangingPunctuationTests {
    static func frame(
        _ string: String, _ hanging: HangingPunctuation, width: CGFloat, alignment: TextAlignment = .left,
        font: Font? = nil
    ) throws -> Frame {
        var style = ParagraphStyle(alignment: alignment)
        style.hangingPunctuation = hanging
        let t = text(string, [.font(try font ?? Fonts.dejaVu(16)), .paragraphStyle(style)])
        return try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: width, height: 1000))
    }

    /// `first`: the paragraph's first line starts one “ to the left of the edge; other lines
    /// and a paragraph without the setting start at the edge.
    @Test func openingQuoteHangsBeforeTheStart() throws {
        let hung = try Self.frame("\u{201C}xx xx\u{201D} xx xx xx", .first, width: 60)
        #expect(abs(hung.lineOrigins[0].x + 1061.0 / 128) < 0.001)
        #expect(hung.lineOrigins.dropFirst().allSatisfy { $0.x == 0 })
        let plain = try Self.frame("\u{201C}xx xx\u{201D} xx xx xx", [], width: 60)
        #expect(plain.lineOrigins[0].x == 0)
    }

    /// `allow-end`: "xx xx." where only "xx xx" fits: without it the last word moves down, with
    /// it the full stop hangs past the edge and the paragraph stays on one line.
    @Test func stopHangsPastTheEndWhenItWouldNotFit() throws {
        let width = (4 * 1212.0 + 651) / 128
        #expect(try Self.frame("xx xx.", [], width: width).lines.count == 2)
        let hung = try Self.frame("xx xx.", .allowEnd, width: width)
        #expect(hung.lines.count == 1)
        #expect(abs(hung.lines[0].width - (width + 651.0 / 128)) < 0.001)
    }

    /// `allow-end` in Chinese: four ideographs fill 80 pt; the ideographic full stop hangs.
    @Test func ideographicStopHangs() throws {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: 20)
        #expect(try Self.frame("一二三四。", [], width: 80, font: font).lines.count == 2)
        #expect(try Self.frame("一二三四。", .allowEnd, width: 80, font: font).lines.count == 1)
    }

    /// `last` with right alignment: the closing bracket ending the paragraph sits past the right
    /// edge, so the letters before it are flush with it.
    @Test func closingBracketHangsPastTheEnd() throws {
        let hung = try Self.frame("(xx)", .last, width: 100, alignment: .right)
        let line = hung.lines[0]
        #expect(abs(hung.lineOrigins[0].x + line.width - 799.0 / 128 - 100) < 0.001)
        let plain = try Self.frame("(xx)", [], width: 100, alignment: .right)
        #expect(abs(plain.lineOrigins[0].x + plain.lines[0].width - 100) < 0.001)
    }
}
