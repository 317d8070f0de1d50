// PangoFontDescription: the one reader of Pango's font-description strings ("DejaVu Sans Bold 12",
// "Sans, Monospace Light Oblique 9.5"), shared by markup's `font=` and the tool's `--font`.

import Foundation
import GalleySync

/// A Pango font description, `[FAMILY-LIST] [STYLE-OPTIONS] [SIZE]`, read as
/// `pango_font_description_from_string` reads it. Like a `CTFontDescriptor` with family, weight,
/// slant and size attributes.
///
/// - **Size**: the last word, when it is a decimal number (an exponent is allowed, as `strtod`
///   reads it: `"1e1"` is 10), optionally followed by `px` (taken as points: one pixel is one
///   point at scale 1). Galley rejects a number that is not greater than 0 and at most
///   1,000,000 (Pango accepts 0 and reads a negative or larger number as part of the family).
///   A last word that is not a number (`"12abc"`) is not a size.
/// - **Variations**: a last word `@axis=value,…` (`@wght=200`), Pango's variations syntax.
/// - **Style words**, read from the end as Pango's `find_field_any` reads them (see
///   ``styleWord(_:)``): `Normal`; Pango's weight names (`Thin` 100 … `Bold` 700, `Ultra-Bold`
///   800, `Heavy` 900, `Ultra-Heavy` 1000); the slants `Roman`, `Oblique` and `Italic` (Galley
///   reads oblique as italic); the stretch words of `PangoStretch` (`Ultra-Condensed` 50 %,
///   `Extra-Condensed` 62.5 %, `Condensed` 75 %, `Semi-Condensed` 87.5 %, `Semi-Expanded`
///   112.5 %, `Expanded` 125 %, `Extra-Expanded` 150 %, `Ultra-Expanded` 200 %: the width); the
///   variant words (`Small-Caps`, …); the gravity words (`Rotated-Left`, …, no effect); and
///   `field=value` (`weight=300`). A word matches a name ignoring case, each hyphen of the name
///   optional (`semibold`, `Semi-Bold`). Each word sets its field, so the leftmost word of a
///   field wins: "Nimbus Roman Bold Italic" is the family "Nimbus", bold and not italic, as in
///   Pango. A plain number is not a weight ("Sans 300 12" is the family "Sans 300").
/// - **Families**: what remains, a comma-separated list; one trailing comma is dropped and each
///   name is trimmed. Empty names are kept (as Pango keeps them): the caller decides.
package struct PangoFontDescription: Equatable, Sendable {
    /// The family list in order of preference, trimmed; empty when the description names none.
    /// An entry is empty where the list has an empty name (`"Sans,,Serif"`).
    package var families: [String]
    /// The weight (1…1000) of the weight word, if there is one.
    package var weight: Int?
    /// Whether the slant word says italic (`Italic`, `Oblique`) or not (`Roman`), if there is one.
    package var italic: Bool?
    /// The size in points, if the description ends with one.
    package var size: CGFloat?
    /// The capital forms of a variant word (`Small-Caps`, `All-Petite-Caps`, …), if there is one
    /// (`Normal` gives none).
    package var variant: FontVariant?
    /// The width in percent of the normal width (CSS `font-stretch`, fontconfig `FC_WIDTH`) of
    /// the stretch word, if there is one.
    package var width: Double?
    /// The axis values of a trailing `@axis=value,…` word (Pango's variations syntax, e.g.
    /// `"Sans 12 @wght=200,wdth=80"`), in order.
    package var variations: [FontVariation] = []

    /// A description with these parts.
    package init(
        families: [String] = [], weight: Int? = nil, italic: Bool? = nil, size: CGFloat? = nil,
        variant: FontVariant? = nil, width: Double? = nil, variations: [FontVariation] = []
    ) {
        self.families = families
        self.weight = weight
        self.italic = italic
        self.size = size
        self.variant = variant
        self.width = width
        self.variations = variations
    }

    /// A size word that is a number but not a usable size.
    package struct InvalidSize: Error, Equatable {
        /// The word as written, e.g. `"0"` or `"-3px"`.
        package let word: String

        /// The error for `word`.
        package init(word: String) {
            self.word = word
        }
    }

    /// Pango's weight names (pango-fonts.c's `weight_map`), spelled as Pango spells them.
    static let weightNames: [(String, Int)] = [
        ("Thin", 100), ("Ultra-Light", 200), ("Extra-Light", 200), ("Light", 300), ("Semi-Light", 350),
        ("Demi-Light", 350), ("Book", 380), ("Regular", 400), ("Medium", 500), ("Semi-Bold", 600),
        ("Demi-Bold", 600), ("Bold", 700), ("Ultra-Bold", 800), ("Extra-Bold", 800), ("Heavy", 900),
        ("Black", 900), ("Ultra-Heavy", 1000), ("Extra-Heavy", 1000), ("Ultra-Black", 1000),
        ("Extra-Black", 1000),
    ]

    /// Pango's slant names (`style_map`): whether each is italic (Galley does not tell oblique
    /// from italic).
    static let slantNames: [(String, Bool)] = [("Roman", false), ("Oblique", true), ("Italic", true)]

    /// Pango's stretch names (`stretch_map`) and their CSS widths in percent.
    package static let stretchNames: [(String, Double)] = [
        ("Ultra-Condensed", 50), ("Extra-Condensed", 62.5), ("Condensed", 75), ("Semi-Condensed", 87.5),
        ("Semi-Expanded", 112.5), ("Expanded", 125), ("Extra-Expanded", 150), ("Ultra-Expanded", 200),
    ]

    /// Pango's variant names (`variant_map`: `Small-Caps`, `All-Small-Caps`, …).
    static let variantNames: [(String, FontVariant)] = FontVariant.allCases.map { ($0.pangoName, $0) }

    /// Pango's gravity names (`gravity_map`): accepted, no effect (Galley's gravity is an
    /// attribute of the text, not of the font).
    static let gravityNames = [
        "Not-Rotated", "South", "Upside-Down", "North", "Rotated-Left", "East", "Rotated-Right", "West",
    ]

    /// Pango's `field_matches`: `word` is `name` ignoring ASCII case, where each hyphen of `name`
    /// may be left out (`Semibold` and `semi-bold` are `Semi-Bold`; `Bold-` is not `Bold`).
    static func word(_ word: Substring, matches name: String) -> Bool {
        var name = name.utf8[...]
        var word = word.utf8[...]
        while let a = name.first {
            let b = word.first.map(Self.asciiLowercased)
            if b == Self.asciiLowercased(a) {
                name.removeFirst()
                word.removeFirst()
            } else if a == UInt8(ascii: "-") {
                name.removeFirst()
            } else {
                return false
            }
        }
        return word.isEmpty
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// What a style word sets.
    enum StyleWord: Equatable {
        case weight(Int)
        case slant(Bool)
        case stretch(Double)
        case variant(FontVariant)
        case noEffect
    }

    /// A style word as Pango's `find_field_any` reads it: `Normal`; a weight, slant, stretch,
    /// variant or gravity name; or `field=value` (`weight=300`, `style=italic`, `stretch=condensed`,
    /// `variant=small-caps`, `gravity=east`; the field name in lower case, as Pango compares it),
    /// where a weight may also be an integer (clamped to 1…1000, Galley's weight range). Nil
    /// when the word is not a style word (it is then part of the family list).
    static func styleWord(_ word: Substring) -> StyleWord? {
        if Self.word(word, matches: "Normal") { return .noEffect }
        if let equals = word.firstIndex(of: "=") {
            let value = word[word.index(after: equals)...]
            switch word[..<equals] {
            case "weight":
                // Pango's parse_int: digits with an optional "+" (no minus sign).
                if value.first != "-", let number = Int(value) { return .weight(min(max(number, 1), 1000)) }
                return weightWord(value)
            case "style": return slantWord(value)
            case "stretch": return stretchWord(value)
            case "variant": return variantWord(value)
            case "gravity": return gravityWord(value)
            default: return nil
            }
        }
        return weightWord(word) ?? slantWord(word) ?? stretchWord(word) ?? variantWord(word) ?? gravityWord(word)
    }

    private static func weightWord(_ word: Substring) -> StyleWord? {
        weightNames.first { Self.word(word, matches: $0.0) }.map { .weight($0.1) }
    }

    private static func slantWord(_ word: Substring) -> StyleWord? {
        slantNames.first { Self.word(word, matches: $0.0) }.map { .slant($0.1) }
    }

    private static func stretchWord(_ word: Substring) -> StyleWord? {
        stretchNames.first { Self.word(word, matches: $0.0) }.map { .stretch($0.1) }
    }

    private static func variantWord(_ word: Substring) -> StyleWord? {
        variantNames.first { Self.word(word, matches: $0.0) }.map { .variant($0.1) }
    }

    private static func gravityWord(_ word: Substring) -> StyleWord? {
        gravityNames.contains { Self.word(word, matches: $0) } ? .noEffect : nil
    }

    /// A variations word, `@wght=200,wdth=80`: nil unless every `axis=value` pair has a tag of
    /// one to four characters and a finite number.
    static func variations(_ word: String) -> [FontVariation]? {
        guard word.hasPrefix("@") else { return nil }
        var result: [FontVariation] = []
        for pair in word.dropFirst().split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite,
                let variation = try? FontVariation(String(parts[0]), CGFloat(value))
            else { return nil }
            result.append(variation)
        }
        return result
    }

    /// Reads `text`; an empty description has no parts.
    /// - Throws: ``InvalidSize`` when the last word is a number that is not greater than 0 and
    ///   at most 1,000,000 points.
    package init(parsing text: String) throws(InvalidSize) {
        self.init()
        var words = text.split(whereSeparator: \.isPangoSpace).map(String.init)
        if let last = words.last, let axes = Self.variations(last) {
            variations = axes
            words.removeLast()
        }
        if let last = words.last, let number = Self.number(last.hasSuffix("px") ? String(last.dropLast(2)) : last) {
            guard number.isFinite, number > 0, number <= 1_000_000 else { throw InvalidSize(word: last) }
            size = CGFloat(number)
            words.removeLast()
        }
        // Style words from the end, each setting its field, so the leftmost of a field wins
        // ("Sans Bold Light" is bold), as in Pango.
        while let word = words.last, let style = Self.styleWord(word[...]) {
            switch style {
            case .weight(let value): weight = value
            case .slant(let value): italic = value
            case .stretch(let value): width = value
            case .variant(let value): variant = value
            case .noEffect: break
            }
            words.removeLast()
        }
        var list = words.joined(separator: " ")
        if list.hasSuffix(",") {
            list.removeLast()
        }
        if !list.isEmpty {
            families = list.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingWhitespace() }
        }
    }

    /// `word` as a decimal number with an optional sign, fraction and exponent (what `strtod`
    /// reads, less hexadecimal, `inf` and `nan`); nil if it is not one.
    private static func number(_ word: String) -> Double? {
        guard word.contains(where: { $0.isASCII && $0.isNumber }),
            word.allSatisfy({ ($0.isASCII && $0.isNumber) || "+-.eE".contains($0) })
        else {
            return nil
        }
        return Double(word)
    }
}

extension Character {
    /// GLib's `g_ascii_isspace`: space, tab, line feed, vertical tab, form feed, carriage return.
    fileprivate var isPangoSpace: Bool {
        // "\r\n" is one Character.
        [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\r\n"].contains(self)
    }
}
