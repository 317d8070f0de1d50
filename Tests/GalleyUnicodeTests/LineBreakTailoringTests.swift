// CSS line-break strictness through ICU's `lb` keyword, `line-break: anywhere` and
// `word-break: keep-all`. Expected offsets come from UAX #14 classes, ICU's documented
// tailorings (line_normal, line_loose, line_loose_cj) and CSS Text 3 §5, as each test explains.

import Testing

@testable import GalleyUnicode

@Suite struct LineBreakTailoringTests {
    static func utf16(_ s: String) -> [UInt16] { Array(s.utf16) }

    static func offsets(_ text: String, _ locale: String?) -> [Int] {
        LineBreaker.opportunities(in: utf16(text), locale: locale).map(\.offset)
    }

    /// The `lb` keyword joins the language as an ICU locale id, BCP 47 tags converted and an
    /// `lb` the tag already had replaced.
    @Test func localeKeyword() {
        #expect(LineBreaker.locale("ja", settingKeyword: "lb", to: "strict") == "ja@lb=strict")
        #expect(LineBreaker.locale("ja-JP", settingKeyword: "lb", to: "strict") == "ja_JP@lb=strict")
        #expect(LineBreaker.locale(nil, settingKeyword: "lb", to: "loose") == "@lb=loose")
        #expect(LineBreaker.locale("", settingKeyword: "lb", to: "loose") == "@lb=loose")
        #expect(LineBreaker.locale("ja-u-lb-loose", settingKeyword: "lb", to: "strict") == "ja@lb=strict")
        #expect(LineBreaker.locale("zh_Hant@lb=loose", settingKeyword: "lb", to: "normal") == "zh_Hant@lb=normal")
    }

    /// "あぁいーう々え〻お": あ い う え お are ID; ぁ (small kana) and ー (prolonged sound mark)
    /// are CJ; 々 and 〻 (iteration marks) are NS.
    /// - strict: CJ resolves to NS (UAX #14 LB1; CSS Text 3 forbids breaks before small kana
    ///   under strict), and nothing may start with NS (LB21): breaks only before い, う, え, お
    ///   and at the end: 2, 4, 6, 8, 9.
    /// - normal (ICU's "ja" rules, line_normal: CJ as ID): breaks before ぁ and ー too: 1 and 3;
    ///   still none before the NS iteration marks.
    /// - loose (line_loose_cj: "allows breaks before iteration marks 3005, 303B, 309D, 309E,
    ///   30FD, 30FE"; CSS Text 3: "breaks before iteration marks" allowed for loose): also
    ///   before 々 (5) and 〻 (7), so between every two characters.
    /// Interleaving the three also checks that ICU's pooled iterators are kept per full
    /// locale string, keyword included.
    @Test func japaneseStrictness() {
        let text = "あぁいーう々え〻お"
        let strict = LineBreaker.locale("ja", settingKeyword: "lb", to: "strict")
        let loose = LineBreaker.locale("ja", settingKeyword: "lb", to: "loose")
        for _ in 0..<3 {
            #expect(Self.offsets(text, strict) == [2, 4, 6, 8, 9])
            #expect(Self.offsets(text, "ja") == [1, 2, 3, 4, 6, 8, 9])
            #expect(Self.offsets(text, loose) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        }
    }

    /// Loose differs from normal beyond iteration marks, for Chinese and Japanese
    /// (line_loose_cj, CSS Text 3 §5.3): breaks before the hyphen-like 〜 U+301C (NS), before
    /// centred punctuation ・ U+30FB (NS), and before a fullwidth suffix ％ U+FF05 (PO, East
    /// Asian Width F). "漢〜字・字１％": strict and ICU's default for "ja" break only before 字
    /// (2, 4), before the number (5; ID ÷ NU) and at the end (7); loose adds 1, 3 and 6.
    @Test func looseBeforeHyphensAndSuffixes() {
        let text = "漢〜字・字１％"
        let loose = LineBreaker.locale("ja", settingKeyword: "lb", to: "loose")
        let strict = LineBreaker.locale("ja", settingKeyword: "lb", to: "strict")
        #expect(Self.offsets(text, strict) == [2, 4, 5, 7])
        #expect(Self.offsets(text, "ja") == [2, 4, 5, 7])
        #expect(Self.offsets(text, loose) == [1, 2, 3, 4, 5, 6, 7])
    }

    /// `anywhere`: every grapheme cluster boundary, inside English words too ("e" + U+0301 is
    /// one cluster, so no break between them); U+2028 LINE SEPARATOR (BK) stays mandatory.
    @Test func anywhereBreaksInsideWords() {
        let text = Self.utf16("cafe\u{301} ok\u{2028}no")
        let ordinary = LineBreaker.opportunities(in: text)
        #expect(ordinary.map(\.offset) == [6, 9, 11])
        let graphemes = GraphemeClusters.boundaries(in: text)
        let anywhere = LineBreaker.anywhere(graphemes: graphemes, keepingMandatory: ordinary)
        #expect(anywhere.map(\.offset) == [1, 2, 3, 5, 6, 7, 8, 9, 10, 11])
        #expect(anywhere.filter(\.isMandatory).map(\.offset) == [9])
    }

    /// Korean set with spaces: Hangul syllables (H2, H3) break between each other by default
    /// (UAX #14 LB31); keep-all leaves only the breaks after spaces (LB18) and the end.
    /// "한국어 문장입니다.": 한국어 (0..<3), space, 문장입니다 (4..<9), "." (IS: no break before
    /// it, LB13).
    @Test func keepAllKorean() {
        let text = Self.utf16("한국어 문장입니다.")
        let normal = LineBreaker.opportunities(in: text, locale: "ko")
        #expect(normal.map(\.offset) == [1, 2, 4, 5, 6, 7, 8, 10])
        let kept = LineBreaker.keepingAll(normal, in: text, range: 0..<text.count)
        #expect(kept.map(\.offset) == [4, 10])
    }

    /// Chinese under keep-all breaks only after punctuation: "我们是学生。你好，世界！" has ID
    /// characters everywhere except 。 and ， (CL: a break after them, LB13 forbids one before)
    /// and ！ (EX). Default: between any two ideographs.
    @Test func keepAllChinese() {
        let text = Self.utf16("我们是学生。你好，世界！")
        let normal = LineBreaker.opportunities(in: text, locale: "zh")
        #expect(normal.map(\.offset) == [1, 2, 3, 4, 6, 7, 9, 10, 12])
        #expect(LineBreaker.keepingAll(normal, in: text, range: 0..<text.count).map(\.offset) == [6, 9, 12])
    }

    /// What keep-all leaves: breaks after a hyphen (HY, LB21 after), at a space, before an
    /// opening bracket (OP), at a mandatory break; what it joins: a digit and an ideograph
    /// (NU, ID), a letter with a combining mark and the next letter (the mark counts as its
    /// base). Thai (SA) keeps its dictionary breaks: ภาษา|ไทย.
    @Test func keepAllKeepsNonLetterBreaks() {
        let mixed = Self.utf16("e-mail 2023年「漢字」\u{2028}한국")
        let normal = LineBreaker.opportunities(in: mixed, locale: "ja")
        let kept = LineBreaker.keepingAll(normal, in: mixed, range: 0..<mixed.count)
        // e-|mail |2023年|「漢字」LS|한국: after "-" (2), after the space (7), before 「 (12),
        // after the mandatory LS (17), the end (19).
        #expect(kept.map(\.offset) == [2, 7, 12, 17, 19])
        #expect(kept.filter(\.isMandatory).map(\.offset) == [17])
        let marked = Self.utf16("한\u{302E}국")
        #expect(
            LineBreaker.keepingAll(LineBreaker.opportunities(in: marked), in: marked, range: 0..<3).map(\.offset) == [3]
        )
        let thai = Self.utf16("ภาษาไทย")
        let thaiBreaks = LineBreaker.opportunities(in: thai, locale: "th")
        #expect(LineBreaker.keepingAll(thaiBreaks, in: thai, range: 0..<thai.count) == thaiBreaks)
        #expect(thaiBreaks.map(\.offset) == [4, 7])
    }

    /// Letter classes, and the NS iteration marks that count as letters while NS punctuation
    /// (・ U+30FB, Po) does not.
    @Test func keepAllLetters() {
        for c: Unicode.Scalar in ["a", "1", "漢", "한", "ぁ", "ー", "々", "ゝ", "א"] {
            #expect(LineBreaker.isKeepAllLetter(c.value), "\(c)")
        }
        for c: Unicode.Scalar in [" ", "-", "。", "「", "・", "ก", "\u{301}"] {
            #expect(!LineBreaker.isKeepAllLetter(c.value), "\(c)")
        }
    }
}
