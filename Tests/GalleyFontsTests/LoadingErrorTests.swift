// Bad font inputs each throw the documented FontError naming the file, and never crash.

import Foundation
import GalleyTestSupport
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
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: FontError.unreadable(path: dir, reason: "it is a directory")) { try Font(path: dir, size: 12) }
    }

    @Test("A text file renamed .ttf, an empty file and truncated font bytes throw notAFont")
    func notAFont() throws {
        let dir = try TemporaryDirectory.make().path
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
            #expect(throws: FontError.notAFont(path: "<memory>")) {
                try Font(data: Array(bytes.prefix(length)), size: 12)
            }
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
        // A two-face collection built here from the bundled DejaVu Sans and DejaVu Sans Bold, by the
        // OpenType 'ttcf' layout: header (tag, version 1.0, numFonts, one offset per font), then each
        // font's bytes with its table records' offsets made absolute within the collection.
        let fonts = [TestFonts.dejaVuSans, TestFonts.dejaVuSansBold].map {
            [UInt8](FileManager.default.contents(atPath: $0)!)
        }
        var ttc: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0] + be32(UInt32(fonts.count))
        var start = 12 + 4 * fonts.count
        for font in fonts {
            ttc += be32(UInt32(start))
            start += (font.count + 3) & ~3
        }
        for var font in fonts {
            let base = UInt32(ttc.count)
            let tables = Int(SFNTTables.u16(font, 4))
            for t in 0..<tables {
                let o = 12 + 16 * t + 8
                let patched = be32(SFNTTables.u32(font, o) + base)
                font.replaceSubrange(o..<(o + 4), with: patched)
            }
            ttc += font + [UInt8](repeating: 0, count: ((font.count + 3) & ~3) - font.count)
        }
        let path = try TemporaryDirectory.make().path + "/DejaVuPair.ttc"
        try Data(ttc).write(to: URL(fileURLWithPath: path))
        let first = try Font(path: path, size: 12, faceIndex: 0)
        let second = try Font(path: path, size: 12, faceIndex: 1)
        #expect(first.postScriptName == "DejaVuSans")
        #expect(second.postScriptName == "DejaVuSans-Bold")
        #expect(second.weight == .bold)
        #expect(throws: FontError.faceIndexOutOfRange(path: path, index: 2, faceCount: 2)) {
            try Font(path: path, size: 12, faceIndex: 2)
        }
    }

    private func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    @Test(
        "NaN, infinite, zero, negative and sizes above 10⁶ points (whose advances overflow) throw invalidSize",
        arguments: [Double.nan, .infinity, -.infinity, 0, -1, -0.0, 1_000_000.5, .greatestFiniteMagnitude])
    func invalidSize(_ size: Double) throws {
        func isInvalidSize(_ error: FontError) -> Bool {
            if case .invalidSize(let value) = error {
                return value.isNaN ? size.isNaN : value == size
            }
            return false
        }
        #expect { try Font(path: TestFonts.dejaVuSans, size: CGFloat(size)) } throws: {
            isInvalidSize($0 as! FontError)
        }
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
