// Pango's font-description syntax ("DejaVu Sans Bold 16", "Sans Italic 12", "Serif,Emoji 10") for --font.
import Foundation
import Galley

/// A parsed Pango font description: `[FAMILY-LIST] [STYLE-OPTIONS] [SIZE]`, as
/// `pango_font_description_from_string` reads it. Like a `CTFontDescriptor` with family, weight,
/// slant and size attributes.
///
/// The parts are read by GalleyText's ``PangoFontDescription`` (the reader markup's `font=` uses
/// too): a trailing size (optionally with `px`, taken as points since one pixel is one point at
/// scale 1); style words before it, matched case-insensitively (`Bold`, `Italic`, `Oblique`,
/// `Light`, `Semi-Bold`, `Heavy`, `Ultra-Heavy`, …, and `Normal`/`Regular`/`Roman`), that set the
/// weight and slant; stretch and variant words (`Condensed`, `Small-Caps`, …), accepted and
/// ignored; and what remains, a comma-separated family list whose first available family is used
/// and whose others become the cascade list.
package struct FontDescription: Equatable, Sendable {
    /// Families in order of preference; empty means the default family.
    package var families: [String]
    /// The weight; `.regular` unless a weight word appears.
    package var weight: Font.Weight = .regular
    /// Whether Italic or Oblique appears.
    package var italic = false
    /// The size in points, when the description ends with one.
    package var size: CGFloat?

    /// A description of one family at regular weight.
    package init(families: [String], weight: Font.Weight = .regular, italic: Bool = false, size: CGFloat? = nil) {
        self.families = families
        self.weight = weight
        self.italic = italic
        self.size = size
    }

    /// Parses `text` with GalleyText's ``PangoFontDescription``: no weight word means `.regular`,
    /// no slant word upright.
    ///
    /// - Throws: a one-line ``CLIError`` for an empty description, a size that is not a positive
    ///   finite number of at most 1,000,000 points, or an empty family in the list.
    package static func parse(_ text: String) throws(CLIError) -> FontDescription {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CLIError("--font needs a font description or a font file")
        }
        let parsed: PangoFontDescription
        do {
            parsed = try PangoFontDescription(parsing: text)
        } catch {
            throw CLIError("bad font description '\(text)': size '\(error.word)' must be a positive number of points")
        }
        guard !parsed.families.contains(where: \.isEmpty) else {
            let list = parsed.families.joined(separator: ",")
            throw CLIError("bad font description '\(text)': empty family name in the list '\(list)'")
        }
        return FontDescription(
            families: parsed.families, weight: parsed.weight.map(Font.Weight.init(rawValue:)) ?? .regular,
            italic: parsed.italic ?? false, size: parsed.size)
    }

    /// Pango's and fontconfig's generic names, mapped to the bundled DejaVu families.
    static let generic: [String: String] = [
        "sans": "DejaVu Sans", "sans-serif": "DejaVu Sans", "serif": "DejaVu Serif",
        "monospace": "DejaVu Sans Mono", "mono": "DejaVu Sans Mono", "system-ui": "DejaVu Sans",
    ]

    /// The font: the first family of the list that the collection has, nearest to the weight and
    /// slant; the other families become its cascade list. Bold or italic that the chosen face lacks
    /// is synthesized (as Pango does through fontconfig's `embolden` and `matrix`).
    package func font(size: CGFloat) throws(CLIError) -> Font {
        let names = (families.isEmpty ? ["DejaVu Sans"] : families).map { Self.generic[$0.lowercased()] ?? $0 }
        for (index, name) in names.enumerated() {
            guard let font = try? FontCollection.shared.font(family: name, weight: weight, italic: italic, size: size)
            else {
                continue
            }
            var traits: Font.SyntheticTraits = []
            if weight >= .semibold, font.weight < .semibold { traits.insert(.bold) }
            if italic, !font.isItalic { traits.insert(.oblique) }
            var result = traits.isEmpty ? font : font.withSyntheticTraits(traits)
            let rest = Array(names[(index + 1)...])
            if !rest.isEmpty { result = result.withCascadeList(rest) }
            return result
        }
        let list = names.joined(separator: ", ")
        throw CLIError("no font family '\(list)' found; 'galley fonts' lists the available families")
    }
}
