// Tests of PangoFontDescription, the one reader of Pango font descriptions (markup's `font=` and
// the tool's `--font`). Expectations are what pango_font_description_from_string in libpango
// 1.50.12 gives for the same strings (family list, weight, style, size; checked with a small C
// program), where "no weight/slant word" stands for Pango's default normal; Galley's documented
// differences are marked.

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("Pango font descriptions")
struct MarkupFontDescriptionTests {
    typealias Description = PangoFontDescription

    @Test(
        arguments: [
            ("DejaVu Sans Bold 12", Description(families: ["DejaVu Sans"], weight: 700, size: 12)),
            (
                "DejaVu Serif Bold Italic 24",
                Description(families: ["DejaVu Serif"], weight: 700, italic: true, size: 24)
            ),
            ("Sans Italic Light 10.5", Description(families: ["Sans"], weight: 300, italic: true, size: 10.5)),
            ("Sans Oblique 12", Description(families: ["Sans"], italic: true, size: 12)),
            ("Sans Roman 10", Description(families: ["Sans"], italic: false, size: 10)),
            ("Sans Book 12", Description(families: ["Sans"], weight: 380, size: 12)),
            ("Sans Semi-Light 12", Description(families: ["Sans"], weight: 350, size: 12)),
            ("Sans", Description(families: ["Sans"])),
            ("12", Description(size: 12)),
            ("Bold", Description(weight: 700)),
            ("", Description()),
            ("DejaVu Sans, Noto Sans 10", Description(families: ["DejaVu Sans", "Noto Sans"], size: 10)),
            ("Sans, 12", Description(families: ["Sans"], size: 12)),
            ("Monospace 10px", Description(families: ["Monospace"], size: 10)),
            ("Sans 1.5e1px", Description(families: ["Sans"], size: 15)),
            ("Sans Small-Caps Rotated-Right 12", Description(families: ["Sans"], size: 12, variant: .smallCaps)),
            // Pango's variations syntax: a last word "@axis=value,…".
            (
                "Sans Italic 12 @wght=200,wdth=80",
                Description(
                    families: ["Sans"], italic: true, size: 12,
                    variations: [try FontVariation("wght", 200), try FontVariation("wdth", 80)])
            ),
            // A comma ends a family name, not a style word: "Bold," is a family.
            ("Sans, Bold, 12", Description(families: ["Sans", "Bold"], size: 12)),
            // Empty names are kept as Pango keeps them ("Sans,,Serif"); callers decide.
            ("Sans,,Serif 12", Description(families: ["Sans", "", "Serif"], size: 12)),
        ] as [(String, Description)])
    func parse(_ text: String, expected: Description) throws {
        #expect(try Description(parsing: text) == expected)
    }

    /// The cases where Galley's two former readers (markup's and the tool's) disagreed.
    @Test(
        arguments: [
            // Pango's weight_map has Ultra-Heavy/Extra-Heavy = 1000 (the tool lacked them).
            ("Sans Ultraheavy 12", Description(families: ["Sans"], weight: 1000, size: 12)),
            ("Sans Ultra-Heavy 12", Description(families: ["Sans"], weight: 1000, size: 12)),
            ("Sans Extraheavy 12", Description(families: ["Sans"], weight: 1000, size: 12)),
            // Stretch words are style words, not part of the family (markup kept them); they set
            // the width (PangoStretch as a percentage, fontconfig's FC_WIDTH).
            ("DejaVu Sans Condensed 9", Description(families: ["DejaVu Sans"], size: 9, width: 75)),
            ("Sans Semi-Condensed 12", Description(families: ["Sans"], size: 12, width: 87.5)),
            // strtod reads exponents (markup did not).
            ("Sans 1e1", Description(families: ["Sans"], size: 10)),
            // Any ASCII white space separates words (the tool split at spaces only).
            ("Sans\tBold\t12", Description(families: ["Sans"], weight: 700, size: 12)),
            // "Normal" is accepted with no effect (markup read it as weight 400).
            ("Sans Normal 10", Description(families: ["Sans"], size: 10)),
            // A last word that is not a number is no size but part of the family (the tool failed).
            ("Sans 12abc", Description(families: ["Sans 12abc"])),
            ("Sans 12PX", Description(families: ["Sans 12PX"])),
        ] as [(String, Description)])
    func formerDisagreements(_ text: String, expected: Description) throws {
        #expect(try Description(parsing: text) == expected)
    }

    /// Galley's difference: a number that is no usable size is an error (Pango takes 0 as a
    /// size and a negative or larger number as part of the family).
    @Test(arguments: ["0", "-3", "0px", "2000000", "1e400"])
    func invalidSize(_ word: String) {
        #expect(throws: Description.InvalidSize(word: word)) { try Description(parsing: "Sans \(word)") }
    }

    // MARK: Through markup

    static func base() throws -> Attributes { [.font(try Font(family: "DejaVu Sans", size: 20))] }

    static func fontAt0(_ markup: String) throws -> Font? {
        try Markup.parse(markup, base: base()).attributes(at: 0).attributes.font
    }

    @Test func markupReadsTheFormerDisagreementsAsPangoDoes() throws {
        // Markup used to look up a family "DejaVu Sans Condensed" and "DejaVu Serif 1e1".
        // "Condensed" is the width: the condensed face of DejaVu Sans, as fc-match picks it.
        let condensed = try #require(try Self.fontAt0(#"<span font="DejaVu Sans Condensed 9">x</span>"#))
        #expect(condensed.familyName.hasPrefix("DejaVu Sans"))
        #expect(condensed.width < .normal)
        #expect(
            try Self.fontAt0(#"<span font="DejaVu Serif 1e1">x</span>"#)
                == FontCollection.shared.font(matching: FontRequest(family: "DejaVu Serif", size: 10)))
        // The first family of the list that exists gives the face; the rest is the cascade list,
        // and the font keeps the list it was asked for (as Pango keeps it in its description).
        let listed = try #require(try Self.fontAt0(#"<span font="Nope Nope, DejaVu Serif, DejaVu Sans 12">x</span>"#))
        #expect(listed.familyName == "DejaVu Serif")
        #expect(listed.cascadeList == ["DejaVu Sans"])
        #expect(listed.request?.family == "Nope Nope,DejaVu Serif,DejaVu Sans")
        #expect(listed.substitution == nil)
        // "Normal" leaves the enclosing weight alone.
        #expect(
            try Self.fontAt0(#"<b><span font="DejaVu Sans Normal 12">x</span></b>"#)
                == FontCollection.shared.font(matching: FontRequest(family: "DejaVu Sans", weight: .bold, size: 12)))
    }

    @Test func markupReadsUltraHeavy() throws {
        // Inter's wght axis ends at 900, so a 1000 request draws at 900; 800 (Ultra-Bold) stays 800.
        let inter = try Font(family: "Inter", size: 20)
        let axis = try #require(inter.variationAxes.first { $0.tag == "wght" })
        #expect(axis.maximum == 900)
        let heavy = try #require(
            try Markup.parse(#"<span font="Inter Ultra-Heavy 20">x</span>"#, base: [.font(inter)])
                .attributes(at: 0).attributes.font)
        #expect(heavy.variations == [Font.Variation(tag: "wght", value: 900)])
        let bold = try #require(
            try Markup.parse(#"<span font="Inter Ultra-Bold 20">x</span>"#, base: [.font(inter)])
                .attributes(at: 0).attributes.font)
        #expect(bold.variations == [Font.Variation(tag: "wght", value: 800)])
    }
}
