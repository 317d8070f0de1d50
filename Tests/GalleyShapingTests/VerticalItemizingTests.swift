// Itemizing a vertical paragraph: items split into upright stretches (shaped with
// direction TTB) and rotated ones (shaped horizontally) by UAX #50's Vertical_Orientation and
// the text orientation; a Tr character is upright only where the font has a vertical alternate
// (hb-shape --direction=ttb gives another glyph than LTR).
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import GalleyUnicode
import Testing

@Suite("Vertical itemizing")
struct VerticalItemizingTests {
    static let size: CGFloat = 20

    /// The analysis of `string` in vertical lines, DroidSansFallback everywhere except `latin`
    /// (DejaVu Sans there).
    static func analysis(
        _ string: String, latin: Range<Int>? = nil, orientation: TextOrientation = .mixed,
        font file: String = "DroidSansFallbackFull.ttf"
    ) throws -> ParagraphAnalysis {
        let font = try Font(path: TestFonts.path(file), size: size)
        var builder = AttributedTextBuilder(string, attributes: [.font(font)])
        if let latin {
            try builder.setFont(try Font(path: TestFonts.path("DejaVuSans.ttf"), size: size), range: latin)
        }
        let text = builder.build()
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        return ParagraphAnalysis(
            text: text, span: span, defaultFont: font, fonts: .shared, vertical: orientation)
    }

    /// A mixed Japanese/Latin line: the Japanese stretches are upright items equal to hb-shape
    /// --direction=ttb, the Latin word a rotated item equal to hb-shape left to right.
    @Test func mixedLineSplitsAndShapesEachRunAsHBShape() throws {
        try #require(HBShape.executable != nil, "hb-shape (libharfbuzz-bin) is needed")
        let string = "日本語でSwiftを書く。"
        let a = try Self.analysis(string, latin: 4..<9)
        #expect(a.lineAxis == .vertical)
        // Items also split by script (Han, Hiragana): what matters is which are upright.
        #expect(a.items.map(\.range.lowerBound) == a.items.map(\.range.lowerBound).sorted())
        for item in a.items { #expect((item.orientation == .upright) == !(4..<9).contains(item.range.lowerBound)) }
        let droid = TestFonts.path("DroidSansFallbackFull.ttf")
        let runs: [(Range<Int>, [HBGlyph], Bool)] = [
            (0..<4, try HBShape.shape("日本語で", fontPath: droid, direction: "ttb"), true),
            (4..<9, try HBShape.shape("Swift", fontPath: TestFonts.path("DejaVuSans.ttf")), false),
            (9..<13, try HBShape.shape("を書く。", fontPath: droid, direction: "ttb"), true),
        ]
        var total: CGFloat = 0
        for (range, reference, upright) in runs {
            let items = a.items.filter { range.contains($0.range.lowerBound) }
            #expect(items.last?.range.upperBound == range.upperBound, "no item crosses an orientation change")
            let glyphs = items.flatMap { item in item.storage.glyphs[item.glyphRange] }
            let scale = Self.size / CGFloat(try #require(items.first).font.unitsPerEm)
            #expect(glyphs.map(\.id) == reference.map(\.g))
            #expect(glyphs.map { a.content.lowerBound + Int($0.cluster) } == reference.map { $0.cl + range.lowerBound })
            for (g, r) in zip(glyphs, reference) {
                let advance = upright ? -CGFloat(r.ay) : CGFloat(r.ax)
                total += advance * scale
                #expect(abs(g.advance - advance * scale) <= 1.0 / 64)
                #expect(abs(g.offset.x - CGFloat(r.dx) * scale) <= 1.0 / 64)
                #expect(abs(g.offset.y - CGFloat(r.dy) * scale) <= 1.0 / 64)
            }
        }
        // Line breaking measures extents down the line: the width of the paragraph is the sum
        // of the upright advances (HarfBuzz's −y_advance) and the rotated ones (x_advance).
        #expect(abs(a.width(of: a.content) - total) <= 1.0 / 16)
    }

    /// UAX #50 gives 「 (U+300C) and ー (U+30FC) Vertical_Orientation Tr: upright in
    /// DroidSansFallback, which has `vert` alternates for them, rotated in NanumGothic, which has
    /// the characters but no alternates (hb-shape gives the same glyphs in TTB and LTR).
    @Test(arguments: [("DroidSansFallbackFull.ttf", true), ("NanumGothic.ttf", false)])
    func transformedRotatedIsUprightOnlyWithAnAlternate(_ file: String, _ upright: Bool) throws {
        try #require(HBShape.executable != nil)
        let path = TestFonts.path(file)
        let ltr = try HBShape.shape("「ー", fontPath: path).map(\.g)
        let ttb = try HBShape.shape("「ー", fontPath: path, direction: "ttb").map(\.g)
        #expect((ltr != ttb) == upright, "the oracle: the font has vertical alternates or not")
        let font = try Font(path: path, size: Self.size)
        #expect(VerticalItems.hasVerticalAlternate("「", in: font) == upright)
        #expect(VerticalItems.hasVerticalAlternate("ー", in: font) == upright)
        // 漢 is U: upright in either font, the Tr characters after it as the font allows.
        let a = try Self.analysis("漢「ー", font: file)
        let uprightRanges = a.items.filter { $0.orientation == .upright }.map(\.range)
        #expect(uprightRanges == (upright ? [0..<3] : [0..<1]))
    }

    /// CSS text-orientation: `upright` sets every character upright (Latin stacked, shaped TTB),
    /// `sideways` every character rotated (shaped horizontally, as hb-shape LTR).
    @Test func uprightAndSidewaysOrientations() throws {
        try #require(HBShape.executable != nil)
        let string = "縦書きAB"
        let upright = try Self.analysis(string, latin: 3..<5, orientation: .upright)
        #expect(upright.items.allSatisfy { $0.orientation == .upright })
        let latinPath = TestFonts.path("DejaVuSans.ttf")
        let ab = try #require(upright.items.first { $0.range == 3..<5 })
        #expect(
            ab.storage.glyphs[ab.glyphRange].map(\.id)
                == (try HBShape.shape("AB", fontPath: latinPath, direction: "ttb")).map(\.g))
        let sideways = try Self.analysis(string, latin: 3..<5, orientation: .sideways)
        #expect(sideways.items.allSatisfy { $0.orientation != .upright })
        let kanji = sideways.items.filter { $0.range.upperBound <= 3 }.flatMap { $0.storage.glyphs[$0.glyphRange] }
        let droid = TestFonts.path("DroidSansFallbackFull.ttf")
        #expect(kanji.map(\.id) == (try HBShape.shape("縦書き", fontPath: droid)).map(\.g))
    }

    /// `kCTVerticalFormsAttributeName` on the first character makes the paragraph vertical; a
    /// run with vertical forms follows its text orientation (default mixed), a run without them
    /// is rotated (as CoreText rotates text without vertical forms).
    @Test func verticalFormsAttributeDecides() throws {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: Self.size)
        var builder = AttributedTextBuilder("縦書き縦書き縦書き", attributes: [.font(font), .verticalForms(true)])
        try builder.setAttribute(.verticalForms(false), range: 3..<6)
        let text = builder.build()
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let a = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared)
        #expect(a.lineAxis == .vertical)
        for item in a.items { #expect((item.orientation == .upright) == !(3..<6).contains(item.range.lowerBound)) }
        // Vertical forms on a later character only: the paragraph stays horizontal.
        var later = AttributedTextBuilder("縦書き縦書き", attributes: [.font(font)])
        try later.setAttribute(.verticalForms(true), range: 3..<6)
        let laterText = later.build()
        let laterSpan = try #require(ParagraphSplitter.split(laterText.utf16).first)
        let b = ParagraphAnalysis(text: laterText, span: laterSpan, defaultFont: font, fonts: .shared)
        #expect(b.lineAxis == .horizontal && b.items.allSatisfy { $0.orientation != .upright })
    }

    /// `VerticalItems.orientation(of:)`: CSS text-orientation under vertical forms, sideways without.
    @Test(
        arguments: [
            (nil, nil, TextOrientation.sideways), (false, TextOrientation.upright, .sideways),
            (true, nil, .mixed), (true, .upright, .upright), (true, .sideways, .sideways),
        ] as [(Bool?, TextOrientation?, TextOrientation)])
    func orientationOfAttributes(_ forms: Bool?, _ orientation: TextOrientation?, _ expected: TextOrientation) {
        var attributes = Attributes()
        attributes.verticalForms = forms
        attributes.textOrientation = orientation
        #expect(VerticalItems.orientation(of: attributes) == expected)
    }

    /// A horizontal paragraph has no upright (TTB-shaped) item.
    @Test func horizontalParagraphHasNoUprightItems() throws {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: Self.size)
        let text = AttributedText("「縦書き」。", attributes: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let a = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared)
        #expect(a.lineAxis == .horizontal)
        #expect(!a.items.isEmpty && a.items.allSatisfy { $0.orientation != .upright })
    }
}
