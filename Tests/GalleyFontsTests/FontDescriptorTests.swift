// FontDescriptor and collection listing as CTFontDescriptor / CTFontCollection: matching by
// attributes, a family's faces, collections made from descriptors and fonts registered from a
// file. Oracle: fc-list over the same fonts (system plus the bundled directory).

import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("Font descriptors and collections like CTFontDescriptor, CTFontCollection")
struct FontDescriptorTests {
    // CTFontCollectionCreateMatchingFontDescriptorsForFamily: "Returns an array of font
    // descriptors matching the specified family"; fc-list 'Family' lists the same faces.
    @Test("a family's faces are the ones fc-list lists", arguments: ["DejaVu Sans", "DejaVu Serif", "Noto Sans Thai"])
    func familyFacesAreFcLists(family: String) throws {
        let expected = try Fontconfig.listFaces(Fontconfig.escaped(family))
        let faces = FontCollection.shared.fontDescriptors(forFamily: family)
        #expect(Set(faces.compactMap(\.postScriptName)) == expected)
        // Regular first, as CoreText lists the regular face of a family first.
        #expect(faces.first?.italic == false && faces.first?.weight == .regular)
        #expect(faces.allSatisfy { $0.path != nil })
    }

    @Test("every face of the collection is listed once per file and index")
    func collectionListsEveryFace() throws {
        let expected = try Fontconfig.list(":fontformat=TrueType", "%{file}|%{index}\n", .systemAndBundled)
            .filter { !$0.hasSuffix("|") }
        let listed = FontCollection.shared.matchingFontDescriptors().map { "\($0.path!)|\($0.faceIndex!)" }
        // Galley loads default instances only: fontconfig's named instances (index ≥ 65536) are not faces.
        let defaults = Set(expected.filter { Int($0.split(separator: "|").last!)! < 0x10000 })
        #expect(Set(listed).isSuperset(of: defaults))
    }

    // CTFontDescriptorCreateMatchingFontDescriptors with mandatory attributes: every result has them.
    @Test("matching filters by traits and language as fc-list does")
    func matchingFiltersAsFcList() throws {
        let mono = FontDescriptor(symbolicTraits: .monoSpace).matchingFontDescriptors()
        let fcMono = try Fontconfig.listFaces(":spacing=100")
        #expect(Set(mono.compactMap(\.postScriptName)) == fcMono)
        let korean = FontDescriptor(languages: ["ko"]).matchingFontDescriptors()
        let fcKorean = try Fontconfig.listFaces(":lang=ko")
        #expect(Set(korean.compactMap(\.postScriptName)) == fcKorean)
        let bold = FontDescriptor(family: "DejaVu Sans", symbolicTraits: .bold).matchingFontDescriptors()
        #expect(!bold.isEmpty && bold.allSatisfy { $0.symbolicTraits.contains(.bold) })
        let withLigatures = Set(FontDescriptor(features: ["liga"]).matchingFontDescriptors().map(\.path))
        var expected = Set<String?>()
        for face in FontCollection.shared.matchingFontDescriptors() where face.faceIndex == 0 {
            let tables = try SFNTTables(path: face.path!)
            if tables.featureTags("GSUB").union(tables.featureTags("GPOS")).contains("liga") {
                expected.insert(face.path)
            }
        }
        #expect(!expected.isEmpty && withLigatures == expected)
    }

    @Test("matchingFontDescriptor sorts by the wanted style; Font(descriptor:) loads it")
    func bestMatchAndFont() throws {
        let descriptor = FontDescriptor(family: "DejaVu Sans", weight: .bold, italic: true, size: 20)
        let best = try #require(descriptor.matchingFontDescriptor())
        #expect(best.postScriptName == "DejaVuSans-BoldOblique")
        let font = try Font(descriptor: descriptor)
        #expect(font.postScriptName == "DejaVuSans-BoldOblique" && font.size == 20)
        let named = try Font(descriptor: FontDescriptor(name: "DejaVuSerif", size: 9))
        #expect(named.postScriptName == "DejaVuSerif" && named.size == 9)
        // Nothing matches: CoreText still returns a font (the default family, substituted).
        let fallback = try Font(descriptor: FontDescriptor(family: "No Such Family Anywhere"))
        #expect(fallback.familyName == FontCollection.defaultFamily && fallback.substitution?.kind == .unknown)
        let copy = try Font(descriptor: font.fontDescriptor)
        #expect(copy == font || copy.postScriptName == font.postScriptName)
    }

    // CTFontCollectionCreateWithFontDescriptors: a collection of the faces matching the descriptors.
    @Test("a collection made from descriptors holds and falls back to only those faces")
    func collectionFromDescriptors() throws {
        let collection = FontCollection(descriptors: [FontDescriptor(family: "DejaVu Serif")])
        #expect(collection.familyNames.allSatisfy { $0.hasPrefix("DejaVu Serif") })
        #expect(!collection.familyNames.isEmpty)
        let serif = try collection.font(family: "DejaVu Serif", size: 12)
        #expect(collection.fallbackFont(for: "\u{9AA8}", matching: serif) == nil)
        #expect(FontCollection.shared.fallbackFont(for: "\u{9AA8}", matching: serif) != nil)
        #expect(FontCollection(descriptors: []).matchingFontDescriptors().isEmpty)
        // Names resolve inside the collection only: an alias or unknown name gets one of its faces.
        for name in ["Helvetica", "No Such Family", "sans-serif"] {
            let font = try collection.font(matching: FontRequest(family: name, size: 12))
            #expect(font.familyName == "DejaVu Serif" || font.substitution != nil, "\(name): \(font)")
        }
    }

    // CTFontManagerRegisterFontsForURL: "Registers fonts from the specified font URL with the font
    // manager. Registered fonts are discoverable through font descriptor matching."
    @Test("a registered font file is found by name and family and used for fallback")
    func registeredFontIsFound() throws {
        let directory = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: TestFonts.dejaVuSans, toPath: directory + "/DejaVuSans.ttf")
        let collection = FontCollection(bundledFontsDirectory: directory, includeSystemFonts: false)
        let sans = try collection.font(family: "DejaVu Sans", size: 12)
        #expect(collection.fallbackFont(for: "가", matching: sans) == nil)
        #expect(throws: FontError.self) { try collection.font(family: "NanumGothic", size: 12) }
        let added = try collection.registerFonts(at: TestFonts.path("NanumGothic.ttf"))
        #expect(added.map(\.postScriptName) == ["NanumGothic"])
        #expect(try collection.font(family: "NanumGothic", size: 12).postScriptName == "NanumGothic")
        #expect(try collection.font(named: "NanumGothic").substitution == nil)
        #expect(collection.fallbackFont(for: "가", matching: sans)?.postScriptName == "NanumGothic")
        #expect(collection.unregisterFonts(at: TestFonts.path("NanumGothic.ttf")))
        #expect(collection.fallbackFont(for: "가", matching: sans) == nil)
        #expect(throws: FontError.self) { try collection.registerFonts(at: directory + "/missing.ttf") }
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: directory + "/bad.ttf"))
        #expect(throws: FontError.self) { try collection.registerFonts(at: directory + "/bad.ttf") }
    }
}
