// The fontVariations attribute reaches HarfBuzz: shaping a run of the bundled variable font Inter
// with wght values gives what hb-shape gives with the same --variations.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Font variations in shaping")
struct VariationShapingTests {
    static let interPath = TestFonts.path("Inter-roman.var.ttf")
    static let size: CGFloat = 20

    func items(_ string: String, _ runs: [(Range<Int>, Attributes)], font: Font) throws -> [ShapedItem] {
        var builder = AttributedTextBuilder(string, attributes: [.font(font)])
        for (range, attributes) in runs { try builder.addAttributes(attributes, range: range) }
        let text = builder.build()
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        return ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).items
    }

    func wght(_ value: CGFloat) -> FontVariation { try! FontVariation("wght", value) }

    /// The item's glyph records (visual order), read from the paragraph's storage.
    func glyphs(_ item: ShapedItem) -> [ShapedGlyph] { Array(item.storage.glyphs[item.glyphRange]) }

    /// hb-shape's glyphs for `text` in Inter with `--variations`.
    func hbShape(_ text: String, variations: String) throws -> [HBGlyph] {
        try HBShape.shape(text, fontPath: Self.interPath, variations: variations)
    }

    @Test("a wght run shapes as hb-shape --variations=wght=W", arguments: [100.0, 400.0, 800.0, 900.0])
    func runMatchesHBShape(weight: Double) throws {
        let text = "Hamburgefonstiv AVATAR office"
        let font = try Font(path: Self.interPath, size: Self.size)
        let shaped = try items(text, [(0..<text.utf16.count, [.fontVariations([wght(CGFloat(weight))])])], font: font)
        try #require(shaped.count == 1)
        let reference = try hbShape(text, variations: "wght=\(Int(weight))")
        #expect(glyphs(shaped[0]).map(\.id) == reference.map(\.g))
        let scale = Self.size / CGFloat(font.unitsPerEm)
        #expect(glyphs(shaped[0]).map(\.advance) == reference.map { CGFloat($0.ax) * scale })
        #expect(glyphs(shaped[0]).map(\.offset.x) == reference.map { CGFloat($0.dx) * scale })
    }

    @Test("wght 800 shapes wider than wght 400, and 400 is the default instance")
    func weightsDiffer() throws {
        let text = "Hamburgefonstiv"
        let font = try Font(path: Self.interPath, size: Self.size)
        let whole = 0..<text.utf16.count
        let heavy = try items(text, [(whole, [.fontVariations([wght(800)])])], font: font)[0]
        let regular = try items(text, [(whole, [.fontVariations([wght(400)])])], font: font)[0]
        let plain = try items(text, [], font: font)[0]
        // hb-shape's advances differ between the two instances (see runMatchesHBShape), so the
        // totals must too; the default instance (fvar default 400) equals no attribute at all.
        let heavyReference = try hbShape(text, variations: "wght=800").map(\.ax).reduce(0, +)
        let regularReference = try hbShape(text, variations: "wght=400").map(\.ax).reduce(0, +)
        #expect(heavyReference > regularReference)
        func total(_ item: ShapedItem) -> CGFloat { glyphs(item).reduce(0) { $0 + $1.advance } }
        #expect(total(heavy) > total(regular))
        #expect(glyphs(regular).map(\.advance) == glyphs(plain).map(\.advance))
        #expect(heavy.font.variations == [Font.Variation(tag: "wght", value: 800)])
        #expect(regular.font == font)
    }

    @Test("runs with different variations are separate items")
    func itemsSplitAtVariationRuns() throws {
        let text = "abcdef"
        let font = try Font(path: Self.interPath, size: Self.size)
        let shaped = try items(text, [(2..<4, [.fontVariations([wght(700)])])], font: font)
        #expect(shaped.map(\.range) == [0..<2, 2..<4, 4..<6])
        #expect(shaped.map(\.font.variations) == [[], [Font.Variation(tag: "wght", value: 700)], []])
        #expect(shaped[0].font == shaped[2].font)
    }

    @Test("the run's values go on top of the font's own variations")
    func runOverridesFontVariations() throws {
        let text = "abc"
        let base = try Font(path: Self.interPath, size: Self.size)
        let light = base.withVariations([Font.Variation(tag: "wght", value: 300)])
        let overridden = try items(text, [(0..<3, [.fontVariations([wght(800)])])], font: light)
        #expect(overridden[0].font.variations == [Font.Variation(tag: "wght", value: 800)])
        // An axis Inter lacks leaves the font's own value in place.
        let kept = try items(text, [(0..<3, [.fontVariations([try FontVariation("wdth", 75)])])], font: light)
        #expect(kept[0].font.variations == [Font.Variation(tag: "wght", value: 300)])
        // With no attribute the font's own instance is shaped, as hb-shape --variations=wght=300.
        let plain = try items(text, [], font: light)[0]
        let scale = Self.size / CGFloat(base.unitsPerEm)
        let reference = try hbShape(text, variations: "wght=300")
        #expect(glyphs(plain).map(\.advance) == reference.map { CGFloat($0.ax) * scale })
    }

    @Test("a font that is not variable ignores the attribute")
    func nonVariableFontIgnoresVariations() throws {
        let text = "Hamburgefonstiv"
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: Self.size)
        let varied = try items(text, [(0..<text.utf16.count, [.fontVariations([wght(800)])])], font: font)
        let plain = try items(text, [], font: font)
        #expect(varied.count == 1)
        #expect(varied[0].font == font)
        #expect(glyphs(varied[0]).map(\.advance) == glyphs(plain[0]).map(\.advance))
        #expect(glyphs(varied[0]).map(\.id) == glyphs(plain[0]).map(\.id))
    }
}
