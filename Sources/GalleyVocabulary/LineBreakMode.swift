// LineBreakMode: what happens to a line that does not fit (CTLineBreakMode): wrap at words or
// clusters, clip, or truncate at the head, middle or tail. Paragraph styles hold it; line
// breaking and truncation switch over it.

/// What happens to a line that does not fit. Like `CTLineBreakMode`.
public enum LineBreakMode: Sendable, Hashable, CaseIterable {
    /// Break at word boundaries (UAX #14); a word longer than the line breaks between
    /// clusters (the default). Like `kCTLineBreakByWordWrapping`.
    case wordWrapping
    /// Break between grapheme clusters. Like `kCTLineBreakByCharWrapping`.
    case charWrapping
    /// One line per paragraph (up to its paragraph separator or U+2028), cut after the grapheme
    /// cluster that crosses the width: no wrapping, no token. Like `kCTLineBreakByClipping`
    /// ("Lines are simply not drawn past the edge of the text container"): the last cluster that
    /// starts inside the width is kept whole and overflows it, for a clip to cut; the clusters
    /// after it are dropped.
    case clipping
    /// One line per paragraph; when it does not fit, its start is replaced by "…" in the font
    /// of the first kept character. Like `kCTLineBreakByTruncatingHead`.
    case truncatingHead
    /// One line per paragraph; when it does not fit, its end is replaced by "…". Like
    /// `kCTLineBreakByTruncatingTail`.
    case truncatingTail
    /// One line per paragraph; when it does not fit, its middle is replaced by "…". Like
    /// `kCTLineBreakByTruncatingMiddle`.
    case truncatingMiddle

    /// True for the modes that keep each paragraph on one line (clipping and truncation).
    public var isSingleLine: Bool {
        switch self {
        case .wordWrapping, .charWrapping: return false
        case .clipping, .truncatingHead, .truncatingTail, .truncatingMiddle: return true
        }
    }
}
