// SimpleLineBreaks (line-break opportunities of plain Latin prose without ICU) against ICU's line
// iterator, the reference it stands in for, and its class table against LineBreak.txt.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyUnicode

@Suite struct SimpleLineBreaksTests {
    /// The simple characters, and a few others (which must make the fast path give up).
    static let alphabet: [UInt16] =
        Array("aZé5 ,.;:!?\"'-()[]/#<`".utf16) + [0x2018, 0x2019, 0x201C, 0x201D, 0x0020, 0x0020, 0x0061]
    static let others: [UInt16] = [0x09, 0xA0, 0x2014, 0x0025, 0x0024, 0x002B, 0x007D, 0x007C, 0x0301, 0x4E00]

    static func fast(_ text: [UInt16]) -> [LineBreakOpportunity]? {
        text.withUnsafeBufferPointer { SimpleLineBreaks.opportunities(in: $0, range: 0..<text.count) }
    }

    static func icu(_ text: [UInt16]) -> [LineBreakOpportunity] {
        LineBreaker.icuOpportunities(in: text, range: 0..<text.count, locale: nil)
    }

    /// 40 000 random strings of up to 24 units over the alphabet (one in ten with another
    /// character): wherever the fast path answers, it answers as ICU does; and it answers for most.
    @Test func matchesICUOnRandomStrings() {
        var random = SplitMix64(state: 26)
        var answered = 0
        var mismatches: [String] = []
        for n in 0..<40_000 {
            let length = Int.random(in: 1...24, using: &random)
            var text = (0..<length).map { _ in Self.alphabet.randomElement(using: &random)! }
            if n % 10 == 0 {
                text[Int.random(in: 0..<length, using: &random)] = Self.others.randomElement(using: &random)!
            }
            guard let simple = Self.fast(text) else { continue }
            answered += 1
            if n % 10 == 0 { mismatches.append("answered with another character: \(text)") }
            let reference = Self.icu(text)
            if simple != reference, mismatches.count < 20 {
                mismatches.append(
                    "\(text.map { String(format: "%04X", $0) }.joined(separator: " ")): "
                        + "\(simple.map { $0.offset }) ICU \(reference.map { $0.offset })")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(answered > 10_000, "answered \(answered)")
    }

    /// Every paragraph of the GNU GPL (the benchmark's English corpus) and of the samples: the
    /// same opportunities through `LineBreaker` as from ICU, and the GPL's mostly without ICU.
    @Test func matchesICUOnProse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var files = ["/usr/share/common-licenses/GPL-3"]
        let samples = root.appendingPathComponent("samples")
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted()
        where name.hasSuffix(".txt") {
            files.append(samples.appendingPathComponent(name).path)
        }
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            var (paragraphs, answered) = (0, 0)
            for paragraph in text.split(separator: "\n") {
                let units = Array(paragraph.utf16)
                paragraphs += 1
                if Self.fast(units) != nil { answered += 1 }
                #expect(LineBreaker.opportunities(in: units) == Self.icu(units), "\(file): \(paragraph)")
            }
            if file.hasSuffix("GPL-3") { #expect(answered * 10 >= paragraphs * 9, "\(answered) of \(paragraphs)") }
        }
    }

    /// The class of every code unit the table knows is the one LineBreak.txt gives it.
    @Test func classesAreLineBreakTxts() throws {
        var classes: [UInt32: String] = [:]
        for entry in try UnicodeDataFiles.ranges("LineBreak.txt") where entry.range.lowerBound < 0x2100 {
            for u in entry.range where u < 0x2100 { classes[u] = entry.value }
        }
        var known = 0
        for unit in UInt16(0)..<0x2100 {
            guard let name = SimpleLineBreaks.className(of: unit) else { continue }
            known += 1
            #expect(classes[UInt32(unit)] == name, "U+\(String(unit, radix: 16))")
        }
        #expect(known > 450)
    }

    /// Locales with a line tailoring or keywords go to ICU.
    @Test func localesWithTailoringsAreLeftToICU() {
        #expect(SimpleLineBreaks.applies(toLocale: nil))
        #expect(SimpleLineBreaks.applies(toLocale: "en-US"))
        #expect(!SimpleLineBreaks.applies(toLocale: "ja"))
        #expect(!SimpleLineBreaks.applies(toLocale: "en@lb=strict"))
        #expect(!SimpleLineBreaks.applies(toLocale: "en-u-lb-loose"))
    }
}
