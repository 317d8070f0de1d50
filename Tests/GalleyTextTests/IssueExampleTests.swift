// The issue's example, end to end: bold and colour set by range, then a placeholder inserted,
// with the resulting runs derived by hand from the CFMutableAttributedString rules.

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("The issue's example")
struct IssueExampleTests {
    @Test func example() throws {
        let regular = try Font(family: "DejaVu Sans", size: 36)
        let bold = try Font(family: "DejaVu Sans", weight: .bold, size: 36)
        var b = AttributedTextBuilder("Make it bold, then add a little colour.", attributes: [.font(regular)])
        try b.setFont(bold, range: 8..<12)
        try b.setForegroundColor(.blue, range: 23..<38)
        try b.insertPlaceholder(RunDelegate(width: 100, ascent: 30, descent: 0, value: "logo"), at: 13)
        let text = b.build()

        // The sentence has 39 UTF-16 units; "bold" is 8..<12, "a little colour" 23..<38.
        // The placeholder goes in at 13 (between "," and " "), inheriting from "," (regular),
        // and everything after it moves up by one.
        let logo = try RunDelegate(width: 100, ascent: 30, descent: 0, value: "logo")
        #expect(text.length == 40)
        #expect(text.string == "Make it bold,\u{FFFC} then add a little colour.")
        #expect(text.utf16[13] == 0xFFFC)
        #expect(
            text.runs == [
                AttributeRun(range: 0..<8, attributes: [.font(regular)]),
                AttributeRun(range: 8..<12, attributes: [.font(bold)]),
                AttributeRun(range: 12..<13, attributes: [.font(regular)]),
                AttributeRun(range: 13..<14, attributes: [.font(regular), .runDelegate(logo)]),
                AttributeRun(range: 14..<24, attributes: [.font(regular)]),
                AttributeRun(range: 24..<39, attributes: [.font(regular), .foregroundColor(.blue)]),
                AttributeRun(range: 39..<40, attributes: [.font(regular)]),
            ])
        #expect(try text.substring(24..<39) == "a little colour")
        #expect(try text.attributes(at: 30).longestEffectiveRange == 24..<39)
        // The error message the issue quotes.
        let error = #expect(throws: AttributedTextError.self) { try text.runs(in: 3..<90) }
        #expect(error?.description == "range 3..<90 is out of bounds for a text of 40 UTF-16 code units")
    }

    @Test func theSameTextFromMarkup() throws {
        let regular = try Font(family: "DejaVu Sans", size: 36)
        let text = try Markup.parse(
            #"Make it <b>bold</b>,<placeholder width="100" ascent="30" value="logo"/> then add <span foreground="blue">a little colour</span>."#,
            base: [.font(regular)])
        var b = AttributedTextBuilder("Make it bold, then add a little colour.", attributes: [.font(regular)])
        // <b> asks font matching for the base family at weight 700: the font remembers that
        // request (Font.request), so the builder asks for it the same way.
        let bold = try FontCollection.shared.font(matching: FontRequest(family: "DejaVu Sans", weight: .bold, size: 36))
        try b.setFont(bold, range: 8..<12)
        try b.setForegroundColor(.blue, range: 23..<38)
        try b.insertPlaceholder(RunDelegate(width: 100, ascent: 30, descent: 0, value: "logo"), at: 13)
        #expect(text == b.build())
    }
}
