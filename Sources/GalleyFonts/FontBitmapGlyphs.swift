// FontBitmapGlyphs: the glyphs of a bitmap-only colour font (CBDT or sbix images and no glyf,
// CFF or CFF2 outlines, as Noto Color Emoji) that have no image and so draw nothing, such as its
// .notdef. The PDF and PostScript writers leave them out of what they give cairo: cairo would
// otherwise subset the font for them as an outline font (cairo 1.16 leaks the loca buffer of its
// TrueType subsetter on a font without `loca`, then embeds an empty fallback font).
import CHarfBuzz

extension Font {
    /// Whether this font has no glyph outlines at all (no `glyf`, `CFF ` or `CFF2` table), so
    /// that only its bitmap images (CBDT, sbix) can draw.
    package var isBitmapOnly: Bool {
        for name in ["glyf", "CFF ", "CFF2"] {
            let blob = hb_face_reference_table(face.hbFace, SFNTDirectory.tag(name))
            defer { hb_blob_destroy(blob) }
            if hb_blob_get_length(blob) > 0 { return false }
        }
        return true
    }

    /// Whether `glyph` draws nothing in a bitmap-only font (``isBitmapOnly``): it has no image
    /// (`hb_ot_color_glyph_reference_png`, which reads CBDT and sbix). False in a font with
    /// outlines, whose glyphs this does not judge.
    package func hasNoImage(_ glyph: GlyphID, inBitmapOnlyFont bitmapOnly: Bool) -> Bool {
        guard bitmapOnly else { return false }
        let blob = hb_ot_color_glyph_reference_png(hbFont, hb_codepoint_t(glyph))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) == 0
    }
}
