// OpticalBoundsTable: the AAT `opbd` table (optical bounds deltas per glyph), read for
// CTFontGetOpticalBoundsForGlyphs.

/// A face's `opbd` table in format 0 (distances in font units). Lookup tables of format 0
/// (simple array), 2 (segment single), 6 (single table) and 8 (trimmed array) are read; format 4
/// and control-point tables (format 1) are treated as absent.
struct OpticalBoundsTable {
    let bytes: [UInt8]
    let glyphCount: Int

    /// The table of `face`, or nil when it has none or one Galley does not read.
    init?(bytes: [UInt8], glyphCount: Int) {
        let reader = BigEndianBytes(bytes: bytes[...])
        guard reader.uint32(at: 0) == 0x0001_0000, reader.uint16(at: 4) == 0 else { return nil }
        self.bytes = bytes
        self.glyphCount = glyphCount
    }

    /// (left, top, right, bottom) deltas of `glyph` in font units, or nil when the table has none.
    func deltas(for glyph: GlyphID) -> (Int16, Int16, Int16, Int16)? {
        let reader = BigEndianBytes(bytes: bytes[...])
        // An offset into the 6-byte header (0 in a format-0 array) names no record.
        guard let offset = lookup(glyph: Int(glyph), reader: reader), offset >= 6,
            let left = reader.int16(at: offset), let top = reader.int16(at: offset + 2),
            let right = reader.int16(at: offset + 4), let bottom = reader.int16(at: offset + 6)
        else { return nil }
        return (left, top, right, bottom)
    }

    /// The lookup table's value for `glyph` (an offset from the table start), or nil.
    private func lookup(glyph: Int, reader: BigEndianBytes) -> Int? {
        let base = 6
        guard let format = reader.uint16(at: base) else { return nil }
        switch format {
        case 0:
            guard glyph < glyphCount else { return nil }
            return reader.uint16(at: base + 2 + 2 * glyph).map(Int.init)
        case 2, 6:
            guard let unitSize = reader.uint16(at: base + 2), let count = reader.uint16(at: base + 4), unitSize >= 4
            else { return nil }
            for i in 0..<Int(count) {
                let entry = base + 12 + i * Int(unitSize)
                if format == 6 {
                    guard let g = reader.uint16(at: entry) else { return nil }
                    if Int(g) == glyph { return reader.uint16(at: entry + 2).map(Int.init) }
                } else {
                    guard let last = reader.uint16(at: entry), let first = reader.uint16(at: entry + 2) else {
                        return nil
                    }
                    if (Int(first)...Int(max(first, last))).contains(glyph) {
                        return reader.uint16(at: entry + 4).map(Int.init)
                    }
                }
            }
            return nil
        case 8:
            guard let first = reader.uint16(at: base + 2), let count = reader.uint16(at: base + 4),
                glyph >= Int(first), glyph < Int(first) + Int(count)
            else { return nil }
            return reader.uint16(at: base + 6 + 2 * (glyph - Int(first))).map(Int.init)
        default:
            return nil
        }
    }
}

extension FontFace {
    /// The face's `opbd` table when it has a readable one.
    var opticalBoundsTable: OpticalBoundsTable? {
        tableBytes("opbd").flatMap { OpticalBoundsTable(bytes: $0, glyphCount: glyphCount) }
    }
}
