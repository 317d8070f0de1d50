// GlyphInfoSubstitution: applies the glyph-info attribute (kCTGlyphInfoAttributeName) after
// shaping: an item whose text is the glyph info's base string becomes that one glyph.
import Foundation
import GalleyFonts
import GalleyText

/// The glyph-info attribute applied to shaped glyphs. CoreText: "Forces one glyph for the whole
/// range", applying only "if the base string matches and the glyph exists in the font".
enum GlyphInfoSubstitution {
    /// Replaces the glyphs from `first` on (the shaping of `range` of the item `spec`) with the
    /// glyph `info` names, when `range` is the whole item, its text equals `info.baseString`
    /// and the item's font has the glyph: one glyph, the cluster of the range's first code unit,
    /// the glyph's advance in the font (times the item's expansion, plus its kern or tracking),
    /// no offset. Otherwise the glyphs stay as shaped.
    static func apply(
        _ info: GlyphInfo, spec: ItemSpec, units: [UInt16], range: Range<Int>, to glyphs: inout ShapedGlyphs,
        from first: Int
    ) {
        guard range == spec.range, first < glyphs.count, let glyph = info.resolvedGlyph(in: spec.font),
            Array(units[range]) == Array(info.baseString.utf16)
        else { return }
        let advance =
            spec.font.advance(for: glyph) * TextSpacing.expansionFactor(spec.attributes)
            + TextSpacing.extraAdvance(spec.attributes)
        let replacement = ShapedGlyph(
            id: glyph, cluster: Int32(range.lowerBound - glyphs.base), unsafeToBreak: false, advance: advance,
            offset: .zero)
        glyphs.glyphs.replaceSubrange(first..<glyphs.count, with: [replacement])
    }
}
