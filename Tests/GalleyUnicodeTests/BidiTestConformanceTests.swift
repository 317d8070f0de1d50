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

    /// Class names are at most three ASCII letters, packed big-endian into an integer;
    /// `key % 66` is distinct for the 23 names, so a 66-slot table finds a name's code
    /// unit without building a String or hashing (the file has 490,000 data lines).
    static func key(_ name: String) -> UInt32 {
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    static let slotCount: UInt32 = 66

    /// Slot `key % 66` holds (key, code unit); key 0 marks an empty slot.
    static let table: [(key: UInt32, unit: UInt16)] = {
        var slots = [(key: UInt32, unit: UInt16)](repeating: (0, 0), count: Int(slotCount))
        for (name, unit) in representatives {
            let k = key(name)
            precondition(slots[Int(k % slotCount)].key == 0, "class name slots collide")
            slots[Int(k % slotCount)] = (k, unit)
        }
        return slots
    }()

    /// One data line with the expectations of the @Levels and @Reorder lines above it.
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

    /// Calls `body` for each data line, in file order. Parses bytes by hand in one pass
    /// over an unsafe buffer: anything higher level is far too slow for half a million
    /// lines in a debug build.
    static func forEachCase(_ body: (Case) -> Void) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let table = Self.table
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
            let cr = UInt8(ascii: "\r"), semicolon = UInt8(ascii: ";")
            var levels: [UInt8?] = []
            var order: [Int] = []
            var text: [UInt16] = []
            var lineNumber = 0
            var i = 0
            while i < count {
                lineNumber += 1
                var end = i
                while end < count && bytes[end] != newline { end += 1 }
                defer { i = end + 1 }
                guard end > i, bytes[i] != UInt8(ascii: "#") else { continue }
                if bytes[i] == UInt8(ascii: "@") {
                    // "@Levels:" or "@Reorder:"; other @ lines are to be ignored, says the header.
                    let isLevels = end - i > 7 && bytes[i + 1] == UInt8(ascii: "L")
                    let isReorder = end - i > 8 && bytes[i + 1] == UInt8(ascii: "R")
                    guard isLevels || isReorder else { continue }
                    var j = i
                    while bytes[j] != UInt8(ascii: ":") { j += 1 }
                    j += 1
                    var values: [Int?] = []
                    var value = 0, inNumber = false, isX = false
                    while j <= end {
                        let byte = j < end ? bytes[j] : space
                        if byte == space || byte == tab || byte == cr {
                            if inNumber { values.append(value) } else if isX { values.append(nil) }
                            value = 0; inNumber = false; isX = false
                        } else if byte == UInt8(ascii: "x") {
                            isX = true
                        } else {
                            value = value * 10 + Int(byte) - 48
                            inNumber = true
                        }
                        j += 1
                    }
                    if isLevels {
                        levels = values.map { $0.map { UInt8($0) } }
                    } else {
                        order = values.compactMap { $0 }
                    }
                    continue
                }
                // "<classes> ; <hex bitset>"
                text.removeAll(keepingCapacity: true)
                var j = i
                var k: UInt32 = 0
                while j < end && bytes[j] != semicolon {
                    let byte = bytes[j]
                    if byte == space || byte == tab {
                        if k != 0 { text.append(try unit(k, table, lineNumber)); k = 0 }
                    } else {
                        k = k << 8 | UInt32(byte)
                    }
                    j += 1
                }
                if k != 0 { text.append(try unit(k, table, lineNumber)) }
                guard j < end, text.count == levels.count else { throw ParseError(line: lineNumber) }
                var bitset = 0
                j += 1
                while j < end {
                    let byte = bytes[j]
                    if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                        bitset = bitset * 16 + Int(byte) - 48
                    } else if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f") {
                        bitset = bitset * 16 + Int(byte) - 87
                    } else if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F") {
                        bitset = bitset * 16 + Int(byte) - 55
                    }
                    j += 1
                }
                body(Case(line: lineNumber, text: text, bitset: bitset, levels: levels, order: order))
            }
        }
    }

    /// The representative code unit of a packed class name.
    static func unit(_ key: UInt32, _ table: [(key: UInt32, unit: UInt16)], _ line: Int) throws(ParseError) -> UInt16 {
        let slot = table[Int(key % slotCount)]
        guard slot.key == key else { throw ParseError(line: line) }
        return slot.unit
    }

    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        var description: String { "BidiTest.txt line \(line) unreadable" }
    }
}

@Suite struct BidiTestConformanceTests {
    /// The paragraph directions of a bitset: 1 auto (rules P2–P3), 2 LTR, 4 RTL.
    static func directions(_ bitset: Int) -> [WritingDirection] {
        var result: [WritingDirection] = []
        if bitset & 1 != 0 { result.append(.natural) }
        if bitset & 2 != 0 { result.append(.leftToRight) }
        if bitset & 4 != 0 { result.append(.rightToLeft) }
        return result
    }

    enum Outcome: Equatable {
        case pass
        /// Right order, but every level reported as the paragraph level where the file
        /// wants higher levels of that same parity (ICU's unidirectional shortcut).
        case unidirectionalShortcut
        case unexplained(String)
    }

    /// Runs one case in one direction through BidiParagraph, the sequence taken as one
    /// paragraph on one line as the file assumes. The file's B only ever ends a sequence
    /// (header: "each sequence is assumed to consist of only one paragraph"), so U+2029
    /// ends ICU's single paragraph there too and gets the paragraph level by rule L1.
    /// Both `levels` (rule L1 for the paragraph as one line) and `lineLevels(for:text:)`
    /// over the whole paragraph must give the file's levels; "x" positions are skipped.
    /// The order is rule L2 (`visualOrder`) over the levels of the characters the file
    /// does not mark "x" (header: "items with a level of x are skipped"), mapped back to
    /// indices in the sequence.
    static func check(_ testCase: BidiTestFile.Case, _ direction: WritingDirection) -> Outcome {
        let text = testCase.text
        let paragraph = BidiParagraph(text: text, range: 0..<text.count, baseDirection: direction)
        let base = paragraph.baseLevel
        if direction == .leftToRight && base != 0 || direction == .rightToLeft && base != 1 {
            return .unexplained("line \(testCase.line) \(direction): paragraph level \(base)")
        }
        let line = paragraph.lineLevels(for: 0..<text.count, text: text)
        var levelsMatch = true
        var allAtBase = true
        var expectedParities: UInt8 = 0  // bit 0: some even level expected, bit 1: some odd
        var kept: [Int] = []
        var keptLevels: [UInt8] = []
        kept.reserveCapacity(text.count)
        keptLevels.reserveCapacity(text.count)
        for index in 0..<text.count {
            guard let expected = testCase.levels[index] else { continue }
            let actual = line[index]
            if actual != expected || paragraph.levels[index] != expected { levelsMatch = false }
            if actual != base || paragraph.levels[index] != base { allAtBase = false }
            expectedParities |= expected & 1 == 0 ? 1 : 2
            kept.append(index)
            keptLevels.append(actual)
        }
        var order = BidiParagraph.visualOrder(levels: keptLevels)
        for i in order.indices { order[i] = kept[order[i]] }
        let orderMatches = order == testCase.order
        if levelsMatch && orderMatches { return .pass }
        if orderMatches && allAtBase && expectedParities == (base & 1 == 0 ? 1 : 2) { return .unidirectionalShortcut }
        return .unexplained(
            "line \(testCase.line) \(direction): levels \(line) (paragraph \(paragraph.levels)), "
                + "want \(testCase.levels.map { $0.map(String.init) ?? "x" }); order \(order), want \(testCase.order)")
    }

    /// Observed with ICU 72.1 (Debian 12): 664,456 of the 770,241 (sequence, direction)
    /// cases pass. Every one of the 105,785 failures is ICU's unidirectional shortcut:
    /// when, after explicit embeddings and overrides, no character of the paragraph
    /// resolves to the other direction than the paragraph's (e.g. "AN" alone, "LRE L" or
    /// "LRO R" in an LTR paragraph, "RLE R" in an RTL one), `ubidi_setPara` marks the
    /// text UBIDI_LTR/UBIDI_RTL and `ubidi_getLevels` reports every level as the
    /// paragraph level (0 or 1) instead of the file's 2 or 3. Checked with a direct C
    /// call of ubidi_setPara/ubidi_getLevels/ubidi_getDirection on those four sequences
    /// (levels 0, 0 0, 0 0, 1 1; direction LTR, LTR, LTR, RTL), so it is ICU's doing,
    /// not Galley's. When every level has the paragraph level's parity, rule L2 leaves
    /// an even line in logical order and reverses an odd line whole, whatever the exact
    /// levels, so the visual order is right in every such case (the test requires it),
    /// and ICU's own conformance test (bidiconf.cpp, "ICU used a shortcut") accepts
    /// exactly this. For layout it only means fewer level runs (e.g. one LTR run
    /// where UAX #9 has levels 0 and 2), with the same glyph order.
    ///
    /// The other BidiCharacterTest failure kinds (Unicode 8.0 clarifications about
    /// brackets, and overrides on isolates flanked by embeddings) do not show up here:
    /// this file has no brackets, and no case failed otherwise.
    static let observedFailures = 105_785
    static let observedCases = 770_241

    @Test func bidiTest() throws {
        #expect(
            UnicodeTestFile.version(BidiTestFile.path).contains("15.0"),
            "test data version: \(UnicodeTestFile.version(BidiTestFile.path))")
        var passed = 0
        var failed = 0
        var unexplained: [String] = []
        try BidiTestFile.forEachCase { testCase in
            for direction in Self.directions(testCase.bitset) {
                switch Self.check(testCase, direction) {
                case .pass: passed += 1
                case .unidirectionalShortcut: failed += 1
                case .unexplained(let message):
                    failed += 1
                    if unexplained.count < 20 { unexplained.append(message) }
                }
            }
        }
        print("BidiTest: \(passed) passed, \(failed) failed")
        #expect(passed + failed == Self.observedCases)
        #expect(failed <= Self.observedFailures)
        #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
    }

    /// The representative of each class has that Bidi_Class in DerivedBidiClass.txt and
    /// is not a paired bracket (BidiBrackets.txt), as the file assumes.
    @Test func representativesHaveTheirClass() throws {
        var classOf: [UInt16: String] = [:]
        let units = Set(BidiTestFile.representatives.values)
        for (range, value) in try UnicodeDataFiles.ranges("extracted/DerivedBidiClass.txt") {
            for unit in units where range.contains(UInt32(unit)) { classOf[unit] = value }
        }
        for (name, unit) in BidiTestFile.representatives {
            #expect(classOf[unit] == name, "U+\(String(unit, radix: 16)) should be \(name)")
        }
        let brackets = try UnicodeDataFiles.ranges("BidiBrackets.txt")
        #expect(brackets.count > 100)
        #expect(!brackets.contains { entry in units.contains { entry.range.contains(UInt32($0)) } })
    }

    /// The harness itself, on sequences derived by hand from UAX #9: "R L" in an LTR
    /// paragraph is levels 1 0 (R stays at 1, L at 0), shown R then L: order 0 1; in an
    /// RTL paragraph L rises to level 2 (rule I2) and L2 reverses it, then the whole
    /// line: order 1 0. A wrong expectation must be reported, and "LRE L" in an LTR
    /// paragraph (levels x 2, where ICU reports 0) must be classed as the shortcut.
    @Test func harnessClassifiesOutcomes() {
        let rl: [UInt16] = [0x05D0, 0x0041]
        func make(_ text: [UInt16], _ levels: [UInt8?], _ order: [Int]) -> BidiTestFile.Case {
            BidiTestFile.Case(line: 0, text: text, bitset: 7, levels: levels, order: order)
        }
        #expect(Self.check(make(rl, [1, 0], [0, 1]), .leftToRight) == .pass)
        #expect(Self.check(make(rl, [1, 2], [1, 0]), .rightToLeft) == .pass)
        #expect(Self.check(make(rl, [1, 2], [1, 0]), .natural) == .pass)
        if case .unexplained = Self.check(make(rl, [1, 0], [1, 0]), .leftToRight) {
        } else {
            Issue.record("a wrong order must be reported")
        }
        if case .unexplained = Self.check(make(rl, [1, 1], [0, 1]), .leftToRight) {
        } else {
            Issue.record("a wrong level must be reported")
        }
        #expect(Self.check(make([0x202A, 0x0041], [nil, 2], [1]), .leftToRight) == .unidirectionalShortcut)
    }
}
