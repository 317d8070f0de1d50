// The paragraph direction a caller asks for before bidi resolution.

/// The base (paragraph) writing direction. Like `CTWritingDirection`
/// (`kCTWritingDirectionNatural`, `…LeftToRight`, `…RightToLeft`) in a paragraph style.
public enum BaseDirection: Sendable, Hashable {
    /// Paragraph level 0.
    case leftToRight
    /// Paragraph level 1.
    case rightToLeft
    /// From the first strong character, skipping isolates (UAX #9 rules P2–P3);
    /// left to right when there is none, as CoreText does.
    case natural
}
