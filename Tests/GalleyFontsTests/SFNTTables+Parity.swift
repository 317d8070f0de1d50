// More fields of the tests' own SFNT reader (OpenType specification table layouts), for the
// CoreText-parity tests: post, maxp, glyf contour counts, GSUB/GPOS feature lists, cmap.

extension SFNTTables {
    /// `post.italicAngle` (Fixed 16.16 at offset 4), in degrees.
    var italicAngle: Double {
        Double(Int32(bitPattern: SFNTTables.u32(bytes, tables["post"]!.offset + 4))) / 65536
    }
    /// `post.isFixedPitch` (uint32 at offset 12) is non-zero.
    var isFixedPitch: Bool { SFNTTables.u32(bytes, tables["post"]!.offset + 12) != 0 }
    /// `maxp.numGlyphs` (offset 4).
    var numGlyphs: Int { uint16("maxp", 4) }

    /// `numberOfContours` of `glyph` in `glyf` (through `loca`; `head.indexToLocFormat` at 50);
    /// 0 for an empty glyph.
    func contourCount(glyph: Int) -> Int {
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
    func featureTags(_ table: String) -> Set<String> {
        guard let base = tables[table]?.offset else { return [] }
        let list = base + Int(SFNTTables.u16(bytes, base + 6))
        let count = Int(SFNTTables.u16(bytes, list))
        return Set(
            (0..<count).map { i in
                String(decoding: bytes[(list + 2 + 6 * i)..<(list + 6 + 6 * i)], as: UTF8.self)
            })
    }
}
