// HyphenationStates: the matching automaton built from the closed patterns gives exactly the
// points libhyphen's own loader gives from the same closed text (the oracle: libhyphen itself),
// for every installed language, and loading German hands that loader a few dozen lines instead
// of 150,000 (the work that made a first German paragraph take 20 s: issue 29).
import Foundation
import Testing

@testable import GalleyUnicode

@Suite("Hyphenation states built from the closed patterns")
struct HyphenationStatesTests {
    @Test(arguments: HyphenatorReferenceTests.languages.filter { $0.tag != "de-DE" })
    func sameStatesAsLibhyphensLoader(_ language: HyphenatorReferenceTests.Language) throws {
        try Self.compare(language)
    }

    /// German alone: libhyphen's loader takes about 18 s (release) over its closed text.
    @Test(.timeLimit(.minutes(5)))
    func germanSameStatesAsLibhyphensLoader() throws {
        try Self.compare(try #require(HyphenatorReferenceTests.languages.first { $0.tag == "de-DE" }))
    }

    static func compare(_ language: HyphenatorReferenceTests.Language) throws {
        let path = try #require(Hyphenator.forLanguage(language.tag)).dictionaryPath
        let built = try #require(Hyphenator(path: path, buildingStates: true))
        let loaded = try #require(Hyphenator(path: path, buildingStates: false))
        let text = try String(
            contentsOf: HyphenationResources.directory.appendingPathComponent(language.list), encoding: .utf8)
        let words = text.split(whereSeparator: \.isNewline)
        #expect(words.count >= 1000)
        var differing: [String] = []
        for word in words {
            let units = Array(word.utf16)
            for minimum in [1, 2] {
                let a = built.hyphenationPoints(
                    in: units, word: 0..<units.count, minimumBefore: minimum, minimumAfter: minimum)
                let b = loaded.hyphenationPoints(
                    in: units, word: 0..<units.count, minimumBefore: minimum, minimumAfter: minimum)
                if a != b { differing.append("\(word) (\(minimum)): \(a), libhyphen's loader \(b)") }
            }
        }
        #expect(differing.isEmpty, "\(language.tag): \(differing.prefix(10))")
        #expect(built.loaderLineCount < loaded.loaderLineCount)
    }

    /// The work of loading German: libhyphen's loader reads the file's comments, keywords and
    /// level line (45 lines), not its closed patterns.
    @Test func germanLoaderReadsNoPattern() throws {
        let german = try #require(Hyphenator.forLanguage("de-DE"))
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: german.dictionaryPath)))
        let closedLines = HyphenationPatternClosure.close(file).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        #expect(closedLines > 100_000)
        #expect(german.loaderLineCount < 100, "\(german.loaderLineCount) of \(closedLines) lines")
    }
}
