// ParagraphAnalysis.safeToBreak against HarfBuzz's own word on the same text: hb-shape
// --show-flags. A line may start or end at an offset without shaping again exactly where a glyph
// cluster starts whose logically first glyph lacks HB_GLYPH_FLAG_UNSAFE_TO_BREAK (and at the
// paragraph's ends); kerning pairs, joining Arabic and Devanagari conjuncts give unsafe ones.
import Foundation
import GalleyFonts
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyShaping

@Suite struct SafeBreaksTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let text: String
        let font: String
        let rightToLeft: Bool
        var testDescription: String { text }
    }

    static let samples: [Sample] = [
        // Kerning pairs: HarfBuzz flags the second glyph of each.
        .init(text: "AVATAR Toyota WAVE, Tw Yo 'office'", font: "DejaVuSans.ttf", rightToLeft: false),
        // Ligatures: one cluster each, so the offsets inside are unsafe.
        .init(text: "The office staff's affluent, difficult waffle", font: "DejaVuSerif.ttf", rightToLeft: false),
        .init(text: "مرحبا بالعالم والسلام عليكم", font: "NotoSansArabic-Regular.ttf", rightToLeft: true),
        .init(text: "हिन्दी क्षत्रिय स्त्री", font: "NotoSansDevanagari-Regular.ttf", rightToLeft: false),
    ]

    /// The offsets (UTF-16, from the text's start) where hb-shape's glyphs say a break is safe:
    /// the ends, and each cluster start whose logically first glyph has no unsafe-to-break flag.
    static func expectedSafe(_ glyphs: [HBGlyph], rightToLeft: Bool, length: Int) -> Set<Int> {
        var safe: Set<Int> = [0, length]
        var seen: Set<Int> = []
        // Logical order: hb-shape prints a right-to-left run's glyphs right to left.
        for glyph in rightToLeft ? glyphs.reversed() : glyphs where seen.insert(glyph.cl).inserted {
            if glyph.fl.map({ $0 & 1 == 0 }) ?? false { safe.insert(glyph.cl) }
        }
        return safe
    }

    @Test(arguments: samples) func safeWhereHarfBuzzSaysSo(_ sample: Sample) throws {
        try #require(HBShape.executable != nil, "hb-shape (libharfbuzz-bin) is needed")
        let path = TestFonts.path(sample.font)
        let font = try Font(path: path, size: 16)
        let text = AttributedText(sample.text, attributes: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        // Without the shaped-word cache the paragraph is shaped as hb-shape shapes it: whole.
        let paragraph = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared, cache: nil)
        try #require(paragraph.items.count == 1, "one item, so that one hb-shape run is the same shaping")
        let length = text.utf16.count
        let expected = Self.expectedSafe(
            try HBShape.shape(sample.text, fontPath: path, showFlags: true), rightToLeft: sample.rightToLeft,
            length: length)
        #expect(paragraph.safeToBreak.count == length + 1)
        let safe = Set((0...length).filter { paragraph.safeToBreak[$0] })
        #expect(
            safe == expected,
            "Galley-only \(safe.subtracting(expected).sorted()), hb-only \(expected.subtracting(safe).sorted())")
        // The samples are chosen so that some offsets are unsafe (inside a ligature or a
        // conjunct, or at a flagged kerning pair or joining letter): the check can fail.
        #expect(expected.count < length + 1, "every offset of the sample is safe")
    }

    /// A placeholder's offsets are all safe (a run delegate's U+FFFC is drawn by no glyph of a font).
    @Test func placeholdersAndItemEdgesAreSafe() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        var builder = AttributedTextBuilder("AV\u{FFFC}AV", attributes: [.font(font)])
        try builder.setRunDelegate(try RunDelegate(width: 10, ascent: 8, descent: 2), range: 2..<3)
        let text = builder.build()
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let paragraph = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared, cache: nil)
        // "AV" kerns: HarfBuzz flags the V, so offsets 1 and 4 are unsafe; the placeholder's edges are not.
        #expect(paragraph.safeToBreak == [true, false, true, true, false, true])
    }
}
