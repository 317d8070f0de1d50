// The hyphen a line shows when it breaks inside a word (at a soft hyphen or a dictionary
// hyphenation point): which character (U+2010 where the font has it, else U+002D), whether the
// script shows one at all, how wide it is, and the line's last piece shaped again with it.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText

enum HyphenGlyph {
    /// HYPHEN (U+2010) when `font` has a glyph for it, else HYPHEN-MINUS (U+002D).
    static func character(for font: Font) -> UInt16 {
        font.covers(Unicode.Scalar(0x2010)!) ? 0x2010 : 0x2D
    }

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

    /// The advance of the hyphen in `item`'s font and attributes (its kern and tracking included).
    static func width(in item: ShapedItem) -> CGFloat {
        let unit = character(for: item.font)
        var glyphs = ShapedGlyphs(base: 0)
        HarfBuzzShaper.shape(request(item, units: [unit], range: 0..<1), into: &glyphs)
        return glyphs.glyphs.reduce(0) { $0 + $1.advance }
    }

    /// `range` of `item` (a line's last piece, ending at `range.upperBound`) shaped again with a
    /// hyphen after it, as one item of its own: a few code units before the piece give HarfBuzz its
    /// context, and the hyphen's glyphs take the cluster of the character before them, so carets
    /// and hit testing treat the hyphen as part of that character.
    static func item(_ item: ShapedItem, range: Range<Int>, units: [UInt16], context: Range<Int>) -> ShapedItem {
        let from = max(context.lowerBound, range.lowerBound - 16)
        var local = Array(units[from..<range.upperBound])
        local.append(character(for: item.font))
        var shaped = ShapedGlyphs(base: 0)
        HarfBuzzShaper.shape(
            request(item, units: local, range: (range.lowerBound - from)..<local.count), into: &shaped)
        // Clusters are local indices; the hyphen's (the last index) becomes its predecessor's.
        let hyphen = Int32(local.count - 1)
        let before = shaped.glyphs.lazy.map(\.cluster).filter { $0 < hyphen }.max() ?? hyphen - 1
        var moved = ShapedGlyphs(base: from)
        moved.glyphs = shaped.glyphs.map { glyph in
            var glyph = glyph
            if glyph.cluster == hyphen { glyph.cluster = before }
            return glyph
        }
        return ShapedItem(
            range: range, font: item.font, attributes: item.attributes, level: item.level, script: item.script,
            storage: GlyphStorage(moved), glyphRange: 0..<moved.glyphs.count, orientation: item.orientation)
    }

    /// A shaping request for `range` of `units` with `item`'s font, direction, script, language,
    /// kern and features (the whole of `units` as context).
    private static func request(_ item: ShapedItem, units: [UInt16], range: Range<Int>) -> ShapingRequest {
        let attributes = item.attributes
        var request = ShapingRequest(
            text: units, context: 0..<units.count, range: range, font: item.font, rightToLeft: item.level & 1 == 1,
            script: item.script, language: attributes.language,
            kern: TextSpacing.extraAdvance(attributes),
            features: FeatureSettings.features(for: attributes))
        request.expansion = TextSpacing.expansionFactor(attributes)
        request.orientation = item.orientation
        return request
    }
}
