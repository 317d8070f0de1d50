// Stroked glyph outlines (the stroke attribute) through FreeType's FT_Stroker, reached with dlsym.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CFreeType

/// Renders the stroke of an outline: FreeType's `FT_Stroker` with round caps and joins turns both
/// sides of every contour into a band `2 × radius` wide, which is rasterised anti-aliased.
///
/// The CFreeType shim does not include `FT_STROKER_H`, so the six stroker functions are looked up
/// once in the already-linked libfreetype with `dlsym` and called through `@convention(c)`
/// pointers of their documented signatures. Without them (an unusual FreeType build) strokes
/// are not drawn. Call only under the ``GlyphRasterizer``'s lock, like every FreeType call.
enum GlyphStroker {
    typealias New = @convention(c) (FT_Library?, UnsafeMutablePointer<OpaquePointer?>?) -> FT_Error
    typealias Set = @convention(c) (OpaquePointer?, FT_Fixed, UInt32, UInt32, FT_Fixed) -> Void
    typealias Parse = @convention(c) (OpaquePointer?, UnsafeMutablePointer<FT_Outline>?, FT_Bool) -> FT_Error
    typealias Counts = @convention(c) (OpaquePointer?, UnsafeMutablePointer<FT_UInt>?, UnsafeMutablePointer<FT_UInt>?) -> FT_Error
    typealias Export = @convention(c) (OpaquePointer?, UnsafeMutablePointer<FT_Outline>?) -> Void
    typealias Done = @convention(c) (OpaquePointer?) -> Void

    struct Functions: @unchecked Sendable {
        // @unchecked: plain C function pointers, immutable after lookup.
        let new: New, set: Set, parse: Parse, counts: Counts, export: Export, done: Done
    }

    /// The stroker functions, or nil when libfreetype lacks them.
    static let functions: Functions? = {
        func find<T>(_ name: String, _: T.Type) -> T? {
            guard let symbol = dlsym(nil, name) else { return nil }
            return unsafeBitCast(symbol, to: T.self)
        }
        guard let new = find("FT_Stroker_New", New.self), let set = find("FT_Stroker_Set", Set.self),
              let parse = find("FT_Stroker_ParseOutline", Parse.self),
              let counts = find("FT_Stroker_GetCounts", Counts.self),
              let export = find("FT_Stroker_Export", Export.self), let done = find("FT_Stroker_Done", Done.self)
        else { return nil }
        return Functions(new: new, set: set, parse: parse, counts: counts, export: export, done: done)
    }()

    /// `FT_STROKER_LINECAP_ROUND` and `FT_STROKER_LINEJOIN_ROUND` (ftstroke.h).
    static let roundCap: UInt32 = 1
    static let roundJoin: UInt32 = 0

    /// The anti-aliased coverage of the stroke of `outline` (26.6 pixels, y up, relative to the
    /// pen's integer pixel), `radius64` / 64 pixels on each side of the path.
    static func render(_ outline: inout FT_Outline, radius64: Int, library: GlyphRasterizer.Library) -> GlyphImage? {
        guard let f = functions else { return nil }
        var stroker: OpaquePointer?
        guard f.new(library.library, &stroker) == 0, let stroker else { return nil }
        defer { f.done(stroker) }
        f.set(stroker, FT_Fixed(radius64), roundCap, roundJoin, 0)
        guard f.parse(stroker, &outline, 0) == 0 else { return nil }
        var points: FT_UInt = 0, contours: FT_UInt = 0
        guard f.counts(stroker, &points, &contours) == 0 else { return nil }
        guard points > 0, contours > 0 else { return GlyphImage(left: 0, top: 0, width: 0, height: 0, pixels: .coverage([])) }
        var stroked = FT_Outline()
        guard FT_Outline_New(library.library, points, FT_Int(contours), &stroked) == 0 else { return nil }
        defer { FT_Outline_Done(library.library, &stroked) }
        stroked.n_points = 0
        stroked.n_contours = 0
        f.export(stroker, &stroked)
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
        return GlyphImage(left: x0, top: y1, width: width, height: rows, pixels: .coverage(coverage))
    }
}
