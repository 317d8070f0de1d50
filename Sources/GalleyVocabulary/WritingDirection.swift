// WritingDirection: the base direction a caller asks of a paragraph (or of an embedding) before
// bidi resolution. The one name for it in every stage: the paragraph style holds it, bidi
// resolution (UAX #9) reads it.

/// The base (paragraph) writing direction. Like `CTWritingDirection`
/// (`kCTWritingDirectionNatural`, `…LeftToRight`, `…RightToLeft`).
public enum WritingDirection: Sendable, Hashable, CaseIterable {
    /// From the paragraph's first strong character, skipping isolates (UAX #9 rules P2–P3);
    /// left to right when there is none, as CoreText does (the default).
    /// Like `kCTWritingDirectionNatural`.
    case natural
    /// Left to right: paragraph level 0. Like `kCTWritingDirectionLeftToRight`.
    case leftToRight
    /// Right to left: paragraph level 1. Like `kCTWritingDirectionRightToLeft`.
    case rightToLeft
}
