// A hyphenation point inside a ligature is a real break (item 3 of issue 27): "office" is
// hyphenated of-fice (pyphen 0.18 on Debian's hyph_en_US.dic), and DejaVu Sans and Serif both
// draw its "ffi" as one ligature glyph (Sans: one glyph for all three letters; Serif: "ff" and
// "i"), so the point lies inside a glyph cluster. As TeX and browsers do, a line that ends there
// shows "of‐" with the ligature taken apart, and the next line starts with "fice" shaped on its
// own. Every width and glyph here is hb-shape's on the same file, so the test does not trust the
// shaper it checks: the line must be taken exactly when "of‐" fits and "office" does not.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Hyphenation points inside a ligature")
struct LigatureHyphenationTests {
    static let size: CGFloat = 16
    static let fonts = [TestFonts.dejaVuSans, TestFonts.path("DejaVuSerif.ttf")]

    /// hb-shape's glyphs of `string` in `path`, and their advance at `size` points.
    static func shaped(_ string: String, _ path: String) throws -> (glyphs: [UInt32], width: CGFloat) {
        let glyphs = try HBShape.shape(string, fontPath: path)
        let upem = try CGFloat(Font(path: path, size: size).unitsPerEm)
        return (glyphs.map(\.g), CGFloat(glyphs.reduce(0) { $0 + $1.ax }) * size / upem)
    }

    static func glyphs(_ line: Line) -> [UInt32] { line.glyphRuns.flatMap { Array($0.glyphs) } }

    static func frame(_ string: String, font path: String, strategy: LineBreakStrategy, width: CGFloat) throws
        -> Frame
    {
        var style = ParagraphStyle(alignment: .left)
        style.lineBreakStrategy = strategy
        style.hyphenationFactor = 1
        var attributes: Attributes = [.font(try Font(path: path, size: size)), .paragraphStyle(style)]
        attributes.language = "en-US"
        return try Framesetter(text(string, attributes)).frame(in: CGRect(x: 0, y: 0, width: width, height: 1000))
    }

    /// The premise: in both fonts "ffi" forms a ligature that the point of-fice falls inside.
    @Test(arguments: fonts)
    func theFontsJoinTheLettersAroundThePoint(_ path: String) throws {
        let office = try HBShape.shape("office", fontPath: path)
        #expect(!office.contains { $0.cl == 2 }, "no glyph starts at the point between the f's")
        #expect(office.count < 6)
    }

    /// "office" alone, at widths where "of‐" and "fice" fit and "office" does not: every
    /// strategy ends the first line at the point with the font's hyphen, shows hb-shape's
    /// glyphs of "of‐" (the ligature split) at their width, and starts the next with hb-shape's
    /// "fice".
    @Test(arguments: fonts, [LineBreakStrategy.greedy, .optimal, .balanced])
    func aLineEndsInsideTheLigature(_ path: String, _ strategy: LineBreakStrategy) throws {
        let head = try Self.shaped("of\u{2010}", path)
        let tail = try Self.shaped("fice", path)
        let whole = try Self.shaped("office", path)
        let narrowest = max(head.width, tail.width)
        try #require(narrowest < whole.width)
        for width in [narrowest + 0.01, (narrowest + whole.width) / 2, whole.width - 0.01] {
            let frame = try Self.frame("office", font: path, strategy: strategy, width: width)
            try #require(frame.lines.count == 2, "width \(width)")
            let (first, second) = (frame.lines[0], frame.lines[1])
            #expect(first.stringRange == 0..<2)
            #expect(first.isHyphenated)
            #expect(Self.glyphs(first) == head.glyphs)
            #expect(abs(first.width - head.width) < 1e-6)
            #expect(second.stringRange == 2..<6)
            #expect(Self.glyphs(second) == tail.glyphs)
            #expect(abs(second.width - tail.width) < 1e-6)
        }
        // Where the whole word fits, it stays whole, its ligature intact.
        let frame = try Self.frame("office", font: path, strategy: strategy, width: whole.width + 0.01)
        #expect(frame.lines.count == 1)
        #expect(frame.lines.first.map(Self.glyphs) == whole.glyphs)
    }

    /// In running text: "Ask at the office today" at the width that holds "Ask at the of‐" and
    /// not "Ask at the office": greedy breaking, which fills each line as far as it can, ends the
    /// first line at the point inside the ligature. (Optimal and balanced breaking rightly
    /// prefer "Ask at the | office today" there, which needs no hyphen.)
    @Test(arguments: fonts)
    func runningTextTakesThePoint(_ path: String) throws {
        let head = try Self.shaped("Ask at the of\u{2010}", path)
        let whole = try Self.shaped("Ask at the office", path)
        let rest = try Self.shaped("fice today", path)
        let width = (head.width + whole.width) / 2
        try #require(rest.width < width)
        let frame = try Self.frame("Ask at the office today", font: path, strategy: .greedy, width: width)
        try #require(frame.lines.count == 2)
        #expect(frame.lines[0].stringRange == 0..<13)
        #expect(frame.lines[0].isHyphenated)
        #expect(Self.glyphs(frame.lines[0]) == head.glyphs)
        #expect(Self.glyphs(frame.lines[1]) == rest.glyphs)
    }
}
