// Options of a frame beyond its path: a maximum number of lines, how the last visible line is
// truncated when text remains (what UILabel's numberOfLines and YYText's truncationToken give
// CoreText users), exclusion paths that lines flow around and insets.
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
    /// Shapes that lines flow around, in the coordinates of the frame's path (y up): every x
    /// that an exclusion covers at any y of a line's band (its ascent + descent) is taken from
    /// that band, so a line never overlaps an exclusion. Each exclusion is filled by its own
    /// even-odd rule and their union is subtracted (overlapping exclusions do not cancel out, as
    /// they would if they were sub-paths of one even-odd path). Like
    /// kCTFrameClippingPathsAttributeName and YYTextContainer.exclusionPaths. Default none.
    public var exclusionPaths: [FramePath] = []
    /// How far the usable area shrinks from each side of the path's bounding box (see
    /// `FrameInsets`). Default none.
    public var insets: FrameInsets = .zero

    /// Options with the given values.
    public init(
        maximumNumberOfLines: Int = 0, truncation: TruncationType? = .end, truncationToken: AttributedText? = nil,
        exclusionPaths: [FramePath] = [], insets: FrameInsets = .zero
    ) {
        self.maximumNumberOfLines = maximumNumberOfLines
        self.truncation = truncation
        self.truncationToken = truncationToken
        self.exclusionPaths = exclusionPaths
        self.insets = insets
    }
}
