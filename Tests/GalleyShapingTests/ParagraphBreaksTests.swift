// The paragraph style's line-break strictness and word breaking reach a paragraph's break
// opportunities (ParagraphBreaks.swift): the same offsets as LineBreaker with ICU's `lb`
// keyword, anywhere and keep-all, relative to the whole text.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import GalleyUnicode
import Testing

@Suite("Paragraph breaks")
struct ParagraphBreaksTests {
    static func breaks(
        _ string: String, language: String? = nil, strictness: LineBreakStrictness = .normal,
        wordBreak: WordBreak = .normal, paragraph: Int = 0
    ) throws -> [Int] {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: 16)
        var style = ParagraphStyle()
        style.lineBreakStrictness = strictness
        style.wordBreak = wordBreak
        var attributes: Attributes = [.font(font), .paragraphStyle(style)]
        if let language { attributes.language = language }
        let text = AttributedText(string, attributes: attributes)
        let span = ParagraphSplitter.split(text.utf16)[paragraph]
        return ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).breaks.map(\.offset)
    }

    /// "あぁいーう々え〻お" in Japanese (see LineBreakTailoringTests.japaneseStrictness for the
    /// classes): strict never breaks before the CJ small kana ぁ and ー nor the NS iteration
    /// marks 々 〻; normal (ICU's "ja") breaks before CJ; loose before the iteration marks too.
    /// In the second paragraph the offsets are those of the whole text.
    @Test func strictnessReachesICU() throws {
        let text = "あぁいーう々え〻お"
        #expect(try Self.breaks(text, language: "ja", strictness: .strict) == [2, 4, 6, 8, 9])
        #expect(try Self.breaks(text, language: "ja") == [1, 2, 3, 4, 6, 8, 9])
        #expect(try Self.breaks(text, language: "ja", strictness: .loose) == Array(1...9))
        #expect(try Self.breaks("x\n" + text, language: "ja", strictness: .strict, paragraph: 1) == [4, 6, 8, 10, 11])
        // Without a language ICU's root rules treat CJ as NS; loose still lets it start a line.
        #expect(try Self.breaks(text) == [2, 4, 6, 8, 9])
        #expect(try Self.breaks(text, strictness: .loose) == Array(1...9))
    }

    /// `anywhere` breaks inside an English word, at every grapheme cluster boundary, and wins over
    /// keep-all.
    @Test func anywhere() throws {
        #expect(try Self.breaks("word up", strictness: .anywhere) == Array(1...7))
        #expect(try Self.breaks("word up", strictness: .anywhere, wordBreak: .keepAll) == Array(1...7))
        #expect(try Self.breaks("word up") == [5, 7])
    }

    /// Keep-all: Korean only at spaces, Chinese only after punctuation; the default unchanged.
    @Test func keepAll() throws {
        let korean = "한국어 문장입니다."
        #expect(try Self.breaks(korean, language: "ko") == [1, 2, 4, 5, 6, 7, 8, 10])
        #expect(try Self.breaks(korean, language: "ko", wordBreak: .keepAll) == [4, 10])
        let chinese = "我们是学生。你好，世界！"
        #expect(try Self.breaks(chinese, language: "zh") == [1, 2, 3, 4, 6, 7, 9, 10, 12])
        #expect(try Self.breaks(chinese, language: "zh", wordBreak: .keepAll) == [6, 9, 12])
    }
}

/// `allow_breaks="false"` (``Attributes/allowsLineBreaks``) removes opportunities inside its
/// ranges. The expected offsets are Pango 1.50.12's `is_line_break` log attributes for the same
/// markup (read through `pango_layout_get_log_attrs_readonly` on this machine), in UTF-16 code
/// units (every character here is one).
@Suite("Allow breaks")
struct AllowBreaksTests {
    static func breaks(_ markup: String) throws -> [LineBreakOpportunity] {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let text = try Markup.parse(markup, base: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        return ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).breaks
    }

    /// "ab cd |ef gh-ij​kl| mn": the span's edges (6 before it, 17 after it is no opportunity,
    /// 18 after the next space) keep their breaks; inside it the breaks after the space (9) and
    /// after "-" (12; hyphen-minus is not one of Pango's explicit break characters) go, the one
    /// after the ZERO WIDTH SPACE (15) stays. Pango: 3 6 15 18 20.
    @Test func edgesKeptInsideRemoved() throws {
        let plain = try Self.breaks("ab cd ef gh-ij\u{200B}kl mn").map(\.offset)
        #expect(plain == [3, 6, 9, 12, 15, 18, 20])
        let markup = #"ab cd <span allow_breaks="false">ef gh-ij&#x200B;kl</span> mn"#
        #expect(try Self.breaks(markup).map(\.offset) == [3, 6, 15, 18, 20])
        // "a b| c |d e": the break after the span's inner space (4) goes; the one at its end (6),
        // after its last space, stays. Pango: 2 6 8 9.
        let spaces = #"a b<span allow_breaks="false"> c </span>d e"#
        #expect(try Self.breaks(spaces).map(\.offset) == [2, 6, 8, 9])
    }

    /// Explicit break characters inside the range keep their breaks, as in Pango: after SOFT
    /// HYPHEN (3), U+2010 HYPHEN (8), U+2013 EN DASH (12), "|" (16) and ZERO WIDTH SPACE followed
    /// by a space (21); the breaks after spaces (6, 10, 14, 18, 23) go. Pango: 3 8 12 16 21 24.
    @Test func explicitBreakCharactersKeepTheirBreaks() throws {
        let markup = #"<span allow_breaks="false">ab&#xAD;cd e&#x2010;f g&#x2013;h i|j k&#x200B; l m</span>"#
        #expect(try Self.breaks(markup).map(\.offset) == [3, 8, 12, 16, 21, 24])
    }

    /// A hard break inside the range stays mandatory: "ab|cd ef LS gh|ij". Pango: 8 (mandatory),
    /// 12 (the end).
    @Test func mandatoryBreaksStay() throws {
        let breaks = try Self.breaks(#"ab<span allow_breaks="false">cd ef&#x2028;gh</span>ij"#)
        #expect(breaks.map(\.offset) == [8, 12])
        #expect(breaks.filter(\.isMandatory).map(\.offset) == [8])
    }

    /// Where Galley's per-character attribute differs from Pango's per-span attribute. Two
    /// adjacent false spans are one range of characters in Galley, so the break between them
    /// (3) goes (Pango keeps it: 3 6 7); a span that sets true inside a false one allows breaks
    /// between its own characters (Pango lets the outer false win: only the end).
    @Test func perCharacterRule() throws {
        let adjacent = #"<span allow_breaks="false">ab </span><span allow_breaks="false">cd</span> x"#
        #expect(try Self.breaks(adjacent).map(\.offset) == [6, 7])
        let nested = #"<span allow_breaks="false">ab <span allow_breaks="true">cd ef</span> gh</span>"#
        // "ab |cd |ef gh": 3 is between " " (false) and "c" (true), 6 between two true characters.
        #expect(try Self.breaks(nested).map(\.offset) == [3, 6, 11])
    }
}
