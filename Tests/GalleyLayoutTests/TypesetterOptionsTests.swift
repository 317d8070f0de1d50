// CTTypesetterCreateWithAttributedStringAndOptions: a forced embedding level, bidi processing off,
// and the unbounded-layout option. Directions checked by the order of string indices along the
// line (UAX #9: a right-to-left run shows its characters right to left).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite struct TypesetterOptionsTests {
    /// The string indices of the line's glyphs, left to right.
    static func visualIndices(_ line: Line) -> [Int] { line.glyphRuns.flatMap { Array($0.stringIndices) } }

    static func hebrewAndLatin() throws -> AttributedText {
        text("אבג abc", [.font(try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 16))])
    }

    /// kCTTypesetterOptionForcedEmbeddingLevel: "If present, this option specifies the embedding
    /// level, and the text system ignores any directional control characters."
    @Test func forcedEmbeddingLevel() throws {
        let source = try Self.hebrewAndLatin()
        let n = source.length
        let natural = try Typesetter(source).line(for: 0..<n)
        #expect(Self.visualIndices(natural) != Array(0..<n))
        let ltr = try Typesetter(source, options: TypesetterOptions(forcedEmbeddingLevel: 0)).line(for: 0..<n)
        #expect(Self.visualIndices(ltr) == Array(0..<n))
        #expect(ltr.glyphRuns.allSatisfy { $0.bidiLevel == 0 })
        let rtl = try Typesetter(source, options: TypesetterOptions(forcedEmbeddingLevel: 1)).line(for: 0..<n)
        #expect(Self.visualIndices(rtl) == Array((0..<n).reversed()))
        #expect(rtl.isRightToLeft)
        // A right-to-left override is ignored under a forced level.
        let overridden = text("\u{202E}abc", [.font(try Fonts.dejaVu(16))])
        let ignored = try Typesetter(overridden, options: TypesetterOptions(forcedEmbeddingLevel: 0)).line(for: 0..<4)
        #expect(Self.visualIndices(ignored).filter { $0 > 0 } == [1, 2, 3])
        let honoured = try Typesetter(overridden).line(for: 0..<4)
        #expect(Self.visualIndices(honoured).filter { $0 > 0 } == [3, 2, 1])
    }

    /// kCTTypesetterOptionDisableBidiProcessing (deprecated): no reordering, text in logical
    /// order; kCTTypesetterOptionAllowUnboundedLayout exists and is what Galley always does.
    @Test func bidiOffAndUnboundedLayout() throws {
        let source = try Self.hebrewAndLatin()
        let options = TypesetterOptions(disablesBidiProcessing: true)
        let typesetter = try Typesetter(source, options: options)
        #expect(Self.visualIndices(try typesetter.line(for: 0..<source.length)) == Array(0..<source.length))
        #expect(typesetter.options == options)
        #expect(TypesetterOptions().allowsUnboundedLayout)
        let framesetter = Framesetter(typesetter: typesetter)
        let frame = try framesetter.frame(in: tall)
        #expect(Self.visualIndices(try #require(frame.lines.first)) == Array(0..<source.length))
    }
}
