// Reads metrics straight from a font file's tables (an independent reference for the renderer's
// decoration positions and for text measurement): head.unitsPerEm, post.underlinePosition and
// underlineThickness, OS/2 yStrikeoutSize, yStrikeoutPosition and fsSelection, hhea ascender,
// descender and lineGap, and the hmtx advance of each character through the cmap.
import Foundation

/// The metrics of a TrueType/OpenType file, in font units, as the tables store them.
struct FontTables {
    let unitsPerEm: Int
    /// post offset 8 (FWORD): the top of the underline, negative below the baseline (OpenType spec).
    let underlinePosition: Int
    /// post offset 10 (FWORD).
    let underlineThickness: Int
    /// OS/2 offset 26 (FWORD).
    let strikeoutSize: Int
    /// OS/2 offset 28 (FWORD): the top of the strikeout stroke above the baseline.
    let strikeoutPosition: Int
    /// OS/2 fsSelection bit 7: the typo metrics, not hhea's, give the line's ascent and descent.
    let usesTypoMetrics: Bool
    /// hhea offset 4 (FWORD): the ascent above the baseline.
    let ascender: Int
    /// hhea offset 6 (FWORD): the descent, negative below the baseline.
    let descender: Int
    /// hhea offset 8 (FWORD): the extra space between lines.
    let lineGap: Int
    /// The glyph that the cmap's Unicode BMP subtable (format 4) maps each character asked for to.
    let glyphs: [Character: Int]
    /// The hmtx advance width of each of those glyphs.
    let advances: [Character: Int]

    init(path: String, advancesOf characters: String = "") throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        func i16(_ o: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(o)))) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        // The table directory: numTables at 4, 16-byte records from 12 (tag, checksum, offset, length).
        var tables: [String: Int] = [:]
        for i in 0..<u16(4) {
            let r = 12 + 16 * i
            tables[String(decoding: bytes[r..<r + 4], as: UTF8.self)] = u32(r + 8)
        }
        guard let head = tables["head"], let post = tables["post"], let os2 = tables["OS/2"],
            let hhea = tables["hhea"], let hmtx = tables["hmtx"], let cmap = tables["cmap"]
        else {
            throw CocoaError(.fileReadCorruptFile)
        }
        unitsPerEm = u16(head + 18)
        underlinePosition = i16(post + 8)
        underlineThickness = i16(post + 10)
        strikeoutSize = i16(os2 + 26)
        strikeoutPosition = i16(os2 + 28)
        usesTypoMetrics = u16(os2 + 62) & 0x80 != 0
        ascender = i16(hhea + 4)
        descender = i16(hhea + 6)
        lineGap = i16(hhea + 8)
        let longMetrics = u16(hhea + 34)
        // cmap: version, numTables, then (platformID, encodingID, offset) records; Windows Unicode BMP is (3, 1).
        var bmp: Int?
        for i in 0..<u16(cmap + 2) {
            let r = cmap + 4 + 8 * i
            if u16(r) == 3, u16(r + 2) == 1 { bmp = cmap + u32(r + 4) }
        }
        var glyphs: [Character: Int] = [:], advances: [Character: Int] = [:]
        if let sub = bmp, u16(sub) == 4 {
            // Format 4: segCountX2 at 6, then endCode[], a pad, startCode[], idDelta[], idRangeOffset[].
            let segments = u16(sub + 6) / 2
            let ends = sub + 14, starts = ends + 2 * segments + 2
            let deltas = starts + 2 * segments, rangeOffsets = deltas + 2 * segments
            func glyph(_ c: Int) -> Int {
                for s in 0..<segments where c <= u16(ends + 2 * s) {
                    guard c >= u16(starts + 2 * s) else { return 0 }
                    let ro = u16(rangeOffsets + 2 * s)
                    if ro == 0 { return (c + u16(deltas + 2 * s)) & 0xFFFF }
                    let g = u16(rangeOffsets + 2 * s + ro + 2 * (c - u16(starts + 2 * s)))
                    return g == 0 ? 0 : (g + u16(deltas + 2 * s)) & 0xFFFF
                }
                return 0
            }
            for character in characters {
                guard let scalar = character.unicodeScalars.first, scalar.value <= 0xFFFF else { continue }
                let g = glyph(Int(scalar.value))
                glyphs[character] = g
                // Glyphs past the long metrics share the last advance.
                advances[character] = u16(hmtx + 4 * min(g, longMetrics - 1))
            }
        }
        self.glyphs = glyphs
        self.advances = advances
    }
}
