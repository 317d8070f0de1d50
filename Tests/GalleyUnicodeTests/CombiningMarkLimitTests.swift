// The bound on combining marks in a row (UAX #15 §13's Stream-Safe Text Format limit of 30,
// counting every combining mark): where grapheme clusters are cut, and which characters count.

import Testing

@testable import GalleyUnicode

@Suite struct CombiningMarkLimitTests {
    /// Marks are General_Category Mn, Mc, Me or a non-zero combining class (UnicodeData.txt):
    /// U+0301 Mn/230, U+0E31 THAI MAI HAN-AKAT Mn/0, U+0903 DEVANAGARI SIGN VISARGA Mc,
    /// U+20DD COMBINING ENCLOSING CIRCLE Me, U+1D167 (Mn/1, supplementary). Not marks: letters,
    /// ZWJ (Cf), the emoji modifier U+1F3FB (Sk), tags (Cf).
    @Test func whichCharactersAreMarks() {
        for mark: UInt32 in [0x0301, 0x0E31, 0x0903, 0x20DD, 0x1D167, 0xFE0F] {
            #expect(CombiningMarkLimit.isMark(mark), "U+\(String(mark, radix: 16))")
        }
        for other: UInt32 in [0x61, 0x0E01, 0x200D, 0x1F3FB, 0xE0067, 0x2FF] {
            #expect(!CombiningMarkLimit.isMark(other), "U+\(String(other, radix: 16))")
        }
    }

    /// One base with 100 marks: the base and its first 30 marks, then clusters of 30, then the
    /// last 10. Exactly 30 marks stay one cluster, as UAX #29 gives it.
    @Test(arguments: [
        (30, [0, 31]),
        (31, [0, 31, 32]),
        (100, [0, 31, 61, 91, 101]),
    ])
    func longRunsAreCut(marks: Int, expected: [Int]) {
        let text = Array(("b" + String(repeating: "\u{0301}", count: marks)).utf16)
        #expect(GraphemeClusters.boundaries(in: text) == expected)
    }

    /// Marks of combining class 0 count too (Thai vowel signs above): HarfBuzz's time on them
    /// grows as fast as on non-starters.
    @Test func classZeroMarksCount() {
        let text = Array(("\u{0E01}" + String(repeating: "\u{0E31}", count: 40)).utf16)
        #expect(GraphemeClusters.boundaries(in: text) == [0, 31, 41])
    }

    /// Supplementary marks count once each (two code units each): the cut falls before the 31st.
    @Test func supplementaryMarksCountOnce() {
        let text = Array(("b" + String(repeating: "\u{1D167}", count: 31)).utf16)
        #expect(GraphemeClusters.boundaries(in: text) == [0, 61, 63])
    }

    /// A base starts the count again: 20 marks after each of two bases are two ordinary
    /// clusters, whatever the total.
    @Test func aBaseResetsTheCount() {
        let marks = String(repeating: "\u{0308}", count: 20)
        let text = Array(("b" + marks + "c" + marks).utf16)
        #expect(GraphemeClusters.boundaries(in: text) == [0, 21, 42])
    }

    /// `followsFullRun` holds exactly at a mark with 30 marks before it; the itemizer asks it at
    /// cluster starts to begin a new shaping item there.
    @Test func followsFullRun() {
        let units = Array(("b" + String(repeating: "\u{0301}", count: 40)).utf16)
        units.withUnsafeBufferPointer { buffer in
            #expect(!CombiningMarkLimit.followsFullRun(in: buffer, at: 0, from: 0))
            #expect(!CombiningMarkLimit.followsFullRun(in: buffer, at: 30, from: 0))
            #expect(CombiningMarkLimit.followsFullRun(in: buffer, at: 31, from: 0))
            // Counting starts at `from`: 20 marks before index 31 from 11 on.
            #expect(!CombiningMarkLimit.followsFullRun(in: buffer, at: 31, from: 11))
        }
    }
}
