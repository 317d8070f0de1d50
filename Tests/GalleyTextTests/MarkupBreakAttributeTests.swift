// Pango 1.50's <span> attributes allow_breaks and insert_hyphens: parsed into
// Attributes.allowsLineBreaks and Attributes.insertsHyphens with Pango's boolean syntax
// (span_parse_boolean: true/yes/t/y, false/no/f/n), nested as spans nest, and bad values
// rejected with Pango's reason. `pango-view --markup` (Pango 1.50.12) is the oracle for what
// parses: it rejects `allow_breaks="maybe"` and `insert_hyphens="1"` with "Value of
// 'allow_breaks' attribute on <span> tag line 1 should have one of 'true/yes/t/y' or
// 'false/no/f/n': 'maybe' is not valid".

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("Markup break attributes")
struct MarkupBreakAttributeTests {
    static func text(_ markup: String) throws -> AttributedText {
        try Markup.parse(markup, base: MarkupTests.base())
    }

    static func attributes(_ markup: String, at index: Int = 0) throws -> Attributes {
        try text(markup).attributes(at: index).attributes
    }

    @Test(
        arguments: [("true", true), ("yes", true), ("t", true), ("y", true)] + [
            ("false", false), ("no", false), ("f", false), ("n", false),
        ])
    func booleans(_ value: String, _ expected: Bool) throws {
        #expect(try Self.attributes("<span allow_breaks='\(value)'>x</span>").allowsLineBreaks == expected)
        #expect(try Self.attributes("<span insert_hyphens='\(value)'>x</span>").insertsHyphens == expected)
        // A '-' may replace '_', as in every Pango span attribute.
        #expect(try Self.attributes("<span allow-breaks='\(value)'>x</span>").allowsLineBreaks == expected)
    }

    /// Text outside the span has neither attribute; an inner span's value wins inside it and
    /// the outer one applies again after it.
    @Test func nesting() throws {
        let text = try Self.text(
            #"a<span allow_breaks="false" insert_hyphens="no">b<span allow_breaks="yes">c</span>d</span>"#)
        let values = try (0..<4).map { i in
            let a = try text.attributes(at: i).attributes
            return [a.allowsLineBreaks, a.insertsHyphens]
        }
        #expect(values == [[nil, nil], [false, false], [true, false], [false, false]])
    }

    @Test(arguments: [
        ("allow_breaks", "maybe"), ("allow_breaks", "1"), ("insert_hyphens", "0"), ("insert_hyphens", "TRUE"),
        ("allow_breaks", ""),
    ])
    func rejection(_ attribute: String, _ value: String) throws {
        let markup = "<span \(attribute)='\(value)'>x</span>"
        #expect(throws: MarkupError.invalidValue(attribute: attribute, value: value, line: 1, column: 7)) {
            try Self.text(markup)
        }
        do {
            _ = try Self.text(markup)
        } catch let error as MarkupError {
            #expect(
                error.description
                    == "line 1, column 7: '\(value)' is not a valid value for '\(attribute)': "
                    + "should have one of 'true/yes/t/y' or 'false/no/f/n'")
        }
    }

    /// The builder's typed setters and the key table (the attribute completeness tests walk the
    /// table too).
    @Test func builderAndKeyTable() throws {
        var builder = AttributedTextBuilder(AttributedText("abc"))
        try builder.setAllowsLineBreaks(false, range: 0..<2)
        try builder.setInsertsHyphens(false, range: 1..<3)
        let text = builder.build()
        #expect(try text.attributes(at: 0).attributes.all == [.allowsLineBreaks(false)])
        #expect(try text.attributes(at: 1).attributes.all == [.allowsLineBreaks(false), .insertsHyphens(false)])
        #expect(try text.attributes(at: 2).attributes.all == [.insertsHyphens(false)])
        #expect(Attributes([.allowsLineBreaks(true)]).description == "{allowsLineBreaks: true}")
    }
}
