// BidiParagraph behaviour beyond the conformance file: base direction, the LTR fast path,
// per-line rule L1, rule L2 reordering and level runs.

import Testing

@testable import GalleyUnicode

@Suite struct BidiParagraphTests {
    static func utf16(_ s: String) -> [UInt16] { Array(s.utf16) }

    /// The fast path treats every code unit below U+0590, in U+0900–U+200D, U+2070–U+D7FF,
    /// U+E000–U+FB1C, U+FE00–U+FE6F and U+FF00–U+FFFF, and every supplementary code point
    /// outside U+10800–U+10FFF and U+1E800–U+1EFFF (by its high surrogate), as unable to be R,
    /// AL, AN or an explicit formatting character.
    /// DerivedBidiClass.txt (including its @missing defaults for unassigned code points)
    /// must agree, or the fast path would give wrong levels.
    @Test func fastPathBlocksHaveNoRightToLeftClasses() throws {
        let forbidden: Set<String> = [
            "R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
            "Right_To_Left", "Arabic_Letter", "Arabic_Number",
        ]
        let fastRanges: [ClosedRange<UInt32>] = [
            0...0x058F, 0x0900...0x200D, 0x2070...0xD7FF, 0xE000...0xFB1C, 0xFE00...0xFE6F, 0xFF00...0xFFFF,
            0x10000...0x107FF, 0x11000...0x1E7FF, 0x1F000...0x10FFFF,
        ]
        var offenders: [String] = []
        for (range, value) in try UnicodeDataFiles.ranges("extracted/DerivedBidiClass.txt", missing: true)
        where forbidden.contains(value) {
            for fast in fastRanges where fast.overlaps(range) {
                offenders.append(
                    "\(String(range.lowerBound, radix: 16))..\(String(range.upperBound, radix: 16)) \(value)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }

    /// Chinese with full-width punctuation and an emoji has no right-to-left character (all
    /// level 0), while a Phoenician letter (U+10900, Bidi_Class R, behind the high surrogate
    /// D802) or an Arabic presentation form (U+FE8D, AL) makes the paragraph go through the
    /// full algorithm: by rule P2 either one, coming first, makes a natural paragraph RTL.
    @Test(arguments: [
        ("中文，（测试）😀 abc", 0 as UInt8, true),
        ("\u{10900} abc", 1 as UInt8, false),
        ("\u{FE8D} abc", 1 as UInt8, false),
    ])
    func fastPathAcrossPlanes(text: String, baseLevel: UInt8, purelyLeftToRight: Bool) {
        let units = Self.utf16(text)
        let paragraph = BidiParagraph(text: units, range: 0..<units.count, baseDirection: .natural)
        #expect(paragraph.baseLevel == baseLevel)
        #expect(paragraph.isPurelyLeftToRight == purelyLeftToRight)
    }

    /// Rules P2–P3: natural takes the first strong character; none means LTR.
    @Test func baseDirection() {
        let hebrewFirst = Self.utf16("שלום world")
        #expect(BidiParagraph(text: hebrewFirst, range: 0..<hebrewFirst.count, baseDirection: .natural).baseLevel == 1)
        #expect(
            BidiParagraph(text: hebrewFirst, range: 0..<hebrewFirst.count, baseDirection: .leftToRight).baseLevel == 0)
        let digits = Self.utf16("123 !?")
        #expect(BidiParagraph(text: digits, range: 0..<digits.count, baseDirection: .natural).baseLevel == 0)
        // P2 skips isolates: the Hebrew inside LRI…PDI does not count, "a" does.
        let isolated = Self.utf16("\u{2066}א\u{2069}a")
        #expect(BidiParagraph(text: isolated, range: 0..<isolated.count, baseDirection: .natural).baseLevel == 0)
        // Latin forced RTL: L in an RTL paragraph gets level 2 (rule I2).
        let latin = Self.utf16("abc")
        let rtl = BidiParagraph(text: latin, range: 0..<3, baseDirection: .rightToLeft)
        #expect(rtl.baseLevel == 1 && rtl.levels == [2, 2, 2] && !rtl.isPurelyLeftToRight)
        let ltr = BidiParagraph(text: latin, range: 0..<3, baseDirection: .natural)
        #expect(ltr.baseLevel == 0 && ltr.levels == [0, 0, 0] && ltr.isPurelyLeftToRight)
    }

    /// "abc אבג דהו def", LTR: the space between two Hebrew words resolves to R (N1, level 1).
    /// Broken after "אבג " (a line of 0..<8), L1 resets that trailing space to level 0.
    /// Rule L2 then reverses the Hebrew letters of the line: visual 0 1 2 3 6 5 4 7.
    @Test func lineLevelsAndOrder() {
        let text = Self.utf16("abc אבג דהו def")
        let paragraph = BidiParagraph(text: text, range: 0..<text.count, baseDirection: .natural)
        #expect(paragraph.levels == [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0])
        let line = paragraph.lineLevels(for: 0..<8, text: text)
        #expect(line == [0, 0, 0, 0, 1, 1, 1, 0])
        #expect(BidiParagraph.visualOrder(levels: line) == [0, 1, 2, 3, 6, 5, 4, 7])
        // The static form gives the same for an arbitrary slice of levels.
        #expect(BidiParagraph.lineLevels(paragraph.levels[0..<8], text: text, lineRange: 0..<8, baseLevel: 0) == line)
        // L1 also resets a tab (segment separator) and the whitespace before it.
        let tabbed = Self.utf16("אב \tגד")
        let rtl = BidiParagraph(text: tabbed, range: 0..<tabbed.count, baseDirection: .leftToRight)
        #expect(rtl.lineLevels(for: 0..<tabbed.count, text: tabbed) == [1, 1, 0, 0, 1, 1])
    }

    /// Rule L2 worked by hand: levels [1 1 2 2 1]: reverse the level-2 run (2 3), then
    /// everything at level ≥ 1 → [4 2 3 1 0]. Purely even levels keep logical order.
    @Test func visualOrderRuleL2() {
        #expect(BidiParagraph.visualOrder(levels: [1, 1, 2, 2, 1]) == [4, 2, 3, 1, 0])
        #expect(BidiParagraph.visualOrder(levels: [0, 0, 1, 1, 1, 0]) == [0, 1, 4, 3, 2, 5])
        #expect(BidiParagraph.visualOrder(levels: [0, 2, 2, 0]) == [0, 1, 2, 3])
        #expect(BidiParagraph.visualOrder(levels: []) == [])
        #expect(BidiParagraph.visualOrder(levels: [255, 1]) == [1, 0])
    }

    @Test func levelRuns() {
        let text = Self.utf16("xxab אב cd")
        let paragraph = BidiParagraph(text: text, range: 2..<text.count, baseDirection: .leftToRight)
        #expect(
            paragraph.runs == [
                BidiRun(range: 2..<5, level: 0), BidiRun(range: 5..<7, level: 1), BidiRun(range: 7..<10, level: 0),
            ])
        #expect(paragraph.runs[1].isRightToLeft)
    }

    /// Empty and out-of-bounds ranges never trap: they are clamped.
    @Test func emptyAndClamped() {
        let empty = BidiParagraph(text: [], range: 0..<0, baseDirection: .rightToLeft)
        #expect(empty.levels.isEmpty && empty.baseLevel == 1)
        let text = Self.utf16("אב")
        let clamped = BidiParagraph(text: text, range: -3..<10, baseDirection: .natural)
        #expect(clamped.range == 0..<2 && clamped.levels == [1, 1])
        #expect(clamped.lineLevels(for: 5..<9, text: text) == [])
        #expect(BidiParagraph.lineLevels([1], text: text, lineRange: 0..<2, baseLevel: 1) == [1, 1])
    }
}
