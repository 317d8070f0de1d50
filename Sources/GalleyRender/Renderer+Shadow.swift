// Text shadows in the bitmap: glyph coverage moved, blurred by three box blurs and composited.
import Foundation
import GalleyLayout
import GalleyText

extension Renderer {
    /// Draws the shadow of a run's glyph layers: their combined coverage (colour glyphs by their
    /// alpha) moved by the shadow's offset — y up, so (2, −2) lands right and **below** — rounded
    /// to whole pixels, blurred by three box blurs that approximate a Gaussian whose standard
    /// deviation is half the blur radius (the CSS / canvas convention for `shadowBlur`), painted
    /// in the shadow's colour (its alpha included), blended as ``textBlending`` says (a shadow is
    /// text's partial coverage: in sRGB by default, as browsers and cairo blend shadows).
    /// Decorations cast no shadow.
    func drawShadow<L>(_ shadow: ShadowPaint, of layers: [GlyphLayer], into target: PixelTarget<L>) {
        guard shadow.color.alpha > 0 else { return }
        let s = Double(scale)
        let dx = Double(shadow.offset.width) * s, dy = -Double(shadow.offset.height) * s
        guard dx.isFinite, dy.isFinite, abs(dx) < 1e5, abs(dy) < 1e5 else { return }
        let ox = Int(dx.rounded()), oy = Int(dy.rounded())
        let sigma = min(Double(shadow.blurRadius) * s / 2, 256)
        let boxes = Renderer.boxBlurRadii(sigma: sigma)
        let margin = boxes.reduce(0, +)
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for layer in layers {
            for p in layer.images {
                minX = min(minX, p.x); minY = min(minY, p.y)
                maxX = max(maxX, p.x + p.image.width); maxY = max(maxY, p.y + p.image.height)
            }
        }
        guard minX < maxX, minY < maxY else { return }
        // The buffer: the ink box grown by the blur's reach, clipped to the bitmap after the offset.
        let bx0 = max(minX + ox - margin, 0), by0 = max(minY + oy - margin, 0)
        let bx1 = min(maxX + ox + margin, target.width), by1 = min(maxY + oy + margin, target.height)
        guard bx0 < bx1, by0 < by1 else { return }
        // Coverage is gathered over the unclipped reach so that blur near the edges stays right.
        let gx0 = minX + ox - margin, gy0 = minY + oy - margin
        let w = maxX - minX + 2 * margin, h = maxY - minY + 2 * margin
        guard w > 0, h > 0, w * h <= 1 << 24 else { return }
        let color = LinearColor(shadow.color)
        if boxes.isEmpty, !Self.imagesOverlap(layers) {
            // Unblurred, and no two images share a pixel: the union below is each image's own
            // coverage, so composite the images straight from their bytes (the same arithmetic).
            drawUnblurredShadow(
                of: layers, dx: ox, dy: oy, color: color, clip: (bx0, by0, bx1, by1), into: target)
            return
        }
        var coverage = Self.shadowCoverage(of: layers, at: (ox - gx0, oy - gy0), width: w, height: h)
        for radius in boxes where radius > 0 {
            Renderer.boxBlur(&coverage, width: w, height: h, radius: radius)
        }
        let srgb = textBlending == .platform
        SRGBTransfer.withTables { t in
            for py in by0..<by1 {
                for px in bx0..<bx1 {
                    let v = coverage[(py - gy0) * w + (px - gx0)]
                    guard v > 1e-4 else { continue }
                    let p = target.pixel(px, py), a = min(v, 1) * color.alpha
                    if srgb {
                        Bitmap.compositeSRGB(p, L.self, color, alpha: a)
                    } else {
                        Bitmap.compositeLinear(p, L.self, t, color, alpha: a)
                    }
                }
            }
        }
    }

    /// The union of the coverage of `layers`' glyph images (a colour glyph's alpha), each moved by
    /// `shift` pixels, in a `width` × `height` buffer of floats (0…1).
    static func shadowCoverage(of layers: [GlyphLayer], at shift: (x: Int, y: Int), width w: Int, height h: Int)
        -> [Float]
    {
        var coverage = [Float](repeating: 0, count: w * h)
        coverage.withUnsafeMutableBufferPointer { coverage in
            // Adds one image's ink: every `step`th byte from `offset` (coverage, or a colour glyph's alpha).
            func gather(_ bytes: [UInt8], step: Int, offset: Int, width iw: Int, height ih: Int, left: Int, top: Int) {
                bytes.withUnsafeBufferPointer { src in
                    for r in 0..<ih {
                        for c in 0..<iw {
                            let v = Float(src[(r * iw + c) * step + offset]) * (1 / 255)
                            guard v > 0 else { continue }
                            let i = (top + r) * w + left + c
                            coverage[i] = 1 - (1 - coverage[i]) * (1 - v)  // union of overlapping ink
                        }
                    }
                }
            }
            for layer in layers {
                for p in layer.images {
                    let image = p.image
                    let left = p.x + shift.x, top = p.y + shift.y
                    switch image.pixels {
                    case .coverage(let bytes):
                        gather(
                            bytes, step: 1, offset: 0, width: image.width, height: image.height, left: left, top: top)
                    case .color(let bytes):
                        gather(
                            bytes, step: 4, offset: 3, width: image.width, height: image.height, left: left, top: top)
                    }
                }
            }
        }
        return coverage
    }

    /// Whether any two glyph images of `layers` (their rectangles) share a pixel.
    static func imagesOverlap(_ layers: [GlyphLayer]) -> Bool {
        var rects: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        for layer in layers {
            for p in layer.images { rects.append((p.x, p.y, p.x + p.image.width, p.y + p.image.height)) }
        }
        rects.sort { $0.x0 < $1.x0 }
        for i in rects.indices {
            var j = i + 1
            while j < rects.count, rects[j].x0 < rects[i].x1 {
                if rects[j].y0 < rects[i].y1, rects[i].y0 < rects[j].y1 { return true }
                j += 1
            }
        }
        return false
    }

    /// The shadow of glyph images that do not overlap, without blur: each image's coverage (a
    /// colour glyph's alpha) moved by (`dx`, `dy`) pixels and composited in `color` inside `clip`
    /// (x0, y0, x1, y1), exactly as ``drawShadow(_:of:into:)``'s coverage buffer would composite
    /// it (the coverage value is the union 1 − (1 − 0)(1 − v) computed the same way).
    func drawUnblurredShadow<L>(
        of layers: [GlyphLayer], dx: Int, dy: Int, color: LinearColor, clip: (Int, Int, Int, Int),
        into target: PixelTarget<L>
    ) {
        let (bx0, by0, bx1, by1) = clip
        let srgb = textBlending == .platform
        SRGBTransfer.withTables { t in
            func draw(_ bytes: [UInt8], step: Int, offset: Int, width iw: Int, height ih: Int, left: Int, top: Int) {
                let c0 = max(0, bx0 - left), c1 = min(iw, bx1 - left)
                let r0 = max(0, by0 - top), r1 = min(ih, by1 - top)
                guard c0 < c1, r0 < r1 else { return }
                bytes.withUnsafeBufferPointer { src in
                    for r in r0..<r1 {
                        for c in c0..<c1 {
                            let v = Float(src[(r * iw + c) * step + offset]) * (1 / 255)
                            guard v > 0 else { continue }
                            let u = 1 - (1 - v)
                            guard u > 1e-4 else { continue }
                            let p = target.pixel(left + c, top + r), a = min(u, 1) * color.alpha
                            if srgb {
                                Bitmap.compositeSRGB(p, L.self, color, alpha: a)
                            } else {
                                Bitmap.compositeLinear(p, L.self, t, color, alpha: a)
                            }
                        }
                    }
                }
            }
            for layer in layers {
                for p in layer.images {
                    let image = p.image
                    let (left, top) = (p.x + dx, p.y + dy)
                    switch image.pixels {
                    case .coverage(let bytes):
                        draw(
                            bytes, step: 1, offset: 0, width: image.width, height: image.height, left: left,
                            top: top)
                    case .color(let bytes):
                        draw(
                            bytes, step: 4, offset: 3, width: image.width, height: image.height, left: left,
                            top: top)
                    }
                }
            }
        }
    }

    /// The radii of three successive box blurs whose combination approximates a Gaussian of
    /// standard deviation `sigma` pixels (W. Jarosz, "Fast image convolutions", 2001: box widths
    /// wl and wl + 2 chosen so the variances sum to σ²). Empty for σ < 0.5 (no visible blur).
    static func boxBlurRadii(sigma: Double) -> [Int] {
        guard sigma.isFinite, sigma >= 0.5 else { return [] }
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let m = Int(
            ((12 * sigma * sigma - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / (-4 * Double(wl) - 4)).rounded())
        return (0..<3).map { ($0 < m ? wl : wu) / 2 }
    }

    /// A box blur of `radius` pixels along rows then columns (a running sum; outside is zero).
    static func boxBlur(_ data: inout [Float], width: Int, height: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        var line = [Float](repeating: 0, count: max(width, height))
        data.withUnsafeMutableBufferPointer { d in
            for y in 0..<height {
                var sum: Float = 0
                for x in 0..<min(radius, width) { sum += d[y * width + x] }
                for x in 0..<width {
                    if x + radius < width { sum += d[y * width + x + radius] }
                    if x - radius - 1 >= 0 { sum -= d[y * width + x - radius - 1] }
                    line[x] = sum * scale
                }
                for x in 0..<width { d[y * width + x] = line[x] }
            }
            for x in 0..<width {
                var sum: Float = 0
                for y in 0..<min(radius, height) { sum += d[y * width + x] }
                for y in 0..<height {
                    if y + radius < height { sum += d[(y + radius) * width + x] }
                    if y - radius - 1 >= 0 { sum -= d[(y - radius - 1) * width + x] }
                    line[y] = sum * scale
                }
                for y in 0..<height { d[y * width + x] = line[y] }
            }
        }
    }
}
