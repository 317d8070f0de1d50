// PangoFontDescription: the one reader of Pango's font-description strings ("DejaVu Sans Bold 12",
// "Sans, Monospace Light Oblique 9.5"), shared by markup's `font=` and the tool's `--font`.

import Foundation

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
/// - **Style words**, read from the end, case-insensitively and ignoring hyphens: Pango's weight
///   names (`Thin` 100 … `Bold` 700, `Ultra-Bold` 800, `Heavy` 900, `Ultra-Heavy` 1000, see
///   `MarkupValues.weight(_:)`), the slants `Italic`, `Oblique` (italic) and `Roman` (not),
///   the stretch words of `PangoStretch` (`Ultra-Condensed` 50 %, `Extra-Condensed` 62.5 %,
///   `Condensed` 75 %, `Semi-Condensed` 87.5 %, `Semi-Expanded` 112.5 %, `Expanded` 125 %,
///   `Extra-Expanded` 150 %, `Ultra-Expanded` 200 %: the width, the leftmost winning as in
///   Pango), variant words (`Small-Caps`, …), and words Galley accepts with no effect: `Normal`
///   and gravity (`Rotated-Left`, …) words. Galley reads one weight, slant and variant word; a
///   second one ends the style words (Pango would let the leftmost win).
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

    /// Gravity words and `Normal` (pango-font.c's maps), lower case without hyphens: accepted,
    /// no effect.
    static let ignoredWords: Set<String> = [
        "normal", "notrotated", "south", "upsidedown", "north", "rotatedleft", "east", "rotatedright", "west",
    ]

    /// Pango's stretch words (lower case, no hyphens) and their CSS widths.
    package static let stretchWords: [String: Double] = [
        "ultracondensed": 50, "extracondensed": 62.5, "condensed": 75, "semicondensed": 87.5,
        "semiexpanded": 112.5, "expanded": 125, "extraexpanded": 150, "ultraexpanded": 200,
    ]

    /// Pango's variant words (lower case, no hyphens).
    package static let variantWords: [String: FontVariant] = Dictionary(
        uniqueKeysWithValues: FontVariant.allCases.map { ($0.pangoName.filter { $0 != "-" }, $0) })

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
        while let word = words.last {
            let key = word.lowercased().filter { $0 != "-" }
            if Self.ignoredWords.contains(key) {
                // Accepted, no effect.
            } else if let stretch = Self.stretchWords[key] {
                // Read from the end, so the leftmost stretch word wins, as in Pango.
                width = stretch
            } else if variant == nil, let value = Self.variantWords[key] {
                variant = value
            } else if weight == nil, Int(word) == nil, let value = MarkupValues.weight(word) {
                weight = value
            } else if italic == nil, let value = MarkupValues.italic(word) {
                italic = value
            } else {
                break
            }
            words.removeLast()
        }
        var list = words.joined(separator: " ")
        if list.hasSuffix(",") {
            list.removeLast()
        }
        if !list.isEmpty {
            families = list.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
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
