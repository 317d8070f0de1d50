// MarkupError: why markup could not be parsed, with the line and column of the problem.

import GalleyFonts

/// An error from ``Markup/parse(_:base:fonts:strictFonts:)``. Lines and columns count from 1; a column
/// counts Unicode scalars (as GLib's markup parser, which Pango uses, counts characters).
public enum MarkupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not well-formed: an unclosed or mismatched tag, a bad entity, a missing quote…
    case malformed(line: Int, column: Int, message: String)
    /// An element Galley does not know (located at its `<`).
    case unknownElement(String, line: Int, column: Int)
    /// An attribute the element does not take (located at the attribute's name).
    case unknownAttribute(element: String, attribute: String, line: Int, column: Int)
    /// An attribute value that cannot be used, e.g. `size="big"` (located at the
    /// attribute's name).
    case invalidValue(attribute: String, value: String, line: Int, column: Int)
    /// An element changes the font, but neither the base attributes nor the markup say
    /// which family and size to start from (located at the element's `<`).
    case missingBaseFont(element: String, line: Int, column: Int)
    /// The font an element asks for cannot be had.
    case font(FontError)

    /// Whether the markup itself is at fault (syntax, an unknown element or attribute, a bad
    /// value, a font change with no base font) rather than a font it names.
    public var isMalformed: Bool {
        if case .font = self { false } else { true }
    }

    /// A sentence locating and describing the error.
    public var description: String {
        switch self {
        case .malformed(let line, let column, let message):
            "line \(line), column \(column): \(message)"
        case .unknownElement(let name, let line, let column):
            "line \(line), column \(column): unknown or unsupported element <\(name)>"
        case .unknownAttribute(let element, let attribute, let line, let column):
            "line \(line), column \(column): <\(element)> does not take the attribute '\(attribute)'"
        case .invalidValue(let attribute, let value, let line, let column):
            "line \(line), column \(column): '\(value)' is not a valid value for '\(attribute)'"
                + (MarkupValues.expectation(of: attribute).map { ": \($0)" } ?? "")
        case .missingBaseFont(let element, let line, let column):
            "line \(line), column \(column): <\(element)> changes the font, but the base attributes have no font to start from"
        case .font(let error):
            "font: \(error)"
        }
    }
}
