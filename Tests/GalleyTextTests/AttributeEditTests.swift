// Tests of attribute edits (set, add, remove, the typed setters): coalescing into maximal
// runs, and the longest effective range, as CFAttributedStringGetAttributesAndLongestEffectiveRange
// documents it (the whole span of equal attributes, however it was built).

import Foundation
import GalleyText
import Testing

@Suite("Attribute edits, coalescing and effective ranges")
struct AttributeEditTests {
    typealias F = Fixture

    @Test func settingTheSameAttributesMergesRuns() throws {
        var builder = try F.helloWorld()
        try builder.setAttributes(F.a, range: 5..<11)
        #expect(builder.build().runs == F.runs([(0..<11, F.a)]))
    }

    @Test func addThenRemoveRestoresMaximalRuns() throws {
        var builder = try F.helloWorld()
        try builder.setKern(2, range: 0..<11)
        // kern merges into each run without touching the colour.
        #expect(
            builder.build().runs
                == F.runs([
                    (0..<5, [.foregroundColor(.red), .kern(2)]), (5..<11, [.foregroundColor(.blue), .kern(2)]),
                ]))
        try builder.removeAttribute(.kern, range: 0..<11)
        #expect(builder.build().runs == F.runs([(0..<5, F.a), (5..<11, F.b)]))
    }

    @Test func aFragmentedEditThatChangesNothingLeavesOneRun() throws {
        var builder = try F.helloWorld()
        try builder.setForegroundColor(.red, range: 1..<3)  // already red
        try builder.setLanguage("de", range: 2..<3)
        try builder.removeAttribute(.language, range: 0..<11)
        #expect(builder.build().runs == F.runs([(0..<5, F.a), (5..<11, F.b)]))
    }

    @Test func addAttributesMergesAndSetAttributesReplaces() throws {
        var builder = try F.helloWorld()
        try builder.addAttributes([.language("tr")], range: 3..<7)
        #expect(
            builder.build().runs
                == F.runs([
                    (0..<3, F.a), (3..<5, [.foregroundColor(.red), .language("tr")]),
                    (5..<7, [.foregroundColor(.blue), .language("tr")]), (7..<11, F.b),
                ]))
        try builder.setAttributes([.language("tr")], range: 3..<7)
        #expect(builder.build().runs == F.runs([(0..<3, F.a), (3..<7, F.c), (7..<11, F.b)]))
    }

    @Test func typedSettersSetTheirKey() throws {
        var builder = AttributedTextBuilder("abcdef")
        let style = ParagraphStyle(alignment: .center, lineBreakMode: .charWrapping, baseWritingDirection: .rightToLeft)
        try builder.setForegroundColor(.green, range: 0..<1)
        try builder.setParagraphStyle(style, range: 1..<2)
        try builder.setKern(-1.5, range: 2..<3)
        try builder.setLanguage("ja", range: 3..<4)
        let text = builder.build()
        #expect(try text.attributes(at: 0).attributes.foregroundColor == .green)
        #expect(try text.attributes(at: 1).attributes.paragraphStyle == style)
        #expect(try text.attributes(at: 2).attributes.kern == -1.5)
        #expect(try text.attributes(at: 3).attributes.language == "ja")
        #expect(try text.attributes(at: 4).attributes.isEmpty)
    }

    @Test(arguments: [
        (0, 0..<5), (4, 0..<5), (5, 5..<11), (10, 5..<11),
    ])
    func longestEffectiveRange(index: Int, expected: Range<Int>) throws {
        var builder = try F.helloWorld()
        // Fragment the runs internally, then undo: the effective range must still be maximal.
        try builder.setKern(1, range: 2..<3)
        try builder.removeAttribute(.kern, range: 2..<3)
        let text = builder.build()
        let (attributes, range) = try text.attributes(at: index)
        #expect(range == expected)
        #expect(attributes == (expected == 0..<5 ? F.a : F.b))
    }

    @Test(
        arguments: [
            (0..<11, [(0..<5, Fixture.a), (5..<11, Fixture.b)]),
            (3..<8, [(3..<5, Fixture.a), (5..<8, Fixture.b)]),
            (6..<8, [(6..<8, Fixture.b)]),
            (5..<5, []),
            (11..<11, []),
        ] as [(Range<Int>, [(Range<Int>, Attributes)])])
    func runsInRangeAreClipped(range: Range<Int>, expected: [(Range<Int>, Attributes)]) throws {
        let text = try F.helloWorld().build()
        #expect(try text.runs(in: range) == F.runs(expected))
    }

    @Test func substrings() throws {
        let text = try F.helloWorld().build()
        #expect(try text.substring(3..<8) == "lo wo")
        let sub = try text.attributedSubstring(3..<8)
        #expect(sub.string == "lo wo")
        #expect(sub.runs == F.runs([(0..<2, F.a), (2..<5, F.b)]))
        #expect(try text.attributedSubstring(0..<0).runs.isEmpty)
    }

    @Test func invalidKernAndLanguageAreRejected() throws {
        var builder = AttributedTextBuilder("abc")
        for kern in [CGFloat.nan, .infinity, -.infinity, -.greatestFiniteMagnitude, 1e9.nextUp] {
            let error = #expect(throws: AttributedTextError.self) {
                try builder.setKern(kern, range: 0..<1)
            }
            #expect(error == .invalidValue("kern must be finite and at most 1e9 in magnitude, not \(kern)"))
        }
        #expect(throws: AttributedTextError.invalidValue("language must not be empty")) {
            try builder.setLanguage("", range: 0..<1)
        }
        // Nothing was applied.
        #expect(builder.build().runs == F.runs([(0..<3, Attributes())]))
    }
}
