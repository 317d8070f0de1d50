// Font fallback end to end: text touching every bundled script, asked for in DejaVu Sans, comes
// out with no .notdef glyph, each item in a font that covers it; emoji sequences shape as the
// single glyphs the colour font has for them.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import Testing

@Suite("Fallback coverage")
struct FallbackCoverageTests {
    static let samples = [
        "Latin: The quick brown fox — “quotes” café",
        "Greek Ελληνικά, Cyrillic Русский",
        "Arabic العربية تتصل حروفها لا",
        "Hebrew עִבְרִית שלום",
        "Devanagari हिन्दी क्षत्रिय",
        "Thai ภาษาไทยง่ายนิดเดียว",
        "Chinese 中文排版，全角标点。",
        "Japanese ひらがなとカタカナと漢字",
        "Korean 한국어 문장",
        "Emoji 😀 👨‍👩‍👧‍👦 🇫🇷 1️⃣ 👍🏽 ❤️ ☔︎",
    ]

    @Test(arguments: samples)
    func noNotdefWhereSomeFontCovers(_ string: String) throws {
        let font = try Font(family: "DejaVu Sans", size: 16)
        let text = AttributedText(string, attributes: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let analysis = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared)
        for item in analysis.items {
            let glyphs = item.storage.glyphs[item.glyphRange]
            #expect(!glyphs.contains { $0.id == 0 }, "notdef in \(item.font) for \(item.range)")
            // Every visible character of the item is in its font's cmap.
            let scalars = String(decoding: text.utf16[item.range], as: UTF16.self).unicodeScalars
            for scalar in scalars
            where !scalar.properties.isDefaultIgnorableCodePoint && scalar.value != 0x20E3 && scalar.value != 0xFE0F
                && scalar.value != 0xFE0E
            {
                #expect(item.font.covers(scalar), "\(item.font) lacks U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    /// A space never chooses a font: the spaces between words of a fallback font stay in their
    /// item. Pango's itemizer, shown the bundled fonts by fontconfig (`Pango.itemize` through
    /// PyGObject), gives "abc " in DejaVu Sans, "नमस्ते दुनिया नमस्ते " in Noto Sans Devanagari (both
    /// inner spaces and the last one), then "abc" in DejaVu Sans; so does Galley. Spaces after
    /// a colour font's emoji go back to the text's font (far narrower: Galley's choice).
    @Test func spacesStayInTheFallbackItem() throws {
        let font = try Font(family: "DejaVu Sans", size: 16)
        func items(_ string: String) throws -> [(String, String)] {
            let text = AttributedText(string, attributes: [.font(font)])
            let span = try #require(ParagraphSplitter.split(text.utf16).first)
            return ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).items.map {
                (String(decoding: text.utf16[$0.range], as: UTF16.self), $0.font.familyName)
            }
        }
        let devanagari = try items("abc नमस्ते दुनिया नमस्ते abc")
        #expect(devanagari.map(\.0) == ["abc ", "नमस्ते दुनिया नमस्ते ", "abc"])
        #expect(devanagari.map(\.1) == ["DejaVu Sans", "Noto Sans Devanagari", "DejaVu Sans"])
        let emoji = try items("😀 😀")
        #expect(emoji.map(\.0) == ["😀", " ", "😀"])
        #expect(emoji.map(\.1) == ["Noto Color Emoji", "DejaVu Sans", "Noto Color Emoji"])
    }

    /// Noto Color Emoji has one glyph for each of these sequences (hb-shape Fonts/NotoColorEmoji.ttf
    /// prints a single glyph for each: 2105, 1600, 1471, 2051, 168), so each is one glyph in Galley.
    @Test(arguments: zip(["👨‍👩‍👧‍👦", "🇫🇷", "1️⃣", "👍🏽", "❤️"], [UInt32(2105), 1600, 1471, 2051, 168]))
    func emojiSequencesAreSingleGlyphs(_ sequence: String, glyph: UInt32) throws {
        let font = try Font(family: "DejaVu Sans", size: 16)
        let text = AttributedText(sequence, attributes: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let items = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).items
        try #require(items.count == 1)
        #expect(items[0].font.familyName == "Noto Color Emoji")
        #expect(items[0].storage.glyphs[items[0].glyphRange].map(\.id) == [glyph])
    }

    /// U+FE0E asks for text presentation: ☔︎ stays in DejaVu Sans (which has a glyph for U+2614),
    /// while ☔ alone (Emoji_Presentation) takes the colour font.
    @Test func textAndEmojiPresentation() throws {
        let font = try Font(family: "DejaVu Sans", size: 16)
        func family(_ string: String) throws -> String {
            let text = AttributedText(string, attributes: [.font(font)])
            let span = try #require(ParagraphSplitter.split(text.utf16).first)
            return ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).items[0].font.familyName
        }
        #expect(try family("\u{2614}\u{FE0E}") == "DejaVu Sans")
        #expect(try family("\u{2614}") == "Noto Color Emoji")
        #expect(try family("\u{2614}\u{FE0F}") == "Noto Color Emoji")
    }

    /// Bold text falling back to a face with no bold gets synthetic bold on its run's font.
    @Test func fallbackRunsCarrySyntheticBold() throws {
        let bold = try Font(family: "DejaVu Sans", weight: .bold, size: 16)
        let text = AttributedText("bold 中文", attributes: [.font(bold)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let items = ParagraphAnalysis(text: text, span: span, defaultFont: bold, fonts: .shared).items
        let chinese = try #require(items.first { $0.range.contains(5) })
        #expect(chinese.font.familyName == "Droid Sans Fallback" && chinese.font.syntheticTraits == [.bold])
    }
}
