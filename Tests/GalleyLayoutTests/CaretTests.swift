// Carets and hit testing on a line: CTLineGetOffsetForStringIndex and
// CTLineGetStringIndexForPosition, including primary and secondary carets at bidi boundaries.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Carets")
struct CaretTests {
    /// In a left-to-right line the caret before index k is the sum of the advances before k
    /// (DejaVu Sans has no kerning within "hello"), and hit testing at a caret returns its index.
    @Test func leftToRightCaretsAreAdvanceSums() throws {
        let font = try Fonts.dejaVu(30)
        let string = "hello"
        let frame = try Framesetter(text(string, [.font(font)])).frame(in: tall)
        let line = frame.lines[0]
        for k in 0...5 {
            let expected = font.hmtxWidth(String(string.prefix(k)))
            let caret = line.offset(forStringIndex: k)
            #expect(abs(caret.primary - expected) < 1e-9)
            #expect(caret.primary == caret.secondary)
            #expect(line.stringIndex(for: CGPoint(x: expected, y: 0)) == k)
        }
        // Left of the line is its start; right of it is its end.
        #expect(line.stringIndex(for: CGPoint(x: -50, y: 0)) == 0)
        #expect(line.stringIndex(for: CGPoint(x: 5000, y: 0)) == 5)
        // Within a glyph: the nearer edge.
        let h = font.hmtxWidth("h")
        #expect(line.stringIndex(for: CGPoint(x: h * 0.4, y: 0)) == 0)
        #expect(line.stringIndex(for: CGPoint(x: h * 0.6, y: 0)) == 1)
    }

    /// In a right-to-left run carets move leftwards as the index grows, and hit testing inverts them.
    @Test func rightToLeftCaretsDecrease() throws {
        let arabic = try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 30)
        let string = "שלום"
        let frame = try Framesetter(text(string, [.font(arabic)])).frame(in: tall)
        let line = frame.lines[0]
        #expect(line.isRightToLeft)
        var previous = CGFloat.infinity
        for k in 0...4 {
            let x = line.offset(forStringIndex: k).primary
            #expect(x < previous)
            previous = x
            #expect(line.stringIndex(for: CGPoint(x: x, y: 0)) == k)
        }
        #expect(abs(line.offset(forStringIndex: 0).primary - line.width) < 1e-9)
        #expect(abs(line.offset(forStringIndex: 4).primary) < 1e-9)
    }

    /// At the boundary between a left-to-right and a right-to-left run, index 4 ("abc |שלום")
    /// has two carets: after "abc " (trailing edge of the space, x = width("abc ")) and before
    /// "ש" (its leading edge, at the Hebrew run's right end). The primary one is the one whose
    /// run matches the paragraph direction (left-to-right here, so the Latin side).
    @Test func bidiBoundaryHasTwoCarets() throws {
        let latin = try Fonts.dejaVu(20)
        let hebrew = try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 20)
        var b = AttributedTextBuilder("abc שלום", attributes: [.font(latin)])
        try b.setFont(hebrew, range: 4..<8)
        let frame = try Framesetter(b.build()).frame(in: tall)
        let line = frame.lines[0]
        #expect(!line.isRightToLeft)
        let caret = line.offset(forStringIndex: 4)
        let latinWidth = latin.hmtxWidth("abc ")
        #expect(abs(caret.primary - latinWidth) < 1e-9)
        #expect(abs(caret.secondary - line.width) < 1e-9)
        #expect(caret.primary != caret.secondary)
    }
}
