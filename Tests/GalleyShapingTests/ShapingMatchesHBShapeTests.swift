// Galley's shaping must be what HarfBuzz says: for text in one font, the glyph ids, advances,
// offsets and clusters of the shaped items equal hb-shape's for the same font, scaled from font
// units to the size (positions within 1/64 px).
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

struct ShapingCase: Sendable, CustomTestStringConvertible {
    let text: String
    let fontFile: String
    let size: CGFloat
    var testDescription: String { "\(fontFile) \(size)pt: \(text)" }
}

@Suite("Shaping equals hb-shape")
struct ShapingMatchesHBShapeTests {
    static let cases: [ShapingCase] = [
        ShapingCase(text: "Make it bold, then add a little colour.", fontFile: "DejaVuSans.ttf", size: 36),
        ShapingCase(text: "AVATAR Wave To ffi fl", fontFile: "DejaVuSans.ttf", size: 17.5),
        ShapingCase(text: "Tŷ Coch — “quoted” café naïve", fontFile: "DejaVuSerif.ttf", size: 12),
        ShapingCase(text: "e\u{301}a\u{308}\u{323} combining", fontFile: "DejaVuSans-Bold.ttf", size: 24),
        ShapingCase(text: "مرحبا بالعالم لا", fontFile: "NotoSansArabic-Regular.ttf", size: 30),
        ShapingCase(text: "שָׁלוֹם עוֹלָם", fontFile: "NotoSansHebrew-Regular.ttf", size: 20),
        ShapingCase(text: "हिन्दी क्षत्रिय", fontFile: "NotoSansDevanagari-Regular.ttf", size: 22),
        ShapingCase(text: "中文排版，全角标点与数字１２３。", fontFile: "DroidSansFallbackFull.ttf", size: 25),
        ShapingCase(text: "ひらがなとかたかな", fontFile: "DroidSansFallbackFull.ttf", size: 25),
        ShapingCase(text: "한국어 문장", fontFile: "NanumGothic.ttf", size: 25),
        ShapingCase(text: "ภาษาไทยง่ายนิดเดียว", fontFile: "NotoSansThai-Regular.ttf", size: 20),
    ]

    @Test(arguments: cases)
    func shapedItemsEqualHBShape(_ c: ShapingCase) throws {
        try #require(HBShape.executable != nil, "hb-shape (libharfbuzz-bin) is needed")
        let path = TestFonts.path(c.fontFile)
        let font = try Font(path: path, size: c.size)
        let text = AttributedText(c.text, attributes: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let analysis = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared)
        // A single-script, single-direction text in one font is one item, shaped like hb-shape's
        // whole-buffer shaping (hb-shape guesses direction and script the same way).
        try #require(analysis.items.count == 1, "expected one item, got \(analysis.items.map(\.range))")
        let item = analysis.items[0]
        #expect(item.font == font, "no fallback: the font covers the text")
        let reference = try HBShape.shape(c.text, fontPath: path)
        let scale = c.size / CGFloat(font.unitsPerEm)
        let glyphs = Array(item.storage.glyphs[item.glyphRange])
        #expect(glyphs.map(\.id) == reference.map(\.g))
        #expect(glyphs.map { item.storage.base + Int($0.cluster) } == reference.map(\.cl))
        for (i, r) in reference.enumerated() where i < glyphs.count {
            #expect(abs(glyphs[i].advance - CGFloat(r.ax) * scale) <= 1.0 / 64, "advance of glyph \(i)")
            #expect(abs(glyphs[i].offset.x - CGFloat(r.dx) * scale) <= 1.0 / 64, "x offset of glyph \(i)")
            #expect(abs(glyphs[i].offset.y - CGFloat(r.dy) * scale) <= 1.0 / 64, "y offset of glyph \(i)")
        }
    }

    /// A mixed-direction paragraph is shaped as one item per bidi run; each equals hb-shape run on
    /// that run's text alone with its direction (context at the edges is spaces, which do not join).
    @Test func bidiRunsAreShapedSeparately() throws {
        try #require(HBShape.executable != nil)
        let path = TestFonts.path("NotoSansArabic-Regular.ttf")
        let font = try Font(path: path, size: 20)
        let latin = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 20)
        let string = "abc مرحبا def"
        var builder = AttributedTextBuilder(string, attributes: [.font(latin)])
        try builder.setFont(font, range: 4..<9)
        let text = builder.build()
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let analysis = ParagraphAnalysis(text: text, span: span, defaultFont: latin, fonts: .shared)
        let arabic = try #require(analysis.items.first { $0.range == 4..<9 })
        #expect(arabic.isRightToLeft)
        let reference = try HBShape.shape("مرحبا", fontPath: path, direction: "rtl")
        let glyphs = arabic.storage.glyphs[arabic.glyphRange]
        #expect(glyphs.map(\.id) == reference.map(\.g))
        #expect(glyphs.map { arabic.storage.base + Int($0.cluster) } == reference.map { $0.cl + 4 })
    }

    /// kCTKernAttributeName: extra advance after each cluster (not each glyph): a ligature or a
    /// base with marks gets it once.
    @Test func kernAddsAdvanceOncePerCluster() throws {
        let path = TestFonts.path("DejaVuSans.ttf")
        let font = try Font(path: path, size: 20)
        let string = "ae\u{301}b"  // clusters: a | e+acute | b
        let plain = AttributedText(string, attributes: [.font(font)])
        let kerned = AttributedText(string, attributes: [.font(font), .kern(3)])
        func total(_ text: AttributedText) throws -> CGFloat {
            let span = try #require(ParagraphSplitter.split(text.utf16).first)
            let item = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).items[0]
            return item.storage.glyphs[item.glyphRange].reduce(0) { $0 + $1.advance }
        }
        #expect(abs(try total(kerned) - (try total(plain)) - 3 * 3) < 1e-9)
    }
}

@Suite("Control characters")
struct ControlCharacterTests {
    /// A TAB has no glyph in DejaVu Sans (hb-shape prints `.notdef=1+1229` for it), so Galley lays
    /// it out as the font's space glyph and advance (hb-shape: `space=…+651`) instead of a box.
    @Test func tabIsBlank() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 20)
        let text = AttributedText("a\tb", attributes: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let item = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).items[0]
        let space = try #require(font.glyph(for: " "))
        let glyphs = Array(item.storage.glyphs[item.glyphRange])
        #expect(glyphs[1].id == space)
        #expect(abs(glyphs[1].advance - 651 * 20 / 2048) < 1e-9)
        #expect(!glyphs.contains { $0.id == 0 })
    }
}
