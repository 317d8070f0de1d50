// The paragraph settings that choose where lines break beyond CoreText's line-break mode: the
// breaking strategy (greedy, optimal, balanced, pretty), hyphenation and its limits, CJK
// line-break strictness, keep-all word breaking and hanging punctuation.
import Foundation

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

/// Which punctuation may hang outside the measure. Like CSS `hanging-punctuation`.
public struct HangingPunctuation: OptionSet, Sendable, Hashable {
    /// The set's bits: 1 ``first``, 2 ``last``, 4 ``allowEnd``.
    public let rawValue: Int
    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// An opening bracket or quote at the start of a paragraph's first line hangs before the
    /// start edge. Like `first`.
    public static let first = HangingPunctuation(rawValue: 1)
    /// A closing bracket or quote at the end of a paragraph's last line hangs past the end edge.
    /// Like `last`.
    public static let last = HangingPunctuation(rawValue: 2)
    /// An ideographic full stop or comma (and their fullwidth and halfwidth forms) at the end of
    /// a line may hang past the end edge when it does not otherwise fit. Like `allow-end`.
    public static let allowEnd = HangingPunctuation(rawValue: 4)
}

/// The smallest word that is hyphenated and the fewest characters kept on each side of a
/// hyphen (counted in grapheme clusters). A dictionary's own minimums win when they are larger.
/// Like CSS `hyphenate-limit-chars`, whose `auto` is these defaults.
public struct HyphenationLimits: Sendable, Hashable {
    /// Words with fewer characters are never hyphenated; default 5.
    public var minimumWordLength: Int
    /// Characters kept before a hyphen; default 2.
    public var minimumBefore: Int
    /// Characters carried after a hyphen to the next line; default 2.
    public var minimumAfter: Int

    /// Limits with the given counts (values below 1 count as 1).
    public init(minimumWordLength: Int = 5, minimumBefore: Int = 2, minimumAfter: Int = 2) {
        self.minimumWordLength = minimumWordLength
        self.minimumBefore = minimumBefore
        self.minimumAfter = minimumAfter
    }

    /// CSS's `auto`: words of 5 or more, 2 characters on each side.
    public static let `default` = HyphenationLimits()
}
