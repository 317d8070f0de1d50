// The hyphen a line shows when it breaks inside a word (at a soft hyphen or a dictionary
// hyphenation point): whether the script shows one at all and how wide it is. Which character
// it is and the line's last piece shaped again with it are the shaping stage's
// (GalleyShaping's ItemReshaping.swift).
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText

enum HyphenGlyph {
    /// Whether text of `script` (ISO 15924) shows a hyphen where a word breaks: not the scripts
    /// written without one (Thai, Lao, Khmer, Myanmar, Han, kana, Hangul, Tibetan, …).
    static func isShown(inScript script: String) -> Bool {
        switch script {
        case "Thai", "Laoo", "Khmr", "Mymr", "Hani", "Hira", "Kana", "Hang", "Tibt", "Bopo", "Yiii", "Java", "Bali":
            return false
        default:
            return true
        }
    }

    /// Whether a line ending inside `item` shows a hyphen: its script uses them and its text does
    /// not turn them off (Pango's `insert_hyphens="false"`).
    static func isShown(in item: ShapedItem) -> Bool {
        !item.isPlaceholder && isShown(inScript: item.script) && item.attributes.insertsHyphens != false
    }

    /// The advance of the hyphen in `item`'s font and attributes (its kern and tracking included),
    /// as the shaping stage measures it (`ShapedItem.hyphenAdvance`).
    static func width(in item: ShapedItem) -> CGFloat { item.hyphenAdvance }
}
