// Whether glyph edges are anti-aliased (grey coverage) or drawn as whole pixels (monochrome).
import CFreeType

extension Renderer {
    /// How glyph outlines become pixels. Like cairo's `cairo_antialias_t` (`CAIRO_ANTIALIAS_GRAY`,
    /// `CAIRO_ANTIALIAS_NONE`) and `pango-view --antialias gray|none`; CoreGraphics'
    /// `CGContextSetShouldAntialias`.
    public enum Antialiasing: String, Sendable, Hashable, CaseIterable {
        /// Grey anti-aliasing: 256 levels of coverage (`FT_RENDER_MODE_NORMAL`). The default.
        case gray
        /// Monochrome: each pixel fully inked or not at all (`FT_RENDER_MODE_MONO`); with light
        /// or full hinting the outlines are fitted for it (`FT_LOAD_TARGET_MONO`), as cairo does.
        /// Crisp but jagged; for displays or printers without grey levels, and for comparisons.
        case none

        /// The `FT_Render_Glyph` mode.
        var renderMode: FT_Render_Mode {
            self == .none ? FT_RENDER_MODE_MONO : FT_RENDER_MODE_NORMAL
        }

        /// The `FT_Load_Glyph` flags for outlines hinted as `hinting` says, rendered this way.
        func loadFlags(_ hinting: Hinting) -> FT_Int32 {
            guard self == .none, hinting != .none else { return hinting.loadFlags }
            // FT_LOAD_TARGET_MONO: FT_LOAD_TARGET_(FT_RENDER_MODE_MONO), a macro Swift cannot import.
            return FT_Int32((Int32(FT_RENDER_MODE_MONO.rawValue) & 15) << 16)
        }
    }
}
