// FontGlyphPaths: glyph outlines as ShapePath through HarfBuzz's outline drawing
// (hb_font_get_glyph_shape), scaled to the font size. Like CTFontCreatePathForGlyph.

import CHarfBuzz
import Foundation

extension Font {
    /// The outline of `glyph` in points, y up, relative to the glyph origin, at this font's
    /// variable-font instance; a synthetic oblique (``SyntheticTraits/oblique``) is applied as the
    /// renderer draws it (x += 0.2·y); then `transform`, when given. A glyph with no contours (a
    /// space) gives an empty path. Nil for a glyph id the font does not have and for a colour
    /// glyph drawn from a bitmap (CBDT, sbix), as CoreText returns NULL for a bitmap glyph. Like
    /// `CTFontCreatePathForGlyph(font, glyph, matrix)`.
    ///
    /// Synthetic bold is not applied to the path (CoreText's path likewise is the font's outline).
    public func path(for glyph: GlyphID, transform: AffineTransform? = nil) -> ShapePath? {
        guard Int(glyph) < face.glyphCount else { return nil }
        let sink = PathSink(scale: scale)
        withExtendedLifetime(sink) {
            hb_font_get_glyph_shape(hbFont, glyph, PathSink.funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        if sink.elements.isEmpty, hasColorGlyphs {
            var extents = hb_glyph_extents_t()
            if hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.width != 0 { return nil }
        }
        var path = ShapePath(elements: sink.elements)
        if syntheticTraits.contains(.oblique) {
            path = path.applying(AffineTransform(m11: 1, m12: 0, m21: 0.2, m22: 1, tX: 0, tY: 0))
        }
        if let transform { path = path.applying(transform) }
        return path
    }
}

/// Collects HarfBuzz draw callbacks into path elements, scaled from font units to points.
private final class PathSink {
    let scale: CGFloat
    var elements: [ShapePath.Element] = []

    init(scale: CGFloat) { self.scale = scale }

    func point(_ x: Float, _ y: Float) -> CGPoint { CGPoint(x: CGFloat(x) * scale, y: CGFloat(y) * scale) }

    static func from(_ data: UnsafeMutableRawPointer?) -> PathSink {
        Unmanaged<PathSink>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The draw functions, made once and immutable (HarfBuzz objects are thread-safe once immutable).
    nonisolated(unsafe) static let funcs: OpaquePointer? = {
        let funcs = hb_draw_funcs_create()
        hb_draw_funcs_set_move_to_func(
            funcs,
            { _, data, _, x, y, _ in PathSink.from(data).elements.append(.move(to: PathSink.from(data).point(x, y))) },
            nil, nil)
        hb_draw_funcs_set_line_to_func(
            funcs,
            { _, data, _, x, y, _ in PathSink.from(data).elements.append(.line(to: PathSink.from(data).point(x, y))) },
            nil, nil)
        hb_draw_funcs_set_quadratic_to_func(
            funcs,
            { _, data, _, cx, cy, x, y, _ in
                let sink = PathSink.from(data)
                sink.elements.append(.quadCurve(to: sink.point(x, y), control: sink.point(cx, cy)))
            }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(
            funcs,
            { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
                let sink = PathSink.from(data)
                sink.elements.append(
                    .curve(to: sink.point(x, y), control1: sink.point(c1x, c1y), control2: sink.point(c2x, c2y)))
            }, nil, nil)
        hb_draw_funcs_set_close_path_func(
            funcs, { _, data, _, _ in PathSink.from(data).elements.append(.closeSubpath) }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        return funcs
    }()
}
