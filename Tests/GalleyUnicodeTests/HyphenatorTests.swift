// Hyphenator: its points for real English and German words against those of PyPI's pyphen, an
// independent reader of the same dictionary files; language tags; case; minimums; clusters.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyUnicode

/// The committed word lists and scripts of the hyphenation reference tests.
enum HyphenationResources {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources")
}

@Suite struct HyphenatorReferenceTests {
    /// How many words of a list get from `hyphenator` exactly pyphen's points for `reference`
    /// (the file itself, or the compound-aware combination of its levels); prints the figure and
    /// the first words that differ.
    func agreement(_ hyphenator: Hyphenator, reference: String, list: String, label: String, plain: Bool = false)
        throws -> (agreeing: Int, total: Int)
    {
        let words = HyphenationResources.directory.appendingPathComponent(list)
        let result = try Pyphen.points(dictionary: reference, left: 2, right: 2, words: words)
        var agreeing = 0
        var differing: [String] = []
        for (word, levels, plainPoints) in result.words {
            let expected = plain ? plainPoints : levels
            let units = Array(word.utf16)
            let points = hyphenator.hyphenationPoints(
                in: units, word: 0..<units.count, minimumBefore: 2, minimumAfter: 2)
            if points == expected {
                agreeing += 1
            } else {
                differing.append("\(word): Galley \(points), pyphen \(expected)")
            }
        }
        print("\(label): \(agreeing)/\(result.words.count) words agree with pyphen \(result.version)")
        for line in differing.prefix(12) { print("  \(line)") }
        return (agreeing, result.words.count)
    }

    /// An installed language, the word list its test reads, and the share of words (per
    /// thousand) that must get exactly pyphen's points.
    struct Language: Sendable, CustomTestStringConvertible {
        let tag: String
        let list: String
        let perMille: Int
        var testDescription: String { tag }
    }

    /// Every language Debian's `hyphen-*` packages installed here (the Makefile installs en-US,
    /// de, fr, es, it, pt-PT and ru), each with a word list of 1,000 or more words. The word lists
    /// are samples of Debian's wordlists (wfrench, wspanish, witalian, wportuguese) and of
    /// hunspell-ru's stems; English and German are running-text words.
    static let languages: [Language] = [
        .init(tag: "en-US", list: "words-en.txt", perMille: 995),
        .init(tag: "fr", list: "words-fr.txt", perMille: 995),
        .init(tag: "es", list: "words-es.txt", perMille: 995),
        .init(tag: "ru", list: "words-ru.txt", perMille: 995),
        .init(tag: "it", list: "words-it.txt", perMille: 995),
        .init(tag: "pt-PT", list: "words-pt.txt", perMille: 995),
        .init(tag: "de-DE", list: "words-de.txt", perMille: 995),
    ]

    /// Galley's points (libhyphen over the file closed under substrings) against pyphen's on
    /// the same file. German has two levels of patterns (compound boundaries, then syllables),
    /// which pyphen reads as one: the reference combines pyphen's matches level by level as
    /// libhyphen does (pyphen-points.py).
    @Test(arguments: languages) func agreesWithPyphen(_ language: Language) throws {
        let hyphenator = try #require(Hyphenator.forLanguage(language.tag))
        let (agreeing, total) = try agreement(
            hyphenator, reference: hyphenator.dictionaryPath, list: language.list,
            label: "\(language.tag) (\((hyphenator.dictionaryPath as NSString).lastPathComponent))")
        #expect(total >= 1000)
        #expect(agreeing * 1000 >= total * language.perMille, "\(language.tag): \(agreeing)/\(total) agree")
    }

    /// The dictionaries as Debian installs them, read by libhyphen without the substring
    /// preprocessing, lose points a complete matcher finds (the reason for
    /// `HyphenationPatternClosure`); closing them again changes nothing.
    @Test func closureIsWhatTheInstalledFilesLack() throws {
        let russian = try #require(Hyphenator.forLanguage("ru"))
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: russian.dictionaryPath)))
        let closed = HyphenationPatternClosure.close(file)
        #expect(closed.count > file.count, "hyph_ru_RU.dic as installed lacks the closure")
        #expect(HyphenationPatternClosure.close(closed) == closed)
    }

    /// The closure done in memory gives the points libhyphen gives on the same file run through
    /// libhyphen's own preprocessor, Debian's /usr/share/libhyphen/substrings.pl, level by level
    /// (Resources/substrings-dictionary.sh).
    @Test(arguments: [("de-DE", "words-de.txt"), ("ru", "words-ru.txt")])
    func closureAgreesWithSubstringsPl(_ tag: String, _ list: String) throws {
        let installed = try #require(Hyphenator.forLanguage(tag))
        let directory = try TemporaryDirectory.make("hyph-\(tag)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let preprocessed = directory.appendingPathComponent("hyph.dic").path
        let result = try ToolProcess.run(
            "/bin/sh",
            [
                HyphenationResources.directory.appendingPathComponent("substrings-dictionary.sh").path,
                installed.dictionaryPath, preprocessed,
            ], timeout: 300)
        try #require(result.status == 0, "substrings-dictionary.sh failed: \(result.errorText)")
        let reference = try #require(Hyphenator(path: preprocessed))
        let words = try String(
            contentsOf: HyphenationResources.directory.appendingPathComponent(list), encoding: .utf8
        ).split(separator: "\n")
        #expect(words.count >= 1000)
        for word in words {
            let units = Array(word.utf16)
            let ours = installed.hyphenationPoints(in: units, word: 0..<units.count, minimumBefore: 2, minimumAfter: 2)
            let theirs = reference.hyphenationPoints(
                in: units, word: 0..<units.count, minimumBefore: 2, minimumAfter: 2)
            #expect(ours == theirs, "\(word)")
        }
    }
}

@Suite struct HyphenatorTests {
    static func points(_ word: String, _ language: String, before: Int = 2, after: Int = 2) -> [Int] {
        guard let hyphenator = Hyphenator.forLanguage(language) else { return [-1] }
        let units = Array(word.utf16)
        return hyphenator.hyphenationPoints(
            in: units, word: 0..<units.count, minimumBefore: before, minimumAfter: after)
    }

    static func installed(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: Hyphenator.systemDirectory + "/" + name)
    }

    /// A region falls back to the language's default region; the tag's case and separator do not
    /// matter; an unknown language has no hyphenator.
    @Test func languageTags() throws {
        func file(_ tag: String) -> String? {
            Hyphenator.forLanguage(tag).map { ($0.dictionaryPath as NSString).lastPathComponent }
        }
        #expect(file("en") == "hyph_en_US.dic")
        #expect(file("EN_us") == "hyph_en_US.dic")
        #expect(file("en-GB") == (Self.installed("hyph_en_GB.dic") ? "hyph_en_GB.dic" : "hyph_en_US.dic"))
        #expect(file("de") == "hyph_de_DE.dic")
        #expect(file("de-CH") == "hyph_de_CH.dic")
        #expect(file("de-Latn-AT") == "hyph_de_AT.dic")
        #expect(file("pt") == "hyph_pt_PT.dic")
        #expect(file("pt-BR") == (Self.installed("hyph_pt_BR.dic") ? "hyph_pt_BR.dic" : "hyph_pt_PT.dic"))
        #expect(file("fr-CA") == "hyph_fr_CA.dic")
        #expect(file("fr") == "hyph_fr_FR.dic")
        #expect(file("es-419") != nil)
        #expect(file("it") == "hyph_it_IT.dic")
        #expect(file("ru") == "hyph_ru_RU.dic")
        #expect(file("xx") == nil)
        #expect(file("") == nil)
        #expect(file("e") == nil)
        #expect(file("1234") == nil)
    }

    /// A file that is missing, empty or not a dictionary gives nil, not a crash.
    @Test func unreadableDictionaries() throws {
        #expect(Hyphenator(path: "/nonexistent/hyph_en_US.dic") == nil)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-hyph-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files: [String: [UInt8]] = [
            "hyph_aa_AA.dic": [],
            "hyph_ab_AB.dic": Array("NOT-A-CHARSET\n1a1\n".utf8),
            "hyph_ac_AC.dic": [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x0A, 0x00, 0x01],
            "hyph_ad_AD.dic": Array("UTF-8\n% only a comment\n".utf8),
            "hyph_ae_AE.dic": Array("UTF-8\nLEFTHYPHENMIN 1\n1b1\n".utf8),
        ]
        for (name, bytes) in files {
            try Data(bytes).write(to: directory.appendingPathComponent(name))
        }
        for tag in ["aa", "ab", "ac", "ad"] {
            #expect(Hyphenator.forLanguage(tag, directory: directory.path) == nil, "\(tag)")
        }
        // A tiny valid dictionary: a hyphen on both sides of every "b".
        let tiny = try #require(Hyphenator.forLanguage("ae", directory: directory.path))
        let units = Array("abba".utf16)
        #expect(tiny.hyphenationPoints(in: units, word: 0..<4, minimumBefore: 1, minimumAfter: 1) == [1, 2, 3])
        #expect(tiny.hyphenationPoints(in: units, word: 0..<4, minimumBefore: 2, minimumAfter: 1) == [2, 3])
    }

    /// Capitals are lowercased before the patterns are applied.
    @Test func caseDoesNotMatter() {
        let lower = Self.points("hyphenation", "en")
        #expect(!lower.isEmpty)
        #expect(Self.points("Hyphenation", "en") == lower)
        #expect(Self.points("HYPHENATION", "en") == lower)
        #expect(Self.points("Silbentrennung", "de") == Self.points("silbentrennung", "de"))
        #expect(Self.points("ÜBERGRÖSSE", "de") == Self.points("übergrösse", "de"))
    }

    /// The larger of the caller's minimums and the dictionary's applies, in characters.
    @Test func minimums() {
        // hyph_en_US.dic: LEFTHYPHENMIN 2, RIGHTHYPHENMIN 3.
        let word = "representatives"
        let all = Self.points(word, "en", before: 1, after: 1)
        #expect(!all.isEmpty)
        #expect(all.allSatisfy { $0 >= 2 && word.count - $0 >= 3 })
        for (before, after) in [(3, 3), (4, 5), (6, 6), (8, 8)] {
            let points = Self.points(word, "en", before: before, after: after)
            #expect(points == all.filter { $0 >= before && word.count - $0 >= after }, "\(before), \(after)")
        }
        #expect(Self.points(word, "en", before: 50, after: 50) == [])
        #expect(Self.points(word, "en", before: -5, after: Int.max) == [])
    }

    /// Points are strictly inside the word's range and absolute offsets into the buffer.
    @Test func pointsInsideTheWord() throws {
        let hyphenator = try #require(Hyphenator.forLanguage("en"))
        let text = Array("the hyphenation of computation".utf16)
        let word = 4..<15
        let points = hyphenator.hyphenationPoints(in: text, word: word, minimumBefore: 2, minimumAfter: 2)
        #expect(points == Self.points("hyphenation", "en").map { $0 + 4 })
        #expect(points.allSatisfy { word.lowerBound < $0 && $0 < word.upperBound })
        #expect(hyphenator.hyphenationPoints(in: text, word: 20..<40, minimumBefore: 2, minimumAfter: 2) == [])
        #expect(hyphenator.hyphenationPoints(in: text, word: -1..<5, minimumBefore: 2, minimumAfter: 2) == [])
        #expect(hyphenator.hyphenationPoints(in: text, word: 4..<4, minimumBefore: 2, minimumAfter: 2) == [])
        let long = Array(String(repeating: "hyphenation", count: 10).utf16)
        #expect(hyphenator.hyphenationPoints(in: long, word: 0..<long.count, minimumBefore: 2, minimumAfter: 2) == [])
    }

    /// A combining mark stays with its letter: a decomposed word gets the points of the
    /// precomposed one, moved by the extra code units, and none between letter and mark.
    @Test func combiningMarks() {
        // German from ISO 8859-1, French from UTF-8 patterns.
        for (language, composed, decomposed) in [
            ("de", "Schlüsselwörter", "Schlu\u{0308}sselwo\u{0308}rter"),
            ("fr", "préférablement", "pre\u{0301}fe\u{0301}rablement"),
        ] {
            let expected = Self.points(composed, language)
            #expect(!expected.isEmpty, "\(composed)")
            let units = Array(decomposed.utf16)
            let clusterEnds = Self.clusterEnds(decomposed)
            let points = Self.points(decomposed, language)
            #expect(points.allSatisfy(clusterEnds.contains), "\(decomposed): \(points)")
            #expect(points.map { Self.clusterCount(units, upTo: $0) } == expected, "\(decomposed): \(points)")
        }
    }

    /// A letter outside the Basic Multilingual Plane is never split from its trail surrogate.
    @Test func nonBMPLetters() throws {
        let hyphenator = try #require(Hyphenator.forLanguage("en"))
        // Mathematical bold small a (U+1D41A) inside English words: UTF-8 dictionaries take it.
        for word in ["hyph\u{1D41A}nation", "\u{1D41A}\u{1D41A}\u{1D41A}representation", "represent\u{1D41A}tion"] {
            let units = Array(word.utf16)
            let points = hyphenator.hyphenationPoints(
                in: units, word: 0..<units.count, minimumBefore: 1, minimumAfter: 1)
            let ends = Self.clusterEnds(word)
            #expect(points.allSatisfy(ends.contains), "\(word): \(points)")
            #expect(points.allSatisfy { !(0xDC00...0xDFFF).contains(units[$0]) })
        }
        // A Latin-1 dictionary cannot express the letter: no points rather than wrong ones.
        let german = Array("Schlüssel\u{1D41A}wörter".utf16)
        let de = try #require(Hyphenator.forLanguage("de"))
        #expect(de.hyphenationPoints(in: german, word: 0..<german.count, minimumBefore: 2, minimumAfter: 2) == [])
    }

    /// Russian patterns are KOI8-R: Cyrillic words are converted to it. (libhyphen over the file
    /// as installed gives элек-тро-станция: hyph_ru_RU.dic lacks the substring preprocessing, and
    /// стан-ция, which pyphen finds, needs it.)
    @Test func koi8Dictionary() {
        #expect(Self.points("электростанция", "ru") == [4, 7, 11])
        #expect(Self.points("ЭЛЕКТРОСТАНЦИЯ", "ru") == [4, 7, 11])
        #expect(Self.points("автопилот", "ru") == [2, 4, 6])
        #expect(Self.points("électro", "ru") == [])
    }

    /// Many threads hyphenating through one shared dictionary get what one thread gets.
    @Test func concurrentUse() async throws {
        let words = try String(
            contentsOf: HyphenationResources.directory.appendingPathComponent("words-de.txt"), encoding: .utf8
        ).split(separator: "\n").map(String.init)
        let expected = words.map { Self.points($0, "de") }
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { words.map { Self.points($0, "de") } == expected }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    /// UTF-16 offsets at which a grapheme cluster ends, by Swift's own segmentation.
    static func clusterEnds(_ word: String) -> Set<Int> {
        var ends: Set<Int> = []
        var offset = 0
        for character in word {
            offset += character.utf16.count
            ends.insert(offset)
        }
        return ends
    }

    static func clusterCount(_ units: [UInt16], upTo offset: Int) -> Int {
        String(decoding: units[..<offset], as: UTF16.self).count
    }
}
