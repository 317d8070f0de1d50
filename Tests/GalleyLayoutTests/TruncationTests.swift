// Truncation (CTLineCreateTruncatedLine semantics) and frames with a line limit: the kept
// clusters are those whose advances plus the token's fit, whole clusters only, token at the
// logical end/start/middle, in RTL too. DejaVu Sans 16: "x" 1212/128 = 9.46875, "…" U+2026
// 2048/128 = 16 (hb-shape), space 5.0859375.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Truncation")
struct TruncationTests {
    let tenX = "xxxxxxxxxx"  // 94.6875 wide

    func line(_ string: String, _ attributes: Attributes? = nil) throws -> Line {
        let t: AttributedText
        if let attributes { t = text(string, attributes) } else { t = try styled(string, .default) }
        return try Typesetter(t).line(for: 0..<t.length)
    }

    func tokenRuns(_ line: Line) -> [GlyphRun] { line.glyphRuns.filter(\.isTruncationToken) }

    /// End: width 50 leaves 50 − 16 = 34 for text, floor(34 / 9.46875) = 3 "x"; the token follows
    /// them (x = 28.40625) and stands for 3..<10.
    @Test func end() throws {
        let l = try #require(try line(tenX).truncated(width: 50, type: .end, token: nil))
        #expect(l.isTruncated && l.truncationTokenRange == 3..<10)
        #expect(l.width == 3 * Dv16.x + Dv16.ellipsis)
        #expect(l.stringRange == 0..<10)
        let token = try #require(tokenRuns(l).first)
        #expect(token.originX == 3 * Dv16.x)
        #expect(token.glyphCount == 1 && token.width == Dv16.ellipsis)
        #expect(l.glyphRuns.filter { !$0.isTruncationToken }.flatMap(\.stringIndices) == [0, 1, 2])
    }

    /// Start: the last 3 "x" stay, the token is first (x = 0) and stands for 0..<7.
    @Test func start() throws {
        let l = try #require(try line(tenX).truncated(width: 50, type: .start, token: nil))
        #expect(l.truncationTokenRange == 0..<7)
        #expect(tokenRuns(l).first?.originX == 0)
        #expect(glyphX(l, 7) == Dv16.ellipsis)
    }

    /// Middle: of the 34 points, the start keeps what fits in 17 (1 "x"), the end the rest
    /// (34 − 9.47 = 24.53: 2 "x"): kept 0..<1 and 8..<10, token 1..<8 between them.
    @Test func middle() throws {
        let l = try #require(try line(tenX).truncated(width: 50, type: .middle, token: nil))
        #expect(l.truncationTokenRange == 1..<8)
        #expect(tokenRuns(l).first?.originX == Dv16.x)
        #expect(glyphX(l, 8) == Dv16.x + Dv16.ellipsis)
        #expect(tokenRuns(l).count == 1, "exactly one token")
    }

    /// A line that fits comes back untouched; a token wider than the width gives nil; NaN too.
    @Test func fitsOrImpossible() throws {
        let l = try line(tenX)
        let same = try #require(try l.truncated(width: 100, type: .end, token: nil))
        #expect(!same.isTruncated && same.width == l.width)
        #expect(try l.truncated(width: 15, type: .end, token: nil) == nil)
        #expect(try l.truncated(width: .nan, type: .end, token: nil) == nil)
        // Exactly the token: no text kept.
        let onlyToken = try #require(try l.truncated(width: 16, type: .end, token: nil))
        #expect(onlyToken.width == 16 && onlyToken.truncationTokenRange == 0..<10)
    }

    /// A custom token keeps its own attributes (font, colour) in its runs.
    @Test func customTokenKeepsItsAttributes() throws {
        let big = try Fonts.dejaVu(32)
        let token = text(">>", [.font(big), .foregroundColor(.red)])
        let l = try #require(try line(tenX).truncated(width: 70, type: .end, token: token))
        let run = try #require(tokenRuns(l).first)
        #expect(run.attributes.foregroundColor == .red && run.font == big)
        // ">" is 1716 units: 2 × 1716 / 64 = 53.625 at 32 pt; 70 − 53.625 = 16.375 keeps 1 "x".
        #expect(l.truncationTokenRange == 1..<10)
        #expect(l.ascent == big.ascent)
    }

    /// Whole grapheme clusters: Thai "กำ" is one cluster (SARA AM is a SpacingMark, UAX #29 GB9a)
    /// shaped as 3 glyphs, 600 + 0 + 406 = 1006 units of 1000 (hb-shape, Noto Sans Thai) → 10.06
    /// at 10 pt. For every width and type, the cut range starts and ends on an even offset (never
    /// between a consonant and its SARA AM), and the result fits.
    @Test func neverSplitsAGraphemeCluster() throws {
        let thai = try Font(path: TestFonts.path("NotoSansThai-Regular.ttf"), size: 10)
        let l = try line("กำกำกำกำกำ", [.font(thai)])
        for width: CGFloat in stride(from: 12, through: 48, by: 1.5) {
            for type in TruncationType.allCases {
                guard let t = try l.truncated(width: width, type: type, token: nil) else { continue }
                let r = try #require(t.truncationTokenRange)
                #expect(r.lowerBound % 2 == 0 && r.upperBound % 2 == 0, "\(type) at \(width): \(r)")
                #expect(t.width <= width + 1e-9)
            }
        }
    }

    /// A placeholder is one cluster: it stays whole or goes whole.
    @Test func placeholdersStayWhole() throws {
        let font = try Fonts.dejaVu(16)
        var b = AttributedTextBuilder("xx\u{FFFC}xx", attributes: [.font(font)])
        try b.setAttributes([.font(font), .runDelegate(RunDelegate(width: 30, ascent: 10, descent: 2))], range: 2..<3)
        let l = try Typesetter(b.build()).line(for: 0..<5)
        // Room 60 − 16 = 44: "xx" (18.94) + box (30) = 48.94 > 44, so the box goes.
        let cut = try #require(try l.truncated(width: 60, type: .end, token: nil))
        #expect(cut.truncationTokenRange == 2..<5)
        #expect(cut.glyphRuns.allSatisfy { !$0.isPlaceholder })
        // Room 65 − 16 = 49 ≥ 48.94: the box stays, whole.
        let kept = try #require(try l.truncated(width: 65, type: .end, token: nil))
        #expect(kept.truncationTokenRange == 3..<5)
        #expect(kept.glyphRuns.filter(\.isPlaceholder).map(\.width) == [30])
    }

    /// In a right-to-left line the logical end is at the left: `.end` keeps the first letters
    /// (the rightmost) and the token sits at the left edge.
    @Test func rightToLeft() throws {
        let hebrew = try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 20)
        let l = try line("אבגדהוזחטי", [.font(hebrew)])
        #expect(l.isRightToLeft)
        let t = try #require(try l.truncated(width: l.width / 2, type: .end, token: nil))
        let r = try #require(t.truncationTokenRange)
        #expect(r.lowerBound > 0 && r.upperBound == 10)
        #expect(t.glyphRuns.first?.isTruncationToken == true, "token at the visual left")
        let kept = t.glyphRuns.filter { !$0.isTruncationToken }.flatMap(\.stringIndices)
        #expect(Set(kept) == Set(0..<r.lowerBound))
        let start = try #require(try l.truncated(width: l.width / 2, type: .start, token: nil))
        #expect(start.glyphRuns.last?.isTruncationToken == true, "token at the visual right")
    }
}

@Suite("Truncation in mixed lines")
struct MixedTruncationTests {
    /// A left-to-right paragraph ending in Hebrew: the logical end is inside the right-to-left
    /// run, but the token takes the paragraph's level (UAX #9: "…" is neutral between a strong R
    /// and the paragraph's end, so it resolves to the embedding direction L), so it sits at the
    /// visual right end after the reordered Hebrew.
    @Test func tokenAtTheParagraphEnd() throws {
        let hebrew = try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 20)
        var b = AttributedTextBuilder("xx אבגדהוזחטי", attributes: [.font(try Fonts.dejaVu(20))])
        try b.setFont(hebrew, range: 3..<13)
        let line = try Typesetter(b.build()).line(for: 0..<13)
        #expect(!line.isRightToLeft)
        let t = try #require(try line.truncated(width: line.width * 0.6, type: .end, token: nil))
        #expect(t.glyphRuns.last?.isTruncationToken == true)
        #expect(t.glyphRuns.first?.stringRange.lowerBound == 0)
        #expect(t.width <= line.width * 0.6)
        // Carets still work on a truncated line (the token stands for the cut text).
        let caret = t.offset(forStringIndex: 1)
        #expect(caret.primary == Dv16.x * 20 / 16)
    }

    /// A token of several runs keeps its runs in order: "[" in red then "]" in blue.
    @Test func multiRunToken() throws {
        var tb = AttributedTextBuilder("[]", attributes: [.font(try Fonts.dejaVu(16)), .foregroundColor(.red)])
        try tb.setForegroundColor(.blue, range: 1..<2)
        let line = try Typesetter(try styled(String(repeating: "x", count: 10), .default)).line(for: 0..<10)
        let t = try #require(try line.truncated(width: 50, type: .end, token: tb.build()))
        #expect(t.glyphRuns.filter(\.isTruncationToken).map(\.attributes.foregroundColor) == [.red, .blue])
    }
}

@Suite("Frames with truncation")
struct FrameTruncationTests {
    /// Max 2 lines (the last line truncated where text remains, not the whole paragraph): "xx xx xx xx xx xx" at 50 wraps as "xx xx " × 2 + "xx xx"; the
    /// second line is laid out again to the paragraph's end ("xx xx xx xx", 6..<17) and truncated
    /// at the end: room 50 − 16 = 34 keeps "xx x" (33.4921875), token for 10..<17.
    @Test func maximumNumberOfLines() throws {
        let framesetter = try Framesetter(try styled("xx xx xx xx xx xx", .default))
        let rect = CGRect(x: 0, y: 0, width: 50, height: 500)
        #expect(try framesetter.frame(in: rect).lines.count == 3)
        let frame = try framesetter.frame(in: rect, options: FrameOptions(maximumNumberOfLines: 2))
        #expect(frame.lines.count == 2)
        #expect(!frame.lines[0].isTruncated)
        #expect(frame.lines[1].truncationTokenRange == 10..<17)
        #expect(frame.lines[1].width == 4 * Dv16.x + Dv16.space + Dv16.ellipsis - Dv16.x)
        #expect(frame.stringRange == 0..<17 && frame.visibleStringRange == 0..<17)
        // No truncation asked: the line limit alone.
        let plain = try framesetter.frame(in: rect, options: FrameOptions(maximumNumberOfLines: 2, truncation: nil))
        #expect(plain.visibleStringRange == 0..<12 && !plain.lines[1].isTruncated)
        // Height limited to one line: the same rule (UILabel's).
        let short = try framesetter.frame(in: CGRect(x: 0, y: 0, width: 50, height: 20), options: FrameOptions())
        #expect(short.lines.count == 1 && short.lines[0].isTruncated)
    }

    /// When the last visible line ends its paragraph and text follows, an end truncation still
    /// shows the token: "xx\nxx" with 1 line → "xx…" (token range empty, at 2).
    @Test func tokenWhenTheNextParagraphIsCut() throws {
        let frame = try Framesetter(try styled("xx\nxx", .default))
            .frame(in: CGRect(x: 0, y: 0, width: 200, height: 500), options: FrameOptions(maximumNumberOfLines: 1))
        #expect(frame.lines.count == 1)
        #expect(frame.lines[0].truncationTokenRange == 2..<2)
        #expect(frame.lines[0].width == 2 * Dv16.x + Dv16.ellipsis)
        #expect(frame.visibleStringRange == 0..<3)
    }

    /// Truncating line-break modes put each paragraph on one line (CoreText): 4 words at 50 give
    /// one line "xx x…" (as above) and the second paragraph its own line; clipping keeps the
    /// glyphs for the clip (kCTLineBreakByClipping: lines "are simply not drawn past the edge"):
    /// "xx xx " is 4 × 9.46875 + 2 × 5.0859375 = 48.046875, and the next "x" starts inside 50,
    /// so it stays and overflows to 57.515625.
    @Test func singleLineModes() throws {
        let string = "xx xx xx xx\nxx"
        let rect = CGRect(x: 0, y: 0, width: 50, height: 500)
        let tail = try Framesetter(try styled(string, ParagraphStyle(lineBreakMode: .truncatingTail))).frame(in: rect)
        #expect(tail.lines.map(\.stringRange) == [0..<12, 12..<14])
        #expect(tail.lines[0].truncationTokenRange == 4..<11)
        #expect(!tail.lines[1].isTruncated)
        let head = try Framesetter(try styled(string, ParagraphStyle(lineBreakMode: .truncatingHead))).frame(in: rect)
        // From the end: "x xx" (3 × 9.47 + 5.09 = 33.49) fits in 34.
        #expect(head.lines[0].truncationTokenRange == 0..<7)
        let middle = try Framesetter(try styled(string, ParagraphStyle(lineBreakMode: .truncatingMiddle))).frame(
            in: rect)
        #expect(middle.lines[0].glyphRuns.filter(\.isTruncationToken).count == 1)
        let clip = try Framesetter(try styled(string, ParagraphStyle(lineBreakMode: .clipping))).frame(in: rect)
        #expect(clip.lines[0].truncationTokenRange == 7..<11)
        #expect(clip.lines[0].glyphRuns.allSatisfy { !$0.isTruncationToken })
        #expect(clip.lines[0].width == 5 * Dv16.x + 2 * Dv16.space)
        #expect(clip.lines[0].trailingWhitespaceWidth == 0)
        #expect(clip.visibleStringRange == 0..<14)
    }
}
