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

    @Test(
        arguments: [
            ("18", Size.points(18)), ("18pt", .points(18)), ("12.5", .points(12.5)), ("12.5pt", .points(12.5)),
            (" 18 ", .points(18)),
            // Pango units: 12288 / 1024 = 12; 1024 / 1024 = 1.
            ("12288", .points(12)), ("1024", .points(1)),
            // Galley: a plain integer below 1024 is points (Pango would read 1023/1024 pt).
            ("1023", .points(1023)),
            ("xx-small", .relativeToBase(pow(1.2, -3))), ("x-small", .relativeToBase(pow(1.2, -2))),
            ("small", .relativeToBase(1 / 1.2)), ("medium", .relativeToBase(1)), ("large", .relativeToBase(1.2)),
            ("x-large", .relativeToBase(1.2 * 1.2)), ("xx-large", .relativeToBase(pow(1.2, 3))),
            ("smaller", .relativeToEnclosing(1 / 1.2)), ("larger", .relativeToEnclosing(1.2)),
            ("150%", .relativeToBase(1.5)),
        ] as [(String, Size)])
    func size(_ text: String, expected: Size) throws {
        let size = try #require(MarkupValues.size(text))
        switch (size, expected) {
        case (.points(let a), .points(let b)), (.relativeToBase(let a), .relativeToBase(let b)),
            (.relativeToEnclosing(let a), .relativeToEnclosing(let b)):
            #expect(abs(a - b) < 1e-9)
        default:
            Issue.record("\(text): got \(size), expected \(expected)")
        }
    }

    @Test(arguments: ["0", "-3", "abc", "12px", "", "0pt", "1e3", "nan", "inf", "0%", "-5%", "huge", "12 pt"])
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

    @Test(arguments: [
        ("50%", 0.5), ("0%", 0), ("100%", 1), ("65535", 1), ("32768", 32768.0 / 65535), ("0", 0),
    ])
    func alpha(_ text: String, expected: Double) {
        #expect(MarkupValues.alpha(text) == expected)
    }

    @Test(arguments: ["101%", "65536", "-1", "x", "", "50.5%"])
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
