// Font variants a font cannot give (no bundled font has `smcp`, `c2sc` or `unic`: hb-shape with
// --features=smcp leaves their glyphs unchanged) are synthesised as Pango 1.50 and CSS
// font-synthesis do: the letters shown as small capitals become capitals, shaped in the font scaled
// by x-height ÷ cap height. Also the font-scale and fallback attributes, which choose the items'
// fonts. The glyphs of each piece must equal hb-shape's for the drawn text.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Font variant synthesis, font scale and fallback")
struct VariantSynthesisTests {
    struct Piece: Equatable, CustomStringConvertible {
        let range: Range<Int>
        let size: CGFloat
        let glyphs: [UInt32]
        var description: String { "\(range) \(size)pt \(glyphs)" }
    }

    static let path = TestFonts.path("DejaVuSans.ttf")

    static func pieces(_ text: String, _ attributes: Attributes) throws -> [Piece] {
        let attributed = AttributedText(text, attributes: attributes)
        let span = try #require(ParagraphSplitter.split(attributed.utf16).first)
        let font = try #require(attributes.font)
        let analysis = ParagraphAnalysis(text: attributed, span: span, defaultFont: font, fonts: .shared)
        return analysis.items.map { item in
            Piece(
                range: item.range, size: item.font.size,
                glyphs: item.storage.glyphs[item.glyphRange].map { UInt32($0.id) })
        }
    }

    static func hbGlyphs(_ text: String) throws -> [UInt32] {
        try HBShape.shape(text, fontPath: path).map(\.g)
    }

    @Test func theBundledFontsHaveNoSmallCapitals() throws {
        let font = try Font(path: Self.path, size: 20)
        #expect(!font.hasLayoutFeature("smcp"))
        #expect(!font.hasLayoutFeature("c2sc"))
        // DejaVu Sans has kerning and ligatures (hb-shape applies kern and liga).
        #expect(font.hasLayoutFeature("kern"))
        #expect(font.hasLayoutFeature("liga"))
    }

    @Test func smallCapsShowLowerCaseLettersAsScaledCapitals() throws {
        let font = try Font(path: Self.path, size: 20)
        let small = 20 * font.xHeight / font.capHeight
        let pieces = try Self.pieces("Hello World", [.font(font), .fontVariant(.smallCaps)])
        #expect(
            pieces == [
                Piece(range: 0..<1, size: 20, glyphs: try Self.hbGlyphs("H")),
                Piece(range: 1..<5, size: small, glyphs: try Self.hbGlyphs("ELLO")),
                Piece(range: 5..<7, size: 20, glyphs: try Self.hbGlyphs(" W")),
                Piece(range: 7..<11, size: small, glyphs: try Self.hbGlyphs("ORLD")),
            ])
    }

    @Test func allSmallCapsScaleCapitalsToo() throws {
        let font = try Font(path: Self.path, size: 20)
        let small = 20 * font.xHeight / font.capHeight
        let pieces = try Self.pieces("Hi 5", [.font(font), .fontVariant(.allSmallCaps)])
        #expect(
            pieces == [
                Piece(range: 0..<2, size: small, glyphs: try Self.hbGlyphs("HI")),
                Piece(range: 2..<4, size: 20, glyphs: try Self.hbGlyphs(" 5")),
            ])
    }

    @Test func unicaseScalesOnlyCapitals() throws {
        let font = try Font(path: Self.path, size: 20)
        let small = 20 * font.xHeight / font.capHeight
        let pieces = try Self.pieces("Hi", [.font(font), .fontVariant(.unicase)])
        #expect(
            pieces == [
                Piece(range: 0..<1, size: small, glyphs: try Self.hbGlyphs("H")),
                Piece(range: 1..<2, size: 20, glyphs: try Self.hbGlyphs("i")),
            ])
    }

    /// A combining mark stays with its letter; ß becomes SS in the small piece.
    @Test func marksStayWithTheirLetters() throws {
        let font = try Font(path: Self.path, size: 20)
        let pieces = try Self.pieces("Xe\u{301}ß", [.font(font), .fontVariant(.smallCaps)])
        #expect(pieces.map(\.range) == [0..<1, 1..<4])
        #expect(pieces.last?.glyphs == (try Self.hbGlyphs("E\u{301}SS")))
    }

    @Test(arguments: [FontScale.superscript, .subscript, .smallCaps])
    func fontScaleScalesTheFont(_ scale: FontScale) throws {
        let font = try Font(path: Self.path, size: 20)
        let expected: CGFloat =
            switch scale {
            case .superscript: 20 * font.superscriptScale
            case .subscript: 20 * font.subscriptScale
            case .smallCaps: 20 * font.xHeight / font.capHeight
            }
        let pieces = try Self.pieces("x", [.font(font), .fontScale(scale)])
        #expect(pieces.map(\.size) == [expected])
        #expect(expected < 20)
    }

    /// fallback="false": a character the font lacks is its .notdef (glyph 0), not another font's.
    @Test func noFallbackKeepsTheFont() throws {
        let font = try Font(path: Self.path, size: 20)
        let withFallback = try Self.pieces("a中", [.font(font)])
        #expect(withFallback.count == 2)
        #expect(withFallback.last?.glyphs.first != 0)
        // Two items still (Latin, then Han), both in DejaVu Sans: 中 is hb-shape's .notdef.
        let without = try Self.pieces("a中", [.font(font), .fontFallback(false)])
        #expect(
            without == [
                Piece(range: 0..<1, size: 20, glyphs: try Self.hbGlyphs("a")),
                Piece(range: 1..<2, size: 20, glyphs: try Self.hbGlyphs("中")),
            ])
        #expect(without.last?.glyphs == [0])
    }
}
