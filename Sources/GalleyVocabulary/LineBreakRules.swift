// The words of line breaking beyond CoreText's line-break mode: the breaking strategy (greedy,
// optimal, balanced, pretty), CJK line-break strictness (CSS `line-break`) and word breaking in
// CJK text (CSS `word-break`). Paragraph styles hold them; the Unicode stage's break
// opportunities and layout's line breaking switch over them.

/// How a paragraph's lines are chosen. CoreText and Pango break greedily; the other strategies
/// look at the whole paragraph (only in frames whose lines all have the same width: a shaped
/// path or exclusions fall back to greedy breaking).
public enum LineBreakStrategy: String, Sendable, Hashable, CaseIterable {
    /// Each line takes as much as fits (the default, as CoreText's typesetter).
    case greedy
    /// Knuth–Plass total fit: the breaks that minimise the paragraph's demerits (loose and tight
    /// lines, hyphens, consecutive hyphens, abrupt changes of tightness), as TeX chooses them.
    case optimal
    /// As many lines as greedy breaking makes, of nearly equal length (CSS `text-wrap: balance`).
    case balanced
    /// Greedy, except that the last line does not hold a lone short word when moving a word
    /// down avoids it (CSS `text-wrap: pretty`).
    case pretty
}

/// How strictly CJK line-breaking rules (kinsoku) apply. Like CSS `line-break`: `loose` and
/// `strict` reach ICU's line break iterator as its `lb` locale keyword on the text's language
/// ("ja@lb=strict", "@lb=loose" for text without a language); `anywhere` allows a break between
/// any two grapheme clusters. The paragraph's language is its first character's.
public enum LineBreakStrictness: String, Sendable, Hashable, CaseIterable {
    /// The least restrictive rules (ICU `lb=loose`): small kana and the prolonged sound mark (UAX
    /// #14 class CJ) and iteration marks (々 〻 ゝ ゞ ヽ ヾ) may start a line; for Chinese and
    /// Japanese also 〜 ゠, centred punctuation (・ ： ； ！ ？ ‼), a break between two … or ‥, full-width suffixes (％ ° ‰)
    /// and a break after full-width prefixes (＄ ￥ №), as CSS Text 3 lists for `loose`.
    case loose
    /// ICU's default rules for the text's language (the default; CSS `auto`): for Japanese ("ja")
    /// small kana and ー may start a line (CJ as ID, CSS `normal`), for other languages and text
    /// without one ICU's root rules keep them from starting a line (CJ as NS, as strict).
    case normal
    /// The most restrictive rules (ICU `lb=strict`): small kana and the prolonged sound mark (CJ)
    /// never start a line, like the iteration marks and other non-starters (NS).
    case strict
    /// A break is allowed between any two grapheme clusters, even inside words and next to
    /// punctuation or no-break spaces (CSS `anywhere`); hard line breaks stay. Wins over
    /// ``WordBreak/keepAll``.
    case anywhere
}

/// Whether breaks are allowed inside words of CJK text. Like CSS `word-break`.
public enum WordBreak: String, Sendable, Hashable, CaseIterable {
    /// UAX #14: ideographs, kana and Hangul syllables break between any two characters (the
    /// default).
    case normal
    /// No break between two letters (UAX #14 classes AL, AI, HL, NU, ID, CJ, the Hangul classes
    /// H2, H3, JL, JV, JT, and the letters among the non-starters, such as 々), only at spaces,
    /// after hyphens, around punctuation and at hard breaks: Korean set with spaces between
    /// words, or Chinese and Japanese kept in phrases. Like `keep-all`; as CSS asks, Thai, Lao,
    /// Khmer and Burmese (class SA) keep their dictionary breaks.
    case keepAll
}
