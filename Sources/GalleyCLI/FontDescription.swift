// Pango's font-description syntax ("DejaVu Sans Bold 16", "Sans Italic 12", "Serif,Emoji 10") for --font.
import Foundation
import Galley

/// A parsed Pango font description: `[FAMILY-LIST] [STYLE-OPTIONS] [SIZE]`, as
/// `pango_font_description_from_string` reads it. Like a `CTFontDescriptor` with family, weight,
/// slant and size attributes.
///
/// The trailing number (optionally with `px`, taken as points since one pixel is one point at
/// scale 1) is the size; style words before it, matched case-insensitively (`Bold`, `Italic`,
/// `Oblique`, `Light`, `Semi-Bold`, `Heavy`, …, and `Normal`/`Regular`/`Roman`), set the weight and
/// slant; stretch and variant words (`Condensed`, `Small-Caps`, …) are accepted and ignored; what
/// remains is a comma-separated family list whose first available family is used and whose others
/// become the cascade list.
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

    /// Pango's weight words (pango-font.c `weight_map`), lower case, without hyphens.
    static let weights: [String: Font.Weight] = [
        "thin": .thin, "ultralight": .ultraLight, "extralight": .ultraLight, "light": .light,
        "semilight": Font.Weight(rawValue: 350), "demilight": Font.Weight(rawValue: 350), "book": Font.Weight(rawValue: 380),
        "regular": .regular, "medium": .medium, "semibold": .semibold, "demibold": .semibold,
        "bold": .bold, "ultrabold": .heavy, "extrabold": .heavy, "heavy": .black, "black": .black,
        "ultrablack": Font.Weight(rawValue: 1000), "extrablack": Font.Weight(rawValue: 1000),
    ]
    /// Slant words.
    static let slants: [String: Bool] = ["italic": true, "oblique": true, "roman": false]
    /// Words Pango accepts that Galley ignores (stretch, variant, gravity, "normal").
    static let ignored: Set<String> = [
        "normal", "ultracondensed", "extracondensed", "condensed", "semicondensed", "semiexpanded", "expanded",
        "extraexpanded", "ultraexpanded", "smallcaps", "allsmallcaps", "petitecaps", "allpetitecaps", "unicase",
        "titlecaps", "notrotated", "south", "upsidedown", "north", "rotated4", "east", "west",
    ]

    /// Parses `text`.
    ///
    /// - Throws: a one-line ``CLIError`` for an empty description, a size that is not a positive
    ///   finite number of at most 1,000,000 points, or an empty family in the list.
    package static func parse(_ text: String) throws(CLIError) -> FontDescription {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CLIError("--font needs a font description or a font file") }
        var words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var description = FontDescription(families: [])
        if let last = words.last, let first = last.first, first.isNumber || first == "." || first == "-" || first == "+" {
            var number = last
            if number.lowercased().hasSuffix("px") { number.removeLast(2) }
            guard let value = Double(number), value.isFinite, value > 0, value <= 1_000_000 else {
                throw CLIError("bad font description '\(text)': size '\(last)' must be a positive number of points")
            }
            description.size = CGFloat(value)
            words.removeLast()
        }
        var sawWeight = false, sawSlant = false
        while let last = words.last {
            let key = last.lowercased().replacingOccurrences(of: "-", with: "")
            if let weight = weights[key], !sawWeight {
                description.weight = weight
                sawWeight = true
            } else if let italic = slants[key], !sawSlant {
                description.italic = italic
                sawSlant = true
            } else if ignored.contains(key) {
                // Accepted, no effect.
            } else {
                break
            }
            words.removeLast()
        }
        var familyText = words.joined(separator: " ")
        if familyText.hasSuffix(",") { familyText.removeLast() }
        guard !familyText.isEmpty else { return description }
        let families = familyText.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !families.contains(where: \.isEmpty) else {
            throw CLIError("bad font description '\(text)': empty family name in the list '\(familyText)'")
        }
        description.families = families
        return description
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
            guard let font = try? FontCollection.shared.font(family: name, weight: weight, italic: italic, size: size) else {
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
