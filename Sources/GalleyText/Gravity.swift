// Gravity: the direction glyphs lean towards for vertical text, the values of the gravity and
// gravity hint attributes (Pango's `gravity` and `gravity_hint`). Stored; drawn once Galley has
// vertical lines.

/// Where the bottom of the glyphs points. Like Pango's `PangoGravity` (`gravity` in markup;
/// `auto` is not a value an attribute can hold). CoreText's nearest equivalent is
/// `kCTVerticalFormsAttributeName` with the frame's progression.
///
/// Galley stores the attribute and reports it (JSON, the AttributedString bridge); horizontal
/// lines lay out as `south` whatever it says, until vertical text exists.
public enum Gravity: String, Sendable, Hashable, CaseIterable {
    /// Glyphs upright, the usual horizontal text.
    case south
    /// Glyphs rotated 90° counter-clockwise.
    case east
    /// Glyphs upside down.
    case north
    /// Glyphs rotated 90° clockwise.
    case west
}

/// How a vertical ``Gravity`` applies to scripts that are not vertical by nature. Like Pango's
/// `PangoGravityHint` (`gravity_hint` in markup). Stored, as ``Gravity`` is.
public enum GravityHint: String, Sendable, Hashable, CaseIterable {
    /// Each script in its natural orientation (Latin rotated, CJK upright). Pango's default.
    case natural
    /// Every script as the gravity says.
    case strong
    /// Scripts that are not vertical by nature rotated the other way, as on the spine of a book.
    case line
}
