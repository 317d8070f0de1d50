// Tests that malformed or unsupported markup fails with the right error at the right line
// and column. Columns count Unicode scalars from 1 (as GLib's GMarkup does); each expected
// position is counted by hand in the comment beside it.

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("Markup errors")
struct MarkupErrorTests {
    static let cases: [(String, MarkupError)] = [
        // The unclosed element is reported where it opens.
        ("<b>bold", .malformed(line: 1, column: 1, message: "<b> is never closed")),
        // "</i>" starts at scalar 5 (after "<b>x").
        ("<b>x</i>", .malformed(line: 1, column: 5, message: "</i> does not match <b>, opened at line 1, column 1")),
        (
            "<b>\n<i>x</b>",
            .malformed(line: 2, column: 5, message: "</b> does not match <i>, opened at line 2, column 1")
        ),
        ("x</b>", .malformed(line: 1, column: 2, message: "</b> closes an element that was never opened")),
        ("<b/>x</b>", .malformed(line: 1, column: 6, message: "</b> closes an element that was never opened")),
        // "<q>" is on line 2 after two spaces.
        ("a\n  <q>x</q>", .unknownElement("q", line: 2, column: 3)),
        ("<blink>x</blink>", .unknownElement("blink", line: 1, column: 1)),
        // "é" (U+00E9) is one scalar, so "<q/>" is at column 2.
        ("é<q/>", .unknownElement("q", line: 1, column: 2)),
        // "size" starts at column 7: "<span " is 6 scalars.
        (#"<span size="big">x</span>"#, .invalidValue(attribute: "size", value: "big", line: 1, column: 7)),
        (#"<span size="0">x</span>"#, .invalidValue(attribute: "size", value: "0", line: 1, column: 7)),
        ("\n\n<span weight=\"12.5\">x</span>", .invalidValue(attribute: "weight", value: "12.5", line: 3, column: 7)),
        (#"<span style="slanted">x</span>"#, .invalidValue(attribute: "style", value: "slanted", line: 1, column: 7)),
        (
            #"<span foreground="light-blue">x</span>"#,
            .invalidValue(attribute: "foreground", value: "light-blue", line: 1, column: 7)
        ),
        (#"<span alpha="101%">x</span>"#, .invalidValue(attribute: "alpha", value: "101%", line: 1, column: 7)),
        (#"<span face=" ">x</span>"#, .invalidValue(attribute: "face", value: " ", line: 1, column: 7)),
        (#"<span font="Sans 0">x</span>"#, .invalidValue(attribute: "font", value: "Sans 0", line: 1, column: 7)),
        ("<span foo='1'>x</span>", .unknownAttribute(element: "span", attribute: "foo", line: 1, column: 7)),
        (
            "<span underlined='single'>x</span>",
            .unknownAttribute(element: "span", attribute: "underlined", line: 1, column: 7)
        ),
        ("<u x='1'>y</u>", .unknownAttribute(element: "u", attribute: "x", line: 1, column: 4)),
        ("<sup x='1'>y</sup>", .unknownAttribute(element: "sup", attribute: "x", line: 1, column: 6)),
        // "<span bgcolor=… background=…>": two names for one property, as Pango's CHECK_DUPLICATE.
        (
            "<span bgcolor='red' background='blue'>x</span>",
            .malformed(line: 1, column: 21, message: "'background' sets the same property as 'bgcolor' in <span>")
        ),
        ("<b x='1'>y</b>", .unknownAttribute(element: "b", attribute: "x", line: 1, column: 4)),
        (
            "<img src='a' width='1' height='1' alt='x'/>",
            .unknownAttribute(element: "img", attribute: "alt", line: 1, column: 35)
        ),
        // "width" starts at column 14: "<placeholder " is 13 scalars.
        ("<placeholder width='-5'/>", .invalidValue(attribute: "width", value: "-5", line: 1, column: 14)),
        ("<placeholder width='nan'/>", .invalidValue(attribute: "width", value: "nan", line: 1, column: 14)),
        (
            "<placeholder width='1' descent='inf'/>",
            .invalidValue(attribute: "descent", value: "inf", line: 1, column: 24)
        ),
        ("<placeholder ascent='5'/>", .malformed(line: 1, column: 1, message: "<placeholder> needs a width attribute")),
        ("<img src='a.ppm' width='1'/>", .malformed(line: 1, column: 1, message: "<img> needs a height attribute")),
        ("<img width='1' height='2'/>", .malformed(line: 1, column: 1, message: "<img> needs a src attribute")),
        ("<img src='' width='1' height='1'/>", .invalidValue(attribute: "src", value: "", line: 1, column: 6)),
        ("<img src='a' width='1' height='-1'/>", .invalidValue(attribute: "height", value: "-1", line: 1, column: 24)),
        (
            "<placeholder width='1'>x</placeholder>",
            .malformed(line: 1, column: 1, message: "<placeholder> must be empty: write <placeholder … />")
        ),
        (
            "<img src='a' width='1' height='1'><b/></img>",
            .malformed(line: 1, column: 35, message: "<img> must be empty: write <img … />")
        ),
        // Entities: "&" at column 3; "&nbsp;" at column 2.
        (
            "a & b",
            .malformed(
                line: 1, column: 3, message: "'&' must start an entity ending in ';' (write a literal '&' as &amp;)")
        ),
        (
            "x&amp",
            .malformed(
                line: 1, column: 2, message: "'&' must start an entity ending in ';' (write a literal '&' as &amp;)")
        ),
        (
            "x&nbsp;",
            .malformed(
                line: 1, column: 2,
                message: "unknown entity &nbsp; (known: &amp; &lt; &gt; &quot; &apos; &#NNN; &#xHH;)")
        ),
        ("&#0;", .malformed(line: 1, column: 1, message: "&#0; is not a character reference to a permitted character")),
        (
            "&#xD800;",
            .malformed(line: 1, column: 1, message: "&#xD800; is not a character reference to a permitted character")
        ),
        (
            "&#x110000;",
            .malformed(line: 1, column: 1, message: "&#x110000; is not a character reference to a permitted character")
        ),
        (
            "&#X41;",
            .malformed(line: 1, column: 1, message: "&#X41; is not a character reference to a permitted character")
        ),
        // Tag syntax.
        ("<b a=1>", .malformed(line: 1, column: 6, message: "the value of 'a' in <b> must be in quotes")),
        ("<b a>", .malformed(line: 1, column: 4, message: "the attribute 'a' of <b> needs '=' and a quoted value")),
        ("<b a='1'b='2'>", .malformed(line: 1, column: 9, message: "unexpected 'b' in the tag <b>")),
        ("<b a='1' a='2'>", .malformed(line: 1, column: 10, message: "the attribute 'a' appears twice in <b>")),
        (
            #"<b attr="x<">"#,
            .malformed(line: 1, column: 11, message: "'<' is not allowed in an attribute value (write &lt;)")
        ),
        (
            #"<b attr="x>"#,
            .malformed(line: 1, column: 9, message: "the value of 'attr' in <b> is never closed with \"")
        ),
        (
            "<span color='red' fgcolor='blue'>x</span>",
            .malformed(line: 1, column: 19, message: "'fgcolor' sets the same property as 'color' in <span>")
        ),
        ("<b", .malformed(line: 1, column: 1, message: "the tag <b> is never closed with '>'")),
        ("<b>x</b", .malformed(line: 1, column: 5, message: "the closing tag </b> must end with '>'")),
        ("a < b", .malformed(line: 1, column: 3, message: "'<' must start a tag (write a literal '<' as &lt;)")),
        ("</>", .malformed(line: 1, column: 1, message: "'</' must be followed by an element name")),
        ("<!DOCTYPE x>", .malformed(line: 1, column: 1, message: "declarations such as <!DOCTYPE> are not supported")),
        ("x<!-- never closed", .malformed(line: 1, column: 2, message: "the comment is never closed with '-->'")),
        ("<b><![CDATA[x", .malformed(line: 1, column: 4, message: "the CDATA section is never closed with ']]>'")),
    ]

    @Test(arguments: cases)
    func rejected(markup: String, expected: MarkupError) throws {
        let base: Attributes = [.font(try Font(family: "DejaVu Sans", size: 12))]
        #expect(throws: expected) { try Markup.parse(markup, base: base) }
    }

    @Test(arguments: [
        ("<b>x</b>", MarkupError.missingBaseFont(element: "b", line: 1, column: 1)),
        ("a\n<big>x</big>", .missingBaseFont(element: "big", line: 2, column: 1)),
        (#"<span size="x-large">x</span>"#, .missingBaseFont(element: "span", line: 1, column: 1)),
        // A family alone is not enough: the size is unknown.
        (#"<span face="DejaVu Sans">x</span>"#, .missingBaseFont(element: "span", line: 1, column: 1)),
    ])
    func fontChangesNeedABaseFont(markup: String, expected: MarkupError) {
        #expect(throws: expected) { try Markup.parse(markup, base: []) }
    }

    @Test func fontErrorsArePassedOn() throws {
        let base: Attributes = [.font(try Font(family: "DejaVu Sans", size: 12))]
        // With strictFonts, an unknown family is an error (FontCollection.font(matching:strict:)).
        #expect(throws: MarkupError.font(.familyNotFound(family: "No Such Family", weight: 400, italic: false))) {
            try Markup.parse(#"<span face="No Such Family">x</span>"#, base: base, strictFonts: true)
        }
        // Without it, as in Pango and CoreText, the default family stands in, and the font says so.
        let substituted = try Markup.parse(#"<span face="No Such Family">x</span>"#, base: base)
        let font = try #require(try substituted.attributes(at: 0).attributes.font)
        #expect(font.familyName == FontCollection.defaultFamily)
        #expect(font.substitution == FontSubstitution(requestedFamily: "No Such Family", kind: .unknown))
        // A collection with no fonts at all fails at the first font change, <i>: the base
        // family and weight (400) with italic.
        let empty = FontCollection(bundledFontsDirectory: nil, includeSystemFonts: false)
        #expect(throws: MarkupError.font(.familyNotFound(family: "DejaVu Sans", weight: 400, italic: true))) {
            try Markup.parse("<i><b>x</b></i>", base: base, fonts: empty)
        }
    }

    @Test(arguments: [
        (
            MarkupError.malformed(line: 2, column: 5, message: "<b> is never closed"),
            "line 2, column 5: <b> is never closed"
        ),
        (.unknownElement("q", line: 1, column: 1), "line 1, column 1: unknown or unsupported element <q>"),
        (
            .unknownAttribute(element: "span", attribute: "foo", line: 1, column: 7),
            "line 1, column 7: <span> does not take the attribute 'foo'"
        ),
        (
            .invalidValue(attribute: "size", value: "big", line: 1, column: 7),
            "line 1, column 7: 'big' is not a valid value for 'size': should be an integer, or a string such as 'small'"
        ),
        (
            .missingBaseFont(element: "b", line: 1, column: 1),
            "line 1, column 1: <b> changes the font, but the base attributes have no font to start from"
        ),
    ])
    func descriptions(error: MarkupError, message: String) {
        #expect(error.description == message)
    }

    @Test("elements nest at most 256 deep (libxml2's default); the 257th is an error where it opens")
    func nestingDepth() throws {
        let base: Attributes = [.font(try Font(family: "DejaVu Sans", size: 12))]
        #expect(Markup.maximumNestingDepth == 256)
        // 256 nested <u>: allowed, one underlined character. An empty element at the bottom
        // would be the 257th open element, so it is refused like any other.
        let deepest = String(repeating: "<u>", count: 256) + "x" + String(repeating: "</u>", count: 256)
        let text = try Markup.parse(deepest, base: base)
        #expect(text.string == "x")
        #expect(text.runs.first?.attributes.underline == .single)
        // The 257th <u> starts at column 256 × 3 + 1 = 769; a <placeholder/> there too.
        for inner in ["<u>x</u>", "<placeholder width=\"1\"/>"] {
            let tooDeep = String(repeating: "<u>", count: 256) + inner + String(repeating: "</u>", count: 256)
            let name = inner == "<u>x</u>" ? "u" : "placeholder"
            #expect(
                throws: MarkupError.malformed(line: 1, column: 769, message: "<\(name)> nests deeper than 256 elements")
            ) { try Markup.parse(tooDeep, base: base) }
        }
        // Siblings do not add up: 1000 elements one after another are fine.
        let flat = String(repeating: "<b>y</b>", count: 1000)
        #expect(try Markup.parse(flat, base: base).length == 1000)
    }
}
