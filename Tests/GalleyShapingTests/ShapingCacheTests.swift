// The shaped-word cache gives exactly the glyphs of shaping whole items: every paragraph of the
// GNU GPL, the benchmark corpora, the samples and some hostile strings is analysed once to fill a cache,
// then again through the warm cache, and compared glyph by glyph with an analysis without one.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Shaping cache")
struct ShapingCacheTests {
    /// The package's root.
    static let root = TestPackage.root

    /// Strings where splitting at spaces could go wrong if the cache were careless: marks after a
    /// space (HarfBuzz merges them into the space's cluster), ligatures and kerning next to
    /// spaces, joining scripts, bidi, emoji sequences, controls, runs of spaces.
    static let hostile = [
        "e\u{301} \u{301}x \u{301}x e\u{301} \u{301}x", "fi fi ffi office fi", "AV AT To Ta Yo", "  two  spaces  ",
        "مرحبا بالعالم مرحبا", "שלום עולם שלום", "English عربي English עברית", "👩‍👩‍👧 👩‍👩‍👧 🇫🇷 🇫🇷", "a\tb a\tb",
        "नमस्ते दुनिया नमस्ते", "สวัสดี ครับ สวัสดี", "x\u{200D} x\u{200D} \u{200D}x",
        // Items cut next to a letter or a comma (a change of level or font, no space between):
        // words at their edges are kept and reused unless their script joins.
        "abc(שלום עולם)abc abc", "שלום,abc def.שלום עולם", "abcعربي عربيabc عربي", "ab ܫܠܡܐ(ܫܠܡܐ ܫܠܡܐ)ab",
        "office中文 office中文 office", "x\u{301}(\u{301}y z)\u{301}",
    ]

    /// The glyph records of every item of every paragraph of `text` in `font`, through `cache`.
    static func glyphs(_ text: String, font: Font, cache: ShapingCache?) -> [[ShapedGlyph]] {
        let attributed = AttributedText(text, attributes: [.font(font)])
        return ParagraphSplitter.split(attributed.utf16).flatMap { span in
            ParagraphAnalysis(text: attributed, span: span, defaultFont: font, fonts: .shared, cache: cache).items.map {
                Array($0.storage.glyphs[$0.glyphRange])
            }
        }
    }

    /// The texts compared: the GNU GPL from Debian's base-files (the benchmark's English corpus
    /// is made from it; every Debian system has it), the benchmark's Chinese and mixed corpora
    /// when ../shared is there, the samples, and the hostile strings.
    static func texts() throws -> [(name: String, text: String)] {
        var texts: [(String, String)] = [
            ("en", try String(contentsOfFile: "/usr/share/common-licenses/GPL-3", encoding: .utf8))
        ]
        let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/bench/corpus")
        for name in ["zh", "mixed"] {
            let file = corpus.appendingPathComponent(name + ".txt")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            texts.append((name, try String(contentsOf: file, encoding: .utf8)))
        }
        let samples = root.appendingPathComponent("samples")
        for file in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted()
        where file.hasSuffix(".txt") {
            texts.append((file, try String(contentsOf: samples.appendingPathComponent(file), encoding: .utf8)))
        }
        texts.append(("hostile", hostile.joined(separator: "\n")))
        return texts
    }

    @Test(
        "glyphs from the warm cache equal shaping whole items, on every corpus and sample",
        arguments: ["DejaVuSans.ttf", "DroidSansFallbackFull.ttf", "DejaVuSerif.ttf"])
    func cachedEqualsWhole(_ file: String) throws {
        let font = try Font(path: TestFonts.path(file), size: 16)
        for (name, text) in try Self.texts() {
            let cache = ShapingCache(capacity: 1_000_000)
            // Two passes fill it: a word is kept from its second sight.
            _ = Self.glyphs(text, font: font, cache: cache)
            _ = Self.glyphs(text, font: font, cache: cache)
            let before = cache.statistics
            let cached = Self.glyphs(text, font: font, cache: cache)
            let whole = Self.glyphs(text, font: font, cache: nil)
            #expect(cached == whole, "\(name) in \(file)")
            if name == "en" && file == "DejaVuSans.ttf" {
                // Running English repeats its words: on the third pass nearly every item is served.
                let (hits, misses) = cache.statistics
                #expect(hits - before.hits > 10 * (misses - before.misses), "\(name): \(hits) hits, \(misses) misses")
            }
        }
    }

    /// Which shape plans may be split at spaces. Expected values from fontTools (an independent
    /// reader of the fonts' tables): the lookups whose coverage, class definitions or outputs hold
    /// the space glyph, and the features and scripts that reach them — DejaVu Sans ligates a
    /// space with Arabic harakat in its `arab` `liga` only; Inter's `latn` `calt` and `kern`
    /// involve the space; Noto Sans Devanagari's `dist` does; NanumGothic has a legacy `kern`
    /// table and no GPOS. (`aalt` and `frac`, off by default, do not count.)
    @Test(
        "a shape plan may be split at spaces exactly when none of its lookups involves the space glyph",
        arguments: [
            ("DejaVuSans.ttf", "Latn", false, true), ("DejaVuSans.ttf", "Arab", true, false),
            ("DejaVuSans-Bold.ttf", "Latn", false, true), ("DejaVuSans-Bold.ttf", "Arab", true, false),
            ("Inter-roman.var.ttf", "Latn", false, false), ("NotoSansDevanagari-Regular.ttf", "Deva", false, false),
            ("NotoSansHebrew-Regular.ttf", "Hebr", true, true), ("DroidSansFallbackFull.ttf", "Hani", false, true),
            ("NanumGothic.ttf", "Hang", false, false), ("DejaVuSans.ttf", "Zyyy", false, false),
        ])
    func spaceIndependence(_ file: String, _ script: String, _ rightToLeft: Bool, _ expected: Bool) throws {
        let font = try Font(path: TestFonts.path(file), size: 16)
        let style = ShapingCache.Style(font: font, script: script, language: nil, rightToLeft: rightToLeft)
        #expect(SpaceIndependence.allowsSplitting(style, font: font) == expected)
    }

    /// The scripts whose items must have spaces (or the paragraph's ends) outside them to be
    /// served from words: every script with a joining character in Debian's ArabicShaping.txt
    /// (joining types D, R, L, C; T and U do not join), named as in Scripts.txt and given its
    /// ISO 15924 code by PropertyValueAliases.txt, is among them (HarfBuzz's
    /// gen-arabic-joining-list.py makes its list the same way).
    @Test func joiningScriptsFromUnicodeData() throws {
        func lines(_ file: String) throws -> [[String]] {
            try String(contentsOfFile: "/usr/share/unicode/" + file, encoding: .utf8).split(separator: "\n").compactMap
            {
                let data = $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                return fields.count >= 2 ? fields : nil
            }
        }
        var scriptOf: [UInt32: String] = [:]
        for fields in try lines("Scripts.txt") {
            let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            guard let first = bounds.first else { continue }
            for u in first...(bounds.last ?? first) { scriptOf[u] = fields[1] }
        }
        var codeOf: [String: String] = [:]
        for fields in try lines("PropertyValueAliases.txt") where fields[0] == "sc" && fields.count >= 3 {
            codeOf[fields[2]] = fields[1]
        }
        var joining: Set<String> = []
        for fields in try lines("ArabicShaping.txt") where fields.count >= 3 && !["T", "U"].contains(fields[2]) {
            guard let u = UInt32(fields[0], radix: 16), let script = scriptOf[u],
                script != "Common", script != "Inherited"
            else { continue }
            joining.insert(try #require(codeOf[script], "\(script)"))
        }
        #expect(joining.contains("Arab") && joining.contains("Syrc") && joining.contains("Mong"))
        #expect(
            joining.isSubset(of: ShapingCache.joiningScripts), "\(joining.subtracting(ShapingCache.joiningScripts))")
    }

    @Test("a cache of capacity 0 keeps nothing and shapes as without one")
    func disabledCache() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let cache = ShapingCache(capacity: 0)
        let text = "the cat and the hat and the bat"
        #expect(Self.glyphs(text, font: font, cache: cache) == Self.glyphs(text, font: font, cache: nil))
        _ = Self.glyphs(text, font: font, cache: cache)
        #expect(cache.count == 0 && cache.statistics.hits == 0)
    }

    /// A word is kept from its second sight: text seen once (a service's order numbers, one per
    /// card) stays out of the cache, which would otherwise fill until it empties.
    @Test func wordsAreKeptFromTheirSecondSight() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let cache = ShapingCache(capacity: 1000)
        _ = Self.glyphs("Order X total", font: font, cache: cache)
        #expect(cache.count == 0)
        _ = Self.glyphs("Order X total", font: font, cache: cache)
        #expect(cache.count == 3)
        // A new number each time: never seen twice, never kept.
        for n in 0..<50 {
            let text = "Order \(1000 + n) total"
            #expect(Self.glyphs(text, font: font, cache: cache) == Self.glyphs(text, font: font, cache: nil))
        }
        // "Order " and "total" (now also at an item's end) are kept: two more at most.
        #expect(cache.count <= 5)
    }

    @Test("a full cache empties itself and stays within its capacity")
    func capacity() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let cache = ShapingCache(capacity: 10)
        let words = (0..<40).map { "w\($0)" }.joined(separator: " ")
        // The first sight notes the words, the second keeps them (as many as fit).
        let first = Self.glyphs(words, font: font, cache: cache)
        #expect(cache.count == 0)
        #expect(Self.glyphs(words, font: font, cache: cache) == first)
        #expect(cache.count > 0 && cache.count <= 10)
        #expect(Self.glyphs(words, font: font, cache: cache) == first)
    }
}

@Suite("Shaping cache under concurrency")
struct ShapingCacheConcurrencyTests {
    /// Many tasks shaping the same texts through one small cache at once (so that it fills,
    /// empties and fills again while others read it) get exactly the glyphs of shaping alone.
    @Test func concurrentUseGivesTheSameGlyphs() async throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let texts = try ShapingCacheTests.texts().map(\.text)
        let expected = texts.map { ShapingCacheTests.glyphs($0, font: font, cache: nil) }
        let cache = ShapingCache(capacity: 300)
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var same = true
                    for round in 0..<3 {
                        for (k, text) in texts.enumerated() where (k + task + round) % 2 == 0 {
                            same = same && ShapingCacheTests.glyphs(text, font: font, cache: cache) == expected[k]
                        }
                    }
                    return (task, same)
                }
            }
            var all: [(Int, Bool)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8 && results.allSatisfy(\.1))
        #expect(cache.count <= 300 && cache.statistics.hits > 0)
    }
}
