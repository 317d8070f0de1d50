// Letter spacing turns optional ligatures off (CSS Text 3 §8.2, as Pango does; CoreText's
// kCTTrackingAttributeName too), unless the text asks for them: hb-shape with the same
// --features is the oracle. DejaVu Sans forms "ffi" as one glyph, uniFB03, by default
// (`hb-shape Fonts/DejaVuSans.ttf office`: o|uniFB03|c|e) and not with
// --features=-liga,-clig,-dlig,-hlig (o|f|f|i|c|e).
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Tracking and ligatures")
struct TrackingLigatureTests {
    static let path = TestFonts.path("DejaVuSans.ttf")

    /// The glyph ids of `string` shaped as one paragraph (through `cache` when given).
    static func glyphs(_ string: String, _ attributes: Attributes, cache: ShapingCache? = nil) throws -> [UInt32] {
        let font = try Font(path: path, size: 20)
        let text = AttributedText(string, attributes: attributes.merging([.font(font)]))
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let analysis = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared, cache: cache)
        return analysis.items.flatMap { item in item.storage.glyphs[item.glyphRange].map { UInt32($0.id) } }
    }

    static func reference(_ string: String, _ features: String? = nil) throws -> [UInt32] {
        try HBShape.shape(string, fontPath: path, features: features).map(\.g)
    }

    @Test func trackingTurnsLigaturesOff() throws {
        try #require(HBShape.executable != nil)
        let ligated = try Self.reference("office")
        let separate = try Self.reference("office", "-liga,-clig,-dlig,-hlig")
        #expect(ligated.count == 4 && separate.count == 6)
        #expect(try Self.glyphs("office", []) == ligated)
        #expect(try Self.glyphs("office", [.tracking(4)]) == separate)
        #expect(try Self.glyphs("office", [.tracking(-1)]) == separate)
        // An explicit liga (font_features="liga") brings the ligature back, as hb-shape's liga.
        let liga = try FontFeature("liga")
        #expect(try Self.glyphs("office", [.tracking(4), .fontFeatures([liga])]) == Self.reference("office", "liga"))
        // So does an explicit ligature level, as CoreText documents for tracking.
        #expect(try Self.glyphs("office", [.tracking(4), .ligatureLevel(1)]) == ligated)
        #expect(try Self.glyphs("office", [.tracking(4), .ligatureLevel(0)]) == separate)
        // Kern is not letter spacing: ligatures stay.
        #expect(try Self.glyphs("office", [.kern(4)]) == ligated)
    }

    /// The shaping cache keeps words shaped with and without tracking apart (the features are
    /// part of its key), in either order.
    @Test func cacheKeysOnTheFeatures() throws {
        try #require(HBShape.executable != nil)
        let ligated = try Self.reference("office office")
        let separate = try Self.reference("office office", "-liga,-clig,-dlig,-hlig")
        let cache = ShapingCache(capacity: 100)
        for _ in 0..<2 {
            #expect(try Self.glyphs("office office", [], cache: cache) == ligated)
            #expect(try Self.glyphs("office office", [.tracking(4)], cache: cache) == separate)
        }
    }
}
