// Font matching of family lists ("A, B"), as Pango and CSS write them.
import Foundation
import GalleyFonts
import Testing

/// A family list, Pango's and CSS's `"A, B"`: the first name font matching knows gives the face,
/// the names after it the cascade list; a list of unknown names is one unknown name.
@Suite("Font matching of family lists")
struct FontFamilyListTests {
    @Test func firstKnownNameWins() throws {
        let font = try FontCollection.shared.font(
            matching: FontRequest(family: "No Such Family, Monospace, DejaVu Serif", size: 12))
        #expect(font.familyName == "DejaVu Sans Mono")
        #expect(font.cascadeList == ["DejaVu Serif"])
        #expect(font.substitution == FontSubstitution(requestedFamily: "Monospace", kind: .generic))
        #expect(font.request?.family == "No Such Family, Monospace, DejaVu Serif")
    }

    @Test func unknownListsSubstituteOrThrow() throws {
        let request = FontRequest(family: "No Such Family, Nor This", size: 12)
        #expect(throws: FontError.familyNotFound(family: "No Such Family, Nor This", weight: 400, italic: false)) {
            try FontCollection.shared.font(matching: request, strict: true)
        }
        let font = try FontCollection.shared.font(matching: request)
        #expect(font.familyName == FontCollection.defaultFamily)
        #expect(font.substitution == FontSubstitution(requestedFamily: "No Such Family, Nor This", kind: .unknown))
        // Empty names are skipped: ", DejaVu Serif," is DejaVu Serif.
        #expect(
            try FontCollection.shared.font(matching: FontRequest(family: ", DejaVu Serif,", size: 12)).familyName
                == "DejaVu Serif")
    }
}
