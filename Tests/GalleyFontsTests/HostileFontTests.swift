// Hostile font files built in the test from a bundled font (truncated headers, table directories
// pointing past the end, huge table and glyph counts, a cmap subtable past its table, absurd
// unitsPerEm, broken variation axes, bit flips): each is rejected with a FontError naming the
// file, or loads and is used safely (finite metrics, glyph lookups, variation instances).

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

@Suite("Hostile font files")
struct HostileFontTests {
    /// A small real font (27 KB, 18 tables) whose tables the tests damage.
    static let hebrew = TestFonts.path("NotoSansHebrew-Regular.ttf")
    /// A variable font with one `fvar` axis (wght).
    static let inter = TestFonts.path("Inter-roman.var.ttf")

    /// The bytes of `path` and the offset of each table, by tag.
    static func load(_ path: String) throws -> (bytes: [UInt8], tables: [String: Int]) {
        let tables = try SFNTTables(path: path)
        return (tables.bytes, tables.tables.mapValues(\.offset))
    }

    /// Writes `value` big-endian into `bytes` at `offset` (`width` bytes).
    static func put(_ value: UInt32, at offset: Int, width: Int = 2, in bytes: inout [UInt8]) {
        for i in 0..<width {
            bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(width - 1 - i)))
        }
    }

    /// Loads `bytes` from a file named `name` and from memory, trusted (as they are, so that
    /// Galley's own checks, FreeType and HarfBuzz see them: the sanitizer's refusals are
    /// FontSanitizerTests'). Either both throw a FontError naming the file (or `<memory>`), or
    /// both load and the font answers every question with finite numbers. Returns whether the
    /// file was rejected.
    @discardableResult
    static func rejectedOrSafe(_ bytes: [UInt8], name: String, in dir: String) throws -> Bool {
        let path = (dir as NSString).appendingPathComponent(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fromFile: Font
        do {
            fromFile = try Font(path: path, size: 12, sanitization: .trusted)
        } catch {
            #expect(error.description.contains(path), "\(name): \(error)")
            #expect(throws: FontError.self) { try Font(data: bytes, size: 12, sanitization: .trusted) }
            return true
        }
        exercise(fromFile, name)
        exercise(try Font(data: bytes, size: 12, sanitization: .trusted), name)
        return false
    }

    /// Asks `font` for its metrics, glyphs, advances, bounds and variation instances.
    static func exercise(_ font: Font, _ name: String) {
        #expect((16...16384).contains(font.unitsPerEm), "\(name): unitsPerEm \(font.unitsPerEm)")
        for metric in [
            font.ascent, font.descent, font.leading, font.capHeight, font.xHeight, font.underlinePosition,
            font.underlineThickness, font.superscriptOffset, font.superscriptScale,
        ] {
            #expect(metric.isFinite, "\(name): a metric is \(metric)")
        }
        for scalar in "Aא1 \u{5D1}\u{10FFFF}".unicodeScalars {
            _ = font.covers(scalar)
            guard let glyph = font.glyph(for: scalar) else { continue }
            #expect(font.advance(for: glyph).isFinite, "\(name): advance")
            let box = font.boundingRect(for: glyph)
            #expect(box.isNull || (box.width.isFinite && box.origin.y.isFinite), "\(name): bounds \(box)")
        }
        for glyph in [0, 1, 65535, UInt32.max] as [GlyphID] {
            _ = font.advance(for: glyph)
            _ = font.boundingRect(for: glyph)
        }
        for axis in font.variationAxes {
            for value in [axis.minimum, axis.maximum, -1e9, 1e9, .nan] as [CGFloat] {
                let instance = font.withVariations([Font.Variation(tag: axis.tag, value: value)])
                #expect(instance.ascent.isFinite && instance.descent.isFinite, "\(name): instance metrics")
            }
        }
    }

    @Test("Every truncation of the 12-byte header is rejected, naming the file")
    func truncatedHeader() throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (bytes, _) = try Self.load(Self.hebrew)
        for length in 0...12 {
            #expect(try Self.rejectedOrSafe(Array(bytes.prefix(length)), name: "header-\(length).ttf", in: dir))
        }
    }

    @Test("A table directory longer than the file (numTables 0 or 65535) is rejected")
    func hugeTableCount() throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for count: UInt32 in [0, 0xFFFF, 200] {
            var (bytes, _) = try Self.load(Self.hebrew)
            Self.put(count, at: 4, in: &bytes)
            #expect(try Self.rejectedOrSafe(bytes, name: "numTables-\(count).ttf", in: dir))
        }
    }

    @Test("A table record whose offset or length runs past the end is rejected, naming the file")
    func tablePastEnd() throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (original, _) = try Self.load(Self.hebrew)
        // Record 5 is 'cmap' (records are sorted by tag): its offset at +8, its length at +12.
        let record = 12 + 16 * 5
        #expect(String(decoding: original[record..<record + 4], as: UTF8.self) == "cmap")
        for (field, value) in [(8, 0xFFFF_FFF0), (12, 0xFFFF_FFFF), (8, UInt32(original.count)), (12, 100_000)]
            as [(Int, UInt32)]
        {
            var bytes = original
            Self.put(value, at: record + field, width: 4, in: &bytes)
            #expect(try Self.rejectedOrSafe(bytes, name: "cmap-\(field)-\(value).ttf", in: dir))
        }
    }

    @Test("A cmap subtable offset past the end of the cmap table loads without its mapping")
    func cmapSubtablePastEnd() throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var (bytes, tables) = try Self.load(Self.hebrew)
        let cmap = tables["cmap"]!
        let subtables = Int(SFNTTables.u16(bytes, cmap + 2))
        for i in 0..<subtables {
            // Encoding record i: platformID, encodingID, then the subtable's 32-bit offset.
            Self.put(0xFFFF_FF00 - UInt32(i), at: cmap + 4 + 8 * i + 4, width: 4, in: &bytes)
        }
        if !(try Self.rejectedOrSafe(bytes, name: "cmap-subtables.ttf", in: dir)) {
            let font = try Font(data: bytes, size: 12, sanitization: .trusted)
            #expect(font.glyph(for: "א") == nil)
        }
    }

    @Test("Absurd unitsPerEm (0, 1, 65535) is replaced by a usable one", arguments: [0, 1, 0xFFFF] as [UInt32])
    func absurdUnitsPerEm(_ unitsPerEm: UInt32) throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var (bytes, tables) = try Self.load(Self.hebrew)
        Self.put(unitsPerEm, at: tables["head"]! + 18, in: &bytes)
        try Self.rejectedOrSafe(bytes, name: "upem-\(unitsPerEm).ttf", in: dir)
    }

    @Test("Zero glyphs is rejected; 65535 glyphs, or zero or huge hmtx counts, are used safely")
    func glyphCounts() throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var (bytes, tables) = try Self.load(Self.hebrew)
        Self.put(0, at: tables["maxp"]! + 4, in: &bytes)
        #expect(try Self.rejectedOrSafe(bytes, name: "numGlyphs-0.ttf", in: dir))
        for (table, offset, value) in [("maxp", 4, 0xFFFF), ("hhea", 34, 0), ("hhea", 34, 0xFFFF)]
            as [(String, Int, UInt32)]
        {
            (bytes, tables) = try Self.load(Self.hebrew)
            Self.put(value, at: tables[table]! + offset, in: &bytes)
            try Self.rejectedOrSafe(bytes, name: "\(table)-\(offset)-\(value).ttf", in: dir)
        }
    }

    @Test("A variable font with broken axes (min > max, default outside, huge counts) is used safely")
    func brokenAxes() throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (original, tables) = try Self.load(Self.inter)
        let fvar = tables["fvar"]!
        let axis = fvar + Int(SFNTTables.u16(original, fvar + 4))
        let edits: [(String, [(Int, UInt32, Int)])] = [
            ("min-above-max", [(axis + 4, 0x0384_0000, 4), (axis + 12, 0x0064_0000, 4)]),
            ("default-outside", [(axis + 8, 0x7FFF_0000, 4)]),
            ("negative-range", [(axis + 4, 0x8000_0000, 4), (axis + 12, 0xFFFF_0000, 4)]),
            ("axis-count-huge", [(fvar + 8, 0xFFFF, 2)]),
            ("axis-size-zero", [(fvar + 10, 0, 2)]),
            ("axes-offset-past-end", [(fvar + 4, 0xFFFF, 2)]),
            ("instance-count-huge", [(fvar + 12, 0xFFFF, 2)]),
        ]
        for (name, patches) in edits {
            var bytes = original
            for (offset, value, width) in patches { Self.put(value, at: offset, width: width, in: &bytes) }
            try Self.rejectedOrSafe(bytes, name: "fvar-\(name).ttf", in: dir)
        }
    }

    @Test("A collection with a huge face count or a face offset past the end is rejected, naming the file")
    func hostileCollection() throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (font, _) = try Self.load(Self.hebrew)
        let header: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0]
        // numFonts 0xFFFFFFFF with one offset; then one face whose offset is past the end.
        #expect(
            try Self.rejectedOrSafe(
                header + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 16] + font, name: "ttc-count.ttc", in: dir))
        #expect(
            try Self.rejectedOrSafe(
                header + [0, 0, 0, 1, 0x7F, 0xFF, 0xFF, 0xFF] + font, name: "ttc-offset.ttc", in: dir))
    }

    @Test("Bit flips across a whole font file are rejected or used safely")
    func bitFlips() throws {
        let dir = try TemporaryDirectory.make().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (original, _) = try Self.load(Self.hebrew)
        // Every byte of the header and table directory, then every 89th byte of the tables.
        let directoryEnd = 12 + 16 * Int(SFNTTables.u16(original, 4))
        let offsets = Array(0..<directoryEnd) + Array(stride(from: directoryEnd, to: original.count, by: 89))
        var rejected = 0
        for offset in offsets {
            var bytes = original
            bytes[offset] ^= offset.isMultiple(of: 2) ? 0xFF : 0x80
            if try Self.rejectedOrSafe(bytes, name: "flip-\(offset).ttf", in: dir) { rejected += 1 }
        }
        #expect(rejected > 0 && rejected < offsets.count)
    }
}
