// A deliberately tiny, separate reader of a font file's own SFNT tables, straight from the
// OpenType specification's table layouts (head, hhea, OS/2, post, maxp, glyf/loca, GSUB/GPOS
// feature lists, cmap format 4, hmtx), so that the metric, decoration and measurement tests do
// not trust the library's own parsing, FreeType or HarfBuzz.

import Foundation

/// The tables of one TrueType/OpenType file, read field by field (values in font units).
public struct SFNTTables {
    /// The whole file.
    public let bytes: [UInt8]
    /// tag → (offset, length)
    public let tables: [String: (offset: Int, length: Int)]

    /// Reads the table directory of the file at `path` (the first face of a collection is not
    /// looked for: the file must be a single font).
    public init(path: String) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var tables: [String: (Int, Int)] = [:]
        let numTables = Int(SFNTTables.u16(bytes, 4))
        for i in 0..<numTables {
            let entry = 12 + 16 * i
            let tag = String(decoding: bytes[entry..<entry + 4], as: UTF8.self)
            tables[tag] = (Int(SFNTTables.u32(bytes, entry + 8)), Int(SFNTTables.u32(bytes, entry + 12)))
        }
        self.tables = tables
    }

    /// The big-endian unsigned 16-bit value at byte `o` of `b`.
    public static func u16(_ b: [UInt8], _ o: Int) -> UInt16 { UInt16(b[o]) << 8 | UInt16(b[o + 1]) }
    /// The big-endian unsigned 32-bit value at byte `o` of `b`.
    public static func u32(_ b: [UInt8], _ o: Int) -> UInt32 { UInt32(u16(b, o)) << 16 | UInt32(u16(b, o + 2)) }

    /// Unsigned 16-bit field at `offset` within `table`.
    public func uint16(_ table: String, _ offset: Int) -> Int {
        Int(SFNTTables.u16(bytes, tables[table]!.offset + offset))
    }
    /// Signed 16-bit (FWORD) field at `offset` within `table`.
    public func int16(_ table: String, _ offset: Int) -> Int {
        Int(Int16(bitPattern: SFNTTables.u16(bytes, tables[table]!.offset + offset)))
    }

    // head (OpenType spec, 'head'): unitsPerEm @18, xMin @36, yMin @38, xMax @40, yMax @42, macStyle @44.
    /// `head.unitsPerEm`.
    public var unitsPerEm: Int { uint16("head", 18) }
    /// `head.xMin`.
    public var xMin: Int { int16("head", 36) }
    /// `head.yMin`.
    public var yMin: Int { int16("head", 38) }
    /// `head.xMax`.
    public var xMax: Int { int16("head", 40) }
    /// `head.yMax`.
    public var yMax: Int { int16("head", 42) }
    // hhea: ascender @4, descender @6, lineGap @8.
    /// `hhea.ascender`: the ascent above the baseline.
    public var hheaAscender: Int { int16("hhea", 4) }
    /// `hhea.descender`: the descent, negative below the baseline.
    public var hheaDescender: Int { int16("hhea", 6) }
    /// `hhea.lineGap`: the extra space between lines.
    public var hheaLineGap: Int { int16("hhea", 8) }
    // OS/2: version @0, usWeightClass @4, fsSelection @62, sTypoAscender @68, sTypoDescender @70,
    // sTypoLineGap @72, sxHeight @86 and sCapHeight @88 (version >= 2).
    /// `OS/2.version`.
    public var os2Version: Int { uint16("OS/2", 0) }
    /// `OS/2.usWeightClass`.
    public var weightClass: Int { uint16("OS/2", 4) }
    /// `OS/2.fsSelection`.
    public var fsSelection: Int { uint16("OS/2", 62) }
    /// `OS/2.sTypoAscender`.
    public var typoAscender: Int { int16("OS/2", 68) }
    /// `OS/2.sTypoDescender`.
    public var typoDescender: Int { int16("OS/2", 70) }
    /// `OS/2.sTypoLineGap`.
    public var typoLineGap: Int { int16("OS/2", 72) }
    /// `OS/2.sxHeight` (version 2 and later).
    public var xHeight: Int? { os2Version >= 2 ? int16("OS/2", 86) : nil }
    /// `OS/2.sCapHeight` (version 2 and later).
    public var capHeight: Int? { os2Version >= 2 ? int16("OS/2", 88) : nil }
    // OS/2: ySubscriptYSize @12, ySubscriptYOffset @16, ySuperscriptYSize @20, ySuperscriptYOffset @24,
    // yStrikeoutSize @26, yStrikeoutPosition @28 (all versions).
    /// `OS/2.ySubscriptYSize`.
    public var subscriptYSize: Int { int16("OS/2", 12) }
    /// `OS/2.ySubscriptYOffset`.
    public var subscriptYOffset: Int { int16("OS/2", 16) }
    /// `OS/2.ySuperscriptYSize`.
    public var superscriptYSize: Int { int16("OS/2", 20) }
    /// `OS/2.ySuperscriptYOffset`.
    public var superscriptYOffset: Int { int16("OS/2", 24) }
    /// `OS/2.yStrikeoutSize`: the strikeout stroke's thickness.
    public var strikeoutSize: Int { int16("OS/2", 26) }
    /// `OS/2.yStrikeoutPosition`: the top of the strikeout stroke above the baseline.
    public var strikeoutPosition: Int { int16("OS/2", 28) }
    // post: underlinePosition @8, underlineThickness @10.
    /// `post.underlinePosition`: the top of the underline, negative below the baseline.
    public var underlinePosition: Int { int16("post", 8) }
    /// `post.underlineThickness`.
    public var underlineThickness: Int { int16("post", 10) }

    /// USE_TYPO_METRICS is fsSelection bit 7.
    public var useTypoMetrics: Bool { fsSelection & 0x80 != 0 }
    /// The line ascent the OpenType spec says to use: typo values with USE_TYPO_METRICS, else hhea.
    public var lineAscender: Int { useTypoMetrics ? typoAscender : hheaAscender }
    /// The line descent the OpenType spec says to use (negative below the baseline).
    public var lineDescender: Int { useTypoMetrics ? typoDescender : hheaDescender }
    /// The line gap the OpenType spec says to use.
    public var lineGap: Int { useTypoMetrics ? typoLineGap : hheaLineGap }

    /// `post.italicAngle` (Fixed 16.16 at offset 4), in degrees.
    public var italicAngle: Double {
        Double(Int32(bitPattern: SFNTTables.u32(bytes, tables["post"]!.offset + 4))) / 65536
    }
    /// `post.isFixedPitch` (uint32 at offset 12) is non-zero.
    public var isFixedPitch: Bool { SFNTTables.u32(bytes, tables["post"]!.offset + 12) != 0 }
    /// `maxp.numGlyphs` (offset 4).
    public var numGlyphs: Int { uint16("maxp", 4) }

    /// `numberOfContours` of `glyph` in `glyf` (through `loca`; `head.indexToLocFormat` at 50);
    /// 0 for an empty glyph.
    public func contourCount(glyph: Int) -> Int {
        let long = int16("head", 50) == 1
        let loca = tables["loca"]!.offset
        let start =
            long ? Int(SFNTTables.u32(bytes, loca + 4 * glyph)) : 2 * Int(SFNTTables.u16(bytes, loca + 2 * glyph))
        let end =
            long
            ? Int(SFNTTables.u32(bytes, loca + 4 * glyph + 4)) : 2 * Int(SFNTTables.u16(bytes, loca + 2 * glyph + 2))
        guard end > start else { return 0 }
        return Int(Int16(bitPattern: SFNTTables.u16(bytes, tables["glyf"]!.offset + start)))
    }

    /// The feature tags of a `GSUB` or `GPOS` table's FeatureList (offset 6 of the header; a count,
    /// then 6-byte records starting with the tag).
    public func featureTags(_ table: String) -> Set<String> {
        guard let base = tables[table]?.offset else { return [] }
        let list = base + Int(SFNTTables.u16(bytes, base + 6))
        let count = Int(SFNTTables.u16(bytes, list))
        return Set(
            (0..<count).map { i in
                String(decoding: bytes[(list + 2 + 6 * i)..<(list + 6 + 6 * i)], as: UTF8.self)
            })
    }
}

// MARK: Characters and advances (cmap, hmtx)

extension SFNTTables {
    /// The start of the cmap's Windows Unicode BMP subtable (platform 3, encoding 1) when it is
    /// format 4; nil otherwise. (cmap: version, numTables, then (platformID, encodingID, offset)
    /// records.)
    var bmpSubtable: Int? {
        guard let cmap = tables["cmap"]?.offset else { return nil }
        var bmp: Int?
        for i in 0..<Int(SFNTTables.u16(bytes, cmap + 2)) {
            let r = cmap + 4 + 8 * i
            if SFNTTables.u16(bytes, r) == 3, SFNTTables.u16(bytes, r + 2) == 1 {
                bmp = cmap + Int(SFNTTables.u32(bytes, r + 4))
            }
        }
        guard let bmp, SFNTTables.u16(bytes, bmp) == 4 else { return nil }
        return bmp
    }

    /// The glyph that format-4 subtable `sub` maps the BMP code point `c` to (0 when none).
    func glyph(_ c: Int, format4 sub: Int) -> Int {
        func u16(_ o: Int) -> Int { Int(SFNTTables.u16(bytes, o)) }
        // Format 4: segCountX2 at 6, then endCode[], a pad, startCode[], idDelta[], idRangeOffset[].
        let segments = u16(sub + 6) / 2
        let ends = sub + 14, starts = ends + 2 * segments + 2
        let deltas = starts + 2 * segments, rangeOffsets = deltas + 2 * segments
        for s in 0..<segments where c <= u16(ends + 2 * s) {
            guard c >= u16(starts + 2 * s) else { return 0 }
            let ro = u16(rangeOffsets + 2 * s)
            if ro == 0 { return (c + u16(deltas + 2 * s)) & 0xFFFF }
            let g = u16(rangeOffsets + 2 * s + ro + 2 * (c - u16(starts + 2 * s)))
            return g == 0 ? 0 : (g + u16(deltas + 2 * s)) & 0xFFFF
        }
        return 0
    }

    /// The glyph that the cmap's Unicode BMP subtable (format 4) maps each character of
    /// `characters` to (0 when it maps it to none); characters outside the BMP, and every
    /// character of a font without that subtable, are left out.
    public func glyphs(of characters: String) -> [Character: Int] {
        guard let sub = bmpSubtable else { return [:] }
        var glyphs: [Character: Int] = [:]
        for character in characters {
            guard let scalar = character.unicodeScalars.first, scalar.value <= 0xFFFF else { continue }
            glyphs[character] = glyph(Int(scalar.value), format4: sub)
        }
        return glyphs
    }

    /// The hmtx advance width of `glyph` (glyphs past `hhea.numberOfHMetrics` share the last).
    public func advance(glyph: Int) -> Int {
        let longMetrics = uint16("hhea", 34)
        return Int(SFNTTables.u16(bytes, tables["hmtx"]!.offset + 4 * min(glyph, longMetrics - 1)))
    }

    /// The hmtx advance of each character of `characters` that ``glyphs(of:)`` maps.
    public func advances(of characters: String) -> [Character: Int] {
        glyphs(of: characters).mapValues { advance(glyph: $0) }
    }
}
