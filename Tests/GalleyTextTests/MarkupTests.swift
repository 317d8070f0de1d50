// Tests of Markup.parse on well-formed input: each element and attribute, nesting, entities,
// placeholders. Font expectations are asked of FontCollection directly with the family,
// weight, italic flag and size the Markup documentation says an element requests; Font's
// equality is "same face and size", so equality shows the request was right.

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("Markup")
struct MarkupTests {
    static let family = "DejaVu Sans"
    static let size: CGFloat = 20

    static func regular() throws -> Font { try Font(family: family, size: size) }
    static func base() throws -> Attributes { [.font(try regular())] }
    static func font(
        _ family: String = MarkupTests.family, weight: Font.Weight = .regular, italic: Bool = false,
        size: CGFloat = MarkupTests.size
    ) throws -> Font {
        // What markup asks font matching for (the request is part of a font's identity).
        try FontCollection.shared.font(
            matching: FontRequest(family: family, weight: weight, italic: italic, size: size))
    }

    /// The font of the character at `index`.
    static func fontAt(_ text: AttributedText, _ index: Int) throws -> Font? {
        try text.attributes(at: index).attributes.font
    }

    @Test func plainTextKeepsTheBaseAttributes() throws {
        let base = try Self.base()
        let text = try Markup.parse("Hello, world", base: base)
        #expect(text.string == "Hello, world")
        #expect(text.runs == [AttributeRun(range: 0..<12, attributes: base)])
    }

    @Test func emptyMarkupIsEmptyText() throws {
        #expect(try Markup.parse("", base: Self.base()).runs.isEmpty)
        #expect(try Markup.parse("<markup></markup>", base: Self.base()).length == 0)
    }

    @Test func bold() throws {
        let text = try Markup.parse("a <b>bold</b> word", base: Self.base())
        #expect(text.string == "a bold word")
        let bold = try #require(try Self.fontAt(text, 2))
        #expect(bold == (try Self.font(weight: .bold)))
        #expect(bold.weight == .bold)
        #expect(bold.familyName == Self.family)
        #expect(bold.size == Self.size)
        // "a " and " word" keep the base font itself.
        #expect(text.runs.map(\.range) == [0..<2, 2..<6, 6..<11])
        #expect(try Self.fontAt(text, 0) == (try Self.regular()))
        #expect(try Self.fontAt(text, 6) == (try Self.regular()))
    }

    @Test func italicAndNesting() throws {
        let boldItalic = try Self.font(weight: .bold, italic: true)
        for markup in ["<b><i>x</i></b>", "<i><b>x</b></i>", "<b><i><b>x</b></i></b>"] {
            let text = try Markup.parse(markup, base: Self.base())
            #expect(try Self.fontAt(text, 0) == boldItalic, "\(markup)")
        }
        let italic = try #require(try Self.fontAt(try Markup.parse("<i>x</i>", base: Self.base()), 0))
        #expect(italic.isItalic)
        #expect(italic == (try Self.font(italic: true)))
    }

    @Test func nestedSpansInheritAndInnermostWins() throws {
        let text = try Markup.parse(
            #"<span foreground="red">a<b>b<span color="blue">c</span></b>d</span>e"#,
            base: Self.base())
        #expect(text.string == "abcde")
        let red = try #require(Color(name: "red"))
        let blue = try #require(Color(name: "blue"))
        let regular = try Self.regular()
        let bold = try Self.font(weight: .bold)
        #expect(
            text.runs == [
                AttributeRun(range: 0..<1, attributes: [.font(regular), .foregroundColor(red)]),
                AttributeRun(range: 1..<2, attributes: [.font(bold), .foregroundColor(red)]),
                AttributeRun(range: 2..<3, attributes: [.font(bold), .foregroundColor(blue)]),
                AttributeRun(range: 3..<4, attributes: [.font(regular), .foregroundColor(red)]),
                AttributeRun(range: 4..<5, attributes: [.font(regular)]),
            ])
    }

    @Test(arguments: [
        #"<span font_family="DejaVu Serif">x</span>"#,
        #"<span face="DejaVu Serif">x</span>"#,
        #"<span font-family="DejaVu Serif">x</span>"#,
    ])
    func family(_ markup: String) throws {
        let font = try #require(try Self.fontAt(try Markup.parse(markup, base: Self.base()), 0))
        #expect(font == (try Self.font("DejaVu Serif")))
        #expect(font.familyName == "DejaVu Serif")
    }

    @Test(
        arguments: [
            // Pango's parse_length: a plain integer is Pango units, a decimal needs `pt`.
            ("30", 30.0 / 1024), ("30pt", 30), ("12.5pt", 12.5),
            ("30720", 30),  // Pango units: 30720 / 1024
            ("x-large", 20 * 1.2 * 1.2),  // base × 1.2²
            ("small", 20 / 1.2), ("medium", 20),
            ("larger", 24), ("smaller", 20 / 1.2),
            ("150%", 30),
        ] as [(String, CGFloat)])
    func size(_ value: String, points: CGFloat) throws {
        let markup = "<span size=\"\(value)\">x</span>"
        let font = try #require(try Self.fontAt(try Markup.parse(markup, base: Self.base()), 0))
        #expect(abs(font.size - points) < 1e-9)
        #expect(font.familyName == Self.family)
        // font_size is a synonym.
        let synonym = try Self.fontAt(try Markup.parse("<span font_size=\"\(value)\">x</span>", base: Self.base()), 0)
        #expect(synonym == font)
    }

    @Test func relativeSizesNest() throws {
        // smaller/larger and <big>/<small> scale the enclosing size by 1.2 (pango-markup.c: a
        // step from the last absolute size makes a size attribute, else a scale attribute).
        let cases: [(String, CGFloat)] = [
            (#"<span size="30pt"><span size="smaller">x</span></span>"#, 25),
            (#"<span size="30pt"><big>x</big></span>"#, 36),
            ("<big><big>x</big></big>", 28.8),
            ("<small>x</small>", 20 / 1.2),
            // Keywords make a scale attribute relative to the base size; Pango's
            // pango_attr_iterator_get_font multiplies the innermost size attribute (30 pt here)
            // by the innermost scale (1.2), whichever element set each.
            (#"<span size="30pt"><span size="large">x</span></span>"#, 36),
            (#"<span size="x-large"><span size="10pt">x</span></span>"#, 14.4),
        ]
        for (markup, points) in cases {
            let font = try #require(try Self.fontAt(try Markup.parse(markup, base: Self.base()), 0))
            #expect(abs(font.size - points) < 1e-9, "\(markup)")
        }
    }

    /// Weights as Pango's weight table gives them. DejaVu Sans has only Book and Bold faces, so
    /// the request is seen on the bundled variable font Inter (wght 100…900, default 400), which
    /// is instantiated at the requested weight itself.
    @Test(arguments: [
        ("thin", 100), ("ultralight", 200), ("light", 300), ("book", 380), ("medium", 500),
        ("semibold", 600), ("bold", 700), ("700", 700), ("550", 550), ("ultrabold", 800), ("heavy", 900),
    ])
    func weight(_ value: String, expected: Int) throws {
        let base: Attributes = [.font(try Font(family: "Inter", size: Self.size))]
        let markup = "<span weight=\"\(value)\">x</span>"
        let font = try #require(try Self.fontAt(try Markup.parse(markup, base: base), 0))
        #expect(font.familyName == "Inter")
        #expect(font.variations == [Font.Variation(tag: "wght", value: CGFloat(expected))])
        #expect(font.weight.rawValue == expected)
        let synonym = try Self.fontAt(try Markup.parse("<span font_weight=\"\(value)\">x</span>", base: base), 0)
        #expect(synonym == font)
    }

    @Test func normalWeightInsideBoldIsTheDefaultInstance() throws {
        let inter = try Font(family: "Inter", size: Self.size)
        let text = try Markup.parse(#"<b><span weight="normal">x</span></b>"#, base: [.font(inter)])
        let font = try #require(try Self.fontAt(text, 0))
        #expect(font.variations.isEmpty)
        #expect(font == inter)
    }

    @Test func normalWeightOnARegularBaseReusesTheBaseFont() throws {
        let base = try Self.regular()
        let text = try Markup.parse(#"<span weight="normal" style="normal">x</span>y"#, base: [.font(base)])
        #expect(text.runs == [AttributeRun(range: 0..<2, attributes: [.font(base)])])
    }

    @Test(arguments: [("italic", true), ("oblique", true), ("normal", false)])
    func style(_ value: String, italic: Bool) throws {
        let markup = "<span style=\"\(value)\">x</span>"
        let font = try Self.fontAt(try Markup.parse(markup, base: Self.base()), 0)
        // "normal" changes nothing: the base font itself.
        #expect(font == (italic ? try Self.font(italic: true) : try Self.regular()))
        let synonym = try Self.fontAt(try Markup.parse("<span font_style=\"\(value)\">x</span>", base: Self.base()), 0)
        #expect(synonym == font)
        // Italic inside <i> can be switched off again.
        let off = try Self.fontAt(try Markup.parse(#"<i><span style="normal">x</span></i>"#, base: Self.base()), 0)
        #expect(off == (try Self.regular()))
    }

    @Test func fontDescription() throws {
        let text = try Markup.parse(#"<span font="DejaVu Serif Bold Italic 24">x</span>"#, base: Self.base())
        #expect(try Self.fontAt(text, 0) == (try Self.font("DejaVu Serif", weight: .bold, italic: true, size: 24)))
        // The span's own attributes override parts of the description.
        let mixed = try Markup.parse(
            #"<span font_desc="DejaVu Serif 24" weight="bold" size="10pt">x</span>"#,
            base: Self.base())
        #expect(try Self.fontAt(mixed, 0) == (try Self.font("DejaVu Serif", weight: .bold, size: 10)))
    }

    @Test(arguments: [
        (#"foreground="orange""#, Color(red: 1, green: 165.0 / 255, blue: 0)),  // CSS orange #ffa500
        (##"fgcolor="#00ff00""##, Color(red: 0, green: 1, blue: 0)),
        (#"color="teal""#, Color(red: 0, green: 128.0 / 255, blue: 128.0 / 255)),  // CSS teal #008080
        (##"foreground="#ff000080""##, Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)),
        // Pango: 50 % is 50 × 65535 / 100 = 32767 in whole units.
        (#"foreground="red" alpha="50%""#, Color(red: 1, green: 0, blue: 0, alpha: 32767.0 / 65535)),
        (#"fgcolor="blue" fgalpha="32768""#, Color(red: 0, green: 0, blue: 1, alpha: 32768.0 / 65535)),
        // alpha alone fades the default (black) foreground.
        (#"alpha="25%""#, Color(red: 0, green: 0, blue: 0, alpha: 16383.0 / 65535)),
    ])
    func foreground(_ attributes: String, color: Color) throws {
        let text = try Markup.parse("<span \(attributes)>x</span>", base: [])
        #expect(try text.attributes(at: 0).attributes == [.foregroundColor(color)])
    }

    @Test func alphaPersistsIntoNestedOpaqueColours() throws {
        // As in Pango, an enclosing alpha still applies when an inner span sets an opaque colour.
        let text = try Markup.parse(#"<span alpha="50%"><span foreground="blue">x</span></span>"#, base: [])
        #expect(
            try text.attributes(at: 0).attributes.foregroundColor
                == Color(red: 0, green: 0, blue: 1, alpha: 32767.0 / 65535))
    }

    @Test func language() throws {
        let text = try Markup.parse(#"a<span lang="tr">i</span>"#, base: [])
        #expect(
            text.runs == [
                AttributeRun(range: 0..<1, attributes: []), AttributeRun(range: 1..<2, attributes: [.language("tr")]),
            ])
    }

    @Test func entities() throws {
        let text = try Markup.parse(
            "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#65;&#x42;&#x1F600;&#10;",
            base: Self.base())
        #expect(text.string == "a & b <c> \"d\" 'e' AB😀\n")
    }

    @Test func whitespaceCommentsCDATAAndTheMarkupWrapper() throws {
        let text = try Markup.parse(
            "<markup>  <b>x</b>\n\t<!-- a comment --><?pi stuff?><![CDATA[<b>&amp;]]> </markup>",
            base: Self.base())
        #expect(text.string == "  x\n\t<b>&amp; ")
    }

    @Test func selfClosedElementsAndSpacesInTags() throws {
        let text = try Markup.parse("<b/>x<b  >y</b >", base: Self.base())
        #expect(text.string == "xy")
        #expect(try Self.fontAt(text, 0) == (try Self.regular()))
        #expect(try Self.fontAt(text, 1) == (try Self.font(weight: .bold)))
    }

    @Test func otherBaseAttributesApplyEverywhere() throws {
        let style = ParagraphStyle(alignment: .center)
        let text = try Markup.parse("a<b>b</b>", base: [.font(try Self.regular()), .paragraphStyle(style), .kern(1)])
        #expect(text.runs.count == 2)
        #expect(text.runs.allSatisfy { $0.attributes.paragraphStyle == style && $0.attributes.kern == 1 })
    }

    @Test func placeholder() throws {
        let text = try Markup.parse(
            #"a<placeholder width="100" ascent="30" descent="5" value="logo"/>b"#,
            base: Self.base())
        #expect(text.string == "a\u{FFFC}b")
        #expect(text.utf16[1] == 0xFFFC)
        let delegate = try RunDelegate(width: 100, ascent: 30, descent: 5, value: "logo")
        var expected = try Self.base()
        expected.runDelegate = delegate
        let (attributes, range) = try text.attributes(at: 1)
        #expect(attributes == expected)
        #expect(range == 1..<2)
        #expect(text.runs.count == 3)
    }

    @Test func placeholderDefaultsAndAnExplicitCloseTag() throws {
        let text = try Markup.parse(#"<placeholder width="7pt"></placeholder>"#, base: [])
        #expect(try text.attributes(at: 0).attributes.runDelegate == (try RunDelegate(width: 7, ascent: 0, descent: 0)))
    }

    @Test func image() throws {
        let text = try Markup.parse(#"<b><img src="file.ppm" width="100" height="30"/></b>"#, base: Self.base())
        #expect(text.string == "\u{FFFC}")
        let attributes = try text.attributes(at: 0).attributes
        #expect(attributes.runDelegate == (try RunDelegate(width: 100, ascent: 30, descent: 0, value: "file.ppm")))
        // The placeholder carries the enclosing attributes too.
        #expect(attributes.font == (try Self.font(weight: .bold)))
    }

    @Test func imageSourcesListOnlyImgElements() throws {
        // An <img> in a comment or CDATA section is no element; a placeholder's value is no src.
        let markup =
            #"<!-- <img src="c.ppm" width="1" height="1"/> --><![CDATA[<img src="d.ppm"/>]]>"#
            + #"<img src="a&amp;b.ppm" width="1" height="1"/><placeholder width="1" value="e.ppm"/>"#
            + #"<i><img src='a.ppm' width='2' height='2'/></i>"#
        let parsed = try Markup.parseWithImageSources(markup, base: Self.base())
        #expect(parsed.imageSources == ["a&b.ppm", "a.ppm"])
        #expect(parsed.text == (try Markup.parse(markup, base: Self.base())))
    }

    @Test func entitiesInAttributeValues() throws {
        let text = try Markup.parse(#"<placeholder width="1" value="a&amp;b &quot;c&quot;"/>"#, base: [])
        #expect(try text.attributes(at: 0).attributes.runDelegate?.value == "a&b \"c\"")
    }

    @Test func withoutABaseFontOnlyFontFreeElementsOrFullDescriptionsWork() throws {
        let coloured = try Markup.parse(#"<span foreground="red">x</span>"#, base: [])
        #expect(try coloured.attributes(at: 0).attributes == [.foregroundColor(.red)])
        let described = try Markup.parse(#"<span font="DejaVu Sans 12">x</span>"#, base: [])
        #expect(try Self.fontAt(described, 0) == (try Self.font(size: 12)))
    }
}
