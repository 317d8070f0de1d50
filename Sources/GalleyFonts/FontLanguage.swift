// FontLanguage: language identifiers (BCP 47 / UTS #35, as CoreText takes them) turned into
// fontconfig's language tags, and fontconfig's rule for how well a face's languages fit one.

/// Language tags for font choice. CoreText takes UTS #35 identifiers (`ja`, `zh-Hans`,
/// `zh-Hant-HK`); fontconfig describes a face's coverage with RFC 3066 tags from its orthography
/// files (`ja`, `zh-cn`, `zh-tw`, `zh-hk`, `ko`). This is the bridge between the two.
public enum FontLanguage {
    /// How a face's language set fits a language, as fontconfig's `FcLangCompare` ranks it.
    public enum Match: Int, Comparable, Sendable {
        /// The face supports exactly that language and territory (`ja`, or `zh-tw` for `zh-tw`).
        case equal = 0
        /// The face supports the language for another territory (`zh-tw` for `zh-cn`).
        case differentTerritory = 1
        /// The face does not support the language.
        case differentLanguage = 2

        /// Better fits first.
        public static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// fontconfig's tag for a BCP 47 / UTS #35 identifier, lower case: `zh-Hans…` and bare `zh`
    /// give `zh-cn`, `zh-Hant` gives `zh-tw` (`zh-Hant-HK` and `zh-HK` give `zh-hk`, `zh-MO`
    /// `zh-mo`), other script subtags are dropped (`sr-Latn-RS` → `sr-rs`), underscores read as
    /// hyphens (`ja_JP` → `ja-jp`). Nil for an empty or malformed identifier (a first subtag that
    /// is not 2–3 ASCII letters).
    public static func fontconfigTag(_ identifier: String) -> String? {
        let parts = identifier.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        let script = parts.dropFirst().first { $0.count == 4 }
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }
        if language == "zh" {
            if let region, ["hk", "mo", "sg", "tw", "cn"].contains(region) { return "zh-" + region }
            return script == "hant" ? "zh-tw" : "zh-cn"
        }
        return region.map { language + "-" + $0 } ?? language
    }

    /// How well `languages` (a face's fontconfig language set) supports the fontconfig tag
    /// `language`: the best fit among them, by `FcLangCompare`'s rule: the whole tag equal is
    /// ``Match/equal``; only the part before `-` equal (`zh-tw` for `zh-cn`, `ja-jp` for `ja`) is
    /// ``Match/differentTerritory``.
    public static func best(_ language: String, in languages: [String]) -> Match {
        var best = Match.differentLanguage
        let base = language.split(separator: "-").first.map(String.init) ?? language
        for candidate in languages {
            if candidate == language { return .equal }
            let candidateBase = candidate.split(separator: "-").first.map(String.init) ?? candidate
            if candidateBase == base { best = .differentTerritory }
        }
        return best
    }

    /// Whether the glyph a font draws for `scalar` depends on the language, so fallback picks the
    /// font by language: unified Han ideographs (URO, extensions A–H, compatibility ideographs),
    /// CJK and Kangxi radicals, CJK symbols and punctuation, and the half- and full-width forms.
    /// Other characters keep the fixed fallback order, so text in other scripts is drawn the
    /// same whatever its language attribute.
    public static func isLanguageSensitive(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF,
            0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}
