// Font properties CoreText ports read: glyph count, slant angle, names, symbolic traits and the
// traits dictionary, copies with other symbolic traits, OpenType feature lists and the character
// set. Oracles: the tests' own SFNT reader (OpenType spec layouts) and fontconfig's fc-query.

import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("Font properties like CTFontGetGlyphCount, CTFontCopyName, CTFontGetSymbolicTraits")
struct FontPropertyTests {
    static let files = ["DejaVuSans.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSansMono.ttf", "NotoSansArabic-Regular.ttf"]

    @Test("glyphCount is maxp.numGlyphs", arguments: files)
    func glyphCountIsMaxpNumGlyphs(file: String) throws {
        let tables = try SFNTTables(path: TestFonts.path(file))
        #expect(try Font(path: TestFonts.path(file), size: 12).glyphCount == tables.numGlyphs)
    }

    // CTFontGetSlantAngle: "the transformed slant angle of the font. This is equivalent to the
    // italic or caret angle with any skew from the transformation matrix applied."
    @Test("slantAngle is post.italicAngle, plus the synthetic oblique's shear", arguments: files)
    func slantAngleIsPostItalicAngle(file: String) throws {
        let tables = try SFNTTables(path: TestFonts.path(file))
        let font = try Font(path: TestFonts.path(file), size: 12)
        #expect(abs(font.slantAngle - tables.italicAngle) < 1e-9)
        let slanted = font.withSyntheticTraits(.oblique)
        #expect(abs(slanted.slantAngle - (tables.italicAngle - atan(0.2) * 180 / .pi)) < 1e-9)
    }

    @Test("full, PostScript and family names are fc-query's; version starts as the spec requires", arguments: files)
    func namesAreTheNameTables(file: String) throws {
        let path = TestFonts.path(file)
        let font = try Font(path: path, size: 12)
        #expect(font.fullName == (try Fontconfig.query(path, "%{fullname[0]}")))
        #expect(font.displayName == font.fullName)
        #expect(font.name(for: .postScript) == (try Fontconfig.query(path, "%{postscriptname}")))
        #expect(font.name(for: .family) == (try Fontconfig.query(path, "%{family[0]}")))
        // OpenType name ID 5: "Version string. Should begin with the syntax 'Version <number>.<number>'".
        #expect(font.name(for: .version)?.hasPrefix("Version ") == true)
        #expect(font.name(for: .copyright)?.isEmpty == false)
        #expect(font.name(for: Font.NameKey(rawValue: 30_000)) == nil)
    }

    @Test("symbolic traits follow OS/2, post.isFixedPitch and the colour tables")
    func symbolicTraitsFollowTheTables() throws {
        let regular = try Font(path: TestFonts.dejaVuSans, size: 12)
        #expect(regular.symbolicTraits == [])
        #expect(try Font(path: TestFonts.dejaVuSansBold, size: 12).symbolicTraits == [.bold])
        #expect(
            try Font(path: TestFonts.path("DejaVuSans-BoldOblique.ttf"), size: 12).symbolicTraits == [.bold, .italic])
        let mono = try SFNTTables(path: TestFonts.path("DejaVuSansMono.ttf"))
        #expect(mono.isFixedPitch)
        #expect(try Font(path: TestFonts.path("DejaVuSansMono.ttf"), size: 12).symbolicTraits == [.monoSpace])
        #expect(try Font(path: TestFonts.notoColorEmoji, size: 12).symbolicTraits.contains(.colorGlyphs))
        #expect(regular.withSyntheticTraits([.bold, .oblique]).symbolicTraits == [.bold, .italic])
        // CoreText's bit values (CTFontSymbolicTraits).
        #expect(Font.SymbolicTraits.italic.rawValue == 1 && Font.SymbolicTraits.bold.rawValue == 2)
        #expect(
            Font.SymbolicTraits.monoSpace.rawValue == 1 << 10 && Font.SymbolicTraits.colorGlyphs.rawValue == 1 << 13)
    }

    // kCTFontWeightTrait: "normalized between -1.0 and 1.0. The value of 0.0 corresponds to the
    // regular or medium font weight." kCTFontSlantTrait: "0.0 corresponds to 0 degree clockwise
    // rotation from the vertical and 1.0 corresponds to 30 degrees clockwise rotation."
    @Test("traits: weight and width on −1…1 with 0 regular; slant 1 at 30° clockwise")
    func traitsAreNormalized() throws {
        let regular = try Font(path: TestFonts.dejaVuSans, size: 12).traits
        #expect(regular.weight == 0 && regular.width == 0 && regular.slant == 0)
        let bold = try Font(path: TestFonts.dejaVuSansBold, size: 12).traits
        #expect(abs(bold.weight - 0.4) < 1e-9)  // NSFontWeightBold
        let oblique = try Font(path: TestFonts.path("DejaVuSans-Oblique.ttf"), size: 12).traits
        let angle = try SFNTTables(path: TestFonts.path("DejaVuSans-Oblique.ttf")).italicAngle
        #expect(abs(oblique.slant - (-angle / 30)) < 1e-9 && oblique.slant > 0)
        let weights = stride(from: 1, through: 1000, by: 1).map { Font.Weight(rawValue: $0).normalizedCoreText }
        #expect(zip(weights, weights.dropFirst()).allSatisfy { $0 < $1 })
        #expect(weights.first == -1 && weights.last == 1)
        #expect(Font.Width.condensed.normalizedCoreText < 0 && Font.Width.expanded.normalizedCoreText > 0)
    }

    // CTFontCreateCopyWithSymbolicTraits: "Returns a new font reference in the same family with
    // the given symbolic traits, or NULL if none found in the system."
    @Test("withSymbolicTraits picks the family's real bold and italic faces, or nil")
    func symbolicTraitsCopyPicksRealFaces() throws {
        let regular = try Font(path: TestFonts.dejaVuSans, size: 15)
        let bold = try #require(regular.withSymbolicTraits(.bold))
        #expect(bold.postScriptName == "DejaVuSans-Bold" && bold.syntheticTraits == [] && bold.size == 15)
        #expect(regular.withSymbolicTraits(.italic)?.postScriptName == "DejaVuSans-Oblique")
        #expect(regular.withSymbolicTraits([.bold, .italic])?.postScriptName == "DejaVuSans-BoldOblique")
        #expect(bold.withSymbolicTraits([], mask: .bold)?.postScriptName == "DejaVuSans")
        // Noto Sans Arabic: bundled in its regular face only. When fc-list knows no bold face of
        // it (as here, unless the system has one) there is none to return; otherwise a real one.
        let arabicBold = try Fontconfig.listFaces("Noto Sans Arabic:weight=200")
        let arabic = try Font(path: TestFonts.notoSansArabic, size: 12)
        if arabicBold.isEmpty {
            #expect(arabic.withSymbolicTraits(.bold) == nil)
        } else {
            #expect(arabic.withSymbolicTraits(.bold).map { $0.weight.rawValue >= 600 } == true)
        }
    }

    @Test("layoutFeatureTags are the GSUB and GPOS FeatureList tags", arguments: files + ["DroidSansFallbackFull.ttf"])
    func layoutFeatureTagsAreTheFeatureLists(file: String) throws {
        let tables = try SFNTTables(path: TestFonts.path(file))
        let expected = tables.featureTags("GSUB").union(tables.featureTags("GPOS"))
        #expect(try Font(path: TestFonts.path(file), size: 12).layoutFeatureTags == expected.sorted())
    }

    @Test(
        "characterSet is fontconfig's charset of the face", arguments: ["DejaVuSans.ttf", "NotoSansThai-Regular.ttf"])
    func characterSetIsFontconfigCharset(file: String) throws {
        let ranges = try Fontconfig.query(TestFonts.path(file), "%{charset}").split(separator: " ").map { part in
            let bounds = part.split(separator: "-").map { UInt32($0, radix: 16)! }
            return bounds[0]...(bounds.count > 1 ? bounds[1] : bounds[0])
        }
        let set = try Font(path: TestFonts.path(file), size: 12).characterSet
        var expected = Set<UInt32>()
        for range in ranges { expected.formUnion(range) }
        var actual = Set<UInt32>()
        for value in UInt32(0)...0x2FFFF {
            if let scalar = Unicode.Scalar(value), set.contains(scalar) { actual.insert(value) }
        }
        #expect(actual.subtracting(expected).isEmpty, "\(actual.subtracting(expected).sorted().prefix(10))")
        #expect(expected.subtracting(actual).isEmpty, "\(expected.subtracting(actual).sorted().prefix(10))")
    }

    // CTFontCopySupportedLanguages: "Returns an array of languages supported by the font."
    // fc-query's lang set is fontconfig's answer for the same face.
    @Test(
        "supportedLanguages are fc-query's lang set, for files and in-memory fonts",
        arguments: ["DejaVuSans.ttf", "DroidSansFallbackFull.ttf", "NanumGothic.ttf"])
    func supportedLanguagesAreFcQuerys(file: String) throws {
        let path = TestFonts.path(file)
        let expected = try Fontconfig.query(path, "%{lang}").split(separator: "|").map(String.init).sorted()
        #expect(try Font(path: path, size: 12).supportedLanguages == expected)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Trusted: OTS refuses NanumGothic (an empty TSI3 table), and these are the file's own bytes.
        #expect(try Font(data: bytes, size: 12, sanitization: .trusted).supportedLanguages == expected)
    }

    // CTFontCopyLocalizedName: the name "localized for the user's language". fc-query lists
    // NanumGothic's family in each language its name table has (familylang pairs with family).
    @Test("name(for:language:) gives the name table's entry in that language")
    func localizedNames() throws {
        let path = TestFonts.path("NanumGothic.ttf")
        let families = try Fontconfig.query(path, "%{family}").split(separator: ",").map(String.init)
        let languages = try Fontconfig.query(path, "%{familylang}").split(separator: ",").map(String.init)
        let font = try Font(path: path, size: 12)
        for (family, language) in zip(families, languages) {
            #expect(font.name(for: .family, language: language) == family, "\(language)")
        }
        #expect(families.count == 2 && families[1] != families[0])
    }
}
