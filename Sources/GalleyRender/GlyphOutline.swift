// Glyph outlines as path commands in font units, decomposed by FreeType (FT_Outline_Decompose).
import CFreeType
import GalleyFonts
import GalleySync

/// One glyph's outline: closed contours of lines and quadratic and cubic Béziers, in font design
/// units, y up, relative to the glyph origin. Like the `CGPath` of `CTFontCreatePathForGlyph`
/// before scaling to the font size.
struct GlyphOutline: Sendable, Equatable {
    /// A path element; each contour starts with `.move` and is implicitly closed.
    enum Element: Sendable, Equatable {
        case move(Double, Double)
        case line(Double, Double)
        /// Control point, end point.
        case quad(Double, Double, Double, Double)
        /// Two control points, end point.
        case cubic(Double, Double, Double, Double, Double, Double)
    }

    /// The elements in drawing order.
    let elements: [Element]
    /// The face's units per em: divide by it and multiply by the point size to get points.
    let unitsPerEm: Int

    /// Whether the outline draws nothing (a space).
    var isEmpty: Bool { elements.isEmpty }

    /// The bounds of the on-curve and control points (a superset of the ink), font units, y up,
    /// as (minX, minY, maxX, maxY); nil when empty.
    var controlBounds: (Double, Double, Double, Double)? {
        var xs: [Double] = [], ys: [Double] = []
        for e in elements {
            switch e {
            case .move(let x, let y), .line(let x, let y): xs.append(x); ys.append(y)
            case .quad(let a, let b, let x, let y): xs += [a, x]; ys += [b, y]
            case .cubic(let a, let b, let c, let d, let x, let y): xs += [a, c, x]; ys += [b, d, y]
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return (x0, y0, x1, y1)
    }
}

extension GlyphRasterizer {
    /// The unscaled, unhinted outline of `glyph` in `face` at the variable-font instance
    /// `coordinates` (``GlyphRasterizer/designCoordinates(of:)``; empty for the default), with
    /// `traits` synthesized (embolden strength unitsPerEm / 24, as at any size). Nil when the glyph
    /// has no outline (a colour bitmap glyph) or cannot be loaded.
    func outline(for face: FontFace, coordinates: [Int] = [], glyph: GlyphID, traits: Font.SyntheticTraits = [])
        -> GlyphOutline?
    {
        state.withLock { state -> GlyphOutline? in
            guard let entry = state.face(for: face), entry.select(coordinates: coordinates) else { return nil }
            return entry.outline(glyph: glyph, traits: traits)
        }
    }
}

extension GlyphRasterizer.FaceEntry {
    /// See ``GlyphRasterizer/outline(for:coordinates:glyph:traits:)``; call under the rasterizer's
    /// lock, after ``select(coordinates:)``.
    func outline(glyph: GlyphID, traits: Font.SyntheticTraits) -> GlyphOutline? {
        guard scalable else { return nil }
        guard FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_BITMAP)) == 0 else {
            return nil
        }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        let upem = Int(face.pointee.units_per_EM)
        GlyphSynthesis.apply(
            traits, to: &slot.pointee.outline,
            strength: FT_Pos(upem) / GlyphSynthesis.emboldenDivisor)
        let sink = OutlineSink()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                OutlineSink.from(user).elements.append(.move(OutlineSink.x(to), OutlineSink.y(to))); return 0
            },
            line_to: { to, user in
                OutlineSink.from(user).elements.append(.line(OutlineSink.x(to), OutlineSink.y(to))); return 0
            },
            conic_to: { c, to, user in
                OutlineSink.from(user).elements.append(
                    .quad(OutlineSink.x(c), OutlineSink.y(c), OutlineSink.x(to), OutlineSink.y(to)));
                return 0
            },
            cubic_to: { c1, c2, to, user in
                OutlineSink.from(user).elements.append(
                    .cubic(
                        OutlineSink.x(c1), OutlineSink.y(c1), OutlineSink.x(c2), OutlineSink.y(c2),
                        OutlineSink.x(to), OutlineSink.y(to)));
                return 0
            },
            shift: 0, delta: 0)
        let error = withExtendedLifetime(sink) {
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard error == 0 else { return nil }
        return GlyphOutline(elements: sink.elements, unitsPerEm: upem)
    }
}

/// Collects FreeType's decomposition callbacks; reached through the callbacks' user pointer.
private final class OutlineSink {
    var elements: [GlyphOutline.Element] = []

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineSink {
        Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
    }

    static func x(_ v: UnsafePointer<FT_Vector>?) -> Double { Double(v!.pointee.x) }
    static func y(_ v: UnsafePointer<FT_Vector>?) -> Double { Double(v!.pointee.y) }
}
