// The text-transform and show attributes change what HarfBuzz shapes, not the string: the glyphs
// must equal hb-shape's for the transformed text (ICU's full case mapping: Unicode's
// SpecialCasing.txt for ß and Final Sigma, the Turkish dotted I), and every glyph's cluster must be
// the string index of the character it came from, so carets and selection address the original.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

struct TransformCase: Sendable, CustomTestStringConvertible {
    let text: String
    let transform: TextTransform
    let language: String?
    /// The text as drawn (what hb-shape is given).
    let drawn: String
    /// For each character of `drawn`, the UTF-16 offset in `text` of the character it comes from.
    let sources: [Int]
    var testDescription: String { "\(transform) \(language ?? "-"): \(text) → \(drawn)" }
}

@Suite("Text transforms and show are shaped as drawn")
struct TextTransformShapingTests {
    static let cases: [TransformCase] = [
        // SpecialCasing.txt: ß uppercases to "SS"; both S come from ß (offset 4).
        TransformCase(
            text: "straße", transform: .uppercase, language: "de", drawn: "STRASSE", sources: [0, 1, 2, 3, 4, 4, 5]),
        // Turkish: i uppercases to İ (U+0130) and ı lowercases from I.
        TransformCase(
            text: "istanbul", transform: .uppercase, language: "tr", drawn: "İSTANBUL", sources: Array(0..<8)),
        TransformCase(text: "IRMAK", transform: .lowercase, language: "tr", drawn: "ırmak", sources: Array(0..<5)),
        // Without a Turkish language tag, i uppercases to I.
        TransformCase(text: "istanbul", transform: .uppercase, language: nil, drawn: "ISTANBUL", sources: Array(0..<8)),
        // Final Sigma: Σ at the end of a word lowers to ς, elsewhere to σ.
        TransformCase(
            text: "ΟΔΟΣ ΣΑΣ", transform: .lowercase, language: "el", drawn: "οδος σας", sources: Array(0..<8)),
        // Greek upper case drops the tonos (ICU's Greek rule, for the language el): άλφα → ΑΛΦΑ.
        TransformCase(text: "άλφα", transform: .uppercase, language: "el", drawn: "ΑΛΦΑ", sources: Array(0..<4)),
        // capitalize: the first letter of each word, the rest unchanged.
        TransformCase(
            text: "hello wORLD, 3rd élan", transform: .capitalize, language: "en", drawn: "Hello WORLD, 3rd Élan",
            sources: Array(0..<21)),
    ]

    /// The item's glyphs for `text` with `attributes` over all of it.
    static func glyphs(_ text: String, _ attributes: Attributes) throws -> [(
        id: UInt32, cluster: Int, advance: CGFloat
    )] {
        let attributed = AttributedText(text, attributes: attributes)
        let span = try #require(ParagraphSplitter.split(attributed.utf16).first)
        let font = try #require(attributes.font)
        let analysis = ParagraphAnalysis(text: attributed, span: span, defaultFont: font, fonts: .shared)
        return analysis.items.flatMap { item in
            item.storage.glyphs[item.glyphRange].map {
                (UInt32($0.id), item.storage.base + Int($0.cluster), $0.advance)
            }
        }
    }

    @Test(arguments: cases)
    func transformedTextEqualsHBShapeOfTheDrawnText(_ c: TransformCase) throws {
        try #require(HBShape.executable != nil, "hb-shape (libharfbuzz-bin) is needed")
        let path = TestFonts.path("DejaVuSans.ttf")
        let font = try Font(path: path, size: 20)
        var attributes: Attributes = [.font(font), .textTransform(c.transform)]
        attributes.language = c.language
        let glyphs = try Self.glyphs(c.text, attributes)
        let reference = try HBShape.shape(c.drawn, fontPath: path, language: c.language)
        #expect(glyphs.map(\.id) == reference.map(\.g))
        let scale = 20 / CGFloat(font.unitsPerEm)
        for (i, r) in reference.enumerated() where i < glyphs.count {
            #expect(abs(glyphs[i].advance - CGFloat(r.ax) * scale) <= 1.0 / 64, "advance of glyph \(i)")
        }
        // DejaVu Sans maps each of these characters to one glyph: glyph k is drawn character k.
        #expect(c.drawn.unicodeScalars.count == c.sources.count)
        #expect(glyphs.map(\.cluster) == c.sources)
    }

    /// show="spaces|ignorables|line-breaks": spaces as U+2423, a ZERO WIDTH JOINER as U+2B1A, a
    /// LINE SEPARATOR as U+21B5, each at the string index of the character it shows.
    @Test func showDrawsInvisibleCharacters() throws {
        let path = TestFonts.path("DejaVuSans.ttf")
        let font = try Font(path: path, size: 20)
        let glyphs = try Self.glyphs("a b\u{200D}c", [.font(font), .show([.spaces, .ignorables, .lineBreaks])])
        let reference = try HBShape.shape("a\u{2423}b\u{2B1A}c", fontPath: path)
        #expect(glyphs.map(\.id) == reference.map(\.g))
        #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
        // Without the attribute the space is a space.
        let plain = try Self.glyphs("a b", [.font(font)])
        #expect(plain.map(\.id) == (try HBShape.shape("a b", fontPath: path)).map(\.g))
    }
}
