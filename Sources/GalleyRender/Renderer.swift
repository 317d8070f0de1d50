// Drawing frames and lines into bitmaps: the y-up to pixel mapping, glyph runs and placeholders.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// Draws laid-out text into a ``Bitmap``. Like `CTFrameDraw` / `CTLineDraw` into a bitmap
/// `CGContext` whose text matrix is the identity and whose CTM flips y.
///
/// Coordinates: a frame's `rect` and line origins are CoreText's y-up points, where y = 0 is the
/// bitmap's **bottom** edge. A point (x, y) lands on pixel coordinates
/// `(x · scale, bitmap.height − y · scale)`; pixel centres are at half-integers.
///
/// Glyphs are rasterised by FreeType, grayscale anti-aliased (``antialiasing``) and (by default)
/// lightly hinted (``Hinting/light``: horizontal edges on whole pixel rows), with the run font's
/// synthetic bold and oblique applied to the outlines, at the run font's size × `scale`, at
/// their fractional x positions (quantised to 1/4 pixel; each glyph's baseline is rounded to a
/// whole pixel row, as cairo and Skia do for horizontal text), and composited source-over in the
/// run's `foregroundColor` (black when absent), with coverage × alpha, over any background,
/// transparent included (straight alpha).
///
/// Glyph coverage (and strokes and text shadows) is blended as ``textBlending`` says. By default
/// (``TextBlending/platform``) it is blended in sRGB-encoded space, as cairo, GTK and
/// `pango-view` blend it: a pixel half covered by black ink on white is sRGB 128, and text has
/// the same weight as pango-cairo's (within 1 % of its total ink at 10–24 px, dark on light, light
/// on dark and coloured). ``TextBlending/linear`` blends in linear light instead (sRGB 188 for
/// that pixel): physically right, but small dark text then looks thin and grey, and light text
/// on dark heavy, next to other programs'; choose it when the result feeds a linear-light
/// pipeline. Everything else — background colours, selection, decorations, placeholder images —
/// is composited in linear light (colours decoded from sRGB, IEC 61966-2-1, blended, encoded
/// back); being opaque and pixel-snapped, fills look the same either way.
/// Colour glyphs (emoji) keep their own colours, composited in linear light in both modes; the
/// run colour's alpha still applies. Nothing is clipped to the frame's rect, as with CoreText;
/// drawing outside the bitmap is dropped. Glyphs larger than 4096 pixels per em are skipped
/// (their bitmaps would take 16 MB each).
///
/// Character attributes are drawn too: background colours, underlines and strikethroughs (see
/// `LineDecorations` for their geometry), strokes (FreeType's stroker, round joins), shadows
/// (blurred glyph coverage under the text) and obliqueness (a shear of the outline), plus an
/// optional selection highlight; see ``draw(_:into:imageProvider:selection:selectionColor:)``.
/// What is drawn, in which order and where, is the frame's ``PaintList``; the renderer only turns
/// its operations into pixels. Glyph images are cached by the renderer's ``rasterizer`` (least
/// recently used evicted first, bounded in count and bytes): by default the process-wide
/// ``GlyphRasterizer/shared``, shared by every renderer and thread that does not bring its own.
public struct Renderer: Sendable {
    /// Pixels per point. Values that are not finite and positive are replaced by 1; at most 64.
    public let scale: CGFloat
    /// Grid fitting of outlines; `.light` by default (vertical only, so x positions and advances
    /// stay the layout's), `.none` for outlines exactly as designed.
    public let hinting: Hinting
    /// Whether glyphs keep 1/4-pixel x phases (the default) or snap to whole pixels, as cairo
    /// before 1.17.4 (and so pango-view on Debian 12) draws them. Like
    /// `CGContextSetShouldSubpixelPositionFonts`. Full hinting and monochrome glyphs always
    /// snap to whole pixels (their stems are fitted to pixel columns).
    public let subpixelPositioning: Bool
    /// The colour space in which glyph coverage is blended: ``TextBlending/platform`` (sRGB,
    /// as cairo) by default, ``TextBlending/linear`` for linear light.
    public let textBlending: TextBlending
    /// Grey anti-aliased glyphs (the default) or monochrome ones, as `pango-view --antialias`.
    public let antialiasing: Antialiasing
    /// The FreeType rasterizer (faces and glyph cache behind its own lock) that draws the glyphs.
    public let rasterizer: GlyphRasterizer

    /// Creates a renderer that draws `scale` pixels per point (2 for a "retina" image), hinting
    /// outlines as `hinting` says, at subpixel x positions unless `subpixelPositioning` is false,
    /// blending glyph coverage as `textBlending` says, anti-aliased unless `antialiasing` is
    /// `.none`, with the glyphs of `rasterizer`. ``GlyphRasterizer/shared`` is only the default: a
    /// service can give each thread pool its own rasterizer so that they never wait for each other.
    public init(
        scale: CGFloat = 1, hinting: Hinting = .light, subpixelPositioning: Bool = true,
        textBlending: TextBlending = .platform, antialiasing: Antialiasing = .gray,
        rasterizer: GlyphRasterizer = .shared
    ) {
        self.scale = scale.isFinite && scale > 0 ? min(scale, 64) : 1
        self.hinting = hinting
        self.subpixelPositioning = subpixelPositioning
        self.textBlending = textBlending
        self.antialiasing = antialiasing
        self.rasterizer = rasterizer
    }

    /// Draws every line of `frame`, then its placeholders: the image that `imageProvider` returns
    /// for one, scaled into its rect, or else a 1-pixel grey outline with a diagonal.
    /// Like `CTFrameDraw` followed by drawing each run delegate's image. See
    /// ``draw(_:into:imageProvider:selection:selectionColor:)`` for the drawing order.
    public func draw(
        _ frame: Frame, into bitmap: inout Bitmap,
        imageProvider: (Placeholder) -> Bitmap? = { _ in nil }
    ) {
        draw(frame, into: &bitmap, imageProvider: imageProvider, selection: nil)
    }

    /// Draws `frame` with the UTF-16 range `selection` highlighted (nil: none), the way a text
    /// view shows a selection, to show hit testing: each line's ``Line/selectionRects(for:)``
    /// (from the line's descent to its ascent) filled with `selectionColor` behind the text.
    ///
    /// Draws ``PaintList/init(frame:selection:selectionColor:)``, whose order is: background
    /// colours, the selection, shadows, glyphs (fill, then stroke), underlines and strikethroughs,
    /// then placeholders. Backgrounds, selection boxes and decoration lines are snapped to whole
    /// pixels (each edge rounded, at least one pixel thick) so adjacent runs meet without seams;
    /// see `LineDecorations` for where they go.
    public func draw(
        _ frame: Frame, into bitmap: inout Bitmap,
        imageProvider: (Placeholder) -> Bitmap? = { _ in nil },
        selection: Range<Int>?, selectionColor: Color = Renderer.selectionColor
    ) {
        draw(
            PaintList(frame: frame, selection: selection, selectionColor: selectionColor),
            into: &bitmap, imageProvider: imageProvider)
    }

    /// The default selection highlight: macOS's light-blue selected-text background (#B3D7FF).
    public static let selectionColor = Color(red: 0xB3 / 255.0, green: 0xD7 / 255.0, blue: 1, alpha: 1)

    /// Draws one line with its baseline starting at `origin` (y-up points, as for a frame's
    /// rect), backgrounds, shadows and decorations included: ``PaintList/init(line:at:)``. Like
    /// `CTLineDraw` after `CGContextSetTextPosition(origin)`. Placeholder runs are drawn as grey
    /// boxes (`ascent` above and `descent` below the baseline).
    public func draw(_ line: Line, at origin: CGPoint, into bitmap: inout Bitmap) {
        draw(PaintList(line: line, at: origin), into: &bitmap)
    }

    /// Draws glyphs `range` of `run` (glyph indices; nil: all) of a line whose origin is at
    /// `lineOrigin` (y-up points): ``PaintList/init(run:glyphs:lineOrigin:)``, the run's shadow
    /// and glyphs without backgrounds or decorations. Like `CTRunDraw` after
    /// `CGContextSetTextPosition(lineOrigin)`. Drawing each run of a line in turn paints what
    /// drawing the line paints when the line has no background, shadow or decoration.
    public func draw(_ run: GlyphRun, glyphs range: Range<Int>? = nil, lineOrigin: CGPoint, into bitmap: inout Bitmap) {
        draw(PaintList(run: run, glyphs: range, lineOrigin: lineOrigin), into: &bitmap)
    }

    /// Draws `glyphs` of `font` with their origins at `positions` (y-up points) in `color`:
    /// ``PaintList/init(glyphs:positions:font:color:)``. Like `CTFontDrawGlyphs`.
    public func drawGlyphs(
        _ glyphs: [GlyphID], at positions: [CGPoint], font: Font, color: Color = .black, into bitmap: inout Bitmap
    ) {
        draw(PaintList(glyphs: glyphs, positions: positions, font: font, color: color), into: &bitmap)
    }

    /// The most floating-point samples drawing one image may use (the image's premultiplied
    /// samples, the horizontal pass and the result, 4 per pixel each): 64 Mi, 256 MiB.
    public static let maximumImageWork = 1 << 26

    /// Draws `image` scaled to fill `rect` (y-up points), smoothly resampled and composited over.
    /// An image more than twice the rect's pixel size is first shrunk by a whole factor (a box
    /// filter over its 8-bit pixels), so a large photo in a small rect is drawn at any size up
    /// to the bitmap limit. An image whose resampling would still need more than
    /// ``maximumImageWork`` samples (one stretched across a canvas of more than about 1500 × 1500
    /// pixels) is drawn as the placeholder box of ``drawPlaceholderBox(in:into:)`` instead.
    public func drawImage(_ image: Bitmap, in rect: CGRect, into bitmap: inout Bitmap) {
        bitmap.withTarget { drawImage(image, in: rect, into: $0) }
    }

    /// ``drawImage(_:in:into:)`` onto `target`'s pixels.
    func drawImage<L>(_ image: Bitmap, in rect: CGRect, into target: PixelTarget<L>) {
        guard let (x, y, w, h) = pixelRect(rect, in: target), w > 0, h > 0 else { return }
        // The resampled block is at most the rect (one pixel more for a fractional edge) clipped to the bitmap.
        let ow = Int(min(w.rounded(.up) + 1, Double(target.width)))
        let oh = Int(min(h.rounded(.up) + 1, Double(target.height)))
        let image = image.reduced(toAbout: ow, oh)
        guard (image.width * image.height + image.height * ow + ow * oh) * 4 <= Renderer.maximumImageWork else {
            drawPlaceholderBox(in: rect, into: target)
            return
        }
        var samples = [Float](repeating: 0, count: image.width * image.height * 4)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<(image.width * image.height) {
                let a = Float(p[i * 4 + 3]) * (1 / 255)
                samples[i * 4] = Float(p[i * 4]) * (1 / 255) * a
                samples[i * 4 + 1] = Float(p[i * 4 + 1]) * (1 / 255) * a
                samples[i * 4 + 2] = Float(p[i * 4 + 2]) * (1 / 255) * a
                samples[i * 4 + 3] = a
            }
        }
        guard
            let placed = Resampler.resample(
                samples, width: image.width, height: image.height, channels: 4, into: x, y, w, h,
                clipColumns: 0..<target.width, clipRows: 0..<target.height)
        else { return }
        composite(placed, into: target)
    }

    /// Draws the stand-in for a placeholder without an image: a 1-pixel grey outline of `rect`
    /// (y-up points) and its diagonal from the top-left to the bottom-right corner.
    public func drawPlaceholderBox(in rect: CGRect, into bitmap: inout Bitmap) {
        bitmap.withTarget { drawPlaceholderBox(in: rect, into: $0) }
    }

    /// ``drawPlaceholderBox(in:into:)`` onto `target`'s pixels.
    func drawPlaceholderBox<L>(in rect: CGRect, into target: PixelTarget<L>) {
        guard let (x, y, w, h) = pixelRect(rect, in: target),
            abs(x) < 1e6, abs(y) < 1e6, w < 1e6, h < 1e6
        else { return }
        let grey = LinearColor(Renderer.placeholderColor)
        // One pixel in the grey, composited in linear light; nothing outside the target.
        func blend(_ px: Int, _ py: Int) {
            guard px >= 0, py >= 0, px < target.width, py < target.height else { return }
            SRGBTransfer.withTables { t in
                Bitmap.compositeLinear(target.pixel(px, py), L.self, t, grey, alpha: grey.alpha)
            }
        }
        // The outline runs through the pixels just inside the rect's edges.
        let left = Int(x.rounded()), top = Int(y.rounded())
        let right = max(Int((x + w).rounded()) - 1, left), bottom = max(Int((y + h).rounded()) - 1, top)
        let limit = 4 * Bitmap.maximumDimension
        guard right - left <= limit, bottom - top <= limit else { return }
        if let xs = Renderer.span(left, right, within: target.width) {
            for px in xs {
                blend(px, top)
                if bottom != top { blend(px, bottom) }
            }
        }
        if let ys = Renderer.span(top + 1, bottom - 1, within: target.height) {
            for py in ys {
                blend(left, py)
                if right != left { blend(right, py) }
            }
        }
        // The diagonal, one pixel per step along the longer side, inside the outline.
        let dx = right - left, dy = bottom - top
        let steps = max(dx, dy)
        guard steps >= 2 else { return }
        for s in 1..<steps {
            let px = left + Int((Double(s * dx) / Double(steps)).rounded())
            let py = top + Int((Double(s * dy) / Double(steps)).rounded())
            if px > left, px < right, py > top, py < bottom {
                blend(px, py)
            }
        }
    }

    /// The outline colour of an empty placeholder: opaque 50 % grey.
    public static let placeholderColor = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)

    // MARK: - Internals

    /// `a...b` clipped to `0..<n`, or nil when nothing is left.
    static func span(_ a: Int, _ b: Int, within n: Int) -> ClosedRange<Int>? {
        let lo = max(a, 0), hi = min(b, n - 1)
        return lo <= hi ? lo...hi : nil
    }

    /// `rect` (y-up points) as a pixel rectangle of `target` (x, y of the top-left corner, width,
    /// height).
    func pixelRect<L>(_ rect: CGRect, in target: PixelTarget<L>) -> (Double, Double, Double, Double)? {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        let s = Double(scale)
        let height = Double(target.height)
        return (Double(r.minX) * s, height - Double(r.maxY) * s, Double(r.width) * s, Double(r.height) * s)
    }

    /// A run's glyphs as images placed at integer pixels, in drawing order (fill, then stroke),
    /// each layer with its colour, decoded once for the whole layer.
    struct GlyphLayer {
        var images: [(image: GlyphImage, x: Int, y: Int)]
        var color: LinearColor
    }

    /// Rasterises the glyphs of `paint`: the fill in its colour when it fills, and the stroke in
    /// the stroke colour (FreeType's stroker radius is half the stroke's width), both stretched
    /// and skewed as the paint says.
    func glyphLayers(of paint: GlyphPaint, width: Int, height: Int) -> [GlyphLayer] {
        let (requests, pens) = glyphRequests(of: paint, width: width, height: height)
        guard !requests.isEmpty else { return [] }
        let s = Double(scale)
        let pixelSize = Double(paint.font.size) * s
        let shear = Int((paint.skew * 65536).rounded())
        let xScale = Int((paint.xScale * 65536).rounded())
        func layer(_ style: GlyphRasterizer.GlyphStyle, _ color: Color) -> GlyphLayer {
            let images = rasterizer.images(
                for: paint.font.face, coordinates: GlyphRasterizer.designCoordinates(of: paint.font),
                pixelSize: pixelSize, hinting: hinting, antialiasing: antialiasing,
                traits: paint.font.syntheticTraits, style: style, requests: requests)
            var placed: [(image: GlyphImage, x: Int, y: Int)] = []
            placed.reserveCapacity(images.count)
            for (image, pen) in zip(images, pens) {
                guard let image, image.width > 0 else { continue }
                placed.append((image, pen.x + image.left, pen.y - image.top))
            }
            return GlyphLayer(images: placed, color: LinearColor(color))
        }
        var layers: [GlyphLayer] = []
        if paint.fills {
            layers.append(
                layer(.init(shear: shear, xScale: xScale, rotated: paint.orientation == .sideways), paint.color))
        }
        if let stroke = paint.stroke {
            // Capped (at 256 pixels) before the conversion to Int: a finite but huge stroke
            // width (a percentage of the font size) can overflow to infinity here.
            let radius = (Double(stroke.width) * s * 32).rounded()
            if radius >= 1 {
                let radius64 = Int(min(radius, Double(64 * 256)))
                layers.append(
                    layer(
                        .init(
                            shear: shear, strokeRadius64: radius64, xScale: xScale,
                            rotated: paint.orientation == .sideways),
                        stroke.color))
            }
        }
        return layers
    }

    /// Whether glyphs keep their 1/4-pixel x phases: ``subpixelPositioning``, except with full
    /// hinting or monochrome glyphs, whose stems are fitted to whole pixel columns, so that a
    /// fractional phase would blur (or, in monochrome, thicken) them; as cairo keeps subpixel
    /// positions only for unhinted or slightly hinted grey glyphs.
    var usesSubpixelPhases: Bool {
        subpixelPositioning && hinting != .full && antialiasing == .gray
    }

    /// How far below a pixel or phase boundary a pen still counts as on it (1/64 pixel: one
    /// FreeType 26.6 unit).
    static let snapEpsilon = 1.0 / 64

    /// The rasterizer requests (glyph and subpixel phase) of the glyphs of `paint` near enough to
    /// a `width` × `height` target to show, and the integer pixel of each one's pen.
    func glyphRequests(of paint: GlyphPaint, width: Int, height: Int)
        -> ([GlyphRasterizer.Request], [(x: Int, y: Int)])
    {
        let count = min(paint.glyphs.count, paint.positions.count)
        let s = Double(scale)
        let steps = Double(GlyphRasterizer.subpixelSteps)
        let k = GlyphRasterizer.subpixelSteps
        var requests: [GlyphRasterizer.Request] = []
        var pens: [(x: Int, y: Int)] = []
        requests.reserveCapacity(count)
        pens.reserveCapacity(count)
        let phasesX = usesSubpixelPhases
        // Glyphs far outside the bitmap (and non-finite positions) are skipped before rasterising.
        let margin = min(4 * Double(paint.font.size) * s + 2, 100_000)
        let deviceWidth = Double(width), deviceHeight = Double(height)
        for i in 0..<count {
            let px = Double(paint.positions[i].x) * s
            let py = deviceHeight - Double(paint.positions[i].y) * s
            guard px.isFinite, py.isFinite, px > -margin, py > -margin,
                px < deviceWidth + margin, py < deviceHeight + margin
            else { continue }
            // x keeps a 1/4-pixel phase; baselines snap to whole pixels (as Skia does for
            // horizontal text), so every line has crisp horizontal edges at the same vertical phase.
            // Both are floored, to the phase or pixel the pen lies in, as FreeType's own
            // rasterising clients do (poppler's Splash, xpdf), so a page rasterised by pdftoppm
            // puts each glyph on the same pixels; `snapEpsilon` keeps a pen that arithmetic left a
            // hair short of a boundary in the cell it was meant for.
            let qx =
                phasesX
                ? Int((px * steps + Self.snapEpsilon).rounded(.down)) : Int((px + Self.snapEpsilon).rounded(.down)) * k
            let qy = Int((py + Self.snapEpsilon).rounded(.down)) * k
            let ix = Int((Double(qx) / steps).rounded(.down)), iy = Int((Double(qy) / steps).rounded(.down))
            requests.append(.init(glyph: paint.glyphs[i], phaseX: qx - ix * k, phaseY: qy - iy * k))
            pens.append((ix, iy))
        }
        return (requests, pens)
    }

    /// Composites a layer's glyph images, each with its top-left pixel at its (`x`, `y`), coverage
    /// blended as ``textBlending`` says.
    func composite<L>(_ layer: GlyphLayer, into target: PixelTarget<L>) {
        let color = layer.color
        guard color.alpha > 0, !layer.images.isEmpty else { return }
        let srgb = textBlending == .platform
        SRGBTransfer.withTables { t in
            for (image, x, y) in layer.images {
                Renderer.composite(image, x: x, y: y, color: color, srgb: srgb, into: target, t)
            }
        }
    }

    /// Composites one glyph image with its top-left pixel at (`x`, `y`) into `target`, clipped to
    /// it: coverage in sRGB-encoded space when `srgb`, else in linear light; colour glyphs always
    /// in linear light.
    @inline(__always)
    static func composite<L>(
        _ image: GlyphImage, x: Int, y: Int, color: LinearColor, srgb: Bool, into target: PixelTarget<L>,
        _ t: SRGBTransfer.Tables
    ) {
        let (width, height) = (target.width, target.height)
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return }
        let c0 = max(0, -x), c1 = min(w, width - x)
        let r0 = max(0, -y), r1 = min(h, height - y)
        guard c0 < c1, r0 < r1 else { return }
        let alpha = color.alpha
        switch image.pixels {
        case .coverage(let coverage):
            coverage.withUnsafeBufferPointer { src in
                for r in r0..<r1 {
                    for c in c0..<c1 {
                        let v = src[r * w + c]
                        guard v != 0 else { continue }
                        let p = target.pixel(x + c, y + r), a = Float(v) * (1 / 255) * alpha
                        if srgb {
                            Bitmap.compositeSRGB(p, L.self, color, alpha: a)
                        } else {
                            Bitmap.compositeLinear(p, L.self, t, color, alpha: a)
                        }
                    }
                }
            }
        case .color(let rgba):
            rgba.withUnsafeBufferPointer { src in
                for r in r0..<r1 {
                    for c in c0..<c1 {
                        let i = (r * w + c) * 4
                        guard src[i + 3] != 0 else { continue }
                        // Premultiplied sRGB bytes; the run colour's alpha scales the whole pixel.
                        Bitmap.compositePremultipliedSRGB(
                            target.pixel(x + c, y + r), L.self, t,
                            red: Float(src[i]) * (1 / 255) * alpha, green: Float(src[i + 1]) * (1 / 255) * alpha,
                            blue: Float(src[i + 2]) * (1 / 255) * alpha, alpha: Float(src[i + 3]) * (1 / 255) * alpha)
                    }
                }
            }
        }
    }

    /// Composites a resampled premultiplied sRGB RGBA image (already clipped to the bitmap), in linear light.
    func composite<L>(_ image: PlacedImage, into target: PixelTarget<L>) {
        guard image.channels == 4 else { return }
        let width = target.width, height = target.height
        SRGBTransfer.withTables { t in
            image.samples.withUnsafeBufferPointer { src in
                for r in 0..<image.height {
                    let y = image.y + r
                    guard y >= 0, y < height else { continue }
                    for c in 0..<image.width {
                        let x = image.x + c
                        guard x >= 0, x < width else { continue }
                        let i = (r * image.width + c) * 4
                        Bitmap.compositePremultipliedSRGB(
                            target.pixel(x, y), L.self, t, red: src[i], green: src[i + 1],
                            blue: src[i + 2], alpha: src[i + 3])
                    }
                }
            }
        }
    }
}
