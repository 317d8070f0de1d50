// Finding fonts by family: bundled fonts with no configuration, CSS weight matching, overrides.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

@Suite("Family lookup")
struct FamilyLookupTests {
    /// Resolves symbolic links so paths found different ways compare equal.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    @Test("The shared collection finds the bundle SwiftPM built beside the test runner, with no configuration")
    func findsBundledDirectory() throws {
        let found = try #require(FontCollection.defaultBundledFontsDirectory())
        if let override = ProcessInfo.processInfo.environment["GALLEY_FONTS_DIR"] {
            #expect(found == override)
        } else {
            #expect(found.hasSuffix("/" + BundledFontsLocator.bundleName))
            #expect(FileManager.default.fileExists(atPath: found + "/NotoColorEmoji.ttf"))
            #expect(FontCollection.bundledFontsProblem == nil)
        }
        #expect(FontCollection.shared.bundledFontsDirectory == found)
    }

    /// The four bundled DejaVu Sans files, by requested (weight, italic): OS/2 gives Book 400,
    /// Bold 700, Oblique 400 italic, Bold Oblique 700 italic (see MetricsTests).
    @Test(
        "DejaVu Sans regular, bold, italic and bold italic resolve to the bundled files",
        arguments: [
            (Font.Weight.regular, false, "DejaVuSans.ttf", "DejaVuSans"),
            (.bold, false, "DejaVuSans-Bold.ttf", "DejaVuSans-Bold"),
            (.regular, true, "DejaVuSans-Oblique.ttf", "DejaVuSans-Oblique"),
            (.bold, true, "DejaVuSans-BoldOblique.ttf", "DejaVuSans-BoldOblique"),
        ])
    func dejaVuSansStyles(weight: Font.Weight, italic: Bool, file: String, postScriptName: String) throws {
        let font = try Font(family: "DejaVu Sans", weight: weight, italic: italic, size: 14)
        #expect(font.postScriptName == postScriptName)
        #expect(font.size == 14)
        let path = try #require(font.face.path)
        let bundled = try #require(FontCollection.shared.bundledFontsDirectory)
        #expect(Self.canonical(path) == Self.canonical((bundled as NSString).appendingPathComponent(file)))
    }

    @Test("Family names match case-insensitively and lookups share one face")
    func caseInsensitiveAndShared() throws {
        let a = try Font(family: "DejaVu Sans", size: 12)
        let b = try Font(family: "dejavu SANS", size: 12)
        #expect(a.face === b.face)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        let c = try FontCollection.shared.font(family: "DejaVu Sans", size: 13)
        #expect(c.face === a.face)
        #expect(c != a)
        // Loading the same file by path reuses the cached face too.
        let byPath = try Font(path: try #require(a.face.path), size: 12)
        #expect(byPath == a)
    }

    @Test("Noto Color Emoji is found by family")
    func colorEmojiByFamily() throws {
        let font = try Font(family: "Noto Color Emoji", size: 16)
        #expect(font.familyName == "Noto Color Emoji")
        #expect(font.hasColorGlyphs)
    }

    @Test("A family must match exactly: no substitute for a near name")
    func noSubstitution() {
        // fontconfig's FcFontMatch would return some default font for these; Galley must not.
        for family in ["DejaVu", "DejaVu Sans X", "sans-serif-galley"] {
            #expect(throws: FontError.familyNotFound(family: family, weight: 400, italic: false)) {
                try FontCollection.shared.font(family: family, size: 12)
            }
        }
    }

    /// CSS Fonts 4 §5.2 weight rules over the bundled DejaVu Sans faces only (400 and 700,
    /// upright and italic): 400–500 look up to 500 then down then up; <400 look down then up;
    /// >500 look up then down.
    @Test(
        "Nearest weight follows the CSS font-matching rules",
        arguments: [(100, 400), (300, 400), (450, 400), (500, 400), (550, 700), (600, 700), (900, 700)])
    func cssWeightMatching(requested: Int, expected: Int) throws {
        let collection = FontCollection(bundledFontsDirectory: TestFonts.directory, includeSystemFonts: false)
        let font = try collection.font(family: "DejaVu Sans", weight: Font.Weight(rawValue: requested), size: 12)
        #expect(font.weight.rawValue == expected)
        #expect(!font.isItalic)
        // Italic is preferred over weight: only italic faces are considered when one exists.
        let italic = try collection.font(
            family: "DejaVu Sans", weight: Font.Weight(rawValue: requested), italic: true, size: 12)
        #expect(italic.isItalic)
        #expect(italic.weight.rawValue == expected)
    }

    @Test("An italic request falls back to the upright face when the family has no italic")
    func italicFallsBackToUpright() throws {
        let collection = FontCollection(bundledFontsDirectory: TestFonts.directory, includeSystemFonts: false)
        let font = try collection.font(family: "Noto Sans Thai", italic: true, size: 12)
        #expect(font.postScriptName == "NotoSansThai-Regular")
    }

    @Test("A collection over another directory sees only that directory's fonts (GALLEY_FONTS_DIR equivalent)")
    func customDirectory() throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let copy = (dir as NSString).appendingPathComponent("DejaVuSerif.ttf")
        try FileManager.default.copyItem(atPath: TestFonts.path("DejaVuSerif.ttf"), toPath: copy)
        try Data("# test fonts\n".utf8).write(
            to: URL(fileURLWithPath: (dir as NSString).appendingPathComponent("README.md")))

        let collection = FontCollection(bundledFontsDirectory: dir, includeSystemFonts: false)
        #expect(collection.bundledFontsDirectory == dir)
        #expect(collection.familyNames == ["DejaVu Serif"])
        let serif = try collection.font(family: "DejaVu Serif", size: 12)
        #expect(Self.canonical(try #require(serif.face.path)) == Self.canonical(copy))
        #expect(throws: FontError.familyNotFound(family: "DejaVu Sans", weight: 400, italic: false)) {
            try collection.font(family: "DejaVu Sans", size: 12)
        }
    }

    @Test("GALLEY_FONTS_DIR wins when it holds fonts; otherwise the bundle beside the executable (links resolved)")
    func locatorOrder() throws {
        let root = try TemporaryDirectory.make("locator")
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        let app = root.appendingPathComponent("app"), bin = root.appendingPathComponent("bin")
        let bundle = app.appendingPathComponent(BundledFontsLocator.bundleName)
        try fm.createDirectory(at: bundle, withIntermediateDirectories: true)
        try fm.createDirectory(at: bin, withIntermediateDirectories: true)
        try Data("# fonts\n".utf8).write(to: bundle.appendingPathComponent("README.md"))
        try Data().write(to: app.appendingPathComponent("galley"))
        try fm.createSymbolicLink(
            atPath: bin.appendingPathComponent("galley").path,
            withDestinationPath: app.appendingPathComponent("galley").path)

        let beside = BundledFontsLocator.search(environment: [:], executablePath: app.path + "/galley")
        #expect(beside == .init(directory: bundle.path, rejected: []))
        #expect(beside.warning == nil)
        // Through a link in another folder: that folder is tried first, then the link's target's.
        let linked = BundledFontsLocator.search(environment: [:], executablePath: bin.path + "/galley")
        #expect(linked.directory.map(Self.canonical) == Self.canonical(bundle.path))
        #expect(linked.rejected == [bin.path + "/" + BundledFontsLocator.bundleName + ": missing"])
        #expect(linked.warning == nil)

        let nothing = BundledFontsLocator.search(environment: [:], executablePath: "/usr/bin/galley")
        #expect(nothing.directory == nil)
        #expect(
            nothing.warning?.hasPrefix(
                "no bundled fonts found (tried /usr/bin/\(BundledFontsLocator.bundleName): missing)") == true)

        // The override must be a directory holding a font file; a refused one falls back, and warns.
        let fonts = root.appendingPathComponent("fonts")
        try fm.createDirectory(at: fonts, withIntermediateDirectories: true)
        let refusedEmpty = BundledFontsLocator.search(
            environment: ["GALLEY_FONTS_DIR": fonts.path], executablePath: app.path + "/galley")
        #expect(refusedEmpty.directory == bundle.path)
        #expect(refusedEmpty.rejected == ["GALLEY_FONTS_DIR=\(fonts.path): holds no .ttf, .otf, .ttc or .otc file"])
        #expect(refusedEmpty.warning?.hasSuffix("; using the bundled fonts in \(bundle.path) instead") == true)
        try fm.copyItem(atPath: TestFonts.dejaVuSans, toPath: fonts.appendingPathComponent("DejaVuSans.ttf").path)
        #expect(
            BundledFontsLocator.search(environment: ["GALLEY_FONTS_DIR": fonts.path], executablePath: "/usr/bin/galley")
                == .init(directory: fonts.path, rejected: []))
        let missing = BundledFontsLocator.search(
            environment: ["GALLEY_FONTS_DIR": "/nonexistent"], executablePath: "/usr/bin/galley")
        #expect(missing.directory == nil)
        #expect(missing.rejected.first == "GALLEY_FONTS_DIR=/nonexistent: no such directory")
        #expect(missing.warning?.contains("no bundled fonts found") == true)
        // An empty value is unset.
        #expect(
            BundledFontsLocator.search(environment: ["GALLEY_FONTS_DIR": ""], executablePath: app.path + "/galley")
                == beside)
    }

    @Test("familyNames lists bundled and system families, sorted and unique")
    func familyNames() {
        let names = FontCollection.shared.familyNames
        #expect(names.contains("DejaVu Sans"))
        #expect(names.contains("Noto Color Emoji"))
        #expect(names.contains("Droid Sans Fallback"))
        #expect(names == names.sorted())
        #expect(Set(names).count == names.count)
    }
}
