// Options of a frame beyond its path: CoreText's frame attributes (fill rule, path width,
// clipping paths with their own rule and width), a maximum number of lines, how the last
// visible line is truncated when text remains (what UILabel's numberOfLines and YYText's
// truncationToken give CoreText users), exclusion paths that lines flow around and insets.
import Foundation
import GalleyText

/// Options for `Framesetter.frame(in:range:options:)`: CoreText's frame attributes (fill rule,
/// path width, clipping paths: the dictionary of CTFramesetterCreateFrame, returned by
/// `Frame.attributes` as CTFrameGetFrameAttributes returns it) and what CoreText lacks (its
/// frames never truncate): UILabel's `numberOfLines` + `lineBreakMode`, YYText's
/// `maximumNumberOfRows` + `truncationType` + `truncationToken`, insets.
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
    /// Which points of the frame's path are inside: even-odd (the default) or non-zero winding.
    /// It matters for polygons and `.path` frames with crossing or nested subpaths. Like
    /// kCTFramePathFillRuleAttributeName at the top level of the frame attributes.
    public var fillRule: FramePathFillRule = .evenOdd
    /// The width of the frame path's outline (default 0). The outline is stroked by a pen this
    /// wide centred on it, and lines are laid only inside the fill and outside that stroke:
    /// every point of a line's band is at least `pathWidth / 2` from every segment of the path
    /// (so a rectangle loses `pathWidth / 2` on each side, top and bottom included). Like
    /// kCTFramePathWidthAttributeName ("the frame width", default zero) at the top level of the
    /// frame attributes; YYText's pathLineWidth reads it the same way. Must be finite and ≥ 0.
    public var pathWidth: CGFloat = 0
    /// Clipping paths, each with its own fill rule and stroke width: the text avoids the fill
    /// and the stroke of each, as with `exclusionPaths` (which are clipping paths with the
    /// even-odd rule and no width). Like kCTFrameClippingPathsAttributeName, whose array holds
    /// a dictionary per path (kCTFramePathClippingPathAttributeName,
    /// kCTFramePathFillRuleAttributeName, kCTFramePathWidthAttributeName). Default none.
    public var clippingPaths: [ClippingPath] = []
    /// Which way lines advance: horizontal lines top to bottom (the default), or vertical lines
    /// (columns) right to left or left to right (see `FrameProgression`; in any frame path, with
    /// exclusions, clipping paths, insets and path width turned with it). Like
    /// kCTFrameProgressionAttributeName.
    public var progression: FrameProgression = .topToBottom

    /// Options with the given values.
    public init(
        maximumNumberOfLines: Int = 0, truncation: TruncationType? = .end, truncationToken: AttributedText? = nil,
        exclusionPaths: [FramePath] = [], insets: FrameInsets = .zero, fillRule: FramePathFillRule = .evenOdd,
        pathWidth: CGFloat = 0, clippingPaths: [ClippingPath] = [], progression: FrameProgression = .topToBottom
    ) {
        self.progression = progression
        self.maximumNumberOfLines = maximumNumberOfLines
        self.truncation = truncation
        self.truncationToken = truncationToken
        self.exclusionPaths = exclusionPaths
        self.insets = insets
        self.fillRule = fillRule
        self.pathWidth = pathWidth
        self.clippingPaths = clippingPaths
    }

    /// Every clipping path of the options: the exclusion paths (even-odd, no width) then `clippingPaths`.
    var allClippingPaths: [ClippingPath] { exclusionPaths.map { ClippingPath($0) } + clippingPaths }

    /// Throws for a path width or a clipping path's width that is negative or not finite, or an invalid clipping path.
    func validatePaths() throws(LayoutError) {
        guard LengthLimit.allows(pathWidth), pathWidth >= 0 else {
            throw .invalidGeometry("path width \(pathWidth) must be between 0 and \(LengthLimit.maximum)")
        }
        for clip in allClippingPaths {
            try clip.path.validate()
            guard LengthLimit.allows(clip.width), clip.width >= 0 else {
                throw .invalidGeometry("clipping path width \(clip.width) must be between 0 and \(LengthLimit.maximum)")
            }
        }
    }
}

/// One clipping path of a frame with its own fill rule and stroke width: the text avoids every
/// point its fill covers and every point within `width / 2` of its outline. Like a dictionary
/// of kCTFrameClippingPathsAttributeName (kCTFramePathClippingPathAttributeName with
/// kCTFramePathFillRuleAttributeName and kCTFramePathWidthAttributeName).
public struct ClippingPath: Sendable, Equatable {
    /// The path. Like kCTFramePathClippingPathAttributeName.
    public var path: FramePath
    /// Its fill rule (default even-odd). Like kCTFramePathFillRuleAttributeName in the dictionary.
    public var fillRule: FramePathFillRule
    /// Its stroke width (default 0). Like kCTFramePathWidthAttributeName in the dictionary.
    public var width: CGFloat

    /// A clipping path with the given values.
    public init(_ path: FramePath, fillRule: FramePathFillRule = .evenOdd, width: CGFloat = 0) {
        self.path = path
        self.fillRule = fillRule
        self.width = width
    }
}
