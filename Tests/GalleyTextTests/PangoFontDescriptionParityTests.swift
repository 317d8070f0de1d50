// PangoFontDescription against libpango's own pango_font_description_from_string
// (GalleyTestSupport/PangoMarkupOracle.swift), word by word: family lists, style words in every
// order and spelling, repeated fields, `field=value` words and sizes.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyText

@Suite struct PangoFontDescriptionParityTests {
    static let families = [
        "Sans", "DejaVu Sans", "Nimbus Roman", "Times New Roman", "Sans,Serif", " Sans , Serif,", "Noto Sans CJK JP",
        "",
    ]

    /// Style words as people write them, and spellings Pango does not take ("B-o-l-d", "Bold-",
    /// "WEIGHT=300", a plain number), which then belong to the family.
    static let styleWords = [
        "Bold", "Light", "Roman", "Italic", "Oblique", "Semibold", "semi-bold", "B-o-l-d", "Bold-", "Book",
        "Ultra-Heavy", "extrablack", "Condensed", "Semi-Expanded", "Small-Caps", "all-petite-caps", "Normal",
        "Rotated-Left", "weight=300", "weight=bold", "weight=+250", "weight=-5", "style=italic", "stretch=condensed",
        "variant=unicase", "WEIGHT=300", "300", "Regular",
    ]

    static let sizes = ["", "12", "9.5px", "1e1"]

    /// Every family with no style word, one, or two, each with every size: each description gives
    /// Pango's family list, weight, slant, width, variant and size.
    @Test(arguments: sizes) func agreesWithPango(size: String) throws {
        let oracle = try MarkupParityTests.oracle()
        var sequences: [[String]] = [[]] + Self.styleWords.map { [$0] }
        for first in Self.styleWords {
            for second in Self.styleWords { sequences.append([first, second]) }
        }
        var checked = 0
        for family in Self.families {
            for words in sequences {
                let text = ([family] + words + [size]).filter { !$0.isEmpty }.joined(separator: " ")
                let galley = try PangoFontDescription(parsing: text)
                let pango = oracle.describe(text)
                #expect(Self.spelled(galley) == Self.spelled(pango), "\(text)")
                checked += 1
            }
        }
        #expect(checked > 5000)
    }

    /// The cases, spelled out: the leftmost word of a field wins, so "Roman" in
    /// "Nimbus Roman Bold Italic" is the slant, as it is in "Times New Roman".
    @Test func repeatedFieldsTakeTheLeftmostWord() throws {
        let nimbus = try PangoFontDescription(parsing: "Nimbus Roman Bold Italic")
        #expect(nimbus.families == ["Nimbus"])
        #expect(nimbus.weight == 700)
        #expect(nimbus.italic == false)
        #expect(try PangoFontDescription(parsing: "Times New Roman 12").families == ["Times New"])
        #expect(try PangoFontDescription(parsing: "Sans Bold Light").weight == 700)
        #expect(try PangoFontDescription(parsing: "Sans Condensed Expanded").width == 75)
        #expect(try PangoFontDescription(parsing: "Sans 300 12").families == ["Sans 300"])
    }

    /// A description as comparable text: Galley's unset fields are Pango's defaults.
    static func spelled(_ description: PangoFontDescription) -> [String: String] {
        let families = description.families.joined(separator: ",")
        return [
            "family": families.isEmpty ? "-" : families,
            "weight": String(description.weight ?? 400),
            "italic": String(description.italic ?? false),
            "width": PangoMarkupOracle.number(description.width ?? 100),
            "variant": description.variant?.pangoName ?? "normal",
            "size": PangoMarkupOracle.number(Double(description.size ?? 0)),
        ]
    }

    /// Pango's widths per stretch nick (PangoStretch, as CSS font-stretch percentages).
    static let stretchWidths: [String: Double] = [
        "ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5, "normal": 100,
        "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200,
    ]

    static func spelled(_ pango: [String: String]) -> [String: String] {
        let weight = Int(pango["weight"] ?? "") ?? -1
        return [
            "family": pango["family"].flatMap { $0.isEmpty ? nil : $0 } ?? "-",
            "weight": String(min(max(weight, 1), 1000)),
            "italic": String(pango["style"] != "normal"),
            "width": PangoMarkupOracle.number(stretchWidths[pango["stretch"] ?? ""] ?? -1),
            "variant": pango["variant"] ?? "?",
            "size": pango["size"] ?? "?",
        ]
    }
}
