// TextDecoration: the style, dash pattern and colour of an underline or strikethrough, the
// value of the underline and strikethrough attributes.

/// An underline, overline or strikethrough. Like the value of `kCTUnderlineStyleAttributeName` /
/// `NSStrikethroughStyleAttributeName` (an `NSUnderlineStyle`: style | pattern) together with
/// `kCTUnderlineColorAttributeName` / `NSStrikethroughColorAttributeName`.
///
/// Position and thickness come from the font (`post` underline position and thickness,
/// OS/2 strikeout position and size), as in CoreText.
public struct TextDecoration: Sendable, Hashable, CustomStringConvertible {
    /// How many lines and how heavy. Like `NSUnderlineStyle.single`, `.double`, `.thick`.
    public enum Style: Sendable, Hashable, CaseIterable {
        /// One line of the font's thickness. Like `kCTUnderlineStyleSingle`.
        case single
        /// Two lines. Like `kCTUnderlineStyleDouble`.
        case double
        /// One line of twice the font's thickness. Like `kCTUnderlineStyleThick`.
        case thick
        /// One line low enough to clear the descenders (below the line's descent rather than at
        /// the font's underline position). Like Pango's `PANGO_UNDERLINE_LOW`; CoreText has none.
        case low
        /// A wavy line, as spelling checkers mark errors. Like Pango's `PANGO_UNDERLINE_ERROR`;
        /// CoreText has none.
        case error
    }

    /// The dash pattern. Like `kCTUnderlinePatternSolid`, `…Dot`, `…Dash`, `…DashDot`,
    /// `…DashDotDot`.
    public enum Pattern: Sendable, Hashable, CaseIterable {
        /// A continuous line.
        case solid
        /// Dots.
        case dot
        /// Dashes.
        case dash
        /// Dash, dot, repeated.
        case dashDot
        /// Dash, dot, dot, repeated.
        case dashDotDot
    }

    /// Single (the default), double or thick.
    public var style: Style = .single
    /// Solid (the default) or a dash pattern.
    public var pattern: Pattern = .solid
    /// The line's colour; nil draws it in the text's foreground colour (CoreText's rule when
    /// `kCTUnderlineColorAttributeName` is absent).
    public var color: Color? = nil
    /// Whether the line is drawn under words only, skipping whitespace (spaces, TABs, no-break
    /// and ideographic spaces: the White_Space characters). Like `NSUnderlineStyle.byWord`
    /// (0x8000): "Draw the line only beneath or through words, not whitespace."
    public var byWord: Bool = false

    /// A decoration.
    public init(style: Style = .single, pattern: Pattern = .solid, color: Color? = nil, byWord: Bool = false) {
        self.style = style
        self.pattern = pattern
        self.color = color
        self.byWord = byWord
    }

    /// A single solid line in the foreground colour. Like `NSUnderlineStyle.single`.
    public static let single = TextDecoration()

    /// E.g. `"single solid"`, `"double dash #ff0000ff"`.
    public var description: String {
        "\(style) \(pattern)" + (byWord ? " byWord" : "") + (color.map { " \($0.hexString)" } ?? "")
    }
}
