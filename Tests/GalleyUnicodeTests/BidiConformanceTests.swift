// UAX #9 conformance of BidiParagraph (levels, rule L1 and rule L2 reordering) against the
// Unicode Consortium's BidiCharacterTest.txt.

import Foundation
import Testing

@testable import GalleyUnicode

/// One line of BidiCharacterTest.txt.
struct BidiCharacterCase: Sendable, CustomStringConvertible {
    let line: Int
    let text: [UInt16]
    let direction: WritingDirection
    let paragraphLevel: UInt8
    /// Expected level per code point; nil where the file says "x" (removed by rule X9).
    let levels: [UInt8?]
    /// Expected visual order of the code points not removed by X9, left to right.
    let order: [Int]

    var description: String { "BidiCharacterTest.txt line \(line)" }

    /// The file's cases, read once for all tests.
    static let all = Result { try load() }

    /// Parses the file's bytes directly (the file has 91,000 lines; String splitting is
    /// too slow for a debug-build test).
    static func load() throws -> [BidiCharacterCase] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/unicode/BidiCharacterTest.txt")))
        var result: [BidiCharacterCase] = []
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            lineNumber += 1
            if let parsed = parse(bytes[lineStart..<lineEnd], line: lineNumber) { result.append(parsed) }
            lineStart = lineEnd + 1
        }
        return result
    }

    /// One data line: "05D0 0028;0;0;1 x 0;1 0": five ";"-separated fields of
    /// space-separated numbers (hex in field 0, decimal elsewhere, "x" for none).
    /// A single hand-written pass, to keep the debug-build test fast.
    static func parse(_ line: ArraySlice<UInt8>, line number: Int) -> BidiCharacterCase? {
        guard let first = line.first, first != UInt8(ascii: "#") else { return nil }
        var fields: [[UInt32?]] = [[], [], [], [], []]
        var field = 0
        var value: UInt32 = 0
        var inNumber = false
        var isX = false
        func finish() {
            if inNumber { fields[field].append(value) } else if isX { fields[field].append(nil) }
            value = 0
            inNumber = false
            isX = false
        }
        for byte in line {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value * (field == 0 ? 16 : 10) + UInt32(byte - UInt8(ascii: "0"))
                inNumber = true
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                value = value * 16 + UInt32(byte - UInt8(ascii: "A")) + 10
                inNumber = true
            case UInt8(ascii: "x"):
                isX = true
            case UInt8(ascii: ";"):
                finish()
                field += 1
                if field > 4 { return nil }
            default:
                finish()
            }
        }
        finish()
        guard field == 4 else { return nil }
        var text: [UInt16] = []
        for value in fields[0] {
            guard let value else { return nil }
            UnicodeTestFile.appendUTF16(value, to: &text)
        }
        let direction: WritingDirection =
            switch fields[1].first {
            case 0: .leftToRight
            case 1: .rightToLeft
            default: .natural
            }
        return BidiCharacterCase(
            line: number, text: text, direction: direction,
            paragraphLevel: UInt8(fields[2].first.flatMap { $0 } ?? 0),
            levels: fields[3].map { $0.map { UInt8($0) } },
            order: fields[4].compactMap { $0.map { Int($0) } })
    }
}

@Suite struct BidiConformanceTests {
    /// Runs one case, treating the paragraph as a single line (as the file does).
    /// The file has BMP characters only, so code points and code units coincide.
    static func check(_ testCase: BidiCharacterCase) -> String? {
        let text = testCase.text
        let paragraph = BidiParagraph(text: text, range: 0..<text.count, baseDirection: testCase.direction)
        if paragraph.baseLevel != testCase.paragraphLevel {
            return "\(testCase): paragraph level \(paragraph.baseLevel), want \(testCase.paragraphLevel)"
        }
        let line = paragraph.lineLevels(for: 0..<text.count, text: text)
        for (index, expected) in testCase.levels.enumerated() {
            guard let expected else { continue }
            if line[index] != expected { return "\(testCase): levels \(line), want \(testCase.levels)" }
        }
        // Characters removed by X9 are left out of the file's order.
        let order = BidiParagraph.visualOrder(levels: line).filter { testCase.levels[$0] != nil }
        if order != testCase.order { return "\(testCase): order \(order), want \(testCase.order)" }
        return nil
    }

    /// ICU 72.1 fails 31 of the 91,707 cases, all explained:
    ///
    /// - 30 in the file's section "Test cases for the algorithm changes and clarifications
    ///   made in Unicode 8.0" (lines 56–121): overrides applied to isolate initiators and
    ///   PDIs flanked by embeddings (rule X6a), overrides applied to paired brackets,
    ///   nonspacing marks after paired brackets (rule N0, also across BN such as ZWJ),
    ///   and the 63-entry bracket stack overflow (BD16). ICU's ubidi does not implement
    ///   these clarifications (ICU-23513 tracks the PDI and BD16 parts); checked with a
    ///   direct ubidi_setPara/ubidi_getLevels call, so they are not Galley's doing.
    /// - 1 where the text is unidirectional (line 164, levels "0 x 2 x 0 0 0 0"): ICU
    ///   takes a shortcut and reports every level as the paragraph level. Levels of one
    ///   parity only reorder nothing, so layout is the same; ICU's own conformance test
    ///   accepts this.
    static let observedFailures = 31
    static let clarificationsSection = 56..<122

    /// True when both the expected and the actual levels are all of one and the same
    /// parity (ICU's unidirectional shortcut) and the visual order is right.
    static func isUnidirectionalShortcut(_ testCase: BidiCharacterCase) -> Bool {
        let text = testCase.text
        let paragraph = BidiParagraph(text: text, range: 0..<text.count, baseDirection: testCase.direction)
        let line = paragraph.lineLevels(for: 0..<text.count, text: text)
        let expectedParities = Set(testCase.levels.compactMap { $0.map { $0 & 1 } })
        let actualParities = Set(line.enumerated().filter { testCase.levels[$0.offset] != nil }.map { $0.element & 1 })
        let order = BidiParagraph.visualOrder(levels: line).filter { testCase.levels[$0] != nil }
        return expectedParities.count == 1 && expectedParities == actualParities && order == testCase.order
    }

    @Test func bidiCharacterTest() throws {
        let path = "/usr/share/unicode/BidiCharacterTest.txt"
        #expect(UnicodeTestFile.version(path).contains("15.0"), "test data version: \(UnicodeTestFile.version(path))")
        let cases = try BidiCharacterCase.all.get()
        try #require(cases.count > 90_000)
        var failed = 0
        var unexplained: [String] = []
        for testCase in cases {
            guard let failure = Self.check(testCase) else { continue }
            failed += 1
            if !Self.clarificationsSection.contains(testCase.line) && !Self.isUnidirectionalShortcut(testCase) {
                unexplained.append(failure)
            }
        }
        print("BidiCharacterTest: \(cases.count - failed) passed, \(failed) failed")
        #expect(failed <= Self.observedFailures)
        #expect(unexplained.isEmpty, "\(unexplained.prefix(20).joined(separator: "\n"))")
    }

    /// Sanity on the file's first examples (UAX #9 section 3.3.5, mixed Hebrew, Arabic
    /// and Latin with brackets), which must pass exactly.
    @Test func uax9Examples() throws {
        let cases = try BidiCharacterCase.all.get().filter { (42...53).contains($0.line) }
        #expect(cases.count == 12)
        for testCase in cases {
            #expect(Self.check(testCase) == nil)
        }
    }
}
