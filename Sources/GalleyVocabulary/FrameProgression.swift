// FrameProgression: the writing mode of a frame — which axis its lines run along and which way
// they stack. CoreText's name (kCTFrameProgressionAttributeName) for what CSS calls
// `writing-mode`; the CLI's --writing-mode takes the CSS names.

/// The writing mode of a frame: the way its lines advance. Like `CTFrameProgression`
/// (`kCTFrameProgressionAttributeName`); the cases are CSS's `writing-mode` values
/// `horizontal-tb`, `vertical-rl` and `vertical-lr` (``cssName``).
public enum FrameProgression: String, Sendable, Hashable, CaseIterable {
    /// Horizontal lines stacked from the top down (`kCTFrameProgressionTopToBottom`, the
    /// default; CSS `horizontal-tb`).
    case topToBottom
    /// Vertical lines (columns) stacked from the right edge leftwards
    /// (`kCTFrameProgressionRightToLeft`; CSS `vertical-rl`: Japanese and Chinese books).
    case rightToLeft
    /// Vertical lines stacked from the left edge rightwards (`kCTFrameProgressionLeftToRight`;
    /// CSS `vertical-lr`: Mongolian).
    case leftToRight

    /// The axis the frame's lines run along.
    @inlinable
    public var lineAxis: LineAxis {
        switch self {
        case .topToBottom: .horizontal
        case .rightToLeft, .leftToRight: .vertical
        }
    }

    /// CSS's `writing-mode` name: `horizontal-tb`, `vertical-rl` or `vertical-lr`.
    public var cssName: String {
        switch self {
        case .topToBottom: "horizontal-tb"
        case .rightToLeft: "vertical-rl"
        case .leftToRight: "vertical-lr"
        }
    }

    /// The progression CSS's `writing-mode` value `cssName` names, nil for any other string.
    public init?(cssName: String) {
        guard let match = Self.allCases.first(where: { $0.cssName == cssName }) else { return nil }
        self = match
    }
}
