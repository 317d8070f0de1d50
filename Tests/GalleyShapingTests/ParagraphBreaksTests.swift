// The paragraph style's line-break strictness and word breaking reach a paragraph's break
// opportunities (ParagraphBreaks.swift): the same offsets as LineBreaker with ICU's `lb`
// keyword, anywhere and keep-all, relative to the whole text.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import GalleyUnicode
import Testing

@Suite("Paragraph breaks")
struct ParagraphBreaksTests {
    static func breaks(
        _ string: String, language: String? = nil, strictness: LineBreakStrictness = .normal,
        wordBreak: WordBreak = .normal, paragraph: Int = 0
    ) throws -> [Int] {
        let font = try Font(path: BundledFonts.path("DroidSansFallbackFull.ttf"), size: 16)
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
