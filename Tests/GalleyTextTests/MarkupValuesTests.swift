// Tests of the attribute-value readers behind markup. Expectations come from Pango: its
// weight table (pango/fonts.c weight_map, confirmed against pango_parse_weight in the
// system's libpango 1.50), its style names, its alpha forms ("50%" or 1…65535), its size
// rules (`pt` suffix; an integer in Pango units is divided by PANGO_SCALE = 1024; size
// keywords step by the CSS factor 1.2), plus Galley's documented differences.

import Foundation
import Testing

@testable import GalleyText

@Suite("Markup values")
struct MarkupValuesTests {
    typealias Size = MarkupValues.Size

    /// Absolute sizes, read as Pango's `parse_length` reads them: a plain integer is Pango units
    /// (1/1024 pt), a number followed by `pt` is points.
    @Test(
        arguments: [
            ("18pt", 18.0), ("12.5pt", 12.5), ("18", 18.0 / 1024), ("12288", 12), ("1024", 1), ("1023", 1023.0 / 1024),
        ] as [(String, Double)])
    func absoluteSize(_ text: String, points: Double) throws {
        guard case .points(let size)? = MarkupValues.size(text) else {
            Issue.record("\(text) is not an absolute size")
            return
        }
        #expect(abs(size - CGFloat(points)) < 1e-9)
    }

    /// Sizes relative to the base font: the CSS keywords step by 1.2 from `medium`; a percentage.
    @Test(
        arguments: [
            ("xx-small", -3.0), ("x-small", -2), ("small", -1), ("medium", 0), ("large", 1), ("x-large", 2),
            ("xx-large", 3),
        ] as [(String, Double)])
    func keywordSize(_ text: String, level: Double) throws {
        guard case .relativeToBase(let factor)? = MarkupValues.size(text) else {
            Issue.record("\(text) is not relative to the base size")
            return
        }
        #expect(abs(factor - pow(1.2, CGFloat(level))) < 1e-9)
    }

    @Test func relativeSizes() {
        #expect(MarkupValues.size("150%") == .relativeToBase(1.5))
        #expect(MarkupValues.size("smaller") == .relativeToEnclosing(-1))
        #expect(MarkupValues.size("larger") == .relativeToEnclosing(1))
    }

    /// Pango rejects a decimal without `pt` (" 18 " too: `parse_length` wants nothing after the
    /// number), zero and negative sizes, and anything else.
    @Test(arguments: [
        "0", "-3", "abc", "12px", "", "0pt", "1e3", "nan", "inf", "0%", "-5%", "huge", "12 pt", "12.5", " 18 ",
    ])
    func invalidSize(_ text: String) {
        #expect(MarkupValues.size(text) == nil)
    }

    @Test(arguments: [
        ("thin", 100), ("ultralight", 200), ("ultra-light", 200), ("extralight", 200), ("light", 300),
        ("semilight", 350), ("book", 380), ("normal", 400), ("regular", 400), ("medium", 500),
        ("semibold", 600), ("demibold", 600), ("bold", 700), ("Bold", 700), ("BOLD", 700),
        ("ultrabold", 800), ("extrabold", 800), ("heavy", 900), ("black", 900), ("ultraheavy", 1000),
        ("ultrablack", 1000), ("1", 1), ("550", 550), ("1000", 1000),
    ])
    func weight(_ text: String, expected: Int) {
        #expect(MarkupValues.weight(text) == expected)
    }

    @Test(arguments: ["0", "1001", "-5", "bold2", "12.5", "", "fat"])
    func invalidWeight(_ text: String) {
        #expect(MarkupValues.weight(text) == nil)
    }

    @Test(arguments: [("normal", false), ("roman", false), ("italic", true), ("oblique", true), ("ITALIC", true)])
    func style(_ text: String, italic: Bool) {
        #expect(MarkupValues.italic(text) == italic)
    }

    @Test func invalidStyle() {
        #expect(MarkupValues.italic("slanted") == nil)
    }

    // Pango: a percentage p becomes p × 65535 / 100 in whole units.
    @Test(
        arguments: [
            ("50%", 32767.0 / 65535), ("100%", 1), ("1%", 655.0 / 65535), ("65535", 1), ("32768", 32768.0 / 65535),
            ("1", 1.0 / 65535),
        ] as [(String, Double)])
    func alpha(_ text: String, expected: Double) {
        #expect(MarkupValues.alpha(text) == expected)
    }

    /// Pango rejects 0 and 0 % (`span_parse_alpha` wants 1…65535 or 1…100 %).
    @Test(arguments: ["101%", "65536", "-1", "x", "", "50.5%", "0", "0%"])
    func invalidAlpha(_ text: String) {
        #expect(MarkupValues.alpha(text) == nil)
    }

    @Test(arguments: [("100", 100.0), ("12.5pt", 12.5), ("-3", -3), ("0", 0)])
    func length(_ text: String, expected: CGFloat) {
        #expect(MarkupValues.length(text) == expected)
    }

    @Test(arguments: ["nan", "inf", "1e9", "", "ten", "5px"])
    func invalidLength(_ text: String) {
        #expect(MarkupValues.length(text) == nil)
    }
}
