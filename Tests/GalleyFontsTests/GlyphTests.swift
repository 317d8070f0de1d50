// Glyph ids, advances and ink bounds checked against hb-shape's output for single characters.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

@Suite("Glyphs against hb-shape")
struct GlyphTests {
    /// One character and what hb-shape printed for it at `--font-size` = unitsPerEm, so the numbers
    /// are in font units. Generated with (libharfbuzz-bin 6.0.0, fonts from Fonts/):
    ///
    ///     hb-shape --shapers=fallback --font-funcs=ot --no-glyph-names --show-extents \
    ///              --font-size=<upem> <font> <text>
    ///
    /// The fallback shaper applies no GSUB, so each glyph is the cmap's nominal glyph.
    /// Output format: `[gid=cluster+x_advance<x_bearing,y_bearing,width,height>]`.
    struct Case: Sendable, CustomStringConvertible {
        let file: String
        let scalar: Unicode.Scalar
        let glyph: GlyphID
        let advance: Int
        let extents: (xBearing: Int, yBearing: Int, width: Int, height: Int)
        var description: String {
            "\((file as NSString).lastPathComponent) U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
    }

    static let cases: [Case] = [
        // DejaVuSans.ttf "AgéΩ" → [36=0+1401<16,1493,1368,-1493>|74=1+1300<113,1147,1001,-1573>|
        //                          171=2+1260<113,1638,1038,-1667>|830=3+1565<78,1511,1409,-1511>]
        Case(file: TestFonts.dejaVuSans, scalar: "A", glyph: 36, advance: 1401, extents: (16, 1493, 1368, -1493)),
        Case(file: TestFonts.dejaVuSans, scalar: "g", glyph: 74, advance: 1300, extents: (113, 1147, 1001, -1573)),
        Case(file: TestFonts.dejaVuSans, scalar: "é", glyph: 171, advance: 1260, extents: (113, 1638, 1038, -1667)),
        Case(file: TestFonts.dejaVuSans, scalar: "Ω", glyph: 830, advance: 1565, extents: (78, 1511, 1409, -1511)),
        // DejaVuSans-Bold.ttf "A" → [36=0+1585<10,1493,1565,-1493>]
        Case(file: TestFonts.dejaVuSansBold, scalar: "A", glyph: 36, advance: 1585, extents: (10, 1493, 1565, -1493)),
        // NotoSansArabic-Regular.ttf "بشا" (shown in logical order; output is visual, RTL)
        // → [46=2+238<72,714,101,-714>|1167=1+1209<30,644,1129,-876>|100=0+993<30,403,913,-614>]
        Case(
            file: TestFonts.notoSansArabic, scalar: "\u{0628}", glyph: 100, advance: 993, extents: (30, 403, 913, -614)),
        Case(
            file: TestFonts.notoSansArabic, scalar: "\u{0634}", glyph: 1167, advance: 1209,
            extents: (30, 644, 1129, -876)),
        Case(
            file: TestFonts.notoSansArabic, scalar: "\u{0627}", glyph: 46, advance: 238, extents: (72, 714, 101, -714)),
        // DroidSansFallbackFull.ttf (upem 256) "中あア"
        // → [7109=0+256<28,208,201,-233>|117=1+256<27,199,202,-215>|208=2+256<27,188,208,-204>]
        Case(file: TestFonts.droidSansFallback, scalar: "中", glyph: 7109, advance: 256, extents: (28, 208, 201, -233)),
        Case(file: TestFonts.droidSansFallback, scalar: "あ", glyph: 117, advance: 256, extents: (27, 199, 202, -215)),
        Case(file: TestFonts.droidSansFallback, scalar: "ア", glyph: 208, advance: 256, extents: (27, 188, 208, -204)),
        // NotoColorEmoji.ttf "😀❤" → [883=0+2550<0,1898,2555,-2405>|168=1+2550<0,1898,2555,-2405>]
        Case(file: TestFonts.notoColorEmoji, scalar: "😀", glyph: 883, advance: 2550, extents: (0, 1898, 2555, -2405)),
        Case(
            file: TestFonts.notoColorEmoji, scalar: "\u{2764}", glyph: 168, advance: 2550,
            extents: (0, 1898, 2555, -2405)),
    ]

    @Test("Glyph id, advance and ink bounds", arguments: cases)
    func glyphMatchesHBShape(_ testCase: Case) throws {
        let size = 15.0
        let font = try Font(path: testCase.file, size: CGFloat(size))
        let scale = size / Double(font.unitsPerEm)
        let glyph = try #require(font.glyph(for: testCase.scalar))
        #expect(glyph == testCase.glyph)
        #expect(font.covers(testCase.scalar))
        #expect(abs(Double(font.advance(for: glyph)) - Double(testCase.advance) * scale) < 1e-9)
        // hb extents: y_bearing is the top, height negative; CoreText rect is y-up from the bottom.
        let e = testCase.extents
        let rect = font.boundingRect(for: glyph)
        #expect(abs(Double(rect.minX) - Double(e.xBearing) * scale) < 1e-9)
        #expect(abs(Double(rect.maxY) - Double(e.yBearing) * scale) < 1e-9)
        #expect(abs(Double(rect.width) - Double(e.width) * scale) < 1e-9)
        #expect(abs(Double(rect.height) - Double(-e.height) * scale) < 1e-9)
    }

    @Test("Characters absent from the cmap have no glyph")
    func missingGlyphs() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 12)
        // U+4E2D (中) is CJK; DejaVu Sans has no CJK ideographs (fc-query's charset has no 4e00 block).
        #expect(font.glyph(for: "中") == nil)
        #expect(!font.covers("中"))
        // U+0378 is unassigned (UnicodeData.txt has no entry), so no font maps it.
        #expect(font.glyph(for: "\u{0378}") == nil)
    }

    @Test("Glyph ids beyond the font's glyph count give zero advance and empty bounds")
    func outOfRangeGlyph() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 12)
        #expect(font.advance(for: 1_000_000) == 0)
        #expect(font.boundingRect(for: 1_000_000) == .zero)
        #expect(font.advance(for: .max) == 0)
    }
}

@Suite("Coverage")
struct CoverageTests {
    /// `covers` answers Basic Multilingual Plane code points from a bitset filled when the face
    /// loads (from `hb_face_collect_unicodes`); it agrees with a direct cmap lookup (`glyph(for:)`)
    /// for every BMP code point, in each bundled face. Above the BMP `covers` is that lookup itself,
    /// so it is checked against fontconfig instead (below).
    @Test(arguments: [
        TestFonts.dejaVuSans, TestFonts.notoSansArabic, TestFonts.droidSansFallback, TestFonts.notoColorEmoji,
    ])
    func bmpCoverageAgreesWithCmap(_ file: String) throws {
        let font = try Font(path: file, size: 12)
        var mismatches = 0
        for value in UInt32(0)..<0x10000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if font.covers(scalar) != (font.glyph(for: scalar) != nil) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// The part of a face's charset at U+10000 and above, as fontconfig reports it.
    struct Charset: Sendable, CustomStringConvertible {
        let file: String
        /// fc-query's ranges, hex, inclusive, separated by spaces.
        let ranges: String
        var description: String { (file as NSString).lastPathComponent }

        /// Every code point the ranges list.
        var scalars: Set<UInt32> {
            var set: Set<UInt32> = []
            for range in ranges.split(separator: " ") {
                let ends = range.split(separator: "-").map { UInt32($0, radix: 16)! }
                set.formUnion(ends[0]...ends[ends.count - 1])
            }
            return set
        }
    }

    /// Copied from fontconfig 2.14.1's `fc-query --format='%{charset}\n' Fonts/<file>`, keeping
    /// the ranges that start at U+10000 or above (none start below and end above).
    static let supplementaryCharsets: [Charset] = [
        Charset(
            file: TestFonts.dejaVuSans,
            ranges: """
                10300-1031e 10320-10323 1d300-1d356 1d538-1d539 1d53b-1d53e 1d540-1d544 1d546 1d54a-1d550 \
                1d552-1d56b 1d5a0-1d5d3 1d7d8-1d7eb 1ee00-1ee03 1ee05-1ee1f 1ee21-1ee22 1ee24 1ee27 1ee29-1ee32 \
                1ee34-1ee37 1ee39 1ee3b 1ee61-1ee62 1ee64 1ee67-1ee6a 1ee6c-1ee72 1ee74-1ee77 1ee79-1ee7c 1ee7e \
                1f030-1f093 1f0a0-1f0ae 1f0b1-1f0be 1f0c1-1f0cf 1f0d1-1f0df 1f311-1f318 1f42d-1f42e 1f431 1f435 \
                1f600-1f623 1f625-1f62b 1f62d-1f640 1f643
                """),
        Charset(file: TestFonts.notoSansArabic, ranges: ""),
        Charset(file: TestFonts.droidSansFallback, ranges: "10400 10428 1044d-1044f"),
        Charset(
            file: TestFonts.notoColorEmoji,
            ranges: """
                1f004 1f0cf 1f170-1f171 1f17e-1f17f 1f18e 1f191-1f19a 1f1e6-1f1ff 1f201-1f202 1f21a 1f22f \
                1f232-1f23a 1f250-1f251 1f300-1f321 1f324-1f393 1f396-1f397 1f399-1f39b 1f39e-1f3f0 1f3f3-1f3f5 \
                1f3f7-1f4fd 1f4ff-1f53d 1f549-1f54e 1f550-1f567 1f56f-1f570 1f573-1f57a 1f587 1f58a-1f58d 1f590 \
                1f595-1f596 1f5a4-1f5a5 1f5a8 1f5b1-1f5b2 1f5bc 1f5c2-1f5c4 1f5d1-1f5d3 1f5dc-1f5de 1f5e1 1f5e3 \
                1f5e8 1f5ef 1f5f3 1f5fa-1f64f 1f680-1f6c5 1f6cb-1f6d2 1f6d5-1f6d7 1f6dc-1f6e5 1f6e9 1f6eb-1f6ec \
                1f6f0 1f6f3-1f6fc 1f7e0-1f7eb 1f7f0 1f90c-1f93a 1f93c-1f945 1f947-1f9ff 1fa70-1fa7c 1fa80-1fa88 \
                1fa90-1fabd 1fabf-1fac5 1face-1fadb 1fae0-1fae8 1faf0-1faf8 e0030-e0039 e0061-e007a e007f \
                fe4e5-fe4ee fe82c fe82e-fe837
                """),
    ]

    @Test("covers above the BMP matches fc-query's charset", arguments: supplementaryCharsets)
    func supplementaryCoverageMatchesFontconfig(_ charset: Charset) throws {
        let font = try Font(path: charset.file, size: 12)
        let expected = charset.scalars
        var mismatches: [UInt32] = []
        for value in UInt32(0x10000)...0x10FFFF where font.covers(Unicode.Scalar(value)!) != expected.contains(value) {
            mismatches.append(value)
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(8).map { String($0, radix: 16) })")
    }
}
