// WebFontDecoder: trusted WOFF and WOFF2 bytes decoded by FreeType into a plain SFNT, table by
// table, for HarfBuzz (which reads only SFNT). Untrusted web fonts are decoded by the sanitizer.

import CFreeType

/// Decodes a WOFF or WOFF2 font the caller trusts: FreeType opens it (it inflates WOFF's zlib
/// tables and reverses WOFF2's Brotli and glyf/loca transforms), every table is read back with
/// `FT_Load_Sfnt_Table`, and the tables are written as one SFNT with a fresh table directory.
enum WebFontDecoder {
    /// The SFNT of face `faceIndex` of the web font `data` (one face: a WOFF2 collection gives
    /// the face asked for, at index 0 of the result).
    /// - Throws: `.notAFont(path: name)` when FreeType cannot open the font or read a table.
    static func decode(_ data: [UInt8], faceIndex: Int, name: String) throws(FontError) -> [UInt8] {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .notAFont(path: name) }
        defer { FT_Done_FreeType(library) }
        let tables = data.withUnsafeBufferPointer { buffer -> [(tag: UInt32, bytes: [UInt8])]? in
            var face: FT_Face?
            guard let base = buffer.baseAddress, faceIndex >= 0,
                FT_New_Memory_Face(library, base, FT_Long(buffer.count), FT_Long(faceIndex), &face) == 0,
                let face
            else { return nil }
            defer { FT_Done_Face(face) }
            return readTables(of: face)
        }
        guard var tables, !tables.isEmpty else { throw .notAFont(path: name) }
        if FontFileFormat(data) == .woff2 { repairLocaEnd(&tables) }
        return assemble(tables)
    }

    /// Sets the last `loca` entry (the end of the last glyph) to the length of `glyf`.
    /// FreeType 2.12's WOFF2 reconstruction writes a wrong value there (past the end of `glyf`
    /// for NotoSansHebrew and DejaVu Sans Mono), so HarfBuzz would take the last glyph as empty;
    /// every other entry is the glyph's own offset.
    static func repairLocaEnd(_ tables: inout [(tag: UInt32, bytes: [UInt8])]) {
        guard let head = tables.first(where: { $0.tag == SFNTDirectory.tag("head") })?.bytes, head.count >= 54,
            let glyf = tables.first(where: { $0.tag == SFNTDirectory.tag("glyf") })?.bytes,
            let locaIndex = tables.firstIndex(where: { $0.tag == SFNTDirectory.tag("loca") })
        else { return }
        var loca = tables[locaIndex].bytes
        let long = head[50] != 0 || head[51] != 0  // head.indexToLocFormat: 1 for 32-bit offsets
        let width = long ? 4 : 2
        guard loca.count >= 2 * width else { return }
        let end = long ? UInt32(glyf.count) : UInt32(glyf.count / 2)
        guard end <= (long ? UInt32.max : 0xFFFF) else { return }
        for k in 0..<width {
            loca[loca.count - width + k] = UInt8(truncatingIfNeeded: end >> UInt32(8 * (width - 1 - k)))
        }
        tables[locaIndex].bytes = loca
    }

    /// Every table of `face`, by tag, as FreeType decoded it; nil when one cannot be read.
    private static func readTables(of face: FT_Face) -> [(tag: UInt32, bytes: [UInt8])]? {
        var count: FT_ULong = 0
        guard FT_Sfnt_Table_Info(face, 0, nil, &count) == 0 else { return nil }
        var tables: [(tag: UInt32, bytes: [UInt8])] = []
        for index in 0..<count {
            var tag: FT_ULong = 0
            var length: FT_ULong = 0
            guard FT_Sfnt_Table_Info(face, FT_UInt(index), &tag, &length) == 0, length < 1 << 30 else { return nil }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            if length > 0 {
                var size = length
                let error = bytes.withUnsafeMutableBufferPointer {
                    FT_Load_Sfnt_Table(face, tag, 0, $0.baseAddress, &size)
                }
                guard error == 0, size == length else { return nil }
            }
            tables.append((UInt32(truncatingIfNeeded: tag), bytes))
        }
        return tables
    }

    /// One SFNT holding `tables`: the header (`OTTO` when there is a CFF table, else
    /// 0x00010000), the table records sorted by tag with their checksums, then each table
    /// padded to four bytes (OpenType spec, "Organization of an OpenType font").
    static func assemble(_ tables: [(tag: UInt32, bytes: [UInt8])]) -> [UInt8] {
        let sorted = tables.sorted { $0.tag < $1.tag }
        var out: [UInt8] = []
        func put(_ value: UInt32, _ width: Int) {
            for shift in stride(from: 8 * (width - 1), through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
            }
        }
        let count = sorted.count
        var entrySelector = 0
        while 1 << (entrySelector + 1) <= count { entrySelector += 1 }
        let searchRange = (1 << entrySelector) * 16
        let isCFF = sorted.contains { $0.tag == SFNTDirectory.tag("CFF ") || $0.tag == SFNTDirectory.tag("CFF2") }
        put(isCFF ? SFNTDirectory.tag("OTTO") : 0x0001_0000, 4)
        for field in [count, searchRange, entrySelector, count * 16 - searchRange] { put(UInt32(field), 2) }
        var offset = 12 + 16 * count
        for table in sorted {
            for field in [table.tag, checksum(table.bytes), UInt32(offset), UInt32(table.bytes.count)] { put(field, 4) }
            offset += (table.bytes.count + 3) & ~3
        }
        for table in sorted {
            out += table.bytes
            out += [UInt8](repeating: 0, count: (4 - table.bytes.count % 4) % 4)
        }
        return out
    }

    /// The OpenType table checksum: the sum of the table's big-endian 32-bit words, zero-padded.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < bytes.count {
            var word: UInt32 = 0
            for k in 0..<4 { word = word << 8 | UInt32(index + k < bytes.count ? bytes[index + k] : 0) }
            sum &+= word
            index += 4
        }
        return sum
    }
}
