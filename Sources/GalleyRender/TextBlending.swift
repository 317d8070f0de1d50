// How glyph coverage is blended with what lies under it: the colour space of text compositing.

extension Renderer {
    /// The colour space in which glyph coverage (anti-aliased edges, strokes, text shadows) is
    /// blended with the pixels under the text. Everything else the renderer draws — backgrounds,
    /// selection boxes, decorations, placeholder images and colour emoji — is composited in
    /// linear light in both modes.
    ///
    /// Equivalents: cairo (pango-cairo, GTK, `pango-view`) and FreeType-based toolkits blend in
    /// sRGB, i.e. ``platform``; CoreGraphics blends in the context's colour space (a device-RGB
    /// bitmap context: sRGB, also ``platform``); Skia blends linearly in colour-managed surfaces
    /// and compensates with a contrast/gamma "preblend" of the coverage (`SkMaskGamma`), and a
    /// linear-light CoreGraphics context (`kCGColorSpaceLinearSRGB`) is ``linear``.
    public enum TextBlending: String, Sendable, Hashable, CaseIterable {
        /// Coverage blended in sRGB-encoded space, source-over: a pixel half covered by black
        /// ink on white becomes sRGB 128. The stroke weight people read every day on Linux:
        /// the same ink as pango-cairo's at every size and in both polarities. The default.
        case platform
        /// Coverage blended in linear light (IEC 61966-2-1 decoded), source-over: a pixel half
        /// covered by black ink on white becomes sRGB 188 (linear 0.5). Physically correct
        /// mixing of light, so the edges of large coloured text on coloured backgrounds keep
        /// their hue and brightness, but small dark text on light backgrounds looks thin and
        /// grey, and light text on dark backgrounds heavy, next to other programs' text. For
        /// compositing pipelines that work in linear light, and for comparisons with Galley
        /// before this setting existed.
        case linear
    }
}
