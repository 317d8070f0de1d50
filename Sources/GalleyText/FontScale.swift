// FontScale: a size change taken from the font's own metrics (superscript, subscript and small
// capital sizes), the value of the font scale attribute (Pango's `font_scale`).

/// A size change that follows the font's design instead of a fixed number of points. Like
/// Pango's `PangoFontScale` (`font_scale` in markup, since Pango 1.50). Unlike
/// ``Attribute/superscript(_:)`` (CoreText's superscript, which both raises and scales), this
/// only scales: Pango raises with a separate `baseline_shift`.
public enum FontScale: String, Sendable, Hashable, CaseIterable {
    /// The font's superscript size (OS/2 `ySuperscriptYSize`; 0.65 em when the font has none).
    /// Pango's `superscript`.
    case superscript
    /// The font's subscript size (OS/2 `ySubscriptYSize`; 0.65 em when the font has none).
    /// Pango's `subscript`.
    case `subscript`
    /// The size at which capitals stand as tall as the font's lower-case letters (x-height ÷
    /// cap height; 0.8 when the font lacks either). Pango's `small-caps`.
    case smallCaps

    /// Pango's name: `"superscript"`, `"subscript"`, `"small-caps"`.
    public var pangoName: String {
        switch self {
        case .superscript: "superscript"
        case .subscript: "subscript"
        case .smallCaps: "small-caps"
        }
    }
}
