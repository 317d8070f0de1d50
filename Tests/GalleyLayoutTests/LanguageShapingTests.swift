// kCTLanguageAttributeName selects localized glyph forms per run (OpenType `locl`): hb-shape
// --language=sr gives DejaVu Sans's Serbian "б" (glyph uniF6C5) where the default is uni0431.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Language attribute per run")
struct LanguageShapingTests {
    /// "бб" with only the first "б" in Serbian: its glyph is the Serbian form, the second keeps
    /// the default form (the language is per run, not per paragraph).
    @Test func eachRunGetsItsLocalizedForms() throws {
        let font = try Fonts.dejaVu(16)
        var b = AttributedTextBuilder("бб", attributes: [.font(font)])
        try b.setAttributes([.font(font), .language("sr")], range: 0..<1)
        let line = try Typesetter(b.build()).line(for: 0..<2)
        let glyphs = line.glyphRuns.flatMap { Array($0.glyphs) }
        #expect(glyphs == [font.glyph(named: "uniF6C5"), font.glyph(named: "uni0431")].compactMap { $0 })
        #expect(glyphs.count == 2)
    }
}
