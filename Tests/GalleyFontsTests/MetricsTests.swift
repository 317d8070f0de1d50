// Font metrics checked against the font's own head/hhea/OS/2/post tables, read independently.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

@Suite("Metrics from the font's own tables")
struct MetricsTests {
    /// A bundled font plus, for fonts whose OS/2 table predates version 2 (no sCapHeight/sxHeight),
    /// the ink tops of "H" and "x" in font units as printed by
    /// `hb-shape --shapers=fallback --font-funcs=ot --no-glyph-names --show-extents --font-size=2048 Fonts/DejaVuSans.ttf Hx`
    /// → `[43=0+1540<201,1493,1138,-1493>|91=1+1212<59,1120,1086,-1120>]` (y_bearing is the ink top).
    struct Case: Sendable, CustomStringConvertible {
        let file: String
        let inkTopH: Int?
        let inkTopX: Int?
        var description: String { (file as NSString).lastPathComponent }
    }

    static let cases = [
        Case(file: TestFonts.dejaVuSans, inkTopH: 1493, inkTopX: 1120),
        Case(file: TestFonts.notoSansArabic, inkTopH: nil, inkTopX: nil),
        Case(file: TestFonts.droidSansFallback, inkTopH: nil, inkTopX: nil),
        Case(file: TestFonts.notoColorEmoji, inkTopH: nil, inkTopX: nil),
    ]

    @Test("CoreText metrics equal table values × size / unitsPerEm", arguments: cases, [12.0, 17.5])
    func metricsMatchTables(_ testCase: Case, size: Double) throws {
        let tables = try SFNTTables(path: testCase.file)
        let font = try Font(path: testCase.file, size: CGFloat(size))
        let scale = size / Double(tables.unitsPerEm)
        func close(_ a: CGFloat, _ b: Double) -> Bool { abs(Double(a) - b) < 1e-9 }

        #expect(font.unitsPerEm == tables.unitsPerEm)
        #expect(font.size == CGFloat(size))
        // Ascent/descent/leading: hhea unless OS/2 USE_TYPO_METRICS; descent positive below baseline.
        #expect(close(font.ascent, Double(tables.lineAscender) * scale))
        #expect(close(font.descent, Double(-tables.lineDescender) * scale))
        #expect(close(font.leading, Double(tables.lineGap) * scale))
        // Cap and x height: OS/2 v2+ fields, else the ink top of H / x.
        let capHeight = try #require(tables.capHeight ?? testCase.inkTopH)
        let xHeight = try #require(tables.xHeight ?? testCase.inkTopX)
        #expect(close(font.capHeight, Double(capHeight) * scale))
        #expect(close(font.xHeight, Double(xHeight) * scale))
        // post table, sign kept (negative = below the baseline), as CTFontGetUnderlinePosition.
        #expect(close(font.underlinePosition, Double(tables.underlinePosition) * scale))
        #expect(close(font.underlineThickness, Double(tables.underlineThickness) * scale))
        // head bounding box, y up.
        let box = font.boundingBox
        #expect(close(box.minX, Double(tables.xMin) * scale))
        #expect(close(box.minY, Double(tables.yMin) * scale))
        #expect(close(box.maxX, Double(tables.xMax) * scale))
        #expect(close(box.maxY, Double(tables.yMax) * scale))
        // Style from OS/2 usWeightClass and fsSelection bit 0 (ITALIC) / bit 9 (OBLIQUE).
        #expect(font.weight.rawValue == tables.weightClass)
        #expect(font.isItalic == (tables.fsSelection & 0x201 != 0))
    }

    @Test(
        "Strikethrough, superscript and subscript metrics equal the OS/2 table's",
        arguments: [TestFonts.dejaVuSans, TestFonts.notoSansArabic, TestFonts.droidSansFallback])
    func decorationAndScriptMetrics(_ file: String) throws {
        let tables = try SFNTTables(path: file)
        let font = try Font(path: file, size: 20)
        let scale = 20 / Double(tables.unitsPerEm)
        func close(_ a: CGFloat, _ b: Double) -> Bool { abs(Double(a) - b) < 1e-9 }
        // Each of these fonts fills the OS/2 fields (non-zero), so no fallback rule applies.
        #expect(tables.strikeoutSize != 0 && tables.superscriptYOffset != 0 && tables.subscriptYSize != 0)
        #expect(close(font.strikethroughPosition, Double(tables.strikeoutPosition) * scale))
        #expect(close(font.strikethroughThickness, Double(tables.strikeoutSize) * scale))
        #expect(close(font.superscriptOffset, Double(tables.superscriptYOffset) * scale))
        #expect(close(font.subscriptOffset, Double(tables.subscriptYOffset) * scale))
        #expect(close(font.superscriptScale, Double(tables.superscriptYSize) / Double(tables.unitsPerEm)))
        #expect(close(font.subscriptScale, Double(tables.subscriptYSize) / Double(tables.unitsPerEm)))
    }

    @Test("Sizes scale metrics linearly and withSize shares the face")
    func withSizeSharesFace() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 10)
        let bigger = try font.withSize(20)
        #expect(bigger.face === font.face)
        #expect(abs(bigger.ascent - 2 * font.ascent) < 1e-9)
        #expect(bigger != font)
        #expect(try font.withSize(10) == font)
    }

    @Test("Names and style of the DejaVu Sans family come from the name and OS/2 tables")
    func namesAndStyle() throws {
        // fc-query -f '%{family[0]}|%{style[0]}|%{postscriptname}' on each file prints
        // "DejaVu Sans|Book|DejaVuSans", "DejaVu Sans|Bold|DejaVuSans-Bold",
        // "DejaVu Sans|Bold Oblique|DejaVuSans-BoldOblique".
        let regular = try Font(path: TestFonts.dejaVuSans, size: 12)
        #expect(regular.familyName == "DejaVu Sans")
        #expect(regular.styleName == "Book")
        #expect(regular.postScriptName == "DejaVuSans")
        #expect(regular.weight == .regular)
        #expect(!regular.isItalic)
        #expect(!regular.hasColorGlyphs)
        let boldOblique = try Font(path: TestFonts.path("DejaVuSans-BoldOblique.ttf"), size: 12)
        #expect(boldOblique.postScriptName == "DejaVuSans-BoldOblique")
        #expect(boldOblique.styleName == "Bold Oblique")
        #expect(boldOblique.weight == .bold)
        #expect(boldOblique.isItalic)
    }

    @Test("Noto Color Emoji (CBDT bitmaps, no outlines) loads with metrics and colour flag")
    func colorEmoji() throws {
        let font = try Font(path: TestFonts.notoColorEmoji, size: 20)
        // head.unitsPerEm of NotoColorEmoji.ttf is 2048; its tables are CBDT/CBLC (no glyf/CFF).
        let tables = try SFNTTables(path: TestFonts.notoColorEmoji)
        #expect(tables.tables["CBDT"] != nil && tables.tables["glyf"] == nil)
        #expect(font.unitsPerEm == 2048)
        #expect(font.hasColorGlyphs)
        #expect(font.familyName == "Noto Color Emoji")
        #expect(font.ascent > 0 && font.descent > 0)
    }
}
