// A text transform draws other characters but keeps the string: carets, hit testing and
// selection address the original indices. "straße" upper-cased is drawn STRASSE: the two S of ß
// form one cluster at index 4, so the caret after ß (index 5) is after both S, and the caret at 4
// before them (ICU's full upper-case mapping, Unicode SpecialCasing.txt: ß → SS).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Text transforms keep the string's indices")
struct TextTransformLayoutTests {
    static func line(_ string: String, _ attributes: Attributes) throws -> Line {
        let frame = try Framesetter(text(string, attributes)).frame(in: CGRect(x: 0, y: 0, width: 1000, height: 100))
        return try #require(frame.lines.first)
    }

    @Test func caretsAndHitTestingAddressTheOriginalString() throws {
        let font = try Fonts.dejaVu(20)
        let upper = try Self.line("straße", [.font(font), .textTransform(.uppercase), .language("de")])
        let drawn = try Self.line("STRASSE", [.font(font)])
        #expect(upper.stringRange == 0..<6)
        // The same glyphs and width as the drawn text.
        #expect(upper.glyphRuns.flatMap { Array($0.glyphs) } == drawn.glyphRuns.flatMap { Array($0.glyphs) })
        #expect(abs(upper.width - drawn.width) < 1e-9)
        // Carets: index k of "straße" (k ≤ 4) is where index k of "STRASSE" is; index 5 (after ß)
        // is after both S (index 6 of STRASSE); the end is the end.
        for k in 0...4 {
            #expect(abs(upper.offset(forStringIndex: k).primary - drawn.offset(forStringIndex: k).primary) < 1e-9)
        }
        #expect(abs(upper.offset(forStringIndex: 5).primary - drawn.offset(forStringIndex: 6).primary) < 1e-9)
        #expect(abs(upper.offset(forStringIndex: 6).primary - upper.width) < 1e-9)
        // Hitting the end of "SS" gives the index after ß.
        let afterSS = drawn.offset(forStringIndex: 6).primary
        #expect(upper.stringIndex(for: CGPoint(x: afterSS, y: 0)) == 5)
        // Selecting ß selects both S.
        let rects = upper.selectionRects(for: 4..<5)
        let expected = drawn.offset(forStringIndex: 6).primary - drawn.offset(forStringIndex: 4).primary
        #expect(abs(rects.reduce(0) { $0 + $1.width } - expected) < 1e-9)
    }

    /// A placeholder inside transformed text keeps its place and width.
    @Test func placeholdersKeepTheirPlace() throws {
        let font = try Fonts.dejaVu(20)
        var builder = AttributedTextBuilder("ab", attributes: [.font(font), .textTransform(.uppercase)])
        try builder.insertPlaceholder(RunDelegate(width: 30, ascent: 10, descent: 0), at: 1)
        let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: 1000, height: 100))
        let line = try #require(frame.lines.first)
        let placeholder = try #require(line.glyphRuns.first { $0.isPlaceholder })
        #expect(placeholder.stringRange == 1..<2)
        #expect(placeholder.width == 30)
        let drawnA = try Self.line("A", [.font(font)]).width
        #expect(abs(line.offset(forStringIndex: 1).primary - drawnA) < 1e-9)
    }
}
