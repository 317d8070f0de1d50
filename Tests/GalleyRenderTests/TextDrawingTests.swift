// Tests of one-call drawing and measuring (AttributedText/String draw(in:) and boundingRect(with:)),
// checked against the Framesetter they are documented to agree with.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Text drawing")
struct TextDrawingTests {
    static let dejaVu = TestFonts.path("DejaVuSans.ttf")
    static let paragraph = "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs."

    @Test("boundingRect(with:) is the advance sum wide and ascent + descent + line gap tall per line (hmtx, hhea)")
    func boundingRectFromFontTables() throws {
        let size: CGFloat = 16
        let font = try Font(path: Self.dejaVu, size: size)
        let word = "Hill"  // no kerning pairs in DejaVu Sans: the advances simply add up
        let tables = try SFNTTables(path: Self.dejaVu)
        let advances = tables.advances(of: word)
        #expect(!tables.useTypoMetrics)  // so hhea, not OS/2's typo values, gives the line's metrics
        let perUnit = Double(size) / Double(tables.unitsPerEm)
        let lineHeight = Double(tables.hheaAscender - tables.hheaDescender + tables.hheaLineGap) * perUnit
        let advance = Double(word.compactMap { advances[$0] }.reduce(0, +)) * perUnit
        #expect(advances.count == 3 && advance > 0)
        let one = try AttributedText(word, attributes: [.font(font)])
            .boundingRect(with: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        #expect(one.origin == .zero)
        #expect(abs(Double(one.width) - advance) < 0.01, "\(one.width) vs \(advance)")
        #expect(abs(Double(one.height) - lineHeight) < 0.01, "\(one.height) vs \(lineHeight)")

        // A wrapped paragraph: no wider than asked, a whole number of (at least 3) lines tall.
        let text = AttributedText(Self.paragraph, attributes: [.font(font)])
        let rect = try text.boundingRect(with: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
        #expect(rect.origin == .zero && rect.width <= 200)
        let lines = Double(rect.height) / lineHeight
        #expect(lines >= 3 && abs(lines - lines.rounded()) < 0.001, "\(lines) lines")
        // A frame of exactly that size holds the whole text (every measured line is shown).
        let frame = try Framesetter(text).frame(in: CGRect(origin: .zero, size: rect.size))
        #expect(frame.visibleStringRange == 0..<text.length)
        #expect(frame.lines.count == Int(lines.rounded()))
        // The plain-string form agrees.
        #expect(
            try Self.paragraph.boundingRect(with: CGSize(width: 200, height: 1e9), attributes: [.font(font)]) == rect)
    }

    @Test("draw(in:) takes a y-down rect from the top-left corner and draws every line inside it")
    func drawInRect() throws {
        let font = try Font(path: Self.dejaVu, size: 16)
        let text = AttributedText(Self.paragraph, attributes: [.font(font)])
        let size = try text.boundingRect(with: CGSize(width: 200, height: 1e9)).size
        let origin = CGPoint(x: 30, y: 12)
        var bitmap = try Bitmap(width: 300, height: 200)
        try text.draw(in: CGRect(origin: origin, size: size), into: &bitmap)
        let ink = try #require(inkBox(bitmap))
        // Ink starts near the rect's top-left (y down) and stays inside it, within a pixel of
        // anti-aliasing (glyphs of the first line reach at most the ascent, the last the descent).
        #expect(ink.0 >= 29 && ink.0 <= 33)
        #expect(ink.1 >= 11 && ink.1 <= 12 + 16)
        #expect(Double(ink.2) <= 30 + Double(size.width) + 1)
        #expect(Double(ink.3) <= 12 + Double(size.height) + 1)
        // The same pixels as the framesetter's frame placed at the flipped rect (y up: 200 − maxY).
        let frame = try Framesetter(text).frame(
            in: CGRect(x: 30, y: 200 - 12 - size.height, width: size.width, height: size.height))
        #expect(frame.visibleStringRange == 0..<text.length)
        var expected = try Bitmap(width: 300, height: 200)
        Renderer().draw(frame, into: &expected)
        #expect(bitmap == expected)
        // The plain-string form draws the same.
        var plain = try Bitmap(width: 300, height: 200)
        try Self.paragraph.draw(in: CGRect(origin: origin, size: size), withAttributes: [.font(font)], into: &plain)
        #expect(plain == expected)
    }

    @Test("at scale 2 the rect is in points: twice as many pixels from the corner")
    func scaled() throws {
        let font = try Font(path: Self.dejaVu, size: 12)
        var one = try Bitmap(width: 100, height: 50), two = try Bitmap(width: 200, height: 100)
        try "Hi".draw(in: CGRect(x: 10, y: 5, width: 80, height: 40), withAttributes: [.font(font)], into: &one)
        try "Hi".draw(
            in: CGRect(x: 10, y: 5, width: 80, height: 40), withAttributes: [.font(font)], into: &two,
            renderer: Renderer(scale: 2))
        let a = try #require(inkBox(one)), b = try #require(inkBox(two))
        #expect(abs(b.0 - 2 * a.0) <= 2 && abs(b.1 - 2 * a.1) <= 2)
    }

    @Test(
        "bad rects and sizes are layout errors",
        arguments: [
            CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
            CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
        ])
    func badRect(_ rect: CGRect) throws {
        var bitmap = try Bitmap(width: 10, height: 10)
        #expect(throws: LayoutError.self) { try "x".draw(in: rect, withAttributes: [], into: &bitmap) }
        #expect(throws: LayoutError.self) { try "x".boundingRect(with: CGSize(width: -1, height: 5), attributes: []) }
        #expect(throws: LayoutError.self) {
            try "x".boundingRect(with: CGSize(width: CGFloat.nan, height: 5), attributes: [])
        }
    }

    @Test("truncatesLastVisibleLine ends the last line that fits with an ellipsis")
    func truncation() throws {
        let font = try Font(path: Self.dejaVu, size: 16)
        let text = AttributedText(Self.paragraph, attributes: [.font(font)])
        var cut = try Bitmap(width: 300, height: 100), clipped = try Bitmap(width: 300, height: 100)
        // A rect one line tall: the clipped form shows the first line's words, the truncated one ends in "…".
        let rect = CGRect(x: 0, y: 0, width: 200, height: 22)
        try text.draw(in: rect, into: &clipped)
        try text.draw(in: rect, into: &cut, options: .truncatesLastVisibleLine)
        // What each draws: the frame of the same rect flipped to y up (100 − 22), truncated at the
        // end or not.
        let flipped = CGRect(x: 0, y: 100 - 22, width: 200, height: 22)
        let truncated = try Framesetter(text).frame(in: flipped, options: FrameOptions(truncation: .end))
        let whole = try Framesetter(text).frame(in: flipped, options: FrameOptions(truncation: nil))
        var expected = try Bitmap(width: 300, height: 100)
        Renderer().draw(truncated, into: &expected)
        #expect(cut == expected)
        expected = try Bitmap(width: 300, height: 100)
        Renderer().draw(whole, into: &expected)
        #expect(clipped == expected)
        // The truncated line ends with the font's own "…" glyph (its cmap entry); the clipped one does not.
        let ellipsis = try #require(try SFNTTables(path: Self.dejaVu).glyphs(of: "…")["…"])
        #expect(ellipsis != 0)
        #expect(truncated.lines.count == 1 && whole.lines.count == 1)
        #expect(truncated.lines.last?.glyphRuns.last?.glyphs.last == GlyphID(ellipsis))
        #expect(whole.lines.last?.glyphRuns.last?.glyphs.last != GlyphID(ellipsis))
        #expect(cut != clipped)
    }
}
