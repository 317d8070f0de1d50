// Pango's font-description syntax ("DejaVu Sans Bold 16", "Sans Italic 12", "Serif,Emoji 10") for --font.
import Foundation
import Galley
import GalleySync

/// A parsed Pango font description: `[FAMILY-LIST] [STYLE-OPTIONS] [SIZE]`, as
/// `pango_font_description_from_string` reads it. Like a `CTFontDescriptor` with family, weight,
/// slant, width and size attributes.
///
/// The parts are read by GalleyText's ``PangoFontDescription`` (the reader markup's `font=` uses
/// too): a trailing size (optionally with `px`, taken as points since one pixel is one point at
/// scale 1); style words before it, matched case-insensitively (`Bold`, `Italic`, `Oblique`,
/// `Light`, `Semi-Bold`, `Heavy`, `Ultra-Heavy`, …, and `Normal`/`Regular`/`Roman`), that set the
/// weight and slant; stretch words (`Condensed`, `Semi-Expanded`, …) that set the width; variant
/// words (`Small-Caps`, …), accepted and ignored; and what remains, a comma-separated family
/// list resolved by `FontCollection.font(matching:strict:)`.
package struct FontDescription: Equatable, Sendable {
    /// Families in order of preference; empty means the default family.
    package var families: [String]
    /// The weight; `.regular` unless a weight word appears.
    package var weight: Font.Weight = .regular
    /// Whether Italic or Oblique appears.
    package var italic = false
    /// The width; `.normal` unless a stretch word appears.
    package var width: Font.Width = .normal
    /// The size in points, when the description ends with one.
    package var size: CGFloat?

    /// A description of one family at regular weight.
    package init(
        families: [String], weight: Font.Weight = .regular, italic: Bool = false, width: Font.Width = .normal,
        size: CGFloat? = nil
    ) {
        self.families = families
        self.weight = weight
        self.italic = italic
        self.width = width
        self.size = size
    }

    /// Parses `text` with GalleyText's ``PangoFontDescription``: no weight word means `.regular`,
    /// no slant word upright, no stretch word the normal width.
    ///
    /// - Throws: a one-line ``CLIError`` for an empty description, a size that is not a positive
    ///   finite number of at most 1,000,000 points, or an empty family in the list.
    package static func parse(_ text: String) throws(CLIError) -> FontDescription {
        guard !text.trimmingWhitespace().isEmpty else {
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
            italic: parsed.italic ?? false, width: parsed.width.map(Font.Width.init(rawValue:)) ?? .normal,
            size: parsed.size)
    }

    /// The font, as Pango picks one for a family list: each family is resolved by
    /// `FontCollection.font(matching:strict:)` (declared families, generic names such as `Sans`
    /// or `Monospace`, fontconfig aliases such as `Times`), and the first that is not an unknown
    /// name is used, at the weight, slant and width (bold and italic the face lacks synthesized
    /// as fontconfig's 90-synthetic.conf does); the families after it that resolve become its
    /// cascade list. When every family is unknown, the first one's substitute (the default
    /// family, carrying the ``FontSubstitution`` that makes `galley` warn) is used.
    ///
    /// - Parameter strict: `--strict-fonts`: an unknown family anywhere in the list is an error.
    /// - Throws: a one-line ``CLIError`` (status 2) naming an unknown family when `strict`, or a
    ///   family whose font files cannot be loaded.
    package func font(size: CGFloat, strict: Bool = false) throws(CLIError) -> Font {
        let names = families.isEmpty ? [FontCollection.defaultFamily] : families
        var fonts: [Font] = []
        for name in names {
            let request = FontRequest(family: name, weight: weight, italic: italic, width: width, size: size)
            do {
                fonts.append(try FontCollection.shared.font(matching: request, strict: strict))
            } catch .familyNotFound where strict {
                throw CLIError("no font family '\(name)' (--strict-fonts); 'galley fonts' lists the available families")
            } catch {
                // Not strict, so a missing family means nothing at all could stand in for it:
                // no bundled and no system font (the error says how to give Galley fonts).
                if case .familyNotFound = error { throw CLIError("no font at all for family '\(name)': \(error)") }
                throw CLIError("cannot load font family '\(name)': \(error)")
            }
        }
        let known = fonts.filter { $0.substitution?.kind != .unknown }
        guard let primary = known.first else { return fonts[0] }
        var cascade: [String] = []
        for font in known.dropFirst() where font.familyName != primary.familyName && !cascade.contains(font.familyName)
        {
            cascade.append(font.familyName)
        }
        return cascade.isEmpty ? primary : primary.withCascadeList(cascade)
    }
}
