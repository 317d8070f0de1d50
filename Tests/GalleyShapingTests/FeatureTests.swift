// OpenType features from attributes — ligature level, tracking, explicit feature settings — give
// what hb-shape gives with the same --features.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Font features")
struct FeatureTests {
    func item(_ string: String, _ attributes: Attributes, font: Font) throws -> ShapedItem {
        let text = AttributedText(string, attributes: attributes.merging([.font(font)]))
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let items = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared).items
        try #require(items.count == 1)
        return items[0]
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let text: String
        let attributes: Attributes
        let hbFeatures: String?
        var testDescription: String { "\(file) \(text) \(attributes) ≙ --features=\(hbFeatures ?? "")" }
    }

    /// DejaVu Sans forms "ffi" and "fl" ligatures by default (hb-shape: 5044, 5043); DejaVu Serif has a
    /// discretionary "st" ligature (hb-shape --features=dlig: 3320).
    static let cases: [Case] = [
        Case(file: "DejaVuSans.ttf", text: "office flow", attributes: [], hbFeatures: nil),
        Case(file: "DejaVuSans.ttf", text: "office flow", attributes: [.ligatureLevel(0)], hbFeatures: "-liga,-clig"),
        Case(file: "DejaVuSans.ttf", text: "office flow", attributes: [.ligatureLevel(1)], hbFeatures: nil),
        Case(file: "DejaVuSerif.ttf", text: "office st ct", attributes: [.ligatureLevel(2)], hbFeatures: "dlig"),
        Case(
            file: "DejaVuSerif.ttf", text: "office st ct", attributes: [.fontFeatures([try! FontFeature("dlig")])],
            hbFeatures: "dlig"),
        Case(
            file: "DejaVuSans.ttf", text: "office flow", attributes: [.fontFeatures([try! FontFeature("liga", 0)])],
            hbFeatures: "-liga"),
    ]

    @Test(arguments: cases)
    func featuresEqualHBShape(_ c: Case) throws {
        try #require(HBShape.executable != nil)
        let path = TestFonts.path(c.file)
        let font = try Font(path: path, size: 20)
        let shaped = try item(c.text, c.attributes, font: font)
        let glyphs = shaped.storage.glyphs[shaped.glyphRange]
        let reference = try HBShape.shape(c.text, fontPath: path, features: c.hbFeatures)
        #expect(glyphs.map(\.id) == reference.map(\.g))
        let scale = 20 / CGFloat(font.unitsPerEm)
        for (g, r) in zip(glyphs, reference) { #expect(abs(g.advance - CGFloat(r.ax) * scale) <= 1.0 / 64) }
    }

    /// Tracking adds its amount after every cluster and turns optional ligatures off: "office" with
    /// tracking 2 has hb-shape's glyphs for --features=-liga,-clig, each advance + 2.
    @Test func trackingSpacesClustersAndDropsLigatures() throws {
        let path = TestFonts.path("DejaVuSans.ttf")
        let font = try Font(path: path, size: 20)
        let shaped = try item("office", [.tracking(2)], font: font)
        let glyphs = shaped.storage.glyphs[shaped.glyphRange]
        let reference = try HBShape.shape("office", fontPath: path, features: "-liga,-clig")
        #expect(glyphs.map(\.id) == reference.map(\.g))
        let scale = 20 / CGFloat(font.unitsPerEm)
        for (g, r) in zip(glyphs, reference) { #expect(abs(g.advance - (CGFloat(r.ax) * scale + 2)) <= 1.0 / 64) }
    }
}
