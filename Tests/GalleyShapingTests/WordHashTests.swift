// WordHash (the shaped-word cache's hash): the folded multiply it is made of, words told apart by
// every unit, length and edge flag, another key giving other hashes, and low bits (which choose a
// word's slot) spread evenly over real words.

import Foundation
import Testing

@testable import GalleyShaping

@Suite struct WordHashTests {
    static func hash(_ s: String, _ edges: UInt8 = 0, key: (UInt64, UInt64) = WordHash.key) -> UInt64 {
        Array(s.utf16).withUnsafeBytes { WordHash.hash($0, extra: edges, key: key) }
    }

    /// The fold is the 128-bit product's halves xored: 2⁶⁴−1 squared is 2¹²⁸ − 2⁶⁵ + 1, whose
    /// high half is 2⁶⁴ − 2 and low half 1.
    @Test func foldIsTheProductsHalvesXored() {
        #expect(WordHash.fold(3, 5) == 15)
        #expect(WordHash.fold(1 << 32, 1 << 32) == 1)
        #expect(WordHash.fold(.max, .max) == (UInt64.max - 1) ^ 1)
    }

    /// Words of the same units and edges hash alike; another edge flag, a unit changed at any
    /// place, a unit more or a trailing zero unit (the tail is zero-padded) changes the hash.
    @Test func wordsAreToldApart() {
        let word = "extraordinarily "  // 16 units: a whole block and a tail
        #expect(Self.hash(word) == Self.hash(word))
        for edges: UInt8 in 1...3 { #expect(Self.hash(word) != Self.hash(word, edges)) }
        var units = Array(word.utf16)
        for i in units.indices {
            let kept = units[i]
            units[i] ^= 1
            #expect(Self.hash(word) != Self.hash(String(decoding: units, as: UTF16.self)), "unit \(i)")
            units[i] = kept
        }
        for n in 0..<word.count {
            let prefix = String(word.prefix(n))
            #expect(Self.hash(prefix) != Self.hash(prefix + "\u{0}"), "length \(n)")
            #expect(Self.hash(prefix) != Self.hash(String(word.prefix(n + 1))), "length \(n)")
        }
    }

    /// Another key gives other hashes, so words that collide under one key do not under another.
    @Test func theKeyChangesEveryHash() {
        let other = (WordHash.key.0 ^ 0x5555, WordHash.key.1 &+ 1)
        for word in ["a ", "the ", "office ", "extraordinarily ", "multiplication tables "] {
            #expect(Self.hash(word) != Self.hash(word, key: other), "\(word)")
        }
    }

    /// The distinct words of the GNU GPL (with and without a trailing space, at each edge flag)
    /// fall into 256 buckets by their hashes' low 8 bits about evenly: the chi-squared statistic
    /// stays under 400, where 255 degrees of freedom put its 99.999th percentile near 370 for a
    /// uniform hash (a hash of the length alone gives tens of thousands).
    @Test func lowBitsAreEven() throws {
        let text = try String(contentsOfFile: "/usr/share/common-licenses/GPL-3", encoding: .utf8)
        let words = Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
        var buckets = [Int](repeating: 0, count: 256)
        var n = 0
        for word in words {
            for form in [word, word + " "] {
                for edges: UInt8 in 0...3 {
                    buckets[Int(Self.hash(form, edges) & 255)] += 1
                    n += 1
                }
            }
        }
        #expect(n > 10_000)
        let expected = Double(n) / 256
        let chiSquared = buckets.reduce(0.0) { $0 + pow(Double($1) - expected, 2) / expected }
        #expect(chiSquared < 400, "χ² = \(chiSquared) over \(n) words")
    }
}
