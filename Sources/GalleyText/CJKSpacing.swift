// The two CSS Text 4 `text-spacing` settings for East Asian text, as run attributes: how the
// blank half of full-width punctuation is trimmed (`text-spacing-trim`, JLREQ §3.1) and whether
// a little space separates ideographs from Latin letters and digits (`text-autospace`). CoreText
// does neither, so both default to off in the library.
import Foundation

/// How the blank half of full-width CJK punctuation (brackets, quotes, the ideographic comma and
/// full stop) is trimmed. Like CSS Text 4 `text-spacing-trim`; the cases' raw values are CSS's
/// keywords. A trimmed character keeps its ink and loses the blank half of its em: through the
/// font's `halt` (`vhal` in vertical lines) where it has the feature, else by JLREQ's widths
/// (the blank half is the start half of an opening bracket, the end half of a closing one or a
/// comma, the two quarters around a middle dot).
public enum TextSpacingTrim: String, Sendable, Hashable, CaseIterable {
    /// Every full-width punctuation character keeps its full width (CoreText, and Galley's
    /// default). Like `space-all`.
    case spaceAll = "space-all"
    /// Adjacent punctuation collapses (an opening bracket after an opening or closing one, a
    /// middle dot or an ideographic space loses its start half; a closing one before a closing
    /// one or a middle dot loses its end half), and a closing character at a line's end is
    /// trimmed when the line would not fit otherwise. Like `normal` (CSS's initial value).
    case normal
    /// As ``trimStart``, but the first line of a paragraph keeps its opening bracket full.
    /// Like `space-first`.
    case spaceFirst = "space-first"
    /// As ``normal``, and an opening bracket starting any line loses its start half. Like
    /// `trim-start`.
    case trimStart = "trim-start"
    /// As ``trimStart``, and a closing character ending a line always loses its end half. Like
    /// `trim-both`.
    case trimBoth = "trim-both"
    /// Every full-width punctuation character is set half-width. Like `trim-all`.
    case trimAll = "trim-all"
}

/// Whether a little space (1/8 of the ideographic em, CSS's 1/8 ic) is put between ideographs
/// (Han, Hiragana, Katakana) and letters or digits of other scripts, and dropped at a line's
/// edges. Like CSS Text 4 `text-autospace`; the raw values are CSS's keywords.
public enum TextAutospace: String, Sendable, Hashable, CaseIterable {
    /// No space is added (CoreText, and Galley's default). Like `no-autospace`.
    case noAutospace = "no-autospace"
    /// Between ideographs and both letters and digits. Like `normal` (`ideograph-alpha
    /// ideograph-numeric`).
    case normal
    /// Between ideographs and letters of other scripts only. Like `ideograph-alpha`.
    case ideographAlpha = "ideograph-alpha"
    /// Between ideographs and digits only. Like `ideograph-numeric`.
    case ideographNumeric = "ideograph-numeric"

    /// Whether space goes between ideographs and letters.
    public var spacesLetters: Bool { self == .normal || self == .ideographAlpha }
    /// Whether space goes between ideographs and digits.
    public var spacesDigits: Bool { self == .normal || self == .ideographNumeric }
}
