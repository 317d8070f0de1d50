// Fallback by language, as CTFontCreateForStringWithLanguage and
// CTFontCopyDefaultCascadeListForLanguages: a Han character gets the font fontconfig chooses for
// the language. Oracle: fc-match over the bundled fonts with `lang` and a `charset` holding the
// character (the machine may have no CJK font of its own; the bundled Droid Sans Fallback covers
// ja and zh-tw, NanumGothic ko, and both have Han ideographs).

import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("Language-aware fallback like CTFontCreateForStringWithLanguage")
struct LanguageFallbackTests {
    /// BCP 47 identifiers and the fontconfig tags they mean.
    static let languages = [("ja", "ja"), ("ko", "ko"), ("zh-Hant", "zh-tw"), ("zh-Hans", "zh-cn"), ("zh-HK", "zh-hk")]
    /// 骨 and 直 (drawn differently in Chinese, Japanese and Korean), 一.
    static let han: [Unicode.Scalar] = ["\u{9AA8}", "\u{76F4}", "\u{4E00}"]

    @Test("BCP 47 identifiers become fontconfig's tags", arguments: languages)
    func fontconfigTags(identifier: String, tag: String) {
        #expect(FontLanguage.fontconfigTag(identifier) == tag)
        #expect(FontLanguage.fontconfigTag("zh_TW") == "zh-tw" && FontLanguage.fontconfigTag("sr-Latn-RS") == "sr-rs")
        #expect(FontLanguage.fontconfigTag("") == nil && FontLanguage.fontconfigTag("1x") == nil)
    }

    // CTFontCreateForStringWithLanguage: "language: A language identifier to select a font for a
    // particular localization." fc-match with lang and a charset is fontconfig's choice.
    @Test("a Han character falls back to fc-match's font for the language", arguments: languages.map(\.0))
    func hanFallbackFollowsFcMatch(language: String) throws {
        let sans = try Font(path: TestFonts.dejaVuSans, size: 12)
        for scalar in LanguageFallbackTests.han {
            let tag = try #require(FontLanguage.fontconfigTag(language))
            let expected = try Fontconfig.match(":lang=\(tag):charset=\(String(scalar.value, radix: 16))", .bundledOnly)
            let font = try #require(FontCollection.shared.fallbackFont(for: scalar, matching: sans, language: language))
            #expect(font.familyName == expected.family, "\(language) U+\(String(scalar.value, radix: 16))")
            #expect(sans.forString(String(scalar), range: 0..<1, language: language).familyName == expected.family)
        }
    }

    @Test("ko and ja pick different bundled fonts for the same ideograph")
    func koreanAndJapaneseDiffer() throws {
        let sans = try Font(path: TestFonts.dejaVuSans, size: 12)
        let ko = sans.forString("骨", range: 0..<1, language: "ko")
        let ja = sans.forString("骨", range: 0..<1, language: "ja")
        #expect(ko.postScriptName == "NanumGothic" && ja.postScriptName == "DroidSansFallback")
        // Characters that are not Han keep the fixed order, whatever the language.
        for language in ["ja", "ko", "en"] {
            #expect(sans.forString("가", range: 0..<1, language: language) == sans.forString("가", range: 0..<1))
        }
    }

    // CTFontCreateForString: "If the current font can encode the string range, the function
    // retains and returns the font."
    @Test("forString returns the font itself when it covers the range; clamps the range")
    func forStringKeepsCoveringFont() throws {
        let sans = try Font(path: TestFonts.dejaVuSans, size: 12)
        #expect(sans.forString("abc骨", range: 0..<3) === sans)
        #expect(sans.forString("abc骨", range: 2..<4).postScriptName == "DroidSansFallback")
        #expect(sans.forString("abc", range: 5..<9) === sans)
        let cascaded = sans.withCascadeList(["NanumGothic"])
        #expect(cascaded.forString("骨", range: 0..<1, language: "ja").postScriptName == "NanumGothic")
    }

    // CTFontCopyDefaultCascadeListForLanguages: "Return an ordered list of CTFontDescriptorRef's
    // for font fallback derived from the system default fallback region according to the given
    // language preferences."
    @Test(
        "the default cascade list puts the language's fonts in fc-match -s order", arguments: ["ja", "ko", "zh-Hant"])
    func cascadeListFollowsLanguage(language: String) throws {
        let list = FontCollection.shared.defaultCascadeList(forLanguages: [language]).compactMap(\.family)
        let tag = try #require(FontLanguage.fontconfigTag(language))
        let sorted = try Fontconfig.sortBundled(":lang=\(tag):charset=9aa8", "%{family[0]}\n")
        let cjk = ["Droid Sans Fallback", "NanumGothic"]
        let galleyOrder = list.filter(cjk.contains)
        var fcOrder: [String] = []
        for family in sorted where cjk.contains(family) && !fcOrder.contains(family) { fcOrder.append(family) }
        #expect(galleyOrder == fcOrder)
        #expect(Set(list).count == list.count && list.contains("DejaVu Sans"))
        let font = try Font(path: TestFonts.dejaVuSans, size: 12).withCascadeList(["DejaVu Serif"])
        #expect(font.defaultCascadeList(forLanguages: [language]).first?.family == "DejaVu Serif")
    }
}
