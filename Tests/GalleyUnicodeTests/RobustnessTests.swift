// Every entry point of GalleyUnicode on hostile input: empty text, unpaired surrogates,
// ranges outside the buffer. Nothing may trap; results stay well-formed.

import Testing

@testable import GalleyUnicode

@Suite struct RobustnessTests {
    static let lone: [UInt16] = [0xD800, 0x61, 0xDC00, 0xDC00, 0xD800, 0x05D0, 0xD83D]

    @Test func emptyText() {
        #expect(LineBreaker.opportunities(in: []).isEmpty)
        #expect(GraphemeClusters.boundaries(in: []) == [0])
        #expect(ScriptItemizer.runs(in: [], range: 0..<0).isEmpty)
        #expect(BidiParagraph(text: [], range: 0..<0, baseDirection: .natural).levels.isEmpty)
        #expect(Paragraphs.ranges(in: []).isEmpty)
    }

    /// Unpaired surrogates are single units (each its own cluster, GB999) that join the script
    /// run around them (they decode as U+FFFD, Common).
    @Test func loneSurrogates() {
        let text = Self.lone
        let breaks = LineBreaker.opportunities(in: text)
        #expect(breaks.last?.offset == text.count)
        #expect(zip(breaks, breaks.dropFirst()).allSatisfy { $0.offset < $1.offset })
        #expect(GraphemeClusters.boundaries(in: text) == Array(0...text.count))
        let runs = ScriptItemizer.runs(in: text, range: 0..<text.count)
        #expect(runs.first?.range.lowerBound == 0 && runs.last?.range.upperBound == text.count)
        #expect(runs.map(\.script.code) == ["Latn", "Hebr"])
        let bidi = BidiParagraph(text: text, range: 0..<text.count, baseDirection: .natural)
        #expect(bidi.levels.count == text.count)
        #expect(BidiParagraph.visualOrder(levels: bidi.levels).sorted() == Array(0..<text.count))
        // A pair split by the range end decodes as a lone surrogate (U+FFFD, Common).
        let emoji = Array("a😀".utf16)
        #expect(ScriptItemizer.runs(in: emoji, range: 0..<2).map(\.range) == [0..<2])
    }

    @Test func rangesOutOfBounds() {
        let text = Array("hello world".utf16)
        #expect(LineBreaker.opportunities(in: text, range: -10..<1000).map(\.offset) == [6, 11])
        #expect(LineBreaker.opportunities(in: text, range: 50..<60).isEmpty)
        #expect(LineBreaker.opportunities(in: text, range: 4..<4).isEmpty)
        #expect(GraphemeClusters.boundaries(in: text, range: 20..<30) == [11])
        #expect(ScriptItemizer.runs(in: text, range: Int.min..<Int.max).map(\.range) == [0..<11])
        #expect(BidiParagraph(text: text, range: 12..<20, baseDirection: .natural).range == 11..<11)
    }

    /// Concurrent use from many tasks gives the same answers (pooled ICU iterators).
    @Test func concurrentUse() async {
        let text = Array("ภาษาไทยง่ายนิดเดียว hello 世界".utf16)
        let expected = LineBreaker.opportunities(in: text)
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<32 {
                group.addTask {
                    let locale: String? = i % 3 == 0 ? "th" : nil
                    return (0..<50).allSatisfy { _ in LineBreaker.opportunities(in: text, locale: locale) == expected }
                }
            }
            var all: [Bool] = []
            for await ok in group { all.append(ok) }
            return all
        }
        #expect(results.count == 32 && results.allSatisfy { $0 })
    }
}
