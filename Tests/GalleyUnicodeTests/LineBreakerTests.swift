// Behaviour of LineBreaker beyond the conformance file: dictionary breaking, mandatory
// breaks, sub-ranges, locales, and the CoreText-relevant classes (U+FFFC, NBSP, CJK).

import Testing

@testable import GalleyUnicode

@Suite struct LineBreakerTests {
    static func utf16(_ s: String) -> [UInt16] { Array(s.utf16) }

    /// "ภาษาไทยง่ายนิดเดียว" ("Thai is very easy") reads as the dictionary words
    /// ภาษา | ไทย | ง่าย | นิด | เดียว (language | Thai | easy | a little | only), of
    /// 4, 3, 4, 3 and 5 code units, so the breaks fall at 4, 7, 11, 14 and 19 (the end).
    /// Thai has no spaces (class SA), so only ICU's dictionary can find them.
    @Test func thaiDictionaryBreaks() {
        let text = Self.utf16("ภาษาไทยง่ายนิดเดียว")
        let breaks = LineBreaker.opportunities(in: text, locale: "th").map(\.offset)
        #expect(breaks == [4, 7, 11, 14, 19])
        // Root locale: the dictionary is chosen by script, not locale.
        #expect(LineBreaker.opportunities(in: text).map(\.offset) == breaks)
        // No break inside a grapheme cluster (e.g. between ง and its tone mark ่ at 8).
        let clusters = Set(GraphemeClusters.boundaries(in: text))
        #expect(breaks.allSatisfy { clusters.contains($0) })
    }

    /// UAX #14 LB4/LB5: a break is mandatory after LF, CR LF (not between CR and LF),
    /// U+2028 and U+2029; the end of text is only mandatory after such a character.
    @Test func mandatoryBreaks() {
        let text = Self.utf16("ab\ncd\r\nef\u{2028}g\u{2029}")
        let found = LineBreaker.opportunities(in: text)
        #expect(
            found == [
                LineBreakOpportunity(offset: 3, isMandatory: true),  // after \n
                LineBreakOpportunity(offset: 7, isMandatory: true),  // after \r\n
                LineBreakOpportunity(offset: 10, isMandatory: true),  // after U+2028
                LineBreakOpportunity(offset: 12, isMandatory: true),  // after U+2029
            ])
        let plain = LineBreaker.opportunities(in: Self.utf16("hello world"))
        // LB18: break after spaces; the end is always included, not mandatory.
        #expect(
            plain == [
                LineBreakOpportunity(offset: 6, isMandatory: false),
                LineBreakOpportunity(offset: 11, isMandatory: false),
            ])
    }

    /// A sub-range is analysed alone and reported in whole-buffer offsets.
    @Test func subRangeOffsets() {
        let text = Self.utf16("xx one two\nyy")
        let found = LineBreaker.opportunities(in: text, range: 3..<11).map(\.offset)
        // "one two\n": break after "one " (7) and mandatory after "\n" (11).
        #expect(found == [7, 11])
        #expect(LineBreaker.opportunities(in: text, range: 3..<11).last?.isMandatory == true)
    }

    /// UAX #14: U+FFFC is class CB, a break on both sides (LB20); NBSP is GL, no break
    /// around it (LB12, LB12a); WORD JOINER glues (LB11) — how to keep an attachment with
    /// the next word.
    @Test func objectReplacementGlueAndJoiner() {
        #expect(LineBreaker.opportunities(in: Self.utf16("a\u{FFFC}b")).map(\.offset) == [1, 2, 3])
        #expect(LineBreaker.opportunities(in: Self.utf16("a\u{FFFC}\u{2060}b")).map(\.offset) == [1, 4])
        #expect(LineBreaker.opportunities(in: Self.utf16("10\u{00A0}kg")).map(\.offset) == [5])
    }

    /// Ideographs (class ID) break between each other (LB31), but not before closing
    /// punctuation such as "。" and "、" (class CL, LB13), so kinsoku holds.
    @Test func cjkPunctuation() {
        let text = Self.utf16("日本語。中文、好")
        #expect(LineBreaker.opportunities(in: text, locale: "ja").map(\.offset) == [1, 2, 4, 5, 7, 8])
    }

    /// Soft hyphen U+00AD is class BA: a break after it (LB21).
    @Test func softHyphen() {
        #expect(LineBreaker.opportunities(in: Self.utf16("hy\u{00AD}phen")).map(\.offset) == [3, 7])
    }

    /// ICU locale keywords select CSS line-break strictness. CSS Text 3 §5.3: "strict"
    /// forbids a break before small kana (UAX #14 class CJ, e.g. ぁ), "normal" and
    /// "loose" allow it for Japanese (CJ resolved to ID).
    @Test func strictnessKeywords() {
        let text = Self.utf16("あぁあ")
        #expect(LineBreaker.opportunities(in: text, locale: "ja@lb=strict").map(\.offset) == [2, 3])
        #expect(LineBreaker.opportunities(in: text, locale: "ja@lb=normal").map(\.offset) == [1, 2, 3])
        #expect(LineBreaker.opportunities(in: text, locale: "ja@lb=loose").map(\.offset) == [1, 2, 3])
        // The same as BCP 47 tags (Unicode locale extension "lb", UTS #35).
        #expect(LineBreaker.opportunities(in: text, locale: "ja-u-lb-strict").map(\.offset) == [2, 3])
        #expect(LineBreaker.opportunities(in: text, locale: "ja-JP-u-lb-loose").map(\.offset) == [1, 2, 3])
    }
}
