// TextTransform: case changes applied when the text is shaped (upper, lower, title case), the
// value of the text transform attribute (Pango's `text_transform`, CSS text-transform).

/// A case change applied at layout time, leaving the attributed string as it is. Like Pango's
/// `PangoTextTransform` (`text_transform` in markup) and CSS `text-transform`; CoreText has no
/// attribute for it (`NSString.uppercased(with:)` changes the string instead).
///
/// The layout stage maps the text with ICU's full case mapping in the run's language
/// (``Attribute/language(_:)``: Turkish `i` → `İ`, German `ß` → `SS`, Greek accents dropped in
/// upper case), keeping every glyph's cluster at the string index of the character it came from,
/// so carets, selection, hit testing and placeholders address the original string.
public enum TextTransform: String, Sendable, Hashable, CaseIterable {
    /// Every letter in lower case (ICU `u_strToLower`). Pango's `lowercase`.
    case lowercase
    /// Every letter in upper case (ICU `u_strToUpper`). Pango's `uppercase`.
    case uppercase
    /// The first letter of each word in title case, the rest unchanged, as CSS `capitalize`
    /// and Pango do (words found by ICU's word break iterator). Pango's `capitalize`.
    case capitalize
}
