// The paragraph settings that choose where lines break beyond CoreText's line-break mode and
// GalleyVocabulary's line-break rules (strategy, strictness, word break): hanging punctuation
// and hyphenation's limits.
import Foundation

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
