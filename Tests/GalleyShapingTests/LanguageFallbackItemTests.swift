// The itemizer's font fallback reads the run's `.language`: Han text in DejaVu Sans falls back
// to the font fontconfig picks for that language (as CoreText's layout picks the cascade by
// language). Oracle: the collection's own language-aware fallback, itself pinned to fc-match in
// GalleyFontsTests.LanguageFallbackTests.

import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import Testing

@Suite("Language-aware fallback in the itemizer")
struct LanguageFallbackItemTests {
    @Test("a Han run's fallback font follows its language attribute", arguments: ["ja", "ko", "zh-Hant", "zh-Hans"])
    func hanRunFollowsLanguage(language: String) throws {
        let font = try Font(family: "DejaVu Sans", size: 16)
        let string = "骨直一"
        let text = AttributedText(string, attributes: [.font(font), .language(language)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let items = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).items
        try #require(items.count == 1)
        let expected = try #require(FontCollection.shared.fallbackFont(for: "骨", matching: font, language: language))
        #expect(items[0].font.postScriptName == expected.postScriptName)
    }

    @Test("Korean and Japanese runs of the same ideographs get different fonts")
    func koreanAndJapaneseRunsDiffer() throws {
        let font = try Font(family: "DejaVu Sans", size: 16)
        var fonts: [String] = []
        for language in ["ko", "ja"] {
            let text = AttributedText("骨", attributes: [.font(font), .language(language)])
            let span = try #require(ParagraphSplitter.split(text.utf16).first)
            let items = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).items
            fonts.append(items[0].font.postScriptName)
        }
        #expect(fonts == ["NanumGothic", "DroidSansFallback"])
    }
}
