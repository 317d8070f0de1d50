// Options of a frame beyond its rectangle: a maximum number of lines and how the last visible
// line is truncated when text remains (what UILabel's numberOfLines and YYText's
// truncationToken give CoreText users).
import Foundation
import GalleyText

/// Options for `Framesetter.frame(in:range:options:)`. CoreText has no equivalent (its frames
/// never truncate); this is UILabel's `numberOfLines` + `lineBreakMode`, YYText's
/// `maximumNumberOfRows` + `truncationType` + `truncationToken`.
public struct FrameOptions: Sendable {
    /// At most this many lines; 0 (the default) means no limit.
    public var maximumNumberOfLines: Int = 0
    /// When text remains after the last visible line (because of the line limit or the frame's
    /// height), that line is laid out again from its start to the end of its paragraph (or
    /// U+2028) and truncated to its width this way; an `.end` truncation always shows the token,
    /// even when the line's own text fits, since text follows it. nil: no truncation. Default `.end`.
    public var truncation: TruncationType? = .end
    /// The token that marks the truncation; nil: "…" in the font at the cut.
    public var truncationToken: AttributedText? = nil

    /// Options with the given values.
    public init(maximumNumberOfLines: Int = 0, truncation: TruncationType? = .end, truncationToken: AttributedText? = nil) {
        self.maximumNumberOfLines = maximumNumberOfLines
        self.truncation = truncation
        self.truncationToken = truncationToken
    }
}
