// What a line keeps instead of the text's code units and the typesetter's environment: its
// paragraph's facts (ParagraphText) and the shaper of its fonts. Pinned here: a truncation token
// and a ruby reading are shaped with the typesetter's own fonts, a line moved by an edit answers
// caret, separator and justification questions as a freshly built one, and the line value stays
// small.
import Foundation
import GalleyFonts
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyLayout

@Suite("Line facts")
struct LineFactsTests {
    /// A token with no font attribute takes the typesetter's default font (CoreText: the
    /// token's own attributes; Galley: the fonts of the text it goes into), not the shared
    /// DejaVu Sans 12 the caller did not choose.
    @Test func tokenIsShapedWithTheTypesettersDefaultFont() throws {
        let serif = try Font(path: TestFonts.path("DejaVuSerif.ttf"), size: 20)
        let setter = try Typesetter(AttributedText("A line long enough to need truncating"), defaultFont: serif)
        let line = try setter.line(for: 0..<setter.text.length)
        let cut = try #require(try line.truncated(width: 120, type: .end, token: AttributedText("~")))
        let token = try #require(cut.glyphRuns.first { $0.isTruncationToken })
        #expect(token.font.familyName == "DejaVu Serif")
        #expect(token.font.size == 20)
        #expect(cut.width <= 120)
    }

    /// Lines taken over after an edit before their paragraph (moved, not rebuilt) answer carets,
    /// selection, the line separator and justification as the lines of a fresh layout do.
    @Test func movedLinesAnswerAsFreshOnes() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 14)
        let body = "Caf\u{E9} e\u{301}clair 👩‍👩‍👧 office\u{2028}after the separator, and more words here."
        let old = AttributedText("Short.\n" + body, attributes: [.font(font)])
        let rect = CGRect(x: 0, y: 0, width: 150, height: 10_000)
        let first = try Framesetter(old)
        _ = try first.frame(in: rect)
        var builder = AttributedTextBuilder(old)
        try builder.replace(0..<5, with: "A longer first line")
        let new = builder.build()
        let edited = Framesetter(new, reusing: first)
        #expect(edited.typesetter.inheritedLineCount == 1)
        let reused = try edited.frame(in: rect)
        let fresh = try Framesetter(new).frame(in: rect)
        try #require(reused.lines.count == fresh.lines.count)
        for (a, b) in zip(reused.lines, fresh.lines) {
            #expect(a.stringRange == b.stringRange)
            #expect(a.endsWithLineSeparator == b.endsWithLineSeparator)
            for i in a.stringRange {
                #expect(a.offset(forStringIndex: i) == b.offset(forStringIndex: i))
            }
            let (ja, jb) = (a.justified(factor: 1, width: 150), b.justified(factor: 1, width: 150))
            #expect(ja.glyphRuns.map { Array($0.positions) } == jb.glyphRuns.map { Array($0.positions) })
        }
        #expect(reused.lines.contains { $0.endsWithLineSeparator })
    }

    /// A line value is one reference to its shared, immutable storage: copying it (into the
    /// frame's placed lines, its line list, a caller's array) is one retain, not a copy of its
    /// fields and a retain of each of their references.
    @Test func lineIsOneReference() {
        #expect(MemoryLayout<Line>.size == MemoryLayout<AnyObject>.size)
    }

    /// The caret map a caret question builds on one copy of a line (here the frame's, reached
    /// through `lines`) is the one every other copy answers from: it is kept in the storage the
    /// copies share, built once. A line that was never asked has none.
    @Test func copiesShareOneCaretMap() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 14)
        let frame = try Framesetter(AttributedText("Caf\u{E9} au lait", attributes: [.font(font)]))
            .frame(in: CGRect(x: 0, y: 0, width: 400, height: 100))
        let line = try #require(frame.lines.first)
        let copy = line
        #expect(copy.builtCaretMap == nil)
        _ = line.offset(forStringIndex: 3)
        let built = try #require(line.builtCaretMap)
        #expect(copy.builtCaretMap === built)
        #expect(frame.lines.first?.builtCaretMap === built)
        #expect(copy.caretMap?.stops == built.map?.stops)
    }
}
