// Bounds-checked reading of an SFNT (TrueType/OpenType) file's table directory and big-endian fields.
//
// FreeType and HarfBuzz both tolerate damaged files by quietly dropping tables, so a truncated
// font would "load" with missing glyphs. Galley checks the directory itself first: every table
// the directory lists must lie inside the file, and the tables that layout needs must exist.

/// Big-endian reads from a byte slice, returning nil instead of trapping when out of bounds.
struct BigEndianBytes {
    let bytes: ArraySlice<UInt8>

    /// The unsigned 16-bit value at `offset` from the start of the slice.
    func uint16(at offset: Int) -> UInt16? {
        let i = bytes.startIndex + offset
        guard offset >= 0, i + 2 <= bytes.endIndex else { return nil }
        return UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
    }

    /// The signed 16-bit value at `offset`.
    func int16(at offset: Int) -> Int16? {
        uint16(at: offset).map { Int16(bitPattern: $0) }
    }

    /// The unsigned 32-bit value at `offset`.
    func uint32(at offset: Int) -> UInt32? {
        guard let hi = uint16(at: offset), let lo = uint16(at: offset + 2) else { return nil }
        return UInt32(hi) << 16 | UInt32(lo)
    }
}

/// The table directory of one face of an SFNT file (a `.ttf`, `.otf`, or one face of a `.ttc`).
struct SFNTDirectory {
    /// Table ranges within the whole file, by tag.
    let tables: [UInt32: Range<Int>]

    /// The four-byte tag for a table name such as `"OS/2"`.
    static func tag(_ name: String) -> UInt32 {
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The tables every face needs for Galley's metrics, mapping and advances.
    static let requiredTables = ["head", "hhea", "hmtx", "maxp", "cmap"]

    /// The number of faces in the file: the `numFonts` of a TrueType collection, 1 for a single
    /// TrueType/OpenType font, or nil if the bytes are not SFNT data at all.
    static func faceCount(of bytes: some RandomAccessCollection<UInt8>) -> Int? {
        let reader = BigEndianBytes(bytes: ArraySlice(bytes.prefix(12)))
        guard let version = reader.uint32(at: 0) else { return nil }
        switch version {
        case tag("ttcf"):
            guard let count = reader.uint32(at: 8), count > 0,
                12 + 4 * Int(count) <= bytes.count
            else { return nil }
            return Int(count)
        case 0x0001_0000, tag("OTTO"), tag("true"):
            return 1
        default:
            return nil
        }
    }

    /// Reads and checks the directory of face `faceIndex` (already known to be in range).
    /// Returns nil if the directory or any table it lists runs past the end of the file,
    /// or a required table is missing.
    init?<Bytes: RandomAccessCollection<UInt8>>(bytes: Bytes, faceIndex: Int) where Bytes.Index == Int {
        let header = BigEndianBytes(bytes: ArraySlice(bytes.prefix(16 + 4 * max(0, faceIndex))))
        var start = 0
        if header.uint32(at: 0) == SFNTDirectory.tag("ttcf") {
            guard let offset = header.uint32(at: 12 + 4 * faceIndex) else { return nil }
            start = Int(offset)
        }
        guard start <= bytes.count - 12,
            let numTables = BigEndianBytes(bytes: ArraySlice(bytes[start..<start + 12])).uint16(at: 4),
            numTables > 0, start + 12 + 16 * Int(numTables) <= bytes.count
        else { return nil }
        // The directory's records alone, copied once (not the whole file).
        let reader = BigEndianBytes(bytes: ArraySlice(bytes[start..<start + 12 + 16 * Int(numTables)]))
        var tables: [UInt32: Range<Int>] = [:]
        for i in 0..<Int(numTables) {
            let entry = 12 + 16 * i
            guard let tag = reader.uint32(at: entry),
                let offset = reader.uint32(at: entry + 8),
                let length = reader.uint32(at: entry + 12)
            else { return nil }
            let end = Int(offset) + Int(length)
            guard end <= bytes.count else { return nil }
            tables[tag] = Int(offset)..<end
        }
        for name in SFNTDirectory.requiredTables where tables[SFNTDirectory.tag(name)] == nil {
            return nil
        }
        self.tables = tables
    }

    /// A copy of table `name` of `bytes` (the bytes this directory was read from), or nil if the
    /// face has no such table.
    func table<Bytes: RandomAccessCollection<UInt8>>(_ name: String, in bytes: Bytes) -> BigEndianBytes?
    where Bytes.Index == Int {
        guard let range = tables[SFNTDirectory.tag(name)] else { return nil }
        return BigEndianBytes(bytes: ArraySlice(bytes[range]))
    }
}
