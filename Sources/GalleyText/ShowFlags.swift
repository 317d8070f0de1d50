// ShowFlags: which invisible characters are drawn visibly, the value of the show attribute
// (Pango's `show`).

/// Invisible characters to draw as visible symbols. Like Pango's `PangoShowFlags` (`show` in
/// markup); CoreText has no equivalent.
///
/// The layout stage shapes each shown character as a visible stand-in at the same string index
/// (so carets and selection are unchanged), in the run's font: a space separator (gc Zs) as
/// U+2423 OPEN BOX (Pango's visible space), U+2028 LINE SEPARATOR as U+21B5, a default-ignorable
/// character as U+2B1A DOTTED SQUARE (where Pango draws a box with the character's name). Widths
/// change with the symbols, as in Pango.
public struct ShowFlags: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: Int

    /// Flags from their bits, as `PangoShowFlags` numbers them (1 spaces, 2 line breaks, 4
    /// ignorables).
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Space characters (Unicode `Zs`, and TAB). Pango's `PANGO_SHOW_SPACES`.
    public static let spaces = ShowFlags(rawValue: 1)
    /// Line and paragraph separators. Pango's `PANGO_SHOW_LINE_BREAKS`.
    public static let lineBreaks = ShowFlags(rawValue: 2)
    /// Default-ignorable characters (joiners, variation selectors, bidi controls, soft
    /// hyphen…). Pango's `PANGO_SHOW_IGNORABLES`.
    public static let ignorables = ShowFlags(rawValue: 4)

    /// Pango's names joined with `|`, e.g. `"spaces|ignorables"`; `"none"` for no flags.
    public var pangoName: String {
        let names = [(ShowFlags.spaces, "spaces"), (.lineBreaks, "line-breaks"), (.ignorables, "ignorables")]
            .filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: "|")
    }
}
