// FontRequest and FontSubstitution: what a caller asks FontCollection.font(matching:) for, and how
// the answer's family differs from the one asked for.

import Foundation

/// A family name plus the style wanted of it, resolved by ``FontCollection/font(matching:strict:)``.
/// Like a `CTFontDescriptor` with a family name and weight, slant and width traits, or a
/// `PangoFontDescription` with family, weight, style, stretch and size.
public struct FontRequest: Hashable, Sendable {
    /// The family name asked for: a family some face declares, a generic name (`sans-serif`,
    /// `Monospace`, …) or any other name, which fontconfig's rules then resolve.
    public var family: String
    /// The weight wanted (CSS / OpenType scale).
    public var weight: Font.Weight
    /// Whether an italic (or oblique) face is wanted.
    public var italic: Bool
    /// The width wanted (CSS `font-stretch` percentage).
    public var width: Font.Width
    /// The point size of the font returned.
    public var size: CGFloat

    /// A request for `family` in the given style at `size` points.
    public init(
        family: String, weight: Font.Weight = .regular, italic: Bool = false, width: Font.Width = .normal,
        size: CGFloat
    ) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.width = width
        self.size = size
    }
}

/// How the family of a font from ``FontCollection/font(matching:strict:)`` came from another name
/// than its own. A font found under the requested name has no substitution (nil).
///
/// CoreText substitutes silently (`CTFontCreateWithName` with an unknown name gives the default
/// font); Pango through fontconfig likewise. Galley keeps the requested name so that a caller (the
/// `galley` tool's warnings, `galley layout`'s `requestedFamily`) can show what happened.
public struct FontSubstitution: Hashable, Sendable {
    /// The family name that was asked for, as written.
    public let requestedFamily: String
    /// Why another family was used.
    public let kind: Kind

    /// The reason a family stood in for the requested one.
    public enum Kind: Hashable, Sendable {
        /// The name is a generic family (`sans-serif`, `serif`, `monospace`, `emoji`, …): the
        /// bundled face of that class was used.
        case generic
        /// A rule of fontconfig's configuration for the name itself gave the family used (a
        /// metric-compatible alias such as Liberation Serif for `Times` or Liberation Sans for
        /// `Arial`): it measures like the named family.
        case alias
        /// fontconfig knows the name only as a member of a generic class (`Cantarell` under
        /// `system-ui`, `Comic Sans MS` under `cursive`, `Times` under `serif` when no
        /// metric-compatible face is installed): a face of that class was used, which neither
        /// looks nor measures like the named family. A substitution to warn about, as for an
        /// unknown name.
        case genericClass
        /// Nothing knows the name: the default family was used.
        case unknown
    }

    /// A substitution of `kind` for `requestedFamily`.
    public init(requestedFamily: String, kind: Kind) {
        self.requestedFamily = requestedFamily
        self.kind = kind
    }
}
