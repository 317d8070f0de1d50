// The tate-chū-yoko attribute's values (kCTHorizontalInVerticalFormsAttributeName): the number
// of characters to combine, 1…4; 0 is no attribute, as CoreText documents; anything else is
// refused with the rule's sentence.
import Foundation
import GalleyText
import Testing

@Suite("Horizontal in vertical forms attribute")
struct HorizontalInVerticalFormsTests {
    @Test(arguments: 1...4)
    func countsOneToFourAreKept(_ count: Int) throws {
        #expect(try Attributes(validating: [.horizontalInVerticalForms(count)]).horizontalInVerticalForms == count)
    }

    @Test func zeroIsNoAttribute() throws {
        var attributes: Attributes = [.horizontalInVerticalForms(2)]
        attributes.horizontalInVerticalForms = 0
        #expect(attributes.horizontalInVerticalForms == nil)
        #expect(try Attributes(validating: [.horizontalInVerticalForms(0)]).isEmpty)
    }

    @Test(arguments: [-1, 5, 100])
    func otherCountsAreRejected(_ count: Int) {
        #expect(
            throws: AttributedTextError.invalidValue(
                "horizontal in vertical forms must be 0 (none) or 1...4 characters, not \(count)")
        ) {
            try Attributes(validating: [.horizontalInVerticalForms(count)])
        }
        #expect(Attributes([.horizontalInVerticalForms(count)]).horizontalInVerticalForms == nil)
    }
}
