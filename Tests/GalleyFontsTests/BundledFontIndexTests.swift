// The committed index of the bundled fonts (Fonts/font-index.txt) says exactly what fontconfig's
// per-file query says of each face, and an index that no longer fits its folder is ignored.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

@Suite("Bundled font index (Fonts/font-index.txt)")
struct BundledFontIndexTests {
    static let summary = BundledCatalogCacheTests.summary

    /// `directory`'s font files queried one by one with fontconfig (`FcFreeTypeQueryAll`).
    static func queried(_ directory: String) throws -> [FaceDescriptor] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter(FontCatalog.isFontFile)
        return names.sorted().flatMap { Fontconfig.queryFile((directory as NSString).appendingPathComponent($0)) }
    }

    @Test("the committed index is what fontconfig's query of the fonts gives (scripts/make-font-index.sh)")
    func committedIndexIsCurrent() throws {
        let source = TestFonts.sourceDirectory
        let generated = try #require(BundledFontIndex.generate(for: source))
        let path = (source as NSString).appendingPathComponent(BundledFontIndex.fileName)
        if ProcessInfo.processInfo.environment["GALLEY_UPDATE_FONT_INDEX"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("wrote \(path); run the tests again without GALLEY_UPDATE_FONT_INDEX")
            return
        }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(committed == generated, "Fonts/font-index.txt is stale: run scripts/make-font-index.sh")
    }

    @Test("the bundle's index gives every face exactly as fontconfig's per-file query, in file-name order")
    func indexMatchesQuery() throws {
        let directory = TestFonts.directory
        let indexed = try #require(BundledFontIndex.faces(in: directory))
        let queried = try Self.queried(directory)
        #expect(indexed.count == queried.count)
        #expect(indexed.map(Self.summary) == queried.map(Self.summary))
        #expect(FontCatalog.bundledFaces(in: directory).map(Self.summary) == queried.map(Self.summary))
    }

    @Test("writing the parsed index gives the same text")
    func roundTrip() throws {
        let path = TestFonts.path(BundledFontIndex.fileName)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let parsed = try BundledFontIndex.parse(Array(text.utf8), directory: TestFonts.directory)
        #expect(BundledFontIndex.text(files: parsed.files, faces: parsed.faces) == text)
    }

    /// A temporary folder holding copies of the bundled files `names` and the bundle's index.
    static func folder(with names: [String]) throws -> String {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("galley-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in names + [BundledFontIndex.fileName] {
            try FileManager.default.copyItem(atPath: TestFonts.path(name), toPath: folder + "/" + name)
        }
        return folder
    }

    @Test("an index listing a file the folder lacks is ignored; fontconfig describes the files")
    func missingFileIgnoresIndex() throws {
        let folder = try Self.folder(with: ["NotoSansThai-Regular.ttf", "NotoSansHebrew-Regular.ttf"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(BundledFontIndex.faces(in: folder) == nil)
        let faces = FontCatalog.bundledFaces(in: folder)
        #expect(faces.map(Self.summary) == (try Self.queried(folder)).map(Self.summary))
        #expect(faces.map(\.families[0]) == ["Noto Sans Hebrew", "Noto Sans Thai"])
    }

    @Test("an index whose file has another size (a replaced font), or a font it does not list, is ignored")
    func changedFilesIgnoreIndex() throws {
        let all = try FileManager.default.contentsOfDirectory(atPath: TestFonts.directory).filter(
            FontCatalog.isFontFile)
        let folder = try Self.folder(with: all)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(BundledFontIndex.faces(in: folder) != nil)
        // Another font under a listed name: same name, other size.
        let thai = folder + "/NotoSansThai-Regular.ttf"
        try FileManager.default.removeItem(atPath: thai)
        try FileManager.default.copyItem(atPath: TestFonts.path("NotoSansHebrew-Regular.ttf"), toPath: thai)
        #expect(BundledFontIndex.faces(in: folder) == nil)
        #expect(FontCatalog.bundledFaces(in: folder).map(Self.summary) == (try Self.queried(folder)).map(Self.summary))
        // The right file back, and one more font: still not the listed set.
        try FileManager.default.removeItem(atPath: thai)
        try FileManager.default.copyItem(atPath: TestFonts.path("NotoSansThai-Regular.ttf"), toPath: thai)
        #expect(BundledFontIndex.faces(in: folder) != nil)
        try FileManager.default.copyItem(atPath: TestFonts.path("DejaVuSans.ttf"), toPath: folder + "/Extra.ttf")
        #expect(BundledFontIndex.faces(in: folder) == nil)
    }

    @Test(
        "a damaged index is an error naming its line, and is then ignored",
        arguments: [
            ("", 1), ("galley-font-index 2\n", 1), ("galley-font-index 1\nface\t0\n", 2),
            ("galley-font-index 1\nfile\tA.ttf\n", 2),
            ("galley-font-index 1\nfile\tA.ttf\t10\nface\t0\nstyle\t400\n", 4),
            ("galley-font-index 1\nfile\tA.ttf\t10\nface\t0\ncoverage\t7e-20\n", 4),
            ("galley-font-index 1\nfile\tA.ttf\t10\nface\t0\ncoverage\t20-7e 30\n", 4),
            ("galley-font-index 1\nfile\tA.ttf\t10\nface\t0\nfamily\tA\n", 4),
            ("galley-font-index 1\nfile\t../A.ttf\t10\n", 2), ("galley-font-index 1\nfile\tA.ttf\t10\nwhat\t1\n", 3),
        ])
    func damagedIndex(text: String, line: Int) throws {
        #expect(throws: BundledFontIndex.FormatError.self) {
            try BundledFontIndex.parse(Array(text.utf8), directory: "/x")
        }
        do {
            _ = try BundledFontIndex.parse(Array(text.utf8), directory: "/x")
        } catch {
            #expect(error.line == line, "\(error)")
        }
    }

    @Test("fields with tabs, line feeds and backslashes survive writing and reading")
    func escapes() throws {
        var face = FaceDescriptor(
            path: "/x/A.ttf", faceIndex: 2, families: ["A\tB", "C\\n"], weight: 700, isItalic: true, width: 87,
            isColor: false, isBundled: true, coverage: CoverageSet(ranges: [0x20...0x7e, 0xa0...0xa0]),
            fcWeight: 80...200, slant: 100, fcWidth: 75...100)
        face.postScriptName = "A\nB"
        face.fullNames = [""]
        let text = BundledFontIndex.text(files: [.init(name: "A.ttf", size: 10)], faces: [face])
        let parsed = try BundledFontIndex.parse(Array(text.utf8), directory: "/x")
        #expect(parsed.files == [.init(name: "A.ttf", size: 10)])
        #expect(parsed.faces.map(BundledCatalogCacheTests.summary) == [BundledCatalogCacheTests.summary(face)])
    }

    @Test(
        "a font file is named as NSString.pathExtension reads the extension",
        arguments: [
            "a.ttf", "A.TTF", ".ttf", "a.ttf/", "dir/x.OTC", "x.woff", "noext", "a.b.otf", "dir.ttf/x", "x.ttc.bak",
            "/abs/path/Font.Otf", "a.", "",
        ])
    func fontFileNames(name: String) {
        let expected = ["ttf", "otf", "ttc", "otc"].contains((name as NSString).pathExtension.lowercased())
        #expect(FontCatalog.isFontFile(name) == expected)
    }

    @Test("the executable's path is the one Bundle.main gives")
    func executablePath() {
        #expect(BundledFontsLocator.executablePath() == Bundle.main.executablePath)
    }
}
