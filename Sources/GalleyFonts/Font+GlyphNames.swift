// Font+GlyphNames: glyph names (the `post` or CFF names) to glyph IDs and back, for CoreText's
// glyph info (CTGlyphInfoCreateWithGlyphName, CTGlyphInfoGetGlyphName).
import CHarfBuzz
import Foundation

extension Font {
    /// The glyph whose name is `name` (as the font's `post` table or CFF charset names it, e.g.
    /// "a.alt" or "uni0041"), or nil when the font has no glyph of that name. Like the lookup
    /// CoreText does for `CTGlyphInfoCreateWithGlyphName`; HarfBuzz's
    /// `hb_font_get_glyph_from_name`.
    public func glyph(named name: String) -> GlyphID? {
        guard !name.isEmpty else { return nil }
        var glyph: hb_codepoint_t = 0
        let found = name.withCString { hb_font_get_glyph_from_name(hbFont, $0, -1, &glyph) }
        return found != 0 ? GlyphID(glyph) : nil
    }

    /// The name of `glyph`, or nil when the font names none. HarfBuzz's `hb_font_get_glyph_name`.
    public func name(of glyph: GlyphID) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer -> String? in
            guard hb_font_get_glyph_name(hbFont, hb_codepoint_t(glyph), buffer.baseAddress, 128) != 0 else {
                return nil
            }
            return String(cString: buffer.baseAddress!)
        }
    }
}
