// Per-character fallback: the cascade of bundled fonts, then system fonts, colour emoji preference.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

@Suite("Fallback fonts")
struct FallbackTests {
    /// Characters DejaVu Sans lacks, and the family the cascade order (DejaVu Sans family,
    /// Noto Sans Arabic, Hebrew, Devanagari, Thai, Droid Sans Fallback, NanumGothic, Noto Color
    /// Emoji, ...) must pick. Coverage facts: `fc-query -f '%{charset}'` on each bundled file;
    /// Droid Sans Fallback maps only 3 of the 11172 Hangul syllables, none of them U+D55C, so
    /// Hangul comes from NanumGothic, next in the cascade.
    static let scripts: [(Unicode.Scalar, String?)] = [
        ("\u{4E2D}", "Droid Sans Fallback"),  // 中 CJK ideograph
        ("\u{3042}", "Droid Sans Fallback"),  // あ hiragana
        ("\u{30A2}", "Droid Sans Fallback"),  // ア katakana
        ("\u{0915}", "Noto Sans Devanagari"),  // क
        ("\u{0E01}", "Noto Sans Thai"),  // ก
        // 😀 is Emoji_Presentation (emoji-data.txt "1F600 ; Emoji_Presentation"); DejaVu Sans has a
        // monochrome glyph for it (hb-shape prints [5857=0+2135]) but the colour font must win.
        ("\u{1F600}", "Noto Color Emoji"),
        ("\u{D55C}", "NanumGothic"),  // 한 Hangul
    ]

    @Test("Scripts DejaVu Sans lacks get a covering font, bundled in cascade order", arguments: scripts)
    func coveringFont(scalar: Unicode.Scalar, family: String?) throws {
        let base = try Font(family: "DejaVu Sans", size: 15)
        #expect(!base.covers(scalar) || scalar.properties.isEmojiPresentation)
        let fallback = try #require(FontCollection.shared.fallbackFont(for: scalar, matching: base))
        #expect(fallback.glyph(for: scalar) != nil)
        #expect(fallback.size == 15)
        if let family {
            #expect(fallback.familyName == family)
        }
    }

    @Test("Arabic and Hebrew are covered by DejaVu Sans itself, so it is its own fallback")
    func coveredByItself() throws {
        // hb-shape --shapers=fallback --no-glyph-names Fonts/DejaVuSans.ttf 'ب' → [1366=0+1928];
        // 'א' → [1319=0+1369]: both map to real glyphs.
        let base = try Font(family: "DejaVu Sans", size: 12)
        for scalar: Unicode.Scalar in ["\u{0628}", "\u{05D0}"] {
            #expect(FontCollection.shared.fallbackFont(for: scalar, matching: base) == base)
        }
    }

    @Test("Fallback prefers the requesting font's weight and italic within a family")
    func stylePreference() throws {
        // hb-shape --shapers=fallback on 'ب' prints glyph 0 (missing) for DejaVuSans-Oblique and
        // DejaVuSans-BoldOblique but real glyphs for DejaVuSans and DejaVuSans-Bold. So an oblique
        // request falls to the upright face of the same weight.
        let collection = FontCollection.shared
        let oblique = try Font(family: "DejaVu Sans", italic: true, size: 12)
        let boldOblique = try Font(family: "DejaVu Sans", weight: .bold, italic: true, size: 12)
        #expect(collection.fallbackFont(for: "\u{0628}", matching: oblique)?.postScriptName == "DejaVuSans")
        #expect(collection.fallbackFont(for: "\u{0628}", matching: boldOblique)?.postScriptName == "DejaVuSans-Bold")
        // DejaVu Serif has no Arabic; the cascade's first family, DejaVu Sans, has it.
        let serif = try Font(family: "DejaVu Serif", size: 12)
        #expect(collection.fallbackFont(for: "\u{0628}", matching: serif)?.familyName == "DejaVu Sans")
        // Hebrew from DejaVu Serif: DejaVu Sans (all four styles map U+05D0) before Noto Sans Hebrew.
        #expect(collection.fallbackFont(for: "\u{05D0}", matching: serif)?.familyName == "DejaVu Sans")
    }

    @Test("Emoji presentation picks the colour font even when the text font has a glyph")
    func colorEmojiPreference() throws {
        let base = try Font(family: "DejaVu Sans", size: 12)
        let collection = FontCollection.shared
        // emoji-data.txt: "2614..2615 ; Emoji_Presentation" (☔) — DejaVu Sans maps it
        // (hb-shape prints [3820=0+1836]) but the default presentation is emoji.
        #expect(base.covers("\u{2614}"))
        #expect(collection.fallbackFont(for: "\u{2614}", matching: base)?.familyName == "Noto Color Emoji")
        // "2764 ; Emoji" without Emoji_Presentation (❤): text by default, emoji after U+FE0F.
        #expect(collection.fallbackFont(for: "\u{2764}", matching: base) == base)
        #expect(
            collection.fallbackFont(for: "\u{2764}", matching: base, preferColorEmoji: true)?.familyName
                == "Noto Color Emoji")
    }

    @Test("Swift's isEmojiPresentation agrees with emoji-data.txt for every listed code point")
    func emojiPresentationProperty() throws {
        // The fallback relies on Unicode.Scalar.Properties.isEmojiPresentation; check it against
        // the Unicode data file shipped by Debian's unicode-data package.
        let text = try String(contentsOfFile: "/usr/share/unicode/emoji/emoji-data.txt", encoding: .utf8)
        var listed = Set<UInt32>()
        for line in text.split(separator: "\n") where line.contains("; Emoji_Presentation") {
            let field = line.split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
            let bounds = field.split(separator: ".", omittingEmptySubsequences: true).compactMap {
                UInt32($0, radix: 16)
            }
            guard let low = bounds.first, let high = bounds.last else { continue }
            listed.formUnion(low...high)
        }
        #expect(listed.count > 1000)
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.properties.isEmojiPresentation != listed.contains(value) { mismatches.append(value) }
        }
        // Swift's tables may be a newer Unicode version than Debian's file; allow only additions.
        #expect(
            mismatches.allSatisfy { !listed.contains($0) },
            "code points listed but not flagged: \(mismatches.prefix(10))")
    }

    @Test("An unassigned code point gets nil or a font that truly covers it")
    func unassigned() throws {
        let base = try Font(family: "DejaVu Sans", size: 12)
        // U+0378 and U+E01F0 have no entry in UnicodeData.txt.
        for scalar: Unicode.Scalar in ["\u{0378}", "\u{E01F0}"] {
            if let font = FontCollection.shared.fallbackFont(for: scalar, matching: base) {
                #expect(font.glyph(for: scalar) != nil)
            }
        }
    }

    @Test("A collection without system fonts covers Hangul and CJK from the bundled fonts alone")
    func bundledOnlyHangul() throws {
        let collection = FontCollection(bundledFontsDirectory: TestFonts.directory, includeSystemFonts: false)
        let base = try collection.font(family: "DejaVu Sans", size: 12)
        #expect(collection.fallbackFont(for: "\u{D55C}", matching: base)?.familyName == "NanumGothic")
        // U+E000 is private use: no bundled font maps it, and no system font is asked.
        #expect(collection.fallbackFont(for: "\u{E000}", matching: base) == nil)
        #expect(collection.fallbackFont(for: "\u{4E2D}", matching: base)?.familyName == "Droid Sans Fallback")
    }

    @Test("Repeated lookups return the same face at the requested size")
    func cached() throws {
        let base = try Font(family: "DejaVu Sans", size: 12)
        let first = try #require(FontCollection.shared.fallbackFont(for: "\u{0E01}", matching: base))
        let again = try #require(FontCollection.shared.fallbackFont(for: "\u{0E01}", matching: base))
        #expect(first == again)
        let larger = try #require(FontCollection.shared.fallbackFont(for: "\u{0E01}", matching: try base.withSize(30)))
        #expect(larger.face === first.face)
        #expect(larger.size == 30)
    }
}

@Suite("Fallback styles, cascade lists and presentation")
struct FallbackStyleTests {
    /// Bold DejaVu Sans asks for 中, which only regular faces cover (Droid Sans Fallback has no bold):
    /// the fallback is Droid Sans Fallback with synthetic bold, as CoreText synthesizes it.
    @Test func syntheticBoldAndOblique() throws {
        let bold = try Font(family: "DejaVu Sans", weight: .bold, size: 16)
        let chinese = try #require(FontCollection.shared.fallbackFont(for: "\u{4E2D}", matching: bold))
        #expect(chinese.familyName == "Droid Sans Fallback")
        #expect(chinese.syntheticTraits == [.bold])
        let italic = try Font(family: "DejaVu Sans", italic: true, size: 16)
        let thai = try #require(FontCollection.shared.fallbackFont(for: "\u{0E01}", matching: italic))
        #expect(thai.familyName == "Noto Sans Thai" && thai.syntheticTraits == [.oblique])
        let regular = try Font(family: "DejaVu Sans", size: 16)
        #expect(
            try #require(FontCollection.shared.fallbackFont(for: "\u{4E2D}", matching: regular)).syntheticTraits == [])
        // Colour bitmap faces are never synthesized.
        let emoji = try #require(FontCollection.shared.fallbackFont(for: "\u{1F600}", matching: bold))
        #expect(emoji.hasColorGlyphs && emoji.syntheticTraits == [])
    }

    /// fontconfig's 90-synthetic.conf emboldens only for bold (700) or heavier: a fallback for a
    /// semi-bold request stays regular, as Pango's fallback through fontconfig does. The request
    /// counts, not the face: DejaVu Sans asked for at 600 is its Bold face, yet asks for 600.
    @Test func semiBoldIsNotEmboldened() throws {
        for (weight, emboldened) in [(Font.Weight(rawValue: 600), false), (.bold, true), (.heavy, true)] {
            let font = try FontCollection.shared.font(
                matching: FontRequest(family: "DejaVu Sans", weight: weight, size: 16))
            let chinese = try #require(FontCollection.shared.fallbackFont(for: "\u{4E2D}", matching: font))
            #expect(chinese.syntheticTraits.contains(.bold) == emboldened, "weight \(weight.rawValue)")
        }
    }

    /// A cascade list is searched before the default cascade: 中 (U+4E2D) is in NanumGothic's cmap
    /// (hb-shape Fonts/NanumGothic.ttf 中 → glyph 6922) as well as in Droid Sans Fallback, which
    /// the default cascade would pick first.
    @Test func cascadeListComesFirst() throws {
        let font = try Font(family: "DejaVu Sans", size: 16).withCascadeList(["NanumGothic"])
        let found = try #require(FontCollection.shared.fallbackFont(for: "\u{4E2D}", matching: font))
        #expect(found.familyName == "NanumGothic")
        #expect(found.cascadeList == ["NanumGothic"])
        // A character the font covers itself never consults the list.
        #expect(FontCollection.shared.fallbackFont(for: "A", matching: font)?.familyName == "DejaVu Sans")
    }

    /// ☔ U+2614 is Emoji_Presentation (emoji-data.txt) and DejaVu Sans has a monochrome glyph for it
    /// (hb-shape: glyph 3820). By default the colour font wins; asked for text presentation
    /// (U+FE0E), DejaVu Sans' own glyph is used.
    @Test func textPresentationSelector() throws {
        let font = try Font(family: "DejaVu Sans", size: 16)
        #expect(FontCollection.shared.fallbackFont(for: "\u{2614}", matching: font)?.hasColorGlyphs == true)
        #expect(
            FontCollection.shared.fallbackFont(for: "\u{2614}", matching: font, preferColorEmoji: false)?.familyName
                == "DejaVu Sans")
    }
}
