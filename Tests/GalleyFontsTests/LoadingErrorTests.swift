// Bad font inputs each throw the documented FontError naming the file, and never crash.

import Foundation
import Testing
@testable import GalleyFonts

@Suite("Loading errors")
struct LoadingErrorTests {
    @Test("A missing file throws fileNotFound with its path")
    func missingFile() {
        let path = "/nonexistent/galley/NoSuchFont.ttf"
        #expect(throws: FontError.fileNotFound(path: path)) { try Font(path: path, size: 12) }
        #expect(FontError.fileNotFound(path: path).description.contains(path))
    }

    @Test("A directory throws unreadable naming the directory")
    func directory() throws {
        let dir = try TestFonts.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: FontError.unreadable(path: dir, reason: "it is a directory")) { try Font(path: dir, size: 12) }
    }

    @Test("A text file renamed .ttf, an empty file and truncated font bytes throw notAFont")
    func notAFont() throws {
        let dir = try TestFonts.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let text = (dir as NSString).appendingPathComponent("readme.ttf")
        try Data("This is not a font, only text.\n".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: FontError.notAFont(path: text)) { try Font(path: text, size: 12) }

        let empty = (dir as NSString).appendingPathComponent("empty.ttf")
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(throws: FontError.notAFont(path: empty)) { try Font(path: empty, size: 12) }

        // Truncations: inside the 12-byte header, inside the table directory, and half the file
        // (DejaVu Sans lists 20 tables spread over the whole 760 KB, so later ones fall outside).
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans)))
        for length in [3, 40, bytes.count / 2, bytes.count - 1] {
            let truncated = (dir as NSString).appendingPathComponent("truncated-\(length).ttf")
            try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: truncated))
            #expect(throws: FontError.notAFont(path: truncated)) { try Font(path: truncated, size: 12) }
            #expect(throws: FontError.notAFont(path: "<memory>")) { try Font(data: Array(bytes.prefix(length)), size: 12) }
        }
    }

    @Test("Random bytes behind a valid SFNT header throw notAFont")
    func garbageWithHeader() {
        // sfnt version 0x00010000, numTables 1, then a directory entry for 'head' pointing past the end.
        var bytes: [UInt8] = [0, 1, 0, 0, 0, 1, 0, 16, 0, 0, 0, 0]
        bytes += Array("head".utf8) + [0, 0, 0, 0] + [0, 0, 1, 0] + [0, 0, 0, 54]
        #expect(throws: FontError.notAFont(path: "<memory>")) { try Font(data: bytes, size: 12) }
        #expect(throws: FontError.notAFont(path: "<memory>")) { try Font(data: [], size: 12) }
    }

    @Test("A face index beyond the file's faces throws faceIndexOutOfRange with the face count")
    func faceIndexOutOfRange() {
        // A single .ttf holds exactly one face (OpenType spec: only 'ttcf' files hold several).
        #expect(throws: FontError.faceIndexOutOfRange(path: TestFonts.dejaVuSans, index: 1, faceCount: 1)) {
            try Font(path: TestFonts.dejaVuSans, size: 12, faceIndex: 1)
        }
        #expect(throws: FontError.faceIndexOutOfRange(path: TestFonts.dejaVuSans, index: -1, faceCount: 1)) {
            try Font(path: TestFonts.dejaVuSans, size: 12, faceIndex: -1)
        }
    }

    @Test("A collection (.ttc) exposes each face; its face count bounds the index")
    func collectionFaces() throws {
        // fonts-noto-cjk's NotoSansCJK-Regular.ttc: `fc-scan --format '%{index} %{family[0]}\n'` lists
        // indexes 0..9 (JP, KR, SC, TC, HK and the Mono variants), so it has 10 faces.
        let ttc = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        try #require(FileManager.default.fileExists(atPath: ttc), "fonts-noto-cjk is a declared system dependency")
        let second = try Font(path: ttc, size: 12, faceIndex: 1)
        #expect(second.familyName.hasPrefix("Noto Sans CJK"))
        #expect(throws: FontError.faceIndexOutOfRange(path: ttc, index: 10, faceCount: 10)) {
            try Font(path: ttc, size: 12, faceIndex: 10)
        }
    }

    @Test("NaN, infinite, zero and negative sizes throw invalidSize", arguments: [Double.nan, .infinity, -.infinity, 0, -1, -0.0])
    func invalidSize(_ size: Double) throws {
        func isInvalidSize(_ error: FontError) -> Bool {
            if case .invalidSize(let value) = error {
                return value.isNaN ? size.isNaN : value == size
            }
            return false
        }
        #expect { try Font(path: TestFonts.dejaVuSans, size: CGFloat(size)) } throws: { isInvalidSize($0 as! FontError) }
        #expect { try Font(family: "DejaVu Sans", size: CGFloat(size)) } throws: { isInvalidSize($0 as! FontError) }
        let font = try Font(path: TestFonts.dejaVuSans, size: 12)
        #expect { try font.withSize(CGFloat(size)) } throws: { isInvalidSize($0 as! FontError) }
    }

    @Test("An unknown family throws familyNotFound naming the family")
    func unknownFamily() {
        let family = "Galley No Such Family 42"
        #expect(throws: FontError.familyNotFound(family: family, weight: 700, italic: true)) {
            try Font(family: family, weight: .bold, italic: true, size: 12)
        }
        #expect(FontError.familyNotFound(family: family, weight: 700, italic: true).description.contains(family))
    }
}
