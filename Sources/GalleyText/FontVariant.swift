// FontVariant: capital forms chosen for a range (small capitals, petite capitals, unicase,
// titling), the value of the font variant attribute (Pango's `variant`, CSS font-variant-caps).

/// Which capital forms the text uses. Like Pango's `PangoVariant` (`variant` in markup) and CSS
/// `font-variant-caps`; CoreText writes the same thing as the `smcp`/`c2sc`/… feature settings
/// of `kCTFontFeatureSettingsAttribute`.
///
/// The layout stage turns each variant into the OpenType features below when the font has them
/// (looked up in its `GSUB` table), and otherwise synthesises the forms, as Pango 1.50 and CSS
/// do: lower-case letters (and, for the `all` variants, capitals too) are set as capitals of a
/// smaller size. Text without the attribute is `normal`.
public enum FontVariant: String, Sendable, Hashable, CaseIterable {
    /// Lower-case letters as small capitals: `smcp`. Pango's `small-caps`.
    case smallCaps
    /// Every letter as a small capital: `c2sc` and `smcp`. Pango's `all-small-caps`.
    case allSmallCaps
    /// Lower-case letters as petite capitals: `pcap`. Pango's `petite-caps`.
    case petiteCaps
    /// Every letter as a petite capital: `c2pc` and `pcap`. Pango's `all-petite-caps`.
    case allPetiteCaps
    /// Upper- and lower-case letters in one mixed set: `unic`. Pango's `unicase`.
    case unicase
    /// Capitals designed for titles: `titl`. Pango's `title-caps`.
    case titleCaps

    /// The OpenType features that give this variant, in the order they are applied.
    public var featureTags: [String] {
        switch self {
        case .smallCaps: ["smcp"]
        case .allSmallCaps: ["c2sc", "smcp"]
        case .petiteCaps: ["pcap"]
        case .allPetiteCaps: ["c2pc", "pcap"]
        case .unicase: ["unic"]
        case .titleCaps: ["titl"]
        }
    }

    /// Pango's name for the variant, as markup and `pango_font_description_to_string` write it
    /// (`"small-caps"`, `"all-petite-caps"`, …).
    public var pangoName: String {
        switch self {
        case .smallCaps: "small-caps"
        case .allSmallCaps: "all-small-caps"
        case .petiteCaps: "petite-caps"
        case .allPetiteCaps: "all-petite-caps"
        case .unicase: "unicase"
        case .titleCaps: "title-caps"
        }
    }
}
