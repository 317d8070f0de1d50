// The itemizer's fast path picks a font for some characters by coverage alone, skipping the
// property lookups of its slow path; that is right only where those properties never matter.
import GalleyShaping
import Testing

@Suite("Itemizer fast path")
struct ItemizerFastPathTests {
    /// Every code point for which `Itemizer.needsOnlyCoverage` holds must be one the slow path
    /// would also decide by coverage alone: not Emoji_Presentation (which asks for the colour
    /// font), not Default_Ignorable, a control or a format character (which need no glyph), and
    /// not a variation selector or the keycap mark (which change the presentation). Read from the
    /// standard library's Unicode properties, the same the slow path reads.
    @Test func coverageOnlyCodePointsHaveNoSpecialProperties() {
        var offenders: [String] = []
        for value in UInt32(0)...0xFFFF where Itemizer.needsOnlyCoverage(value) {
            guard let scalar = Unicode.Scalar(value) else {
                offenders.append("U+\(String(value, radix: 16)) is not a scalar")
                continue
            }
            let p = scalar.properties
            if p.isEmojiPresentation || p.isDefaultIgnorableCodePoint || p.isVariationSelector
                || p.generalCategory == .control || p.generalCategory == .format || value == 0x20E3
            {
                offenders.append("U+\(String(value, radix: 16, uppercase: true))")
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }

    /// The ranges take in what Chinese and Japanese text is made of, so such text stays on the
    /// fast path: ideographs, kana, the ideographic comma and full stop, corner brackets,
    /// full-width forms, curly quotes, the ellipsis and the em dash.
    @Test(arguments: ["中", "あ", "ア", "、", "。", "「", "」", "，", "（", "“", "”", "…", "—", "한"])
    func everydayCJKTextIsCoverageOnly(character: String) {
        let value = character.unicodeScalars.first!.value
        #expect(Itemizer.needsOnlyCoverage(value))
    }

    /// And leave out what needs the slow path: the zero-width joiner and other format
    /// characters of General Punctuation, a variation selector, an emoji with emoji presentation.
    @Test(arguments: [0x200D, 0x2060, 0x2066, 0xFE0F, 0x1F600, 0x2028] as [UInt32])
    func specialCharactersAreNot(value: UInt32) {
        #expect(!Itemizer.needsOnlyCoverage(value))
    }
}
