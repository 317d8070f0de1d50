// CharacterShape: the deprecated kCTCharacterShapeAttributeName (an SFNT character-shape
// selector + 1) as the OpenType feature that does the same, so ported code that still sets it
// gets its traditional, simplified or JIS glyph forms.
import Foundation

extension FontFeature {
    /// The OpenType feature for a `kCTCharacterShapeAttributeName` value (the AAT character-shape
    /// selector + 1; 0 means none): 1 traditional (`trad`), 2 simplified (`smpl`), 3 JIS 1978
    /// (`jp78`), 4 JIS 1983 (`jp83`), 5 JIS 1990 (`jp90`), 11 expert (`expt`), 12 JIS 2004
    /// (`jp04`), 13 hojo (`hojo`), 14 NLC (`nlck`), 15 traditional names (`tnam`), as HarfBuzz's
    /// AAT-to-OpenType feature table maps the selectors. Nil for 0, for 6…10 (the traditional
    /// alternates one to five, which OpenType has no feature for) and for other values.
    public static func characterShape(_ value: Int) -> FontFeature? {
        let tag: String? =
            switch value {
            case 1: "trad"
            case 2: "smpl"
            case 3: "jp78"
            case 4: "jp83"
            case 5: "jp90"
            case 11: "expt"
            case 12: "jp04"
            case 13: "hojo"
            case 14: "nlck"
            case 15: "tnam"
            default: nil
            }
        return tag.flatMap { try? FontFeature($0) }
    }
}
