// UAX #9 conformance of BidiParagraph (levels, rule L1 and rule L2 reordering) against the
// Unicode Consortium's BidiTest.txt, whose cases are sequences of Bidi_Class values.

import Foundation
import Testing
@testable import GalleyUnicode

/// Reads BidiTest.txt. A case is one data line ("L LRE R AL; 7") under the last
/// "@Levels:" and "@Reorder:" lines; each bit of its bitset (1 auto, 2 LTR, 4 RTL) is one
/// paragraph direction to run it with.
enum BidiTestFile {
    static let path = "/usr/share/unicode/BidiTest.txt"

    /// A representative code point of each Bidi_Class, as UTF-16 (all BMP), chosen so
    /// that none is a paired bracket (the file assumes none): DerivedBidiClass.txt gives
    /// each its class, checked by `representativesHaveTheirClass`.
    static let representatives: [String: UInt16] = [
        "L": 0x0041, "R": 0x05D0, "AL": 0x0627, "EN": 0x0030, "ES": 0x002B, "ET": 0x0024,
        "AN": 0x0660, "CS": 0x002C, "NSM": 0x0300, "BN": 0x00AD, "B": 0x2029, "S": 0x0009,
        "WS": 0x0020, "ON": 0x0021, "LRE": 0x202A, "LRO": 0x202D, "RLE": 0x202B,
        "RLO": 0x202E, "PDF": 0x202C, "LRI": 0x2066, "RLI": 0x2067, "FSI": 0x2068,
        "PDI": 0x2069,
    ]

    /// Class names are at most three ASCII letters; packed into an integer they key a
    /// table without building a String per token (the file has 490,000 lines).
    static func key<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    static let codeUnitByKey: [UInt32: UInt16] = Dictionary(
        uniqueKeysWithValues: representatives.map { (key(Array($0.key.utf8)), $0.value) })

    /// One case group: the sequences sharing one @Levels and @Reorder line.
    struct Case {
        let line: Int
        let text: [UInt16]
        /// 1 auto (rules P2–P3), 2 LTR, 4 RTL.
        let bitset: Int
        /// Expected level per character; nil for "x" (removed by rule X9).
        let levels: [UInt8?]
        /// Expected visual order of the characters not removed, left to right.
        let order: [Int]
    }

    /// Calls `body` for each data line, in file order. Parses bytes by hand: splitting
    /// Strings is far too slow for half a million lines in a debug build.
    static func forEachCase(_ body: (Case) -> Void) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var levels: [UInt8?] = []
        var order: [Int] = []
        var lineNumber = 0
        var lineStart = 0
        let levelsTag = Array("@Levels:".utf8)
        let reorderTag = Array("@Reorder:".utf8)
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            lineNumber += 1
            let line = bytes[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            if line.starts(with: levelsTag) {
                levels = tokens(line.dropFirst(levelsTag.count)).map { token in
                    token.first == UInt8(ascii: "x") ? nil : UInt8(decimal(token))
                }
            } else if line.starts(with: reorderTag) {
                order = tokens(line.dropFirst(reorderTag.count)).map(decimal)
            } else if first == UInt8(ascii: "@") {
                continue // other @ lines are to be ignored, says the header
            } else if let semicolon = line.firstIndex(of: UInt8(ascii: ";")) {
                var text: [UInt16] = []
                for token in tokens(line[..<semicolon]) {
                    guard let unit = codeUnitByKey[key(token)] else { throw ParseError(line: lineNumber) }
                    text.append(unit)
                }
                var bitset = 0
                for token in tokens(line[(semicolon + 1)...]) {
                    for byte in token { bitset = bitset * 16 + hexValue(byte) }
                }
                guard text.count == levels.count else { throw ParseError(line: lineNumber) }
                body(Case(line: lineNumber, text: text, bitset: bitset, levels: levels, order: order))
            }
        }
    }

    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        var description: String { "BidiTest.txt line \(line) unreadable" }
    }

    /// The whitespace-separated (space or tab) tokens of a line.
    static func tokens(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") })
    }

    static func decimal(_ token: ArraySlice<UInt8>) -> Int {
        token.reduce(0) { $0 * 10 + Int($1) - Int(UInt8(ascii: "0")) }
    }

    static func hexValue(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: 0
        }
    }
}

@Suite struct BidiTestConformanceTests {
    /// The paragraph directions of a bitset, in the file's bit order.
    static func directions(_ bitset: Int) -> [BaseDirection] {
        var result: [BaseDirection] = []
        if bitset & 1 != 0 { result.append(.natural) }
        if bitset & 2 != 0 { result.append(.leftToRight) }
        if bitset & 4 != 0 { result.append(.rightToLeft) }
        return result
    }

    /// Runs one case in one direction, the sequence taken as one paragraph on one line (as
    /// the file assumes; its B only ever ends a sequence, so ICU sees one paragraph).
    /// Returns the actual levels and order when they differ from the file's.
    static func check(_ testCase: BidiTestFile.Case, _ direction: BaseDirection) -> (levels: [UInt8], order: [Int])? {
        let text = testCase.text
        let paragraph = BidiParagraph(text: text, range: 0..<text.count, baseDirection: direction)
        let line = paragraph.lineLevels(for: 0..<text.count, text: text)
        var ok = true
        // Levels, skipping the "x" characters; then rule L2 over the levels of the
        // characters not removed (the file's header: "items with a level of x are
        // skipped"), mapped back to indices in the sequence.
        var kept: [Int] = []
        var keptLevels: [UInt8] = []
        for (index, expected) in testCase.levels.enumerated() {
            guard let expected else { continue }
            if line[index] != expected { ok = false }
            kept.append(index)
            keptLevels.append(line[index])
        }
        let order = BidiParagraph.visualOrder(levels: keptLevels).map { kept[$0] }
        if order != testCase.order { ok = false }
        return ok ? nil : (line, order)
    }

    @Test func bidiTest() throws {
        #expect(UnicodeTestFile.version(BidiTestFile.path).contains("15.0"),
                "test data version: \(UnicodeTestFile.version(BidiTestFile.path))")
        var passed = 0
        var failed = 0
        var samples: [String] = []
        try BidiTestFile.forEachCase { testCase in
            for direction in Self.directions(testCase.bitset) {
                if let actual = Self.check(testCase, direction) {
                    failed += 1
                    if samples.count < 400 {
                        samples.append("line \(testCase.line) \(direction) text \(testCase.text.map { String($0, radix: 16) }) levels \(actual.levels) want \(testCase.levels.map { $0.map(String.init) ?? "x" }) order \(actual.order) want \(testCase.order)")
                    }
                } else {
                    passed += 1
                }
            }
        }
        print("BidiTest: \(passed) passed, \(failed) failed")
        try? samples.joined(separator: "\n").write(toFile: "/tmp/bidi-failures.txt", atomically: true, encoding: .utf8)
    }
}
