// Tests of the <span> attributes Pango 1.46–1.50 added (variant, overline, font_scale, fallback,
// gravity, show, line_height, text_transform, segment) and of font-description variations.
// Expectations come from pango-markup.c's span_parse_func: the value names of Pango's enums
// (PangoVariant, PangoOverline, PangoFontScale, PangoGravity, PangoGravityHint, PangoShowFlags,
// PangoTextTransform), its boolean spellings, and its line_height rule (a number above 1024
// written without a point is an absolute height in Pango units, any other a factor).

import Foundation
import GalleyFonts
import Testing

@testable import GalleyText

@Suite("Markup: Pango 1.50 span attributes")
struct MarkupPangoSpanAttributeTests {
    static func attributes(_ markup: String) throws -> Attributes {
        try MarkupCharacterAttributeTests.attributes(markup)
    }

    @Test(
        arguments: [
            ("small-caps", FontVariant.smallCaps), ("all-small-caps", .allSmallCaps), ("petite-caps", .petiteCaps),
            ("all-petite-caps", .allPetiteCaps), ("unicase", .unicase), ("title-caps", .titleCaps),
            // pango_parse_variant ignores case and hyphens.
            ("Small-Caps", .smallCaps), ("smallcaps", .smallCaps),
        ] as [(String, FontVariant)])
    func variant(_ value: String, expected: FontVariant) throws {
        #expect(try Self.attributes("<span variant='\(value)'>x</span>").fontVariant == expected)
        #expect(try Self.attributes("<span font_variant='\(value)'>x</span>").fontVariant == expected)
    }

    @Test func variantNormalEndsAnEnclosingVariant() throws {
        let text = try Markup.parse(
            "<span variant='small-caps'>a<span variant='normal'>b</span></span>", base: MarkupTests.base())
        #expect(try text.attributes(at: 0).attributes.fontVariant == .smallCaps)
        #expect(try text.attributes(at: 1).attributes.fontVariant == nil)
        // A variant word of a font description sets it too.
        #expect(try Self.attributes("<span font='DejaVu Sans Small-Caps 12'>x</span>").fontVariant == .smallCaps)
    }

    @Test func overline() throws {
        #expect(try Self.attributes("<span overline='single'>x</span>").overline == .single)
        #expect(
            try Self.attributes("<span overline='single' overline_color='#00f'>x</span>").overline
                == TextDecoration(color: .blue))
        let text = try Markup.parse(
            "<span overline='single'>a<span overline='none'>b</span></span>", base: MarkupTests.base())
        #expect(try text.attributes(at: 1).attributes.overline == nil)
    }

    /// Pango parses the decoration colours with no alpha to return, so the alpha forms
    /// (#rgba, #rrggbbaa, #rrrrggggbbbbaaaa) are errors, as are unknown enum names.
    @Test(arguments: [
        ("overline_color", "#ff000080"), ("underline_color", "#f008"), ("strikethrough_color", "#ff00ff0080008000"),
        ("overline", "double"), ("font_scale", "tiny"), ("gravity", "auto"), ("gravity", "up"),
        ("gravity_hint", "weak"), ("show", "tabs"), ("show", "spaces|tabs"), ("text_transform", "upper"),
        ("segment", "line"), ("fallback", "1"), ("variant", "caps"), ("stretch", "narrow"),
    ])
    func invalidValues(_ attribute: String, value: String) {
        #expect(throws: MarkupError.invalidValue(attribute: attribute, value: value, line: 1, column: 7)) {
            try Markup.parse("<span \(attribute)='\(value)'>x</span>", base: MarkupTests.base())
        }
    }

    @Test func fontScale() throws {
        #expect(try Self.attributes("<span font_scale='superscript'>x</span>").fontScale == .superscript)
        #expect(try Self.attributes("<span font_scale='subscript'>x</span>").fontScale == .subscript)
        #expect(try Self.attributes("<span font_scale='small-caps'>x</span>").fontScale == .smallCaps)
        #expect(try Self.attributes("<span font_scale='none'>x</span>").fontScale == nil)
    }

    @Test func fallbackGravityAndSegment() throws {
        #expect(try Self.attributes("<span fallback='false'>x</span>").fontFallback == false)
        #expect(try Self.attributes("<span fallback='yes'>x</span>").fontFallback == true)
        for gravity in Gravity.allCases {
            #expect(try Self.attributes("<span gravity='\(gravity.rawValue)'>x</span>").gravity == gravity)
        }
        for hint in GravityHint.allCases {
            #expect(try Self.attributes("<span gravity_hint='\(hint.rawValue)'>x</span>").gravityHint == hint)
        }
        #expect(try Self.attributes("<span segment='word'>x</span>").textSegment == .word)
        #expect(try Self.attributes("<span segment='sentence'>x</span>").textSegment == .sentence)
    }

    @Test(
        arguments: [
            ("spaces", ShowFlags.spaces), ("line-breaks", .lineBreaks), ("ignorables", .ignorables),
            ("spaces|ignorables", [.spaces, .ignorables]),
            ("spaces|line-breaks|ignorables", [.spaces, .lineBreaks, .ignorables]),
        ] as [(String, ShowFlags)])
    func show(_ value: String, expected: ShowFlags) throws {
        #expect(try Self.attributes("<span show='\(value)'>x</span>").show == expected)
    }

    @Test func showNoneEndsAnEnclosingShow() throws {
        let text = try Markup.parse("<span show='spaces'>a<span show='none'>b</span></span>", base: MarkupTests.base())
        #expect(try text.attributes(at: 0).attributes.show == .spaces)
        #expect(try text.attributes(at: 1).attributes.show == nil)
    }

    /// pango-markup.c: `f > 1024.0 && strchr (line_height, '.') == 0` is an absolute height in
    /// Pango units, anything else a factor; g_ascii_strtod reads a number that is not one as 0.
    @Test(
        arguments: [
            ("1.5", LineHeight.multiple(1.5)), ("2", .multiple(2)), ("1024", .multiple(1024)),
            ("20480", .points(20)), ("20480.0", .multiple(20480)), ("abc", .multiple(0)),
        ] as [(String, LineHeight)])
    func lineHeight(_ value: String, expected: LineHeight) throws {
        #expect(try Self.attributes("<span line_height='\(value)'>x</span>").lineHeight == expected)
    }

    @Test(arguments: TextTransform.allCases)
    func textTransform(_ transform: TextTransform) throws {
        #expect(try Self.attributes("<span text_transform='\(transform.rawValue)'>x</span>").textTransform == transform)
        let text = try Markup.parse(
            "<span text_transform='\(transform.rawValue)'>a<span text_transform='none'>b</span></span>",
            base: MarkupTests.base())
        #expect(try text.attributes(at: 1).attributes.textTransform == nil)
    }

    /// Pango's variations syntax in a font description: `@axis=value,…` after the size.
    @Test func fontDescriptionVariations() throws {
        let attributes = try Self.attributes("<span font='DejaVu Sans 12 @wght=300,wdth=90'>x</span>")
        #expect(attributes.fontVariations == [try FontVariation("wght", 300), try FontVariation("wdth", 90)])
        #expect(attributes.font?.size == 12)
    }

    /// Pango's <tt> asks for the generic family "Monospace"; Galley resolves it to the bundled
    /// DejaVu Sans Mono.
    @Test func teletypeIsTheMonospaceFamily() throws {
        #expect(try Self.attributes("<tt>x</tt>").font?.familyName == "DejaVu Sans Mono")
        #expect(try Self.attributes("<span face='Monospace'>x</span>").font?.familyName == "DejaVu Sans Mono")
    }

    /// pango_language_from_string: lower case, `_` written `-`; an empty lang ends the enclosing one.
    @Test func languageTags() throws {
        #expect(try Self.attributes("<span lang='EN_us'>x</span>").language == "en-us")
        let text = try Markup.parse("<span lang='tr'>a<span lang=''>b</span></span>", base: MarkupTests.base())
        #expect(try text.attributes(at: 0).attributes.language == "tr")
        #expect(try text.attributes(at: 1).attributes.language == nil)
    }

    /// baseline_shift reads Pango's enumeration first, whose reader takes integers: 0 none,
    /// 1 superscript, 2 subscript, others a shift in Pango units; then lengths above 1 pt.
    @Test func baselineShiftIntegers() throws {
        let font = try #require(try MarkupTests.base().font)
        #expect(try Self.attributes("<span baseline_shift='0'>x</span>").baselineOffset == nil)
        #expect(try Self.attributes("<span baseline_shift='1'>x</span>").baselineOffset == font.superscriptOffset)
        #expect(try Self.attributes("<span baseline_shift='2'>x</span>").baselineOffset == -font.subscriptOffset)
        #expect(try Self.attributes("<span baseline_shift='512'>x</span>").baselineOffset == 0.5)
        #expect(try Self.attributes("<span baseline_shift='2pt'>x</span>").baselineOffset == 2)
    }
}
