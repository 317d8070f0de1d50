// LineEdgeMemo: a breaking pass that remembers its line edges measures every line as measuring
// it afresh does, in whatever order the lines are tried, on text whose breaks are often unsafe
// (ligatures and kerning in DejaVu Serif, joining Arabic, Devanagari conjuncts).
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyLayout

@Suite struct LineEdgeMemoTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let text: String
        let font: String
        var testDescription: String { text }
    }

    static let samples: [Sample] = [
        .init(text: "The office staff's affluent, difficult waffle", font: "DejaVuSerif.ttf"),
        .init(text: "AVATAR Toyota WAVE office", font: "DejaVuSans.ttf"),
        .init(text: "مرحبا بالعالم والسلام عليكم", font: "DejaVuSans.ttf"),
        .init(text: "हिन्दी क्षत्रिय स्त्री", font: "NotoSansDevanagari-Regular.ttf"),
    ]

    /// A deterministic shuffle (a linear congruential generator), so a failure reproduces.
    static func shuffled<T>(_ values: [T]) -> [T] {
        var out = values
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in stride(from: out.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            out.swapAt(i, Int(state >> 33) % (i + 1))
        }
        return out
    }

    @Test(arguments: samples) func memoMeasuresAsAfresh(_ sample: Sample) throws {
        let font = try Font(path: TestFonts.path(sample.font), size: 16)
        let text = AttributedText(sample.text, attributes: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let paragraph = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared)
        let units = text.utf16
        let offsets = Array(paragraph.content)
        let pairs = offsets.flatMap { lo in offsets.filter { $0 > lo }.map { (lo, $0) } }
        var unsafe = 0
        // One memo over the whole paragraph (the optimal and balanced breakers'), lines in any order.
        let dense = LineEdgeMemo(paragraph)
        for (lo, hi) in Self.shuffled(pairs) {
            let fresh = paragraph.lineWidth(of: lo..<hi, units: units)
            if fresh != paragraph.width(of: lo..<hi) { unsafe += 1 }
            #expect(paragraph.lineWidth(of: lo..<hi, units: units, memo: dense) == fresh, "\(lo)..<\(hi)")
        }
        // A memo of one line's tries (greedy's): one start, ends in any order.
        for lo in offsets {
            let sparse = LineEdgeMemo()
            for hi in Self.shuffled(offsets.filter { $0 > lo }) {
                #expect(
                    paragraph.lineWidth(of: lo..<hi, units: units, memo: sparse)
                        == paragraph.lineWidth(of: lo..<hi, units: units), "\(lo)..<\(hi)")
            }
        }
        // The samples are chosen so that lines cut where shaping changes exist: the memo has
        // pieces to remember, not only safe edges.
        #expect(unsafe > 0, "no line of \(pairs.count) differs from its prefix sums")
    }
}
