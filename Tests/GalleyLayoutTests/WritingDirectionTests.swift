// The writing-direction attribute (kCTWritingDirectionAttributeName): embeddings, overrides and
// isolates change the bidi levels exactly as the UAX #9 control characters they stand for.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Writing direction attribute")
struct WritingDirectionTests {
    /// A right-to-left override makes every character R at level 1 (UAX #9 X6): "abc" is one
    /// right-to-left run whose glyphs read c, b, a from the left.
    @Test func overrideReversesLatin() throws {
        let font = try Fonts.dejaVu(20)
        var b = AttributedTextBuilder("abc", attributes: [.font(font)])
        try b.setWritingDirection([BidiEmbedding(.rightToLeft, .override)], range: 0..<3)
        let line = try Typesetter(b.build()).line(for: 0..<3)
        #expect(line.glyphRuns.count == 1)
        let run = line.glyphRuns[0]
        #expect(run.isRightToLeft)
        #expect(run.stringIndices == [2, 1, 0])
        #expect(
            Array(run.glyphs) == [font.glyph(for: "c"), font.glyph(for: "b"), font.glyph(for: "a")].compactMap { $0 })
    }

    /// "x 1 2 y" with "1 2" in a right-to-left isolate (or embedding): inside, the embedding level
    /// is 1; the digits are EN, which rise to level 2 at an odd level (I2); the space between them
    /// counts as between two R (N1 treats EN as R) and resolves to level 1. Rule L2 then reverses
    /// the run at levels ≥ 1, so the numbers read right to left: visually "x ", "2", " ", "1", " y".
    /// (Latin words would not show it: a space between two L resolves to L, and the whole isolate
    /// reverses twice.)
    @Test(arguments: [BidiEmbedding.Kind.isolate, .embedding])
    func rightToLeftLevelReordersNumbers(kind: BidiEmbedding.Kind) throws {
        let font = try Fonts.dejaVu(20)
        var b = AttributedTextBuilder("x 1 2 y", attributes: [.font(font)])
        try b.setWritingDirection([BidiEmbedding(.rightToLeft, kind)], range: 2..<5)
        let line = try Typesetter(b.build()).line(for: 0..<7)
        let visual = line.glyphRuns.flatMap(\.stringIndices)
        #expect(visual == [0, 1, 4, 3, 2, 5, 6])
        #expect(!line.isRightToLeft, "the paragraph stays left-to-right (first strong character x)")
        // Without the attribute, everything is level 0 and in logical order.
        let plain = try Typesetter(AttributedText("x 1 2 y", attributes: [.font(font)])).line(for: 0..<7)
        #expect(plain.glyphRuns.flatMap(\.stringIndices) == Array(0..<7))
    }

    /// Nesting: an LTR embedding inside an RTL override, outermost first.
    @Test func nestedLevels() throws {
        let font = try Fonts.dejaVu(20)
        var b = AttributedTextBuilder("abcd", attributes: [.font(font)])
        try b.setWritingDirection([BidiEmbedding(.rightToLeft, .override)], range: 0..<4)
        try b.setWritingDirection(
            [BidiEmbedding(.rightToLeft, .override), BidiEmbedding(.leftToRight, .override)], range: 1..<3)
        // Levels: a 1 (R), b c 2 (L override inside), d 1 → visual: d, b c, a.
        let line = try Typesetter(b.build()).line(for: 0..<4)
        #expect(line.glyphRuns.flatMap(\.stringIndices) == [3, 1, 2, 0])
    }

    /// Brackets are mirrored in right-to-left runs (UAX #9 L4, applied by HarfBuzz): "(" in Hebrew
    /// text gets the glyph of ")" — hb-shape --direction=rtl DejaVuSans.ttf "(א)" gives [11|…|12],
    /// where hb-shape DejaVuSans.ttf "()" gives [11|12].
    @Test func bracketsMirrorInRightToLeftRuns() throws {
        let font = try Fonts.dejaVu(20)
        let line = try Typesetter(AttributedText("(א)", attributes: [.font(font)])).line(for: 0..<3)
        let run = try #require(line.glyphRuns.first)
        #expect(run.isRightToLeft)
        // Visual order: index 2 ")" is leftmost and drawn as "(", index 0 "(" rightmost drawn as ")".
        #expect(run.stringIndices == [2, 1, 0])
        #expect(run.glyphs.first == font.glyph(for: "("))
        #expect(run.glyphs.last == font.glyph(for: ")"))
    }
}
