// How glyph outlines are fitted to the pixel grid before rasterisation.
import CFreeType

extension Renderer {
    /// Grid fitting of glyph outlines. Layout always uses unhinted advances. `.light` (the
    /// default, as fontconfig's `hintslight` that pango-cairo uses on Debian desktops) moves
    /// horizontal edges (baseline, x-height, cap height, crossbars) to whole pixel rows and
    /// leaves x alone, so small text is crisp and spacing stays the layout's; `.none` is the only
    /// mode in which ink and layout agree exactly; `.full` also snaps stems to pixel columns,
    /// which at 9–11 px makes letter spacing uneven. Like cairo's `cairo_hint_style_t` (none,
    /// slight, full); CoreText has no equivalent (it never hints).
    public enum Hinting: String, Sendable, Hashable, CaseIterable {
        /// Outlines as designed (`FT_LOAD_NO_HINTING`).
        case none
        /// Vertical-only fitting by FreeType's auto-hinter (`FT_LOAD_TARGET_LIGHT`), like cairo's "slight".
        case light
        /// Full fitting on both axes with the font's own instructions (`FT_LOAD_TARGET_NORMAL`).
        case full

        /// The `FT_Load_Glyph` flags of this mode.
        var loadFlags: FT_Int32 {
            switch self {
            case .none: return FT_Int32(FT_LOAD_NO_HINTING)
            case .light: return galley_ft_load_target_light()
            case .full: return galley_ft_load_target_normal()
            }
        }
    }
}
