// TextStroke: the width and colour of glyph outlines, the value of the stroke attribute.

import Foundation

/// Outlined glyphs. Like `kCTStrokeWidthAttributeName` with `kCTStrokeColorAttributeName`.
///
/// The width follows CoreText's convention: a percentage of the font size (3 is a typical
/// outline). A positive width strokes the outline only (no fill); a negative width fills
/// the glyphs and strokes them with `|width|`; 0 draws no stroke (plain filled text).
/// A valid stroke has a finite width (``Attributes`` holds no other; see ``Attribute/stroke(_:)``).
public struct TextStroke: Sendable, Hashable, CustomStringConvertible {
    /// Percent of the font size; > 0 stroke only, < 0 fill and stroke. Must be finite.
    public var width: CGFloat
    /// The stroke's colour; nil uses the foreground colour (CoreText's rule when
    /// `kCTStrokeColorAttributeName` is absent).
    public var color: Color?

    /// A stroke.
    public init(width: CGFloat, color: Color? = nil) {
        self.width = width
        self.color = color
    }

    /// Whether the glyphs are filled as well as stroked (width ≤ 0).
    public var fills: Bool { width <= 0 }

    /// The stroke's line width in points for a font of `fontSize` points: |width| % of it.
    public func lineWidth(fontSize: CGFloat) -> CGFloat { abs(width) / 100 * fontSize }

    /// E.g. `"3% #ff0000ff"`, `"-3%"`.
    public var description: String {
        "\(Attributes.number(width))%" + (color.map { " \($0.hexString)" } ?? "")
    }

    /// Why this stroke is invalid, or nil.
    var invalidReason: String? {
        LengthLimit.allows(width) ? nil : "stroke width must be finite and at most 1e9 in magnitude, not \(width)"
    }
}
