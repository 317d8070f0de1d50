// The shaped-word cache's table of one style (WordTable): words are found by their code units,
// edges and hash, their glyphs come back with clusters counted from where each word now is, a
// miss changes nothing, and hashes made to collide keep at most a probe sequence's worth of words.
import Foundation
import Testing

@testable import GalleyShaping

@Suite("Word table")
struct WordTableTests {
    /// A glyph of `id` at `cluster`, `advance` wide.
    static func glyph(_ id: UInt32, _ cluster: Int32, _ advance: CGFloat = 10) -> ShapedGlyph {
        ShapedGlyph(id: id, cluster: cluster, unsafeToBreak: false, advance: advance, offset: .zero)
    }

    /// The word of `text` at `range` with `edges`, hashed as the cache hashes it.
    static func word(_ text: [UInt16], _ range: Range<Int>, edges: UInt8 = 0) -> ItemWord {
        let hash = text.withUnsafeBytes { bytes in
            WordHash.word(
                UnsafeRawBufferPointer(rebasing: bytes[range.lowerBound * 2..<range.upperBound * 2]), edges: edges)
        }
        return ItemWord(range: range, edges: edges, hash: UInt64(UInt(bitPattern: hash)))
    }

    /// Keeps `word` of `text` with `glyphs` (clusters counted from the text's start), as the
    /// cache does: one probe, then the insertion there unless the word is kept already.
    @discardableResult
    static func keep(_ table: inout WordTable, _ word: ItemWord, of text: [UInt16], _ glyphs: [ShapedGlyph]) -> Bool {
        text.withUnsafeBufferPointer { units in
            glyphs.withUnsafeBufferPointer { glyphs in
                let key = UnsafeBufferPointer(rebasing: units[word.range])
                let place = table.place(of: key, edges: word.edges, hash: word.hash)
                return table.insert(
                    key, edges: word.edges, hash: word.hash, glyphs: glyphs, shift: Int32(-word.range.lowerBound),
                    at: place)
            }
        }
    }

    /// What `appendAll` gives for `words` of `text`, or nil on a miss (with `out` checked unchanged).
    static func lookUp(
        _ table: WordTable, _ words: [ItemWord], in text: [UInt16], base: Int = 0, rightToLeft: Bool = false
    ) -> [ShapedGlyph]? {
        let before = [glyph(99, 0)]
        var out = before
        let hit = text.withUnsafeBufferPointer {
            table.appendAll(words, text: $0, base: base, rightToLeft: rightToLeft, into: &out)
        }
        if !hit {
            #expect(out == before, "a miss leaves the glyphs as they were")
            return nil
        }
        #expect(out.first == before.first)
        return Array(out.dropFirst())
    }

    @Test("words come back with clusters where they now are, in visual order, and only when all are kept")
    func wordsRoundTrip() {
        var table = WordTable(splittable: true)
        let first = Array("the cat ".utf16)
        let the = Self.word(first, 0..<4)
        let cat = Self.word(first, 4..<8)
        // Glyph ids 1…4 for "the ", 5, 6, 7, 4 for "cat " (the space's glyph is 4 in both).
        #expect(Self.keep(&table, the, of: first, (0..<4).map { Self.glyph(UInt32($0 + 1), Int32($0)) }))
        #expect(Self.keep(&table, cat, of: first, [5, 6, 7, 4].enumerated().map { Self.glyph($1, Int32(4 + $0)) }))
        #expect(!Self.keep(&table, the, of: first, [Self.glyph(1, 0)]), "a word kept already is not stored again")
        #expect(table.count == 2)

        // The same words elsewhere in another text: clusters follow them.
        let later = Array("a cat the ".utf16)
        let words = [Self.word(later, 2..<6), Self.word(later, 6..<10)]
        let found = Self.lookUp(table, words, in: later, base: 1)
        // "cat " at 2 (clusters from base 1: 1…4), then "the " at 6 (5…8).
        #expect(found?.map(\.id) == [5, 6, 7, 4, 1, 2, 3, 4])
        #expect(found?.map(\.cluster) == [1, 2, 3, 4, 5, 6, 7, 8])
        // Right to left: the words' glyph runs in reverse order, each as it was kept.
        let rightToLeft = Self.lookUp(table, words, in: later, base: 1, rightToLeft: true)
        #expect(rightToLeft?.map(\.id) == [1, 2, 3, 4, 5, 6, 7, 4])

        // "the " with the paragraph-end flag is another word, and so is one not kept.
        #expect(Self.lookUp(table, [Self.word(later, 6..<10, edges: 2)], in: later) == nil)
        #expect(Self.lookUp(table, [Self.word(later, 2..<6), Self.word(later, 0..<2)], in: later) == nil)
        later.withUnsafeBufferPointer { units in
            #expect(table.contains(Self.word(later, 2..<6), in: units))
            #expect(!table.contains(Self.word(later, 0..<2), in: units))
        }
        table.release()
    }

    @Test("thousands of words stay findable as the table grows, and their bytes are counted")
    func growth() {
        var table = WordTable(splittable: true)
        let text = Array((0..<5000).map { "w\($0) " }.joined().utf16)
        var words: [ItemWord] = []
        var start = 0
        for i in 0..<5000 {
            let end = start + "w\(i) ".utf16.count
            words.append(Self.word(text, start..<end))
            let glyphs = (start..<end).map { Self.glyph(UInt32(text[$0]), Int32($0)) }
            #expect(Self.keep(&table, words[i], of: text, glyphs))
            start = end
        }
        #expect(table.count == 5000)
        let all = Self.lookUp(table, words, in: text)
        #expect(all?.map(\.id) == text.map(UInt32.init))
        #expect(all?.map(\.cluster) == Array(0..<Int32(text.count)))
        // Each glyph counted at least (40 bytes), each code unit, and a slot per word at most half full.
        let least = text.count * (MemoryLayout<ShapedGlyph>.stride + 2) + 5000 * 2 * MemoryLayout<WordTable.Slot>.stride
        #expect(table.bytes >= least)
        #expect(table.bytes <= least * 3)
        table.release()
        #expect(table.count == 0)
    }

    @Test("words whose hashes collide are kept only up to the longest probe, and the rest miss")
    func collisions() {
        var table = WordTable(splittable: true)
        let text = Array((0..<100).map { "c\($0) " }.joined().utf16)
        var start = 0
        var kept: [ItemWord] = []
        var refused: [ItemWord] = []
        for i in 0..<100 {
            let end = start + "c\(i) ".utf16.count
            // Every word with the same hash: one home slot for all.
            let word = ItemWord(range: start..<end, edges: 0, hash: 0x1234_5678_9ABC_DEF0)
            let stored = Self.keep(&table, word, of: text, [Self.glyph(UInt32(i), Int32(start))])
            if stored { kept.append(word) } else { refused.append(word) }
            start = end
        }
        #expect(kept.count == WordTable.longestProbe)
        #expect(table.count == WordTable.longestProbe)
        // The kept ones are found and told apart by their code units; the others miss.
        #expect(Self.lookUp(table, kept, in: text)?.map(\.id) == (0..<UInt32(WordTable.longestProbe)).map { $0 })
        #expect(refused.allSatisfy { Self.lookUp(table, [$0], in: text) == nil })
        table.release()
    }

    /// The filter never forgets a word it was given until it empties; while it fills to its
    /// capacity (2¹⁷ bits, two a word, 2¹⁴ words) it takes a word it was not given for a seen one
    /// about 2% of the time (≈ (1 − e^(−2n/2¹⁷))² averaged over n), and once it has noted that
    /// many the next new word empties it. Hashes from a fixed-seed SplitMix64, so the figures repeat.
    @Test func seenWordsFalseAdmissions() {
        var state: UInt64 = 0x1234_5678
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var seen = SeenWords()
        let given = (0..<SeenWords.capacity).map { _ in next() }
        var falseAdmissions = 0
        for h in given where seen.sawBefore(h) { falseAdmissions += 1 }
        #expect(falseAdmissions < SeenWords.capacity / 25, "\(falseAdmissions) of \(SeenWords.capacity)")
        var forgotten = 0
        for h in given where !seen.sawBefore(h) { forgotten += 1 }
        #expect(forgotten == 0)
        // Once it has noted its capacity of words (false admissions are not noted), the next new
        // word empties it: after as many new words again, the first ones are new once more (but
        // for false admissions).
        for _ in 0..<SeenWords.capacity { _ = seen.sawBefore(next()) }
        var stillSeen = 0
        for h in given where seen.sawBefore(h) { stillSeen += 1 }
        #expect(stillSeen < SeenWords.capacity / 25, "\(stillSeen) of \(SeenWords.capacity)")
    }

    @Test("a style that may not be split keeps nothing")
    func unsplittable() {
        var table = WordTable(splittable: false)
        let text = Array("word ".utf16)
        #expect(!Self.keep(&table, Self.word(text, 0..<5), of: text, [Self.glyph(1, 0)]))
        #expect(table.count == 0 && table.bytes == 0)
    }
}
