// Glyph ids, advances and ink bounds checked against hb-shape's output for single characters.

import Foundation
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
        var description: String { "\((file as NSString).lastPathComponent) U+\(String(scalar.value, radix: 16, uppercase: true))" }
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
        Case(file: TestFonts.notoSansArabic, scalar: "\u{0628}", glyph: 100, advance: 993, extents: (30, 403, 913, -614)),
        Case(file: TestFonts.notoSansArabic, scalar: "\u{0634}", glyph: 1167, advance: 1209, extents: (30, 644, 1129, -876)),
        Case(file: TestFonts.notoSansArabic, scalar: "\u{0627}", glyph: 46, advance: 238, extents: (72, 714, 101, -714)),
        // DroidSansFallbackFull.ttf (upem 256) "中あア"
        // → [7109=0+256<28,208,201,-233>|117=1+256<27,199,202,-215>|208=2+256<27,188,208,-204>]
        Case(file: TestFonts.droidSansFallback, scalar: "中", glyph: 7109, advance: 256, extents: (28, 208, 201, -233)),
        Case(file: TestFonts.droidSansFallback, scalar: "あ", glyph: 117, advance: 256, extents: (27, 199, 202, -215)),
        Case(file: TestFonts.droidSansFallback, scalar: "ア", glyph: 208, advance: 256, extents: (27, 188, 208, -204)),
        // NotoColorEmoji.ttf "😀❤" → [883=0+2550<0,1898,2555,-2405>|168=1+2550<0,1898,2555,-2405>]
        Case(file: TestFonts.notoColorEmoji, scalar: "😀", glyph: 883, advance: 2550, extents: (0, 1898, 2555, -2405)),
        Case(file: TestFonts.notoColorEmoji, scalar: "\u{2764}", glyph: 168, advance: 2550, extents: (0, 1898, 2555, -2405)),
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
    /// `covers` (a bitset for the BMP) agrees with a direct cmap lookup (`glyph(for:)`) for every
    /// BMP code point and a sample of supplementary ones, in each bundled face.
    @Test(arguments: [TestFonts.dejaVuSans, TestFonts.notoSansArabic, TestFonts.droidSansFallback, TestFonts.notoColorEmoji])
    func coverageAgreesWithCmap(_ file: String) throws {
        let font = try Font(path: file, size: 12)
        var mismatches = 0
        for value in UInt32(0)...0x10FFFF where value < 0x10000 || value % 97 == 0 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if font.covers(scalar) != (font.glyph(for: scalar) != nil) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
