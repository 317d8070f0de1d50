// The stage reads a paragraph's attribute runs from `AttributedText.runs` without a bounds check
// (its ranges are paragraphs of the text): the result must be what the text's own checked
// accessors give for every range inside the text, and stay well-formed for ranges outside it.
import Foundation
import GalleyShaping
import GalleyText
import Testing

@Suite("Paragraph runs")
struct ParagraphRunsTests {
    /// "one two three" with a red run over "two", a kern over "thr" and a plain rest: five runs.
    static func text() throws -> AttributedText {
        var builder = AttributedTextBuilder("one two three", attributes: [.kern(1)])
        try builder.setForegroundColor(.red, range: 4..<7)
        try builder.addAttributes([.kern(2)], range: 8..<11)
        return builder.build()
    }

    @Test func everyRangeAsTheTextClipsIt() throws {
        let text = try Self.text()
        #expect(text.runs.count == 5)
        for lower in 0...text.length {
            for upper in lower...text.length {
                #expect(ParagraphRuns.runs(of: text, in: lower..<upper) == (try text.runs(in: lower..<upper)))
            }
        }
    }

    @Test func everyIndexAsTheTextAnswers() throws {
        let text = try Self.text()
        for index in 0..<text.length {
            #expect(ParagraphRuns.attributes(of: text, at: index) == (try text.attributes(at: index)).attributes)
        }
    }

    /// Outside the text: only the part inside counts; no attributes past either end.
    @Test func rangesOutsideTheText() throws {
        let text = try Self.text()
        #expect(ParagraphRuns.runs(of: text, in: -5..<2) == (try text.runs(in: 0..<2)))
        #expect(ParagraphRuns.runs(of: text, in: 11..<40) == (try text.runs(in: 11..<13)))
        #expect(ParagraphRuns.runs(of: text, in: 20..<40).isEmpty)
        #expect(ParagraphRuns.runs(of: AttributedText(), in: 0..<3).isEmpty)
        #expect(ParagraphRuns.attributes(of: text, at: -1) == Attributes())
        #expect(ParagraphRuns.attributes(of: text, at: text.length) == Attributes())
    }
}
