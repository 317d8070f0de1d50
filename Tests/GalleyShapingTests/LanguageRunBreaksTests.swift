// The language attribute per run sets the line-break locale (kCTLanguageAttributeName:
// "locale-specific line breaking" for the text it covers), not only the paragraph's first
// character's language. Offsets from ICU's rules as LineBreakTailoringTests pins them: in
// "あぁいーう" the root rules treat the small kana ぁ and ー (class CJ) as NS (breaks 2, 4 and the
// end) while ICU's "ja" rules treat them as ID (breaks 1, 2, 3, 4 and the end).
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import GalleyUnicode
import Testing

@Suite("Line-break locale per language run")
struct LanguageRunBreaksTests {
    static func breaks(_ runs: [(String, String?)]) throws -> [Int] {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: 16)
        var b = AttributedTextBuilder()
        for (string, language) in runs {
            var attributes: Attributes = [.font(font)]
            if let language { attributes.language = language }
            b.append(string, attributes: attributes)
        }
        let text = b.build()
        let span = ParagraphSplitter.split(text.utf16)[0]
        return ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).breaks.map(\.offset)
    }

    /// Root then Japanese: the root half breaks at 2 and 4 (and 5, after its last character);
    /// the Japanese half also before its small kana: 6, 7, 8, 9, 10.
    @Test func eachRunBreaksByItsLanguage() throws {
        let kana = "あぁいーう"
        #expect(try Self.breaks([(kana, nil), (kana, "ja")]) == [2, 4, 5, 6, 7, 8, 9, 10])
        // Japanese first: the first character's language no longer decides for the paragraph.
        #expect(try Self.breaks([(kana, "ja"), (kana, nil)]) == [1, 2, 3, 4, 5, 7, 9, 10])
        // One language over several runs is the single-locale analysis.
        #expect(try Self.breaks([(kana, "ja"), (kana, "ja")]) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    }
}
