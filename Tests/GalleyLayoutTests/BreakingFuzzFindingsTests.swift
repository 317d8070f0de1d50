// The line-breaking findings of issue 29's fuzz runs (Fuzz/Corpus/BreakingStrategies and
// VerticalRuby replay their inputs): a soft hyphen whose hyphen is wider than the rest of its
// word does not end the search for a longer line, and the tracking after a shown hyphen is
// trailing whitespace for the breakers as for the line (kCTTrackingAttributeName: "the added
// tracking is treated as trailing whitespace"), so no line of several clusters is wider than its
// measure. Widths come from hb-shape.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Line-breaking fuzz findings (issue 29)")
struct BreakingFuzzFindingsTests {
    static let strategies: [LineBreakStrategy] = [.greedy, .optimal, .balanced, .pretty]

    /// "i\u{AD}i" in DejaVu Sans 20 in a frame narrower than "i‐" (the first i and the hyphen its
    /// soft hyphen shows) but wider than "ii": the hyphenated line does not fit, the whole word
    /// does, so it is one line.
    @Test(.enabled(if: HBShape.executable != nil), arguments: strategies)
    func softHyphenWiderThanTheRestOfItsWord(strategy: LineBreakStrategy) throws {
        let path = TestFonts.path("DejaVuSans.ttf")
        let font = try Font(path: path, size: 20)
        let whole = try LayoutInvariantTests.hbWidth("ii", path: path, size: 20, unitsPerEm: font.unitsPerEm)
        let hyphenated = try LayoutInvariantTests.hbWidth(
            "i\u{2010}", path: path, size: 20, unitsPerEm: font.unitsPerEm)
        try #require(whole < hyphenated)
        var style = ParagraphStyle()
        style.lineBreakStrategy = strategy
        let text = AttributedText("i\u{AD}i", attributes: [.font(font), .paragraphStyle(style)])
        let width = (whole + hyphenated) / 2
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: width, height: 1000))
        #expect(frame.lines.map(\.stringRange) == [0..<3], "width \(width)")
    }

    /// VerticalRuby's finding: Droid Sans Fallback 5, "漢字a\u{AD}b" set vertically: a frame of
    /// the suggested size held 0..<2 of the suggested 0..<5 (the column broke before "a", the
    /// line with the hyphen being longer than the whole column).
    @Test(arguments: [FrameProgression.leftToRight, .rightToLeft])
    func verticalSoftHyphenSuggestedSizeHolds(progression: FrameProgression) throws {
        let font = try Font(path: TestFonts.droidSansFallback, size: 5)
        let text = AttributedText("漢字a\u{AD}b", attributes: [.font(font), .verticalForms(true)])
        let framesetter = try Framesetter(text)
        let options = FrameOptions(truncation: nil, progression: progression)
        let suggested = try framesetter.suggestFrameSize(constraints: CGSize(width: 113, height: 258), options: options)
        #expect(suggested.fitRange == 0..<5)
        let frame = try framesetter.frame(in: CGRect(origin: .zero, size: suggested.size), options: options)
        #expect(frame.visibleStringRange == suggested.fitRange, "\(suggested)")
    }

    /// BreakingStrategies' finding: IPAex Mincho 20, tracking −0.5, "Kaffeemaschine
    /// differentiation" in 53 pt: optimal breaking took "emas‐" at 53.38 pt (its width less the
    /// hyphen's trailing tracking). Every strategy now keeps such lines within the measure, and
    /// a hyphenated line counts the hyphen's tracking as its trailing whitespace.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: TestFonts.ipaexMincho)), arguments: strategies)
    func hyphenTrackingIsTrailing(strategy: LineBreakStrategy) throws {
        let font = try Font(path: TestFonts.ipaexMincho, size: 20)
        var style = ParagraphStyle(alignment: .left)
        style.lineBreakStrategy = strategy
        style.hyphenationFactor = 0.5
        var attributes: Attributes = [.font(font), .paragraphStyle(style)]
        attributes.language = "en-US"
        attributes.tracking = -0.5
        let text = AttributedText("Kaffeemaschine differentiation", attributes: attributes)
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: 53, height: 4000))
        #expect(frame.lines.contains { $0.isHyphenated })
        #expect(Invariants.overfull(frame, measure: 53, text: text).isEmpty, "\(frame.lines.map(\.stringRange))")
        for line in frame.lines where line.isHyphenated {
            #expect(line.trailingWhitespaceWidth == -0.5, "\(line.stringRange)")
        }
    }

    /// BreakingStrategies' finding of session 4: IPAex Mincho 14.5, tracking −3, no
    /// hyphenation, "differentiation Kaffeemaschine" in 53 pt: optimal breaking kept
    /// "differentiation" whole on a line 55.37 pt wide. The word, as hb-shape shapes it, with −3
    /// after each of its clusters but the last (that one is trailing whitespace), is wider than
    /// 53 pt; measured with the last one it looked 52.37 pt wide, so no emergency break was
    /// offered inside it. Every strategy now breaks it, and no line of several clusters is wider
    /// than the measure.
    @Test(
        .enabled(if: HBShape.executable != nil && FileManager.default.fileExists(atPath: TestFonts.ipaexMincho)),
        arguments: strategies)
    func negativeTrackingWordNeedsEmergencyBreaks(strategy: LineBreakStrategy) throws {
        let font = try Font(path: TestFonts.ipaexMincho, size: 14.5)
        let word = "differentiation"
        let shaped = try LayoutInvariantTests.hbWidth(
            word, path: TestFonts.ipaexMincho, size: 14.5, unitsPerEm: font.unitsPerEm)
        let visible = shaped - 3 * CGFloat(word.count - 1)
        try #require(visible > 53 && visible - 3 < 53, "\(visible)")
        var style = ParagraphStyle()
        style.lineBreakStrategy = strategy
        style.hyphenationFactor = 0
        var attributes: Attributes = [.font(font), .paragraphStyle(style)]
        attributes.tracking = -3
        let text = AttributedText(word + " Kaffeemaschine", attributes: attributes)
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: 53, height: 4000))
        #expect(!frame.lines.contains { $0.stringRange.lowerBound == 0 && $0.stringRange.upperBound >= 15 })
        #expect(Invariants.overfull(frame, measure: 53, text: text).isEmpty, "\(frame.lines.map(\.stringRange))")
    }
}
