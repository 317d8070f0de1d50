// Galley's `text_combine_upright` span attribute: tate-chū-yoko from markup
// (kCTHorizontalInVerticalFormsAttributeName), 1…4 characters, anything else an error.
import GalleyText
import Testing

@Suite("Markup: text_combine_upright")
struct MarkupCombineUprightTests {
    @Test func setsTheAttributeOnTheSpan() throws {
        let text = try Markup.parse("昭和<span text_combine_upright=\"2\">20</span>年", base: try MarkupTests.base())
        #expect(try text.attributes(at: 2).attributes.horizontalInVerticalForms == 2)
        #expect(try text.attributes(at: 3).longestEffectiveRange == 2..<4)
        #expect(try text.attributes(at: 0).attributes.horizontalInVerticalForms == nil)
        #expect(try text.attributes(at: 4).attributes.horizontalInVerticalForms == nil)
    }

    @Test(arguments: ["0", "5", "two", ""])
    func outOfRangeIsAnError(_ value: String) {
        #expect(throws: MarkupError.self) {
            try Markup.parse("<span text_combine_upright=\"\(value)\">12</span>", base: try MarkupTests.base())
        }
    }
}
