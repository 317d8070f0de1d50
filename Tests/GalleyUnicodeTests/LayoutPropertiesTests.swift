// Unicode.Scalar layout properties and Paragraphs, checked against the UCD files
// LineBreak.txt (classes BK CR LF NL) and PropList.txt (White_Space).

import Testing

@testable import GalleyUnicode

@Suite struct LayoutPropertiesTests {
    /// isMandatoryLineBreak is exactly the LineBreak.txt classes BK, CR, LF, NL.
    @Test func mandatoryBreakMatchesLineBreakTxt() throws {
        var expected = Set<UInt32>()
        for (range, value) in try UnicodeDataFiles.ranges("LineBreak.txt")
        where ["BK", "CR", "LF", "NL"].contains(value) {
            expected.formUnion(range)
        }
        let actual = Set((UInt32(0)...0x10FFFF).filter { Unicode.Scalar($0)?.isMandatoryLineBreak == true })
        #expect(actual == expected)
    }

    /// isWhitespaceForLayout is White_Space (PropList.txt) minus BK/CR/LF/NL and the
    /// no-break spaces (class GL in LineBreak.txt: U+00A0, U+2007, U+202F).
    @Test func whitespaceMatchesPropList() throws {
        var whiteSpace = Set<UInt32>()
        for (range, value) in try UnicodeDataFiles.ranges("PropList.txt") where value == "White_Space" {
            whiteSpace.formUnion(range)
        }
        var excluded = Set<UInt32>()
        for (range, value) in try UnicodeDataFiles.ranges("LineBreak.txt")
        where ["BK", "CR", "LF", "NL", "GL"].contains(value) {
            excluded.formUnion(range)
        }
        let expected = whiteSpace.subtracting(excluded)
        #expect(expected.contains(0x20) && expected.contains(0x09) && expected.contains(0x3000))
        let actual = Set((UInt32(0)...0x10FFFF).filter { Unicode.Scalar($0)?.isWhitespaceForLayout == true })
        #expect(actual == expected)
    }

    @Test func paragraphSeparators() {
        #expect(("\n" as Unicode.Scalar).isParagraphSeparator)
        #expect(("\u{2029}" as Unicode.Scalar).isParagraphSeparator)
        #expect(!("\u{2028}" as Unicode.Scalar).isParagraphSeparator)
        #expect(("\u{FFFC}" as Unicode.Scalar).isObjectReplacement)
        #expect(("ا" as Unicode.Scalar).script.code == "Arab")
    }

    /// CFStringGetParagraphBounds semantics: separators end their paragraph, CR LF is one.
    @Test func paragraphs() {
        let text = Array("one\r\ntwo\nthree\u{2029}\rfour\u{2028}more".utf16)
        #expect(Paragraphs.ranges(in: text) == [0..<5, 5..<9, 9..<15, 15..<16, 16..<25])
        #expect(Paragraphs.ranges(in: Array("a\n".utf16)) == [0..<2])
        #expect(Paragraphs.ranges(in: Array("\n\n".utf16)) == [0..<1, 1..<2])
    }
}
