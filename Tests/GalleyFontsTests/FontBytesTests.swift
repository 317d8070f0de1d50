// FontBytes: trusted font files are mapped read-only and shared, not copied (the kernel's
// /proc/self/maps is the oracle), with the file's exact bytes; untrusted files and fonts from
// memory are private copies; what cannot be mapped is refused without a crash.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

@Suite("Font bytes")
struct FontBytesTests {
    /// This process's /proc/<pid>/maps, read whole by cat (Foundation's file reading stops
    /// early on /proc files, whose size reads as 0).
    static func maps() throws -> [String] {
        try ToolProcess.run("/bin/cat", ["/proc/\(getpid())/maps"]).text.split(separator: "\n").map(String.init)
    }

    /// The lines of the maps naming `path` (after resolving symbolic links).
    static func mappings(of path: String) throws -> [String] {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return try maps().filter { $0.hasSuffix(" " + resolved) }
    }

    @Test(
        "a bundled font file is mapped shared and read-only, with the file's bytes",
        arguments: ["DejaVuSans-Oblique.ttf", "NotoSansThai-Regular.ttf", "DroidSansFallbackFull.ttf"])
    func bundledFilesAreMapped(name: String) throws {
        let path = TestFonts.path(name)
        let font = try Font(path: path, size: 12)
        #expect(font.face.data.isMapped && !font.face.isSanitized)
        #expect(Array(font.face.data) == [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        // proc(5): the mapping holding the face's first byte is read-only and shared ("r--s") and
        // maps that font file.
        let address = UInt(bitPattern: font.face.data.base)
        let line = try Self.maps().first { line in
            let range = line.split(separator: " ")[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            return range.count == 2 && range[0] <= address && address < range[1]
        }
        let fields = try #require(line).split(separator: " ", omittingEmptySubsequences: true)
        #expect(fields[1] == "r--s")
        #expect(fields.contains { $0.hasSuffix("/" + name) }, "\(fields)")
    }

    @Test("an untrusted file and bytes from memory are private copies")
    func untrustedAndMemoryFontsAreCopies() throws {
        let source = TestFonts.path("NotoSansHebrew-Regular.ttf")
        let folder = try TemporaryDirectory.make("font-bytes").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: source, toPath: folder + "/copy.ttf")
        let copy = try Font(path: folder + "/copy.ttf", size: 12)
        #expect(copy.face.isSanitized && !copy.face.data.isMapped)
        #expect(try Self.mappings(of: folder + "/copy.ttf").isEmpty)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let memory = try Font(data: bytes, size: 12, sanitization: .trusted)
        #expect(!memory.face.data.isMapped && Array(memory.face.data) == bytes)
        // The copy is the font's own: changing the caller's array afterwards changes nothing.
        var changed = bytes
        changed[0] ^= 0xFF
        #expect(Array(memory.face.data) == bytes)
    }

    @Test("what cannot be mapped gives no mapping, and Font(path:) says why")
    func unmappableFiles() throws {
        let folder = try TemporaryDirectory.make("font-bytes").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/empty.ttf", contents: Data())
        #expect(FontBytes(mapping: folder + "/missing.ttf") == nil)
        #expect(FontBytes(mapping: folder + "/empty.ttf") == nil)
        #expect(FontBytes(mapping: folder) == nil)
        #expect(throws: FontError.fileNotFound(path: folder + "/missing.ttf")) {
            try FontFileReader.map(path: folder + "/missing.ttf")
        }
        #expect(throws: FontError.notAFont(path: folder + "/empty.ttf")) {
            try FontFileReader.map(path: folder + "/empty.ttf")
        }
    }

    @Test("a face holds its mapping while it lives, and the last reader's release unmaps it")
    func mappingLivesAsLongAsItsReaders() throws {
        let folder = try TemporaryDirectory.make("font-bytes").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/mapped.ttf"
        try FileManager.default.copyItem(atPath: TestFonts.path("DejaVuSans.ttf"), toPath: path)
        var face: FontFace? = try FontFace(bytes: FontFileReader.map(path: path), faceIndex: 0, path: path)
        // Only HarfBuzz's blob and the face hold the bytes now; HarfBuzz still reads them.
        #expect(face?.glyph(for: "A") == 36)  // hb-shape --font-file DejaVuSans.ttf: A is glyph 36
        #expect(try !Self.mappings(of: path).isEmpty)
        face = nil
        #expect(try Self.mappings(of: path).isEmpty)
    }
}
