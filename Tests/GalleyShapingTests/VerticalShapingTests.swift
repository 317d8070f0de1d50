// Vertical shaping: text set upright in a vertical line is shaped by HarfBuzz with
// direction TTB, so the font's vertical alternates (`vert`/`vrt2`) and vertical metrics apply.
// The oracle is hb-shape --direction=ttb on the same font and text; rotated (sideways) text is
// shaped horizontally, as hb-shape does without a direction.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Vertical shaping equals hb-shape --direction=ttb")
struct VerticalShapingTests {
    static let droid = "DroidSansFallbackFull.ttf"

    /// CJK ideographs, kana (with small kana, Tu), CJK punctuation (brackets, full stop, comma,
    /// long vowel mark) and a whole Japanese sentence.
    static let uprightCases: [String] = [
        "日本語の縦書き", "ひらがなカタカナゃょッ", "「」。、ー", "「縦書き」は、日本語の組版です。ー",
    ]

    /// Shapes all of `text` in `font` with the given direction, as one request.
    static func shape(_ text: String, font: Font, vertical: Bool) -> [ShapedGlyph] {
        let units = Array(text.utf16)
        var request = ShapingRequest(
            text: units, context: 0..<units.count, range: 0..<units.count, font: font, rightToLeft: false,
            script: "Zyyy", language: nil, kern: 0)
        request.orientation = vertical ? .upright : .horizontal
        var out = ShapedGlyphs(base: 0)
        HarfBuzzShaper.shape(request, into: &out)
        return out.glyphs
    }

    /// Glyph ids, clusters, advances and offsets equal hb-shape's, scaled to points (within 1/64).
    static func expectEqual(_ glyphs: [ShapedGlyph], _ reference: [HBGlyph], scale: CGFloat, vertical: Bool) {
        #expect(glyphs.map(\.id) == reference.map(\.g))
        #expect(glyphs.map { Int($0.cluster) } == reference.map(\.cl))
        for (i, r) in reference.enumerated() where i < glyphs.count {
            // Down a vertical line HarfBuzz's y advance is negative; `advance` is its extent.
            let advance = vertical ? -CGFloat(r.ay) : CGFloat(r.ax)
            #expect(abs(glyphs[i].advance - advance * scale) <= 1.0 / 64, "advance of glyph \(i)")
            #expect(abs(glyphs[i].offset.x - CGFloat(r.dx) * scale) <= 1.0 / 64, "x offset of glyph \(i)")
            #expect(abs(glyphs[i].offset.y - CGFloat(r.dy) * scale) <= 1.0 / 64, "y offset of glyph \(i)")
        }
    }

    @Test(arguments: uprightCases)
    func uprightTextEqualsHBShapeTTB(_ text: String) throws {
        try #require(HBShape.executable != nil, "hb-shape (libharfbuzz-bin) is needed")
        let path = TestFonts.path(Self.droid)
        let font = try Font(path: path, size: 24)
        let reference = try HBShape.shape(text, fontPath: path, direction: "ttb")
        let glyphs = Self.shape(text, font: font, vertical: true)
        Self.expectEqual(glyphs, reference, scale: 24 / CGFloat(font.unitsPerEm), vertical: true)
        // Every advance of TTB text goes down the line only (HarfBuzz gives no x advance).
        #expect(reference.allSatisfy { $0.ax == 0 && $0.ay < 0 })
    }

    /// The vertical forms are really used: the brackets, full stop, comma and long vowel mark of
    /// DroidSansFallback have `vert` alternates, so TTB gives other glyphs than LTR.
    @Test func punctuationTakesVerticalForms() throws {
        try #require(HBShape.executable != nil)
        let path = TestFonts.path(Self.droid)
        let font = try Font(path: path, size: 24)
        let horizontal = try HBShape.shape("「」。、ー", fontPath: path)
        let vertical = Self.shape("「」。、ー", font: font, vertical: true)
        #expect(zip(horizontal, vertical).allSatisfy { $0.g != $1.id })
    }

    /// A sideways Latin run in a vertical line is shaped as horizontal text: equal to hb-shape
    /// without a direction, in DejaVu Sans.
    @Test func rotatedLatinEqualsHBShapeHorizontally() throws {
        try #require(HBShape.executable != nil)
        let path = TestFonts.path("DejaVuSans.ttf")
        let font = try Font(path: path, size: 24)
        let text = "Swift 6.3 AVATAR"
        let reference = try HBShape.shape(text, fontPath: path)
        Self.expectEqual(
            Self.shape(text, font: font, vertical: false), reference, scale: 24 / CGFloat(font.unitsPerEm),
            vertical: false)
    }

    /// The horizontal path is untouched by the new flag: a request without it equals hb-shape LTR.
    @Test func horizontalRequestStaysHorizontal() throws {
        try #require(HBShape.executable != nil)
        let path = TestFonts.path(Self.droid)
        let font = try Font(path: path, size: 24)
        let text = "「縦書き」。"
        let reference = try HBShape.shape(text, fontPath: path)
        Self.expectEqual(
            Self.shape(text, font: font, vertical: false), reference, scale: 24 / CGFloat(font.unitsPerEm),
            vertical: false)
    }
}
