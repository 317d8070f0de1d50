// A paragraph's facts for its lines (ParagraphText) against what lines used to compute from the
// text's code units: the boundaries of any cluster-aligned range are GraphemeClusters' own, a
// moved paragraph's facts are a fresh analysis's, and each code unit's class agrees with the
// definitions it replaces (PropList's White_Space, the hanging whitespace, the justifiable
// spaces, the hanging-punctuation categories), checked over the whole BMP.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import GalleyUnicode
import Testing

@Suite("Paragraph text facts")
struct ParagraphTextTests {
    static let sample = "e\u{301}te\u{301} 👩‍👩‍👧 office\u{2028}中文 «quoted», (x). عربي"

    static func analysis(_ string: String) throws -> (AttributedText, ParagraphAnalysis) {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let text = AttributedText(string, attributes: [.font(font)])
        let span = ParagraphSplitter.split(text.utf16)[0]
        return (text, ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared))
    }

    /// Every range between two of the paragraph's boundaries gets GraphemeClusters' boundaries.
    @Test func boundariesOfClusterAlignedRangesAreGraphemeClusters() throws {
        let (text, paragraph) = try Self.analysis(Self.sample)
        let g = paragraph.graphemes
        for a in g.indices {
            for b in a..<g.count {
                let range = g[a]..<g[b]
                #expect(
                    paragraph.text.boundaries(in: range) == GraphemeClusters.boundaries(in: text.utf16, range: range))
            }
        }
    }

    /// A paragraph moved by an edit before it (and a line's facts moved with it) answers as a
    /// fresh analysis at the new offset.
    @Test func shiftedFactsEqualFreshOnes() throws {
        let (_, old) = try Self.analysis(Self.sample)
        let newSpan = ParagraphSplitter.split(Array(("Fourteen more\n" + Self.sample).utf16))[1]
        let (font, fonts) = (old.fallbackMetricsFont, FontCollection.shared)
        let freshSecond = ParagraphAnalysis(
            text: AttributedText("Fourteen more\n" + Self.sample, attributes: [.font(font)]), span: newSpan,
            defaultFont: font, fonts: fonts)
        let delta = newSpan.range.lowerBound
        let moved = [old.shifted(by: delta).text, old.text.shifted(by: delta)]
        let content = newSpan.contentRange
        for facts in moved {
            #expect(facts.boundaries(in: content) == freshSecond.text.boundaries(in: content))
            for i in (content.lowerBound - 2)..<(content.upperBound + 2) {
                #expect(facts.unitClass(at: i) == freshSecond.text.unitClass(at: i))
            }
        }
    }

    /// The classes agree with the definitions lines used to apply to the text's code units.
    @Test func unitClassesAgreeWithTheirDefinitions() {
        let whiteSpace: Set<UInt16> =
            Set(0x09...0x0D).union([0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000])
            .union(0x2000...0x200A)
        var mismatches: [UInt16] = []
        for u in 0...UInt16.max {
            let c = UnitClass(u)
            let scalar = Unicode.Scalar(u)
            let category = scalar?.properties.generalCategory
            let quote = u == 0x22 || u == 0x27 || category == .initialPunctuation || category == .finalPunctuation
            let expected: [Bool] = [
                ParagraphAnalysis.hangsAtLineEnd(u), u == 0x20 || u == 0xA0 || u == 0x3000, whiteSpace.contains(u),
                u == 0x2028, quote || category == .openPunctuation, quote || category == .closePunctuation,
                [0x2C, 0x2E, 0x060C, 0x06D4, 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFE50, 0xFE51, 0xFE52, 0xFF61, 0xFF64]
                    .contains(u),
            ]
            let got = [
                c.contains(.hangs), c.contains(.justifiable), c.contains(.whiteSpace), c.contains(.lineSeparator),
                c.contains(.opening), c.contains(.closing), c.contains(.stop),
            ]
            if got != expected { mismatches.append(u) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }
}
