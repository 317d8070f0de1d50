// The bundled catalog read from fontconfig's directory cache describes every face exactly as
// querying each file does (FcFreeTypeQueryAll), so start-up can skip opening the font files.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

@Suite("Bundled catalog from fontconfig's directory cache")
struct BundledCatalogCacheTests {
    /// Everything a descriptor says that lookup and fallback read.
    static func summary(_ face: FaceDescriptor) -> String {
        let coverage = face.coverage.map { "\($0.ranges)" }
        return [
            (face.path as NSString).lastPathComponent, "\(face.faceIndex)", face.families.joined(separator: ","),
            "\(face.weight)", "\(face.isItalic)", "\(face.width)", "\(face.fcWeight)", "\(face.slant)",
            "\(face.fcWidth)",
            "\(face.isColor)", "\(face.isBundled)", coverage ?? "-", face.postScriptName,
            face.fullNames.joined(separator: ","), face.styles.joined(separator: ","),
            face.languages.joined(separator: ","), "\(face.isMonospaced)",
        ].joined(separator: "|")
    }

    @Test("the cached directory gives the per-file query's faces, in file-name order")
    func cacheMatchesPerFileQuery() throws {
        let directory = TestFonts.directory
        let cached = try #require(Fontconfig.queryDirectory(directory))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".ttf") }.sorted()
        let queried = names.flatMap { Fontconfig.queryFile((directory as NSString).appendingPathComponent($0)) }
        #expect(queried.count >= names.count)
        #expect(cached.map(Self.summary) == queried.map(Self.summary))
        #expect(FontCatalog.bundledFaces(in: directory).map(Self.summary) == queried.map(Self.summary))
    }

    /// fc-query's own charset of face 0 of `path`: ranges "20-7e a0 …" in hex.
    static func fcQueryCharset(_ path: String) throws -> [ClosedRange<UInt32>] {
        let output = try ToolProcess.run("/usr/bin/fc-query", ["--index", "0", "--format", "%{charset}", path])
        return output.text.split(separator: " ").map { token in
            let ends = token.split(separator: "-").map { UInt32($0, radix: 16)! }
            return ends[0]...ends[ends.count - 1]
        }
    }

    @Test(
        "a bundled face's coverage is fontconfig's charset, range for range (fc-query)",
        arguments: ["NotoSansThai-Regular.ttf", "DejaVuSans.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf"])
    func coverageIsFontconfigsCharset(name: String) throws {
        let path = TestFonts.path(name)
        let face = try #require(
            FontCatalog.bundledFaces(in: TestFonts.directory).first { $0.path == path && $0.faceIndex == 0 })
        let coverage = try #require(face.coverage)
        #expect(coverage.ranges == (try Self.fcQueryCharset(path)))
    }

    @Test("a folder fontconfig cannot read gives no faces, not an error")
    func unreadableFolder() {
        #expect(FontCatalog.bundledFaces(in: "/nonexistent/fonts").isEmpty)
    }
}
