// GraphemeClusters behaviour beyond the conformance file: emoji sequences, sub-ranges.

import GalleyTestSupport
import Testing

@testable import GalleyUnicode

@Suite struct GraphemeClustersTests {
    /// UAX #29 GB11/GB12/GB9: a ZWJ family is one cluster (11 code units), a flag is two
    /// regional indicators (4 units), "é" as e + U+0301 is one cluster, CR LF is one (GB3).
    @Test func clusters() {
        let text = Array("👨‍👩‍👧🇯🇵e\u{0301}\r\nx".utf16)
        #expect(GraphemeClusters.boundaries(in: text) == [0, 8, 12, 14, 16, 17])
    }

    /// A sub-range is analysed alone; offsets are whole-buffer offsets.
    @Test func subRange() {
        let text = Array("abe\u{0301}cd".utf16)
        #expect(GraphemeClusters.boundaries(in: text, range: 1..<5) == [1, 2, 4, 5])
        #expect(GraphemeClusters.boundaries(in: text, range: 3..<3) == [3])
        #expect(GraphemeClusters.boundaries(in: [], range: 0..<0) == [0])
        #expect(GraphemeClusters.boundaries(in: text, range: 4..<99) == [4, 5, 6])
    }
}

/// The fast path below U+0300 must agree with ICU's iterator run over the whole text.
@Suite struct GraphemeFastPathTests {
    /// Random strings over an alphabet mixing ASCII, CR, LF, controls, ©, combining marks,
    /// ZWJ, emoji, regional indicators, Hangul jamo, Devanagari and lone surrogates.
    @Test func fastPathAgreesWithICU() {
        let alphabet: [[UInt16]] = [
            [0x61], [0x20], [0x0D], [0x0A], [0x01], [0xA9], [0x2FF], [0x300], [0x301], [0x200D],
            [0xFE0F], Array("😀".utf16), Array("🇯".utf16), Array("🇵".utf16), [0x1100], [0x1161], [0x11A8],
            [0xAC00], [0x0915], [0x094D], [0x0600], [0xD800], [0xDC00], [0x0E33],
            [0x4E00], [0x3042], [0x3099], [0x2019], [0x203C], [0xFF76], [0xFF9E], [0x302A],
        ]
        var rng = SplitMix64(state: 42)
        for _ in 0..<3000 {
            var text: [UInt16] = []
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                text += alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
            }
            let lower = Int.random(in: 0...text.count, using: &rng)
            let range = lower..<Int.random(in: lower...text.count, using: &rng)
            #expect(
                GraphemeClusters.boundaries(in: text, range: range)
                    == GraphemeClusters.icuBoundaries(in: text, range: range),
                "\(text.map { String($0, radix: 16) }) \(range)")
        }
    }
}

extension GraphemeFastPathTests {
    /// Every unit the fast path calls simple has Grapheme_Cluster_Break Other (unlisted),
    /// Control, CR or LF in GraphemeBreakProperty.txt, so only GB3–GB5 and GB999 apply
    /// between two of them.
    @Test func simpleUnitsAreOtherOrControl() throws {
        var offenders: [String] = []
        for (range, value) in try UnicodeDataFiles.ranges("auxiliary/GraphemeBreakProperty.txt")
        where !["Control", "CR", "LF"].contains(value) {
            for cp in range where cp <= 0xFFFF && GraphemeClusters.isSimple(UInt16(cp)) {
                offenders.append("U+\(String(cp, radix: 16)) \(value)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.prefix(20))")
        // Surrogates are never simple (they may form supplementary characters).
        #expect(!GraphemeClusters.isSimple(0xD83D) && !GraphemeClusters.isSimple(0xDE00))
    }
}
