// Stroked glyph outlines (the stroke attribute) through FreeType's FT_Stroker.
import CFreeType

/// Renders the stroke of an outline: FreeType's `FT_Stroker` with round caps and joins turns both
/// sides of every contour into a band `2 × radius` wide, which is rasterised anti-aliased.
/// Call only under the ``GlyphRasterizer``'s lock, like every FreeType call.
enum GlyphStroker {
    /// The anti-aliased coverage of the stroke of `outline` (26.6 pixels, y up, relative to the
    /// pen's integer pixel), `radius64` / 64 pixels on each side of the path; `monochrome`
    /// thresholds it at half coverage (each pixel 0 or 255), for ``Renderer/Antialiasing/none``.
    static func render(
        _ outline: inout FT_Outline, radius64: Int, monochrome: Bool = false, library: GlyphRasterizer.Library
    ) -> GlyphImage? {
        var stroker: FT_Stroker?
        guard FT_Stroker_New(library.library, &stroker) == 0, let stroker else { return nil }
        defer { FT_Stroker_Done(stroker) }
        FT_Stroker_Set(stroker, FT_Fixed(radius64), FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_ROUND, 0)
        guard FT_Stroker_ParseOutline(stroker, &outline, 0) == 0 else { return nil }
        var points: FT_UInt = 0, contours: FT_UInt = 0
        guard FT_Stroker_GetCounts(stroker, &points, &contours) == 0 else { return nil }
        guard points > 0, contours > 0 else {
            return GlyphImage(left: 0, top: 0, width: 0, height: 0, pixels: .coverage([]))
        }
        var stroked = FT_Outline()
        guard FT_Outline_New(library.library, points, FT_Int(contours), &stroked) == 0 else { return nil }
        defer { FT_Outline_Done(library.library, &stroked) }
        stroked.n_points = 0
        stroked.n_contours = 0
        FT_Stroker_Export(stroker, &stroked)
        var box = FT_BBox()
        FT_Outline_Get_CBox(&stroked, &box)
        let x0 = Int((Double(box.xMin) / 64).rounded(.down)), y0 = Int((Double(box.yMin) / 64).rounded(.down))
        let x1 = Int((Double(box.xMax) / 64).rounded(.up)), y1 = Int((Double(box.yMax) / 64).rounded(.up))
        let width = x1 - x0, rows = y1 - y0
        guard width > 0, rows > 0, width <= 16_384, rows <= 16_384 else {
            return GlyphImage(left: 0, top: 0, width: 0, height: 0, pixels: .coverage([]))
        }
        FT_Outline_Translate(&stroked, FT_Pos(-x0 * 64), FT_Pos(-y0 * 64))
        var coverage = [UInt8](repeating: 0, count: width * rows)
        let ok = coverage.withUnsafeMutableBufferPointer { buffer -> Bool in
            var bitmap = FT_Bitmap()
            bitmap.rows = UInt32(rows)
            bitmap.width = UInt32(width)
            bitmap.pitch = Int32(width)  // positive: the first row in memory is the top one
            bitmap.buffer = buffer.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return FT_Outline_Get_Bitmap(library.library, &stroked, &bitmap) == 0
        }
        guard ok else { return nil }
        if monochrome {
            for i in coverage.indices { coverage[i] = coverage[i] >= 128 ? 255 : 0 }
        }
        return GlyphImage(left: x0, top: y1, width: width, height: rows, pixels: .coverage(coverage))
    }
}
