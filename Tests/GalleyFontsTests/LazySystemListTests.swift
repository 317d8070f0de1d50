// The system font list is made only when a lookup needs it: a family with a bundled face of the
// requested style and text that bundled faces cover resolve without it, and every answer is the
// one a collection that listed the system's fonts first gives.
import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("Lazy system font list")
struct LazySystemListTests {
    /// Requests whose answer the lazy path may give (a bundled face of exactly that style) and
    /// requests it must leave to the whole list (no bundled face of that style, or no such family).
    static let requests: [(FontRequest, needsSystemList: Bool)] = [
        (FontRequest(family: "DejaVu Sans", size: 12), false),
        (FontRequest(family: "dejavusans", weight: .bold, size: 12), false),
        (FontRequest(family: "DejaVu Serif", italic: true, size: 12), false),
        (FontRequest(family: "Noto Sans Thai", size: 12), false),
        (FontRequest(family: "DejaVu Sans", weight: .light, size: 12), true),
        (FontRequest(family: "DejaVu Sans", width: .condensed, size: 12), true),
        (FontRequest(family: "Noto Sans Thai", weight: .bold, size: 12), true),
        (FontRequest(family: "Times", size: 12), true),
    ]

    @Test("each request gives the face a collection that listed the system's fonts first gives", arguments: 0..<8)
    func sameAnswers(index: Int) throws {
        let (request, needsSystemList) = Self.requests[index]
        let lazy = FontCollection(bundledFontsDirectory: TestFonts.directory)
        let eager = FontCollection(bundledFontsDirectory: TestFonts.directory)
        _ = eager.familyNames  // lists every face, bundled and system
        #expect(eager.hasListedSystemFonts)
        let a = try lazy.font(matching: request)
        let b = try eager.font(matching: request)
        #expect(a.face.path == b.face.path && a.face.faceIndex == b.face.faceIndex)
        #expect(a.syntheticTraits == b.syntheticTraits && a.substitution == b.substitution)
        #expect(lazy.hasListedSystemFonts == needsSystemList)
    }

    @Test("fallback that bundled faces cover, emoji and Thai included, lists no system fonts")
    func bundledFallback() throws {
        let collection = FontCollection(bundledFontsDirectory: TestFonts.directory)
        let font = try collection.font(matching: FontRequest(family: "DejaVu Sans", size: 12))
        for scalar in "Hi 👋 สวัสดี مرحبا".unicodeScalars {
            #expect(collection.fallbackFont(for: scalar, matching: font) != nil, "\(scalar)")
        }
        #expect(!collection.hasListedSystemFonts)
        // A cascade list names families, bundled or system: trying it lists the system's fonts.
        _ = collection.fallbackFont(for: "ก", matching: font.withCascadeList(["DejaVu Serif"]))
        #expect(collection.hasListedSystemFonts)
    }
}
