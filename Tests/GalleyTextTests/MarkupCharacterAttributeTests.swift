// Tests of the Pango markup for character attributes: <u>, <s>, <sup>, <sub>, <tt> and the
// <span> attributes underline, underline_color, strikethrough, strikethrough_color, rise,
// baseline_shift, letter_spacing, font_features, background/bgcolor/bgalpha. Expected values
// follow Pango's documentation (docs/pango_markup.md) and its parser (pango-markup.c):
// lengths are integers in Pango units (1/1024 pt, PANGO_SCALE) or "<n>pt"; booleans are
// true/yes/t/y and false/no/f/n; <sup> = superscript baseline shift + superscript font scale.

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("Markup character attributes")
struct MarkupCharacterAttributeTests {
    static func base() throws -> Attributes { try MarkupTests.base() }

    /// The attributes of the first character of `markup` parsed over the DejaVu Sans 20 base.
    static func attributes(_ markup: String) throws -> Attributes {
        try Markup.parse(markup, base: base()).attributes(at: 0).attributes
    }

    // MARK: Elements

    @Test func underlineAndStrikethroughElements() throws {
        // Pango: <u> = underline single; <s> = strikethrough true.
        let text = try Markup.parse("a<u>b</u><s>c</s><u><s>d</s></u>", base: Self.base())
        #expect(try text.attributes(at: 0).attributes.underline == nil)
        #expect(try text.attributes(at: 1).attributes.underline == .single)
        #expect(try text.attributes(at: 1).attributes.strikethrough == nil)
        #expect(try text.attributes(at: 2).attributes.strikethrough == .single)
        #expect(try text.attributes(at: 3).attributes.underline == .single)
        #expect(try text.attributes(at: 3).attributes.strikethrough == .single)
    }

    @Test(arguments: [
        ("<sup>x</sup>", 1), ("<sub>x</sub>", -1),
        ("<sup><sup>x</sup></sup>", 2),  // baseline shifts and font scales accumulate in Pango
        ("<sub><sub>x</sub></sub>", -2),
    ])
    func superscriptElements(_ markup: String, level: Int) throws {
        let attributes = try Self.attributes(markup)
        #expect(attributes.superscript == level)
        // The font is not changed by the element: the layout scales by the font's OS/2 size.
        #expect(attributes.font == (try MarkupTests.regular()))
    }

    @Test func oppositeScriptsCancel() throws {
        let text = try Markup.parse("<sup>a<sub>b</sub>c</sup>d", base: Self.base())
        #expect(try text.attributes(at: 0).attributes.superscript == 1)
        #expect(try text.attributes(at: 1).attributes.superscript == nil)
        #expect(try text.attributes(at: 2).attributes.superscript == 1)
        #expect(try text.attributes(at: 3).attributes.superscript == nil)
    }

    @Test func teletypeIsTheMonospaceFamilyAtTheSameSize() throws {
        // Pango's <tt> asks for the generic "Monospace": the bundled DejaVu Sans Mono.
        let font = try #require(try Self.attributes("<tt>x</tt>").font)
        #expect(font.familyName == "DejaVu Sans Mono")
        #expect(font.substitution == FontSubstitution(requestedFamily: "Monospace", kind: .generic))
        #expect(font.size == MarkupTests.size)
        // Nested in <b>: bold monospace (DejaVu Sans Mono has no bold face bundled: synthesised).
        let bold = try #require(try Self.attributes("<b><tt>x</tt></b>").font)
        #expect(bold.familyName == "DejaVu Sans Mono")
        #expect(bold.weight == .bold || bold.syntheticTraits.contains(.bold))
    }

    // MARK: Decorations

    @Test(arguments: [
        ("single", TextDecoration?.some(.single)),
        ("double", TextDecoration(style: .double)),
        ("low", TextDecoration(style: .low)), ("error", TextDecoration(style: .error)),
        // The -line forms run on across spaces in Pango; Galley's underline already runs on across runs.
        ("single-line", .single), ("double-line", TextDecoration(style: .double)),
        ("error-line", TextDecoration(style: .error)),
        ("none", nil),
    ])
    func underlineValues(_ value: String, decoration: TextDecoration?) throws {
        #expect(try Self.attributes("<span underline='\(value)'>x</span>").underline == decoration)
    }

    @Test func underlineNoneRemovesAnEnclosingUnderline() throws {
        let text = try Markup.parse("<u>a<span underline='none'>b</span></u>", base: Self.base())
        #expect(try text.attributes(at: 0).attributes.underline == .single)
        #expect(try text.attributes(at: 1).attributes.underline == nil)
    }

    @Test func underlineColourIsASeparateSettingThatNests() throws {
        let red = try #require(Color(name: "red"))
        let blue = try #require(Color(name: "blue"))
        // Pango keeps underline and underline_color as separate attributes: an inner span's
        // underline style keeps the outer colour, and a colour alone draws nothing.
        let text = try Markup.parse(
            "<span underline_color='red'>a<span underline='double'>b<span underline_color='blue'>c</span></span></span>",
            base: Self.base())
        #expect(try text.attributes(at: 0).attributes.underline == nil)
        #expect(try text.attributes(at: 1).attributes.underline == TextDecoration(style: .double, color: red))
        #expect(try text.attributes(at: 2).attributes.underline == TextDecoration(style: .double, color: blue))
        #expect(
            try Self.attributes("<u><span underline_color='#00f'>x</span></u>").underline
                == TextDecoration(color: blue))
    }

    @Test(arguments: [
        ("true", true), ("yes", true), ("t", true), ("y", true),
        ("false", false), ("no", false), ("f", false), ("n", false),
    ])
    func strikethroughBooleans(_ value: String, on: Bool) throws {
        #expect(try Self.attributes("<span strikethrough='\(value)'>x</span>").strikethrough == (on ? .single : nil))
    }

    @Test func strikethroughColourAndStyles() throws {
        let green = try #require(Color(name: "green"))  // CSS green, #008000
        #expect(
            try Self.attributes("<span strikethrough='true' strikethrough_color='green'>x</span>").strikethrough
                == TextDecoration(color: green))
        // Pango's strikethrough is a boolean (span_parse_boolean): a style name is an error.
        #expect(throws: MarkupError.self) {
            try Markup.parse("<span strikethrough='double'>x</span>", base: Self.base())
        }
        #expect(try Self.attributes("<s><span strikethrough='false'>x</span></s>").strikethrough == nil)
    }

    // MARK: Baseline

    @Test(arguments: [
        ("5120", CGFloat(5)),  // 5120 / 1024
        ("-2048", -2),
        ("512", 0.5),
        ("5pt", 5), ("2.5pt", 2.5), ("-3pt", -3),
    ])
    func rise(_ value: String, points: CGFloat) throws {
        #expect(try Self.attributes("<span rise='\(value)'>x</span>").baselineOffset == points)
    }

    @Test func innermostRiseWinsAndZeroClears() throws {
        // rise is not cumulative in Pango: the innermost attribute replaces the outer one.
        let text = try Markup.parse(
            "<span rise='2048'>a<span rise='1024'>b<span rise='0'>c</span></span></span>",
            base: Self.base())
        #expect(try text.attributes(at: 0).attributes.baselineOffset == 2)
        #expect(try text.attributes(at: 1).attributes.baselineOffset == 1)
        #expect(try text.attributes(at: 2).attributes.baselineOffset == nil)
    }

    @Test func baselineShiftAccumulatesAndAddsToRise() throws {
        // baseline_shift is cumulative (Pango's docs): 2048 + 3072 units = 2 + 3 pt; with a
        // rise of 1 pt in effect, 1 + 2 = 3 pt.
        let text = try Markup.parse(
            "<span baseline_shift='2048'>a<span baseline_shift='3pt'>b</span></span><span rise='1024' baseline_shift='2pt'>c</span>",
            base: Self.base())
        #expect(try text.attributes(at: 0).attributes.baselineOffset == 2)
        #expect(try text.attributes(at: 1).attributes.baselineOffset == 5)
        #expect(try text.attributes(at: 2).attributes.baselineOffset == 3)
        #expect(try Self.attributes("<span baseline_shift='none'>x</span>").baselineOffset == nil)
    }

    @Test func baselineShiftToTheFontsScriptPositions() throws {
        // DejaVu Sans's OS/2 table (read with Python's struct from DejaVuSans.ttf, unitsPerEm
        // 2048): ySuperscriptYOffset 983, ySubscriptYOffset 286. At 20 pt: 983/2048 × 20 =
        // 9.599609375 pt up; 286/2048 × 20 = 2.79296875 pt down. No size change.
        let up = try Self.attributes("<span baseline_shift='superscript'>x</span>")
        #expect(abs((up.baselineOffset ?? 0) - 9.599609375) < 1e-9)
        #expect(up.superscript == nil)
        #expect(up.font == (try MarkupTests.regular()))
        let down = try Self.attributes("<span baseline_shift='subscript'>x</span>")
        #expect(abs((down.baselineOffset ?? 0) + 2.79296875) < 1e-9)
    }

    // MARK: Spacing and features

    @Test(arguments: [("5120", CGFloat(5)), ("-1024", -1), ("0", 0), ("512", 0.5)])
    func letterSpacing(_ value: String, points: CGFloat) throws {
        // letter_spacing is in 1024ths of a point.
        #expect(try Self.attributes("<span letter_spacing='\(value)'>x</span>").tracking == points)
    }

    @Test func fontFeatures() throws {
        let attributes = try Self.attributes("<span font_features='smcp, tnum=1, -liga'>x</span>")
        #expect(
            attributes.fontFeatures == [
                try FontFeature("smcp", 1), try FontFeature("tnum", 1), try FontFeature("liga", 0),
            ])
        // Pango's own documentation example: 'dlig=1, -kern, afrc on'.
        #expect(
            try Self.attributes("<span font_features='dlig=1, -kern, afrc on'>x</span>").fontFeatures
                == [try FontFeature("dlig", 1), try FontFeature("kern", 0), try FontFeature("afrc", 1)])
        // Nested lists add up, the inner settings last.
        let nested = try Self.attributes("<span font_features='smcp'><span font_features='-smcp, onum'>x</span></span>")
        #expect(nested.fontFeatures == [try FontFeature("smcp"), try FontFeature("smcp", 0), try FontFeature("onum")])
    }

    // MARK: Background

    @Test func backgroundColours() throws {
        let yellow = try #require(Color(name: "yellow"))
        #expect(try Self.attributes("<span background='yellow'>x</span>").backgroundColor == yellow)
        #expect(try Self.attributes("<span bgcolor='#ffff00'>x</span>").backgroundColor == yellow)
        // '#ff000080': alpha 0x80 → 0x8080 / 0xffff = 128/255 (Pango widens 8-bit groups).
        let translucent = try #require(try Self.attributes("<span bgcolor='#ff000080'>x</span>").backgroundColor)
        #expect(translucent == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        // bgalpha '50%' → 32767 / 65535 (Pango's whole units); it persists into a nested opaque background, as alpha does.
        let text = try Markup.parse(
            "<span bgcolor='red' bgalpha='50%'>a<span background='blue'>b</span></span>",
            base: Self.base())
        let half = 32767.0 / 65535
        #expect(try text.attributes(at: 0).attributes.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: half))
        #expect(try text.attributes(at: 1).attributes.backgroundColor == Color(red: 0, green: 0, blue: 1, alpha: half))
        // The foreground is untouched.
        #expect(try text.attributes(at: 0).attributes.foregroundColor == nil)
    }

    @Test func combinedAttributesAndTheOtherSpanAttributesStillWork() throws {
        // fgcolor, lang, font_desc and a size in Pango units (12288 / 1024 = 12 pt) together
        // with the new attributes on one span.
        let attributes = try Self.attributes(
            "<span fgcolor='blue' lang='de' font_desc='DejaVu Sans Bold' size='12288' underline='single' letter_spacing='1024' rise='-1024'>x</span>"
        )
        #expect(attributes.foregroundColor == Color(name: "blue"))
        #expect(attributes.language == "de")
        #expect(attributes.font == (try MarkupTests.font(weight: .bold, size: 12)))
        #expect(attributes.underline == .single)
        #expect(attributes.tracking == 1)
        #expect(attributes.baselineOffset == -1)
    }

    @Test func baseAttributesAreTheStartingPoint() throws {
        // A base underline colour and baseline offset hold outside elements and carry into
        // them until an element changes them.
        var base = try Self.base()
        base.underline = TextDecoration(color: .red)
        base.baselineOffset = 4
        let text = try Markup.parse("a<span underline='double'>b</span><span baseline_shift='2pt'>c</span>", base: base)
        #expect(try text.attributes(at: 0).attributes.underline == TextDecoration(color: .red))
        #expect(try text.attributes(at: 1).attributes.underline == TextDecoration(style: .double, color: .red))
        #expect(try text.attributes(at: 2).attributes.baselineOffset == 6)
    }

    // MARK: Invalid values

    @Test(arguments: [
        ("underline", "triple"), ("underline", "Single"), ("underline_color", "nocolour"),
        ("strikethrough", "maybe"), ("strikethrough", "1"), ("strikethrough_color", ""),
        ("rise", "5px"), ("rise", "1.5"),
        // Pango: a length in points must exceed 1024 units (1 pt) in magnitude.
        ("baseline_shift", "-0.5pt"), ("baseline_shift", "super"),
        // Underline styles of later Pango versions, not 1.50's PangoUnderline.
        ("underline", "dotted"), ("underline", "dashed"), ("underline", "wavy"),
        ("letter_spacing", "5pt"),  // Pango reads letter_spacing as an integer only
        ("letter_spacing", "1.5"),
        // Beyond a C int (Pango's _pango_scan_int overflows): 9999999999999 units.
        ("letter_spacing", "9999999999999"), ("letter_spacing", "1024000000000"),
        ("font_features", "toolong"), ("font_features", "smcp=x"),
        ("background", "not-a-colour"), ("bgcolor", "#12"), ("bgalpha", "150%"),
    ])
    func invalidValues(_ attribute: String, value: String) throws {
        // "<span " is 6 scalars, so the attribute starts at column 7.
        #expect(throws: MarkupError.invalidValue(attribute: attribute, value: value, line: 1, column: 7)) {
            try Markup.parse("<span \(attribute)='\(value)'>x</span>", base: Self.base())
        }
    }

    /// The validation policy: markup that would make a value its key's rule rejects is an error
    /// at the element (Galley's superscript range is -10…10; a length too long for a finite
    /// number is not a length). Before, the value was silently dropped.
    @Test func valuesOutsideTheirKeysRulesAreErrors() throws {
        let eleven = String(repeating: "<sup>", count: 11) + "x" + String(repeating: "</sup>", count: 11)
        // The eleventh <sup> starts after 10 × 5 scalars, at column 51.
        #expect(
            throws: MarkupError.malformed(
                line: 1, column: 51,
                message: "<sup> makes an invalid attribute value: superscript must be in -10...10, not 11")
        ) {
            try Markup.parse(eleven, base: Self.base())
        }
        let ten = String(repeating: "<sub>", count: 10) + "x" + String(repeating: "</sub>", count: 10)
        #expect(try Self.attributes(ten).superscript == -10)
        let huge = String(repeating: "9", count: 400) + "pt"
        #expect(throws: MarkupError.invalidValue(attribute: "rise", value: huge, line: 1, column: 7)) {
            try Markup.parse("<span rise='\(huge)'>x</span>", base: Self.base())
        }
        // Two finite shifts whose sum is not finite.
        let big = "1" + String(repeating: "0", count: 308) + "pt"
        #expect(throws: MarkupError.self) {
            try Markup.parse(
                "<span baseline_shift='\(big)'><span baseline_shift='\(big)'>x</span></span>", base: Self.base())
        }
    }

    /// Values Pango accepts although they look empty: `parse_length` and `span_parse_int` read
    /// with `strtol`/`strtod`, which take "" (and, for lengths, the bare unit "pt") as 0.
    @Test func pangoReadsEmptyLengthsAsZero() throws {
        #expect(try Self.attributes("<span rise=''>x</span>").baselineOffset == nil)
        #expect(try Self.attributes("<span rise='pt'>x</span>").baselineOffset == nil)
        #expect(try Self.attributes("<span letter_spacing=''>x</span>").tracking == 0)
        // The largest letter spacing a C int holds, 2147483647 units ≈ 2.1e6 pt, is kept.
        #expect(try Self.attributes("<span letter_spacing='2147483647'>x</span>").tracking == 2_147_483_647.0 / 1024)
    }

    @Test func baselineShiftToAScriptPositionNeedsAFont() throws {
        #expect(throws: MarkupError.missingBaseFont(element: "span", line: 1, column: 1)) {
            try Markup.parse("<span baseline_shift='superscript'>x</span>", base: [])
        }
        // Font-free attributes work without a base font.
        #expect(
            try Markup.parse("<u><sup>x</sup></u>", base: []).attributes(at: 0).attributes
                == [.superscript(1), .underline(.single)])
    }
}
