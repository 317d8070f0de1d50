// Hyphenator: where a word may be broken with a hyphen, from the LibreOffice hyphenation
// patterns Debian installs under /usr/share/hyphen (hyph_xx_YY.dic), applied by libhyphen.

import GalleySync
import Glibc

/// Finds the places where a word may be hyphenated, from the TeX-style hyphenation patterns
/// that LibreOffice uses (Debian's `hyphen-*` packages, `/usr/share/hyphen/hyph_xx_YY.dic`),
/// applied by libhyphen.
///
/// CoreText has no public equivalent: `NSParagraphStyle.hyphenationFactor` hyphenates with the
/// system's own dictionaries. A `Hyphenator` is that dictionary half for Galley: the line
/// breaker asks it for the points of a word and decides whether to use one.
///
/// Obtain one with ``forLanguage(_:)``. Each dictionary file is loaded once per process and
/// shared by every `Hyphenator` that uses it. A `Hyphenator` is a small `Sendable` value and may
/// be used from many threads at once: libhyphen's `hnj_hyphen_hyphenate3` only reads a loaded
/// dictionary (its state machine and minimums); every buffer it writes is allocated by the
/// call or passed in by the caller.
public struct Hyphenator: Sendable {
    /// The dictionary file the patterns come from, e.g. `/usr/share/hyphen/hyph_en_US.dic`.
    public let dictionaryPath: String

    let dictionary: HyphenationDictionary

    /// Words longer than this many UTF-16 code units get no hyphenation points.
    public static let maximumWordLength = 100

    /// The directory Debian's `hyphen-*` packages install their dictionaries into.
    package static let systemDirectory = "/usr/share/hyphen"

    /// The hyphenator for a BCP 47 language tag, or nil when no dictionary for the language is
    /// installed (or the one found cannot be read).
    ///
    /// The tag is matched case-insensitively, with `-` or `_` between subtags: "en", "en-US",
    /// "en_gb", "de-CH", "pt-BR", "sr-Latn-RS". The dictionary chosen is the first installed of
    /// `hyph_<language>_<REGION>.dic` for the tag's region, the language's conventional default
    /// region (en→US, de→DE, pt→PT, fr→FR, …), `hyph_<language>.dic`, then any other region of
    /// the language. So "en-GB" uses `hyph_en_GB.dic` when `hyphen-en-gb` is installed and
    /// `hyph_en_US.dic` otherwise.
    public static func forLanguage(_ tag: String) -> Hyphenator? {
        // Remembered per tag: finding the file reads the directory.
        if let known = chosen.withLock({ $0[tag] }) { return known }
        let made = forLanguage(tag, directory: systemDirectory)
        chosen.withLock { chosen in
            if chosen.count >= 256 { chosen.removeAll() }
            chosen[tag] = made
        }
        return made
    }

    /// The hyphenator ``forLanguage(_:)`` found for each tag asked for (nil: none installed).
    private static let chosen = Locked<[String: Hyphenator?]>([:])

    /// ``forLanguage(_:)`` over the dictionaries of another directory.
    package static func forLanguage(_ tag: String, directory: String) -> Hyphenator? {
        guard let path = dictionaryPath(forLanguage: tag, directory: directory) else { return nil }
        return Hyphenator(path: path)
    }

    /// The hyphenator for one dictionary file, or nil when it cannot be read or is not a
    /// hyphenation dictionary (see `HyphenationDictionary.load`).
    package init?(path: String) {
        guard let dictionary = HyphenationDictionaryCache.shared.dictionary(at: path) else { return nil }
        self.dictionaryPath = path
        self.dictionary = dictionary
    }

    /// The UTF-16 offsets, ascending and strictly inside `word`, at which the word
    /// `units[word]` may be broken with a hyphen shown before the offset.
    ///
    /// The caller decides what a word is (letters only: no spaces, punctuation or digits). The
    /// word is lowercased (the patterns are lowercase) and put in Unicode NFC, one grapheme
    /// cluster at a time, before the patterns are applied, so "Hyphenation" and "hyphenation"
    /// get the same points. A point is never inside a grapheme cluster, so never between a
    /// letter and its combining marks nor inside a surrogate pair.
    ///
    /// - Parameters:
    ///   - units: UTF-16 text.
    ///   - word: the word's range in `units`.
    ///   - minimumBefore: the fewest characters (grapheme clusters) before a point. The larger
    ///     of this and the dictionary's `LEFTHYPHENMIN` applies (2 when both are 0), as in
    ///     libhyphen's `hnj_hyphen_hyphenate3`.
    ///   - minimumAfter: the fewest characters after a point; the larger of this and the
    ///     dictionary's `RIGHTHYPHENMIN` applies (2 when both are 0).
    /// - Returns: the points; empty for a range outside `units`, a word longer than
    ///   ``maximumWordLength``, or one with a character the dictionary's character set cannot
    ///   express (a KOI8-R dictionary takes Cyrillic letters, not accented Latin ones). An
    ///   unpaired surrogate counts as U+FFFD, as everywhere in Galley.
    ///
    /// Only standard hyphenation is reported: a point where the dictionary asks for a change
    /// of spelling (non-standard hyphenation, such as old German orthography's "ck" → "k-k"
    /// or Dutch "omaatje" → "oma-tje") is left out, since showing it would need different
    /// letters around the hyphen.
    ///
    /// `graphemes`, when given, are the ascending grapheme cluster boundaries of a text holding
    /// `word` (its paragraph's, computed once): characters are counted by them instead of by
    /// boundaries found again in `units`.
    public func hyphenationPoints(
        in units: [UInt16], word: Range<Int>, minimumBefore: Int, minimumAfter: Int, graphemes: [Int]? = nil
    ) -> [Int] {
        guard word.lowerBound >= 0, word.upperBound <= units.count, word.count >= 2,
            word.count <= Self.maximumWordLength
        else { return [] }
        let key = HyphenatedWordKey(
            units: Array(units[word]), minimumBefore: minimumBefore, minimumAfter: minimumAfter)
        if let known = dictionary.words.withLock({ $0[key] }) { return known.map { $0 + word.lowerBound } }
        let boundaries =
            graphemes.map { GraphemeClusters.boundaries(in: word, of: $0) }
            ?? GraphemeClusters.boundaries(in: units, range: word)
        let points = findPoints(
            in: units, word: word, boundaries: boundaries, minimumBefore: minimumBefore, minimumAfter: minimumAfter)
        dictionary.words.withLock { words in
            if words.count >= HyphenationDictionary.wordCacheCapacity { words.removeAll() }
            words[key] = points.map { $0 - word.lowerBound }
        }
        return points
    }

    /// `hyphenationPoints`, found by the dictionary.
    private func findPoints(
        in units: [UInt16], word: Range<Int>, boundaries: [Int], minimumBefore: Int, minimumAfter: Int
    ) -> [Int] {
        let clusterCount = boundaries.count - 1
        guard let prepared = dictionary.prepare(units, clusterBoundaries: boundaries) else { return [] }
        let before = dictionary.effectiveMinimum(minimumBefore, dictionary.leftMinimum)
        let after = dictionary.effectiveMinimum(minimumAfter, dictionary.rightMinimum)
        guard clusterCount >= before + after else { return [] }
        let hyphenAfterCharacter = dictionary.hyphenate(prepared.bytes, minimumBefore: before, minimumAfter: after)
        var points: [Int] = []
        for (character, cluster) in prepared.clusterEndingAt.enumerated() {
            guard let cluster, character < hyphenAfterCharacter.count, hyphenAfterCharacter[character] else {
                continue
            }
            let clustersBefore = cluster + 1
            if clustersBefore >= before, clusterCount - clustersBefore >= after {
                points.append(boundaries[clustersBefore])
            }
        }
        return points
    }

    /// The dictionary file ``forLanguage(_:)`` chooses for a tag, or nil (see there).
    package static func dictionaryPath(forLanguage tag: String, directory: String) -> String? {
        let subtags = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter)
        else { return nil }
        let language = languageAliases[first] ?? first
        // The region is the first subtag after the language of two letters or three digits,
        // before any singleton that starts an extension ("-u-…", "-x-…").
        var region: String?
        for subtag in subtags.dropFirst() {
            if subtag.count == 1 { break }
            if (subtag.count == 2 && subtag.allSatisfy(\.isASCIILetter))
                || (subtag.count == 3 && subtag.allSatisfy(\.isASCIIDigit))
            {
                region = subtag
                break
            }
        }
        let files = dictionaryFiles(in: directory)  // lowercased name → name
        var candidates: [String] = []
        if let region { candidates.append("hyph_\(language)_\(region).dic") }
        if let preferred = defaultRegions[language] { candidates.append("hyph_\(language)_\(preferred).dic") }
        candidates.append("hyph_\(language).dic")
        for candidate in candidates {
            if let name = files[candidate] { return directory + "/" + name }
        }
        let prefix = "hyph_\(language)_"
        if let any = files.keys.filter({ $0.hasPrefix(prefix) }).sorted().first { return directory + "/" + files[any]! }
        return nil
    }

    /// Each language's conventional default region, tried when the tag's own region has no
    /// dictionary (or the tag has none).
    static let defaultRegions: [String: String] = [
        "af": "za", "be": "by", "bg": "bg", "ca": "es", "cs": "cz", "da": "dk", "de": "de", "el": "gr",
        "en": "us", "es": "es", "et": "ee", "fr": "fr", "gl": "es", "hr": "hr", "hu": "hu", "id": "id",
        "is": "is", "it": "it", "lt": "lt", "lv": "lv", "nb": "no", "nl": "nl", "nn": "no", "pl": "pl",
        "pt": "pt", "ro": "ro", "ru": "ru", "sk": "sk", "sl": "si", "sq": "al", "sr": "rs", "sv": "se",
        "te": "in", "uk": "ua", "zu": "za",
    ]

    /// Tags whose dictionaries are filed under another language code.
    static let languageAliases: [String: String] = ["no": "nb", "iw": "he", "in": "id"]

    /// The `hyph_*.dic` files of a directory, keyed by lowercased name.
    private static func dictionaryFiles(in directory: String) -> [String: String] {
        guard let handle = opendir(directory) else { return [:] }
        defer { closedir(handle) }
        var files: [String: String] = [:]
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix("hyph_"), name.hasSuffix(".dic") { files[name.lowercased()] = name }
        }
        return files
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
