// What drawing a glyph run needs beyond its glyphs and positions: its text matrix (the shear of
// obliqueness and synthetic oblique), the ink it paints for a range of glyphs, and its base
// advances and origins. CoreText's CTRunGetTextMatrix, CTRunGetImageBounds (with a range) and
// CTRunGetBaseAdvancesAndOrigins.
import Foundation
import GalleyFonts
import GalleyText

extension GlyphRun {
    /// An affine transform of glyph outlines about each glyph's origin, y up:
    /// x′ = a·x + c·y + tx, y′ = b·x + d·y + ty. Like `CGAffineTransform` (CoreGraphics is not
    /// available off Apple platforms).
    public struct TextMatrix: Sendable, Hashable {
        /// The x scale.
        public var a: CGFloat
        /// The y shear per unit of x.
        public var b: CGFloat
        /// The x shear per unit of y (the slant of oblique text).
        public var c: CGFloat
        /// The y scale.
        public var d: CGFloat
        /// The x translation.
        public var tx: CGFloat
        /// The y translation.
        public var ty: CGFloat

        /// A matrix from its six entries. Like `CGAffineTransform(a:b:c:d:tx:ty:)`.
        public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
            (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
        }

        /// The identity. Like `CGAffineTransformIdentity`.
        public static let identity = TextMatrix(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

        /// Whether this is the identity. Like `CGAffineTransformIsIdentity`.
        public var isIdentity: Bool { self == .identity }

        /// `point` transformed. Like `CGPointApplyAffineTransform`.
        public func apply(to point: CGPoint) -> CGPoint {
            CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
        }

        /// The bounding box of `rect` transformed. Like `CGRectApplyAffineTransform`.
        public func apply(to rect: CGRect) -> CGRect {
            guard !rect.isNull else { return rect }
            let corners = [
                CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
            ].map(apply(to:))
            let xs = corners.map(\.x)
            let ys = corners.map(\.y)
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
    }

    /// The horizontal shear of synthetic oblique: x += 0.2 · y (about 11.3°), the slant the
    /// renderer gives a font whose face has no italic.
    public static let syntheticObliqueShear: CGFloat = 0.2

    /// The shear that drawing a run with `attributes` in `font` applies to each outline: the
    /// font's synthetic oblique plus the `obliqueness` attribute (clamped to ±4 and rounded to
    /// 1/65536, as the renderer does).
    static func shear(attributes: Attributes, font: Font) -> CGFloat {
        var shear: CGFloat = font.syntheticTraits.contains(.oblique) ? syntheticObliqueShear : 0
        if let o = attributes.obliqueness, o.isFinite, o != 0 {
            shear += (min(max(o, -4), 4) * 65536).rounded() / 65536
        }
        return shear
    }

    /// The horizontal stretch of UIKit's expansion attribute, e^expansion (1 for none), as the
    /// renderer draws it.
    static func xScale(attributes: Attributes) -> CGFloat {
        guard let e = attributes.expansion, e.isFinite, e != 0 else { return 1 }
        return exp(min(max(e, -10), 10))
    }

    /// The matrix the run's glyph outlines are drawn with, about each glyph's origin: the identity,
    /// or an x scale `a` = e^expansion (UIKit's `NSExpansionAttributeName`) and a shear `c` = the
    /// `obliqueness` attribute plus 0.2 for a font with a synthetic oblique (x′ = a·x + c·y). Its
    /// translation is always 0: positions place the glyphs. When it is not the identity,
    /// ``status`` has ``Status/hasNonIdentityMatrix``. Like CTRunGetTextMatrix, whose doc says:
    /// "The text matrix is the one needed to draw the run"; code drawing glyphs itself
    /// concatenates it with its own transform.
    public var textMatrix: TextMatrix {
        TextMatrix(
            a: GlyphRun.xScale(attributes: attributes), b: 0, c: GlyphRun.shear(attributes: attributes, font: font),
            d: 1, tx: 0, ty: 0)
    }

    /// The union of the ink of glyphs `range` (glyph indices, clamped to the run) as the renderer
    /// draws them, relative to the line origin, y up: each glyph's outline box (HarfBuzz glyph
    /// extents) grown by synthetic bold (the renderer's `FT_Outline_Embolden` by 1/24 em moves
    /// right and top edges out by that much), stretched and sheared by ``textMatrix``, then grown on every side
    /// by half the stroke width of the `stroke` attribute; `CGRect.null` when they have no ink.
    /// A placeholder's glyph range covering its glyph gives its delegate's box. Like
    /// CTRunGetImageBounds with no context.
    ///
    /// In a vertical line, an upright glyph's box sits at its position unturned (HarfBuzz's TTB
    /// offsets already place the glyph's horizontal origin); a rotated run's glyph box (after
    /// bold and the text matrix, before the stroke, as the renderer turns the outline) is turned
    /// 90° clockwise about the glyph's origin, (x, y) → (y, −x); a placeholder's box lies along
    /// the line (`LineAxis.box`).
    public func imageBounds(forGlyphs range: Range<Int>) -> CGRect {
        let lo = max(0, min(range.lowerBound, glyphs.count))
        let hi = max(lo, min(range.upperBound, glyphs.count))
        if let delegate = runDelegate {
            guard hi > lo else { return .null }
            return orientation.lineAxis.box(
                inlineStart: originX, extent: delegate.width, ascent: delegate.ascent, descent: delegate.descent,
                shift: baselineShift)
        }
        let matrix = textMatrix
        let bold: CGFloat = font.syntheticTraits.contains(.bold) ? font.size / 24 : 0
        let stroke = attributes.stroke.map { $0.width == 0 ? 0 : $0.lineWidth(fontSize: font.size) / 2 } ?? 0
        var result = CGRect.null
        for i in lo..<hi {
            var box = font.boundingRect(for: glyphs[i])
            if box.isEmpty { continue }
            if bold > 0 { box = CGRect(x: box.minX, y: box.minY, width: box.width + bold, height: box.height + bold) }
            if !matrix.isIdentity { box = matrix.apply(to: box) }
            switch orientation {
            case .horizontal, .upright: break
            case .sideways: box = CGRect(x: box.minY, y: -box.maxX, width: box.height, height: box.width)
            }
            if stroke > 0 { box = box.insetBy(dx: -stroke, dy: -stroke) }
            result = result.union(box.offsetBy(dx: positions[i].x, dy: positions[i].y))
        }
        return result
    }

    /// The base advances and origins of glyphs `range` (glyph indices, clamped to the run). Like
    /// CTRunGetBaseAdvancesAndOrigins, whose doc says: "base advances are the displacement from
    /// the origin of a glyph to the origin of the next glyph, except base advances do not include
    /// any positioning the font layout tables may have done relative to another glyph (such as a
    /// mark relative to its base)", and "the displacement of the current glyph's origin from the
    /// starting position determines the glyph's actual position".
    ///
    /// Precisely: the pen starts at ``originX`` and moves by each base advance, which is the
    /// glyph's ``advances`` entry (HarfBuzz's `x_advance`, with kerning, tracking and
    /// justification, which CoreText's advances include too; a mark's is usually 0); a glyph's
    /// origin is its offset from the pen, so that `positions[i]` = (pen before glyph i, 0) +
    /// `origins[i]` — HarfBuzz's `x_offset`/`y_offset`, where mark attachment goes, plus the
    /// run's baseline shift. In a vertical run the pen goes down the line, at (0, −pen), each
    /// advance (0, −extent), so that `positions[i]` = (0, −pen before glyph i) + `origins[i]`.
    public func baseAdvancesAndOrigins(forGlyphs range: Range<Int>) -> (advances: [CGSize], origins: [CGPoint]) {
        let lo = max(0, min(range.lowerBound, glyphs.count))
        let hi = max(lo, min(range.upperBound, glyphs.count))
        // Along the line: a vertical run's advances are (0, −extent).
        let axis = orientation.lineAxis
        func inline(_ i: Int) -> CGFloat { axis.inlineExtent(advances[i]) }
        var pen = originX
        for i in 0..<lo { pen += inline(i) }
        var resultAdvances: [CGSize] = []
        var origins: [CGPoint] = []
        resultAdvances.reserveCapacity(hi - lo)
        origins.reserveCapacity(hi - lo)
        for i in lo..<hi {
            resultAdvances.append(advances[i])
            switch axis {
            case .horizontal: origins.append(CGPoint(x: positions[i].x - pen, y: positions[i].y))
            case .vertical: origins.append(CGPoint(x: positions[i].x, y: positions[i].y + pen))
            }
            pen += inline(i)
        }
        return (resultAdvances, origins)
    }
}
