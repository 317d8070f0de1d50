// Line breaking: where lines end, what they include (trailing whitespace, separators), hard
// breaks, words longer than a line, character wrapping — CTTypesetterSuggestLineBreak's rules.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Line breaking")
struct LineBreakingTests {
    /// "aaaa bbbb" in a width that holds "aaaa" plus half a space: the break is after the space
    /// (UAX #14: a break opportunity after SP), the space hangs past the edge (CoreText includes
    /// trailing whitespace in the line and reports it as trailing whitespace width), and the line's
    /// typographic width is 4 a + 1 space (DejaVu Sans has no kerning between a's, b's and space).
    @Test func trailingWhitespaceHangs() throws {
        let font = try Fonts.dejaVu(20)
        let a = font.hmtxWidth("a")
        let space = font.hmtxWidth(" ")
        let width = 4 * a + space / 2
        let frame = try Framesetter(text("aaaa bbbb", [.font(font)])).frame(
            in: CGRect(x: 0, y: 0, width: width, height: 500))
        try #require(frame.lines.count == 2)
        let first = frame.lines[0]
        #expect(first.stringRange == 0..<5)
        #expect(abs(first.trailingWhitespaceWidth - space) < 1e-6)
        #expect(abs(first.width - (4 * a + space)) < 1e-6)
        #expect(first.width > width, "the space hangs past the available width")
        #expect(first.width - first.trailingWhitespaceWidth <= width)
        #expect(frame.lines[1].stringRange == 5..<9)
        #expect(frame.lines[1].trailingWhitespaceWidth == 0)
    }

    /// suggestLineBreak counts the trailing spaces and the hard break that end the line.
    @Test func suggestLineBreakIncludesSpacesAndSeparator() throws {
        let font = try Fonts.dejaVu(20)
        let typesetter = try Typesetter(text("aaaa  bbbb\ncc", [.font(font)]))
        let width = font.hmtxWidth("bbbb") + 1  // 'b' is wider than 'a' in DejaVu Sans
        #expect(try typesetter.suggestLineBreak(startingAt: 0, width: width) == 6)  // "aaaa  "
        #expect(try typesetter.suggestLineBreak(startingAt: 6, width: width) == 5)  // "bbbb\n"
        #expect(try typesetter.suggestLineBreak(startingAt: 11, width: width) == 2)  // "cc"
        #expect(try typesetter.suggestLineBreak(startingAt: 13, width: width) == 0)  // the end
    }

    /// Paragraphs end at LF, CR LF, CR and U+2029; U+2028 ends a line. Each line's range includes
    /// its separator (as CTLineGetStringRange does).
    @Test func hardBreaks() throws {
        let font = try Fonts.dejaVu(12)
        let string = "a\nb\r\nc\rd\u{2029}e\u{2028}f"
        let frame = try Framesetter(text(string, [.font(font)])).frame(in: tall)
        #expect(frame.lines.map(\.stringRange) == [0..<2, 2..<5, 5..<7, 7..<9, 9..<11, 11..<12])
        #expect(frame.visibleStringRange == 0..<12)
    }

    /// An empty paragraph is a line of its own with the font's metrics; a final newline does not
    /// add a line.
    @Test func emptyParagraphs() throws {
        let font = try Fonts.dejaVu(30)
        let frame = try Framesetter(text("a\n\nb\n", [.font(font)])).frame(in: tall)
        #expect(frame.lines.map(\.stringRange) == [0..<2, 2..<3, 3..<5])
        let empty = frame.lines[1]
        #expect(empty.glyphRuns.isEmpty)
        #expect(empty.ascent == font.ascent && empty.descent == font.descent)
        // Equal line pitch: the empty line takes as much space as the others.
        let pitch1 = frame.lineOrigins[0].y - frame.lineOrigins[1].y
        let pitch2 = frame.lineOrigins[1].y - frame.lineOrigins[2].y
        #expect(abs(pitch1 - pitch2) < 1e-9)
    }

    /// A word wider than the line breaks between grapheme clusters, never inside one: "é" as
    /// e + U+0301 is one cluster (UAX #29 GB9), so every line boundary falls on an even offset.
    @Test(arguments: [10.0, 25.0, 47.5])
    func longWordBreaksAtClusters(width: CGFloat) throws {
        let font = try Fonts.dejaVu(16)
        let string = String(repeating: "e\u{301}", count: 20)
        let frame = try Framesetter(text(string, [.font(font)])).frame(
            in: CGRect(x: 0, y: 0, width: width, height: 10_000))
        #expect(frame.visibleStringRange == 0..<40)
        #expect(frame.lines.count > 1)
        for line in frame.lines {
            #expect(line.stringRange.lowerBound % 2 == 0 && line.stringRange.upperBound % 2 == 0)
            #expect(line.stringRange.count == 2 || line.width <= width + 1e-9, "a line fits unless it is one cluster")
        }
        // Greedy: each line takes as many clusters as fit.
        let cluster = font.hmtxWidth("e")  // the combining acute has zero advance
        let perLine = max(1, Int((width / cluster).rounded(.down)))
        #expect(frame.lines[0].stringRange.count == 2 * perLine)
    }

    /// Character wrapping (kCTLineBreakByCharWrapping) breaks at the last cluster that fits, even
    /// inside a word; word wrapping breaks after the space.
    @Test func characterWrapping() throws {
        let font = try Fonts.dejaVu(20)
        let width = font.hmtxWidth("hello w") + 0.5
        var style = ParagraphStyle()
        style.lineBreakMode = .charWrapping
        let chars = try Framesetter(text("hello world", [.font(font), .paragraphStyle(style)])).frame(
            in: CGRect(x: 0, y: 0, width: width, height: 500))
        #expect(chars.lines.map(\.stringRange) == [0..<7, 7..<11])
        let words = try Framesetter(text("hello world", [.font(font)])).frame(
            in: CGRect(x: 0, y: 0, width: width, height: 500))
        #expect(words.lines.map(\.stringRange) == [0..<6, 6..<11])
    }

    /// An emoji ZWJ sequence (one extended grapheme cluster, GB11) is never split, even when the
    /// line is narrower than one emoji.
    @Test func emojiSequencesStayWhole() throws {
        let font = try Fonts.dejaVu(20)
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"  // 11 UTF-16 code units
        let frame = try Framesetter(text(family + family, [.font(font)])).frame(
            in: CGRect(x: 0, y: 0, width: 1, height: 500))
        #expect(frame.lines.map(\.stringRange) == [0..<11, 11..<22])
    }

    /// CJK text breaks between ideographs but never before closing punctuation (UAX #14 CL/NS):
    /// no line starts with "，" or "。".
    @Test func cjkBreaksBetweenIdeographsNotBeforeClosingPunctuation() throws {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: 20)
        let string = "清晨的小镇还笼罩在薄雾之中，街角的面包店已经亮起了灯。老师傅把刚出炉的面包一排排摆上木架。"
        let units = Array(string.utf16)
        for width in stride(from: 60.0, through: 300.0, by: 20.0) {
            let frame = try Framesetter(text(string, [.font(font)])).frame(
                in: CGRect(x: 0, y: 0, width: width, height: 10_000))
            #expect(frame.visibleStringRange == 0..<units.count)
            for line in frame.lines.dropFirst() {
                let first = units[line.stringRange.lowerBound]
                #expect(
                    first != 0xFF0C && first != 0x3002, "line at \(line.stringRange) starts with closing punctuation")
            }
            for line in frame.lines { #expect(line.width - line.trailingWhitespaceWidth <= width + 1e-9) }
        }
    }

    @Test func badInputIsAnError() throws {
        let typesetter = try Typesetter(text("abc", [.font(try Fonts.dejaVu(12))]))
        #expect(throws: LayoutError.indexOutOfBounds(index: 4, length: 3)) {
            try typesetter.suggestLineBreak(startingAt: 4, width: 10)
        }
        #expect(throws: LayoutError.self) { try typesetter.suggestLineBreak(startingAt: 0, width: .nan) }
        #expect(throws: LayoutError.self) { try typesetter.suggestLineBreak(startingAt: 0, width: -1) }
        #expect(throws: LayoutError.rangeOutOfBounds(range: 1..<9, length: 3)) { try typesetter.line(for: 1..<9) }
    }
}
