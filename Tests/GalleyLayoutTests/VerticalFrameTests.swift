// Every line of a vertical frame is vertical, as in CoreText (a frame with
// kCTFrameProgressionRightToLeft/LeftToRight rotates its lines): characters with vertical forms
// (kCTVerticalFormsAttributeName) stand as their text orientation says, the others are set
// rotated 90° clockwise, their glyphs hb-shape's horizontal ones. Horizontal frames of the same
// text keep horizontal lines.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Vertical frames set every paragraph vertically")
struct VerticalFrameTests {
    static let size: CGFloat = 20
    static let rect = CGRect(x: 0, y: 0, width: 200, height: 400)

    static func frame(_ text: AttributedText, _ progression: FrameProgression) throws -> Frame {
        try Framesetter(typesetter: try Typesetter(text)).frame(
            in: rect, options: FrameOptions(truncation: nil, progression: progression))
    }

    /// Text without vertical forms: every line vertical, every run rotated, its glyphs
    /// hb-shape's horizontal glyphs.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func textWithoutVerticalFormsIsRotated(_ progression: FrameProgression) throws {
        let string = "Hello world"
        let text = AttributedText(string, attributes: [.font(try Fonts.dejaVu(Self.size))])
        let frame = try Self.frame(text, progression)
        #expect(frame.lines.count == 1)
        #expect(
            frame.lines.allSatisfy {
                $0.lineAxis == .vertical && $0.glyphRuns.allSatisfy { $0.orientation == .sideways }
            })
        let glyphs = frame.lines.flatMap { line in
            line.glyphRuns.flatMap { run in (0..<run.glyphCount).map { run.glyphs[$0] } }
        }
        let reference = try HBShape.shape(string, fontPath: TestFonts.path("DejaVuSans.ttf")).map(\.g)
        #expect(glyphs == reference)
    }

    /// Japanese with vertical forms and Latin without: the Japanese upright, the Latin rotated.
    @Test func verticalFormsOnTheJapaneseOnly() throws {
        let string = "縦書きLatin縦"
        var builder = AttributedTextBuilder(string, attributes: [.font(try Fonts.dejaVu(Self.size))])
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: Self.size)
        for range in [0..<3, 8..<9] {
            try builder.setFont(droid, range: range)
            try builder.setAttribute(.verticalForms(true), range: range)
        }
        let frame = try Self.frame(builder.build(), .rightToLeft)
        let runs = frame.lines.flatMap(\.glyphRuns)
        #expect(frame.lines.count == 1 && runs.allSatisfy { $0.orientation.lineAxis == .vertical })
        // Runs split by script too (kanji, hiragana): compare the indices each orientation covers.
        let upright = runs.filter { $0.orientation != .sideways }.flatMap { Array($0.stringRange) }
        let rotated = runs.filter { $0.orientation == .sideways }.flatMap { Array($0.stringRange) }
        #expect(upright.sorted() == [0, 1, 2, 8])
        #expect(rotated.sorted() == Array(3..<8))
    }

    /// A second paragraph without vertical forms is vertical too (before, only paragraphs whose
    /// first character had vertical forms were).
    @Test func everyParagraphIsVertical() throws {
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: Self.size)
        var builder = AttributedTextBuilder("縦書き\nplain", attributes: [.font(droid)])
        try builder.setAttribute(.verticalForms(true), range: 0..<4)
        let frame = try Self.frame(builder.build(), .rightToLeft)
        #expect(frame.lines.count == 2)
        #expect(frame.lines.allSatisfy { $0.lineAxis == .vertical })
        #expect(frame.lines[1].glyphRuns.allSatisfy { $0.orientation == .sideways })
    }

    /// The same text in a horizontal frame (before or after a vertical one from the same
    /// typesetter) keeps horizontal lines.
    @Test func horizontalFramesUnchanged() throws {
        let text = AttributedText("Hello world", attributes: [.font(try Fonts.dejaVu(Self.size))])
        let setter = Framesetter(typesetter: try Typesetter(text))
        let before = try setter.frame(in: Self.rect)
        _ = try setter.frame(in: Self.rect, options: FrameOptions(truncation: nil, progression: .rightToLeft))
        let after = try setter.frame(in: Self.rect)
        for frame in [before, after] {
            #expect(frame.lines.count == 1)
            #expect(
                frame.lines.allSatisfy {
                    $0.lineAxis == .horizontal && $0.glyphRuns.allSatisfy { $0.orientation == .horizontal }
                })
        }
        #expect(before.lineOrigins == after.lineOrigins)
    }

    /// After an edit to one paragraph, a vertical frame takes the other paragraphs' vertical
    /// analyses over (`Framesetter(_:reusing:)`) and equals a fresh one.
    @Test func editReusesVerticalAnalyses() throws {
        let font = try Fonts.dejaVu(Self.size)
        let before = AttributedText("one\ntwo\nthree", attributes: [.font(font)])
        let after = AttributedText("one\nTWO\nthree", attributes: [.font(font)])
        let options = FrameOptions(truncation: nil, progression: .rightToLeft)
        let first = Framesetter(typesetter: try Typesetter(before))
        _ = try first.frame(in: Self.rect, options: options)
        let edited = Framesetter(after, reusing: first)
        let reused = try edited.frame(in: Self.rect, options: options)
        #expect(edited.typesetter.typesetter(along: .vertical).inheritedParagraphCount == 2)
        let fresh = try Self.frame(after, .rightToLeft)
        #expect(reused.lineOrigins == fresh.lineOrigins)
        #expect(
            reused.lines.map { $0.glyphRuns.map { $0.orientation == .sideways } }
                == fresh.lines.map { $0.glyphRuns.map { $0.orientation == .sideways } })
        #expect(reused.lines.allSatisfy { $0.lineAxis == .vertical })
    }
}
