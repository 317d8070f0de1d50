// Per-glyph queries on arrays of glyphs: UTF-16 characters to glyphs (surrogate pairs),
// horizontal and vertical advances, vertical translations, bounding rects and optical bounds.
// Oracles: hb-shape (horizontal and --direction=ttb) and the AAT `opbd` specification.

import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("Glyph arrays like CTFontGetGlyphsForCharacters, CTFontGetAdvancesForGlyphs")
struct GlyphMetricsTests {
    static let texts = ["AVg", "Wa.ffi", "é@ "]

    // CTFontGetGlyphsForCharacters: "True if the font could encode all Unicode characters;
    // otherwise False. ... If a glyph could not be encoded, a value of 0 is passed back at the
    // corresponding index". For a surrogate pair Skia's SkFontHost_mac.cpp records CoreText's
    // behaviour: "When a surrogate pair is detected, the glyph index used is the index of the
    // high surrogate".
    @Test("glyphs(forCharacters:): one per UTF-16 unit, a surrogate pair's glyph at the high unit")
    func glyphsForUTF16Characters() throws {
        let emoji = try Font(path: TestFonts.notoColorEmoji, size: 12)
        let shaped = try HBShape.shape("😀", fontPath: TestFonts.notoColorEmoji, direction: "ltr")
        let result = emoji.glyphs(forCharacters: Array("😀".utf16))
        #expect(result.glyphs == [GlyphID(shaped[0].g), 0] && result.allMapped)
        let sans = try Font(path: TestFonts.dejaVuSans, size: 12)
        let mixed = sans.glyphs(forCharacters: Array("A\u{20000}".utf16) + [0xDC00])  // no CJK Ext. B
        let a = try HBShape.shape("A", fontPath: TestFonts.dejaVuSans, direction: "ltr")
        #expect(mixed.glyphs == [GlyphID(a[0].g), 0, 0, 0])
        #expect(!mixed.allMapped)
    }

    @Test("horizontal advances are hb-shape's x advances", arguments: texts)
    func horizontalAdvancesAreHbShapes(text: String) throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 20)
        let shaped = try HBShape.shape(text, fontPath: TestFonts.dejaVuSans, direction: "ltr", features: "-kern,-liga")
        let scale = 20.0 / CGFloat(font.unitsPerEm)
        let advances = font.advances(for: shaped.map { GlyphID($0.g) })
        #expect(advances == shaped.map { CGSize(width: CGFloat($0.ax) * scale, height: 0) })
        #expect(abs(font.totalAdvance(for: shaped.map { GlyphID($0.g) }) - advances.reduce(0) { $0 + $1.width }) < 1e-9)
    }

    // Vertical orientation: hb-shape --direction=ttb places each glyph with y_advance (negative,
    // downward) and offsets equal to minus its vertical origin, which is what
    // CTFontGetVerticalTranslationsForGlyphs returns ("the translations ... from the horizontal
    // origin to the vertical origin", applied when drawing vertical glyphs).
    @Test("vertical advances and translations are hb-shape --direction=ttb's", arguments: texts)
    func verticalMetricsAreHbShapeTTB(text: String) throws {
        for file in ["DejaVuSans.ttf", "DroidSansFallbackFull.ttf"] {
            let font = try Font(path: TestFonts.path(file), size: 16)
            let shaped = try HBShape.shape(
                text, fontPath: TestFonts.path(file), direction: "ttb", features: "-kern,-liga,-vert")
            let glyphs = shaped.map { GlyphID($0.g) }
            let scale = 16.0 / CGFloat(font.unitsPerEm)
            let advances = font.advances(for: glyphs, orientation: .vertical)
            // CoreText reports a vertical advance in `width` (WebKit's FontCocoa.mm uses
            // `advance.width` for kCTFontOrientationVertical as for horizontal); hb-shape's
            // y_advance is the same length, negative (downward).
            #expect(advances == shaped.map { CGSize(width: -CGFloat($0.ay) * scale, height: 0) }, "\(file)")
            #expect(font.totalAdvance(for: glyphs, orientation: .vertical) == advances.reduce(0) { $0 + $1.width })
            let translations = font.verticalTranslations(for: glyphs)
            #expect(
                translations == shaped.map { CGSize(width: CGFloat($0.dx) * scale, height: CGFloat($0.dy) * scale) })
            let rects = font.boundingRects(for: glyphs, orientation: .vertical)
            for (index, glyph) in glyphs.enumerated() where !font.boundingRect(for: glyph).isEmpty {
                let moved = font.boundingRect(for: glyph).offsetBy(
                    dx: translations[index].width, dy: translations[index].height)
                #expect(rects[index] == moved)
            }
        }
    }

    @Test("batch bounding rects are the single-glyph rects; the union skips empty glyphs")
    func batchBoundingRects() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 12)
        let glyphs = "Ag ".unicodeScalars.map { font.glyph(for: $0)! }
        #expect(font.boundingRects(for: glyphs) == glyphs.map(font.boundingRect(for:)))
        #expect(
            font.boundingRect(for: glyphs) == font.boundingRect(for: glyphs[0]).union(font.boundingRect(for: glyphs[1]))
        )
        #expect(font.boundingRect(for: [glyphs[2]]).isNull)
    }

    @Test("optical bounds without an opbd table are the advance box")
    func opticalBoundsWithoutOpbd() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 12)
        let glyphs = "AV".unicodeScalars.map { font.glyph(for: $0)! }
        let rects = font.opticalBounds(for: glyphs)
        for (glyph, rect) in zip(glyphs, rects) {
            #expect(
                rect
                    == CGRect(
                        x: 0, y: -font.descent, width: font.advance(for: glyph), height: font.ascent + font.descent))
        }
        #expect(font.opticalBound(for: glyphs).width == font.totalAdvance(for: glyphs))
    }

    // The 'opbd' table (Apple TrueType Reference Manual): "a left side delta of -50 associated
    // with an uppercase 'C' means that for those lines that start with that uppercase 'C' glyphs,
    // the glyph is to be shifted by 50 units to the left", so its optical left edge is 50 units
    // right of its origin; "Negative values indicate that the glyph should be moved left or down;
    // positive values indicate that the glyph should be moved right or up."
    @Test("an opbd table moves the edges by its deltas", arguments: [0, 2, 6, 8])
    func opticalBoundsFromOpbd(lookupFormat: Int) throws {
        let source = try Font(path: TestFonts.dejaVuSans, size: 2048)
        let glyph = source.glyph(for: "C")!
        let table = OpbdBuilder.table(
            glyph: glyph, deltas: (-50, 10, 30, -20), lookupFormat: lookupFormat, glyphCount: source.glyphCount)
        let bytes = try OpbdBuilder.adding(table: "opbd", bytes: table, to: TestFonts.dejaVuSans)
        // Trusted: OTS drops the tables it does not know, opbd among them.
        let font = try Font(data: bytes, size: 2048, sanitization: .trusted)  // 1 pt = 1 font unit
        let rect = font.opticalBounds(for: [glyph])[0]
        let advance = font.advance(for: glyph)
        #expect(rect.minX == 50 && rect.maxX == advance - 30)
        #expect(rect.maxY == font.ascent - 10 && rect.minY == -font.descent + 20)
        // "D" has no record (no entry, or offset 0 in the format-0 array): its advance box.
        let other = font.glyph(for: "D")!
        #expect(font.opticalBounds(for: [other])[0].width == font.advance(for: other))
    }
}

/// Builds an `opbd` table and splices it into a font file, for the optical-bounds test.
enum OpbdBuilder {
    static func be16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    /// Version 1.0, format 0 (distances), then a lookup table of format 6 (single table) or 8
    /// (trimmed array) giving `glyph` the offset of one OpticalBounds record.
    static func table(glyph: GlyphID, deltas: (Int16, Int16, Int16, Int16), lookupFormat: Int, glyphCount: Int)
        -> [UInt8]
    {
        // AAT lookup tables (TrueType Reference Manual, "Lookup Tables"): format 0 one value per
        // glyph; 2 segments (lastGlyph, firstGlyph, value) after a binary-search header; 6
        // (glyph, value) pairs after that header; 8 firstGlyph, glyphCount, values. The value is
        // the offset of an OpticalBounds record from the start of the opbd table.
        var lookup: [UInt8]
        switch lookupFormat {
        case 0: lookup = be16(0) + (0..<glyphCount).flatMap { _ in be16(0) }
        case 2:
            lookup =
                be16(2) + be16(6) + be16(1) + be16(6) + be16(0) + be16(0) + be16(Int(glyph)) + be16(Int(glyph))
                + be16(0)
        case 6: lookup = be16(6) + be16(4) + be16(1) + be16(4) + be16(0) + be16(0) + be16(Int(glyph)) + be16(0)
        default: lookup = be16(8) + be16(Int(glyph)) + be16(1) + be16(0)
        }
        let recordOffset = 6 + lookup.count
        let valueAt = lookupFormat == 0 ? 2 + 2 * Int(glyph) : lookup.count - 2
        lookup.replaceSubrange(valueAt..<(valueAt + 2), with: be16(recordOffset))
        let record = [deltas.0, deltas.1, deltas.2, deltas.3].flatMap { be16(Int(UInt16(bitPattern: $0))) }
        return be32(0x0001_0000) + be16(0) + lookup + record
    }

    /// The font file at `path` with one more table (the directory rebuilt, tables 4-aligned;
    /// checksums are not checked by FreeType or HarfBuzz).
    static func adding(table tag: String, bytes table: [UInt8], to path: String) throws -> [UInt8] {
        let source = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let count = Int(SFNTTables.u16(source, 4))
        var entries: [(tag: [UInt8], data: [UInt8])] = (0..<count).map { i in
            let record = 12 + 16 * i
            let offset = Int(SFNTTables.u32(source, record + 8))
            let length = Int(SFNTTables.u32(source, record + 12))
            return (Array(source[record..<(record + 4)]), Array(source[offset..<(offset + length)]))
        }
        entries.append((Array(tag.utf8), table))
        entries.sort { $0.tag.lexicographicallyPrecedes($1.tag) }
        var out = Array(source[0..<4]) + be16(entries.count) + be16(0) + be16(0) + be16(0)
        var offset = 12 + 16 * entries.count
        var body: [UInt8] = []
        for entry in entries {
            out += entry.tag + be32(0) + be32(offset) + be32(entry.data.count)
            var data = entry.data
            while data.count % 4 != 0 { data.append(0) }
            body += data
            offset += data.count
        }
        return out + body
    }
}
