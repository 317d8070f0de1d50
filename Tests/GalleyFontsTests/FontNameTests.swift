// Font(name:size:) as CTFontCreateWithName: PostScript names first, then full names, then family
// names, falling back (never failing) as CoreText does. Oracle: fc-query's postscriptname and
// fullname of each bundled file.

import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("Font(name:) like CTFontCreateWithName")
struct FontNameTests {
    /// The bundled single-face files (Inter is a variable font whose named instances share a file).
    static let files = [
        "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-BoldOblique.ttf", "DejaVuSans-Oblique.ttf",
        "DejaVuSansMono.ttf", "DejaVuSerif.ttf", "DroidSansFallbackFull.ttf", "NanumGothic.ttf",
        "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf",
    ]

    // CTFontCreateWithName: "A valid PostScript name is preferred, although other font name types
    // are matched in a fallback manner."
    @Test("a PostScript name resolves to the face fc-query reports it for", arguments: files)
    func postScriptNameResolvesToItsFace(file: String) throws {
        let path = TestFonts.path(file)
        let postScriptName = try Fontconfig.query(path, "%{postscriptname}")
        let font = try Font(name: postScriptName, size: 14)
        #expect(font.postScriptName == postScriptName)
        #expect(font.substitution == nil)
        #expect(font.size == 14)
        let expected = try Font(path: path, size: 14)
        #expect(font.fullName == expected.fullName && font.styleName == expected.styleName)
    }

    @Test("a full name resolves to its face", arguments: files)
    func fullNameResolvesToItsFace(file: String) throws {
        let path = TestFonts.path(file)
        let fullName = try Fontconfig.query(path, "%{fullname[0]}")
        let postScriptName = try Fontconfig.query(path, "%{postscriptname}")
        let font = try Font(name: fullName, size: 12)
        #expect(font.postScriptName == postScriptName, "\(fullName)")
    }

    @Test("PostScript names compare ignoring case; full names ignoring case and spaces")
    func namesCompareAsFontconfigDoes() throws {
        #expect(try Font(name: "dejavusans-bold").postScriptName == "DejaVuSans-Bold")
        #expect(try Font(name: "dejavusansboldoblique").postScriptName == "DejaVuSans-BoldOblique")
    }

    @Test("a family name gives the family's regular face")
    func familyNameGivesRegularFace() throws {
        let font = try Font(name: "DejaVu Serif", size: 12)
        #expect(font.postScriptName == "DejaVuSerif")
        #expect(font.substitution == nil)
    }

    // The porter's first problem: CTFontCreateWithName("HelveticaNeue-Medium") returns a font.
    // CTFontCreateWithName "Returns a CTFontRef that best matches the name provided"; it never
    // returns NULL, so an unknown name gets a substitute: the default family here, with the
    // substitution recorded and the style the name's suffix asks for.
    @Test("an unknown PostScript-style name falls back to the default family in the named style")
    func unknownPostScriptNameFallsBack() throws {
        let font = try Font(name: "HelveticaNeue-Medium", size: 17)
        #expect(font.size == 17)
        #expect(font.substitution?.requestedFamily == "HelveticaNeue-Medium")
        #expect(font.request?.weight == .medium)
        // The family part goes through fontconfig: an alias its rules know gives fc-match's
        // family; a name nothing knows gives the default family (what fc-match gives too when the
        // system's default sans-serif is DejaVu Sans, as on Debian).
        let answer = try Fontconfig.match(
            Fontconfig.pattern(family: "HelveticaNeue", weight: 500, italic: false, width: 100), .system)
        if font.substitution?.kind == .alias || font.substitution?.kind == .genericClass {
            #expect(font.familyName == answer.family)
        } else {
            #expect(font.substitution?.kind == .unknown && font.familyName == FontCollection.defaultFamily)
            let fallback = try Fontconfig.match(Fontconfig.sentinelPattern, .system)
            if fallback.family == "DejaVu Sans" { #expect(answer.family == font.familyName) }
        }
        let bold = try Font(name: "NoSuchFamily-BoldItalic", size: 12)
        #expect(bold.familyName == FontCollection.defaultFamily)
        #expect(bold.substitution?.kind == .unknown)
        // Bold and italic come from the real DejaVu Sans Bold Oblique face.
        #expect(bold.postScriptName == "DejaVuSans-BoldOblique")
    }

    // CTFontCreateWithName's size: "If 0.0 is specified, the default font size of 12.0 is used."
    @Test("size 0 means 12 points; a negative or non-finite size throws")
    func sizeZeroMeansTwelve() throws {
        #expect(try Font(name: "DejaVuSans", size: 0).size == 12)
        #expect(throws: FontError.self) { try Font(name: "DejaVuSans", size: -3) }
        #expect(throws: FontError.self) { try Font(name: "DejaVuSans", size: .nan) }
    }

    @Test("a name fontconfig aliases resolves as fc-match resolves it")
    func aliasResolvesAsFcMatch() throws {
        let font = try Font(name: "Helvetica", size: 12)
        let answer = try Fontconfig.match(
            Fontconfig.pattern(family: "Helvetica", weight: 400, italic: false, width: 100), .system)
        #expect(font.substitution?.requestedFamily == "Helvetica")
        if font.substitution?.kind == .alias || font.substitution?.kind == .genericClass {
            #expect(font.familyName == answer.family)
        } else {
            #expect(font.familyName == FontCollection.defaultFamily)
        }
    }

    // Common PostScript names of fonts iOS ships: the family part (vendor suffixes MT and PS
    // dropped) goes through fontconfig, the suffix gives the style.
    @Test(
        "vendor PostScript names resolve their family through fontconfig in the named style",
        arguments: [
            ("TimesNewRomanPS-BoldItalicMT", "Times New Roman", 700, true),
            ("ArialMT", "Arial", 400, false), ("Helvetica-Bold", "Helvetica", 700, false),
            ("Menlo-Regular", "Menlo", 400, false), ("Courier-Oblique", "Courier", 400, true),
        ])
    func vendorPostScriptNames(name: String, family: String, weight: Int, italic: Bool) throws {
        let font = try Font(name: name, size: 12)
        #expect(font.request?.weight.rawValue == weight && font.request?.italic == italic)
        #expect(font.substitution?.requestedFamily == name)
        let answer = try Fontconfig.match(
            Fontconfig.pattern(family: family, weight: weight, italic: italic, width: 100), .system)
        if font.substitution?.kind == .alias || font.substitution?.kind == .genericClass {
            #expect(font.familyName == answer.family)
        } else {
            #expect(font.familyName == FontCollection.defaultFamily)
        }
        #expect(font.weight.rawValue >= 600 || font.syntheticTraits.contains(.bold) || weight < 600)
        #expect(font.isItalic || font.syntheticTraits.contains(.oblique) || !italic)
    }
}
