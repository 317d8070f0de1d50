// The text layer of a GraphicsContext's SVG page: each glyph a <path> of its unhinted outline
// (synthetic bold, skew, horizontal scale and sideways rotation applied), runs as filled groups,
// linked runs in <a>, colour glyphs as PNG <image>s, text shadows blurred by feGaussianBlur, and
// placeholders as <image href> or the grey stand-in box. SVGWriter draws its pages with it.
import CCairo
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// Outlines already decomposed while writing one SVG page, so each glyph is loaded once.
struct SVGOutlineCache {
    struct Key: Hashable {
        let face: ObjectIdentifier
        /// The variable-font instance (``GlyphRasterizer/designCoordinates(of:)``).
        let coordinates: [Int]
        let glyph: GlyphID
        let traits: UInt8
    }
    /// Where outlines come from.
    let rasterizer: GlyphRasterizer
    /// The faces are held so their identifiers stay unique while cached.
    var faces: [ObjectIdentifier: FontFace] = [:]
    var outlines: [Key: GlyphOutline?] = [:]

    mutating func outline(_ font: Font, _ glyph: GlyphID, _ traits: Font.SyntheticTraits) -> GlyphOutline? {
        let face = font.face
        let coordinates = GlyphRasterizer.designCoordinates(of: font)
        let key = Key(face: ObjectIdentifier(face), coordinates: coordinates, glyph: glyph, traits: traits.rawValue)
        if let cached = outlines[key] { return cached }
        faces[key.face] = face
        let outline = rasterizer.outline(for: face, coordinates: coordinates, glyph: glyph, traits: traits)
        outlines[key] = outline
        return outline
    }
}

/// Where text elements are written: page coordinates of a y-up point (x, y) are
/// (`dx` + x, `h` − y), inside `wrapper` (a group's transform) when the CTM is more than a
/// translation; `linear` is the text matrix's linear part (y-up), applied about each glyph origin.
struct SVGTextSpace {
    var dx = 0.0
    var h = 0.0
    var wrapper: String?
    var linear: (a: Double, b: Double, c: Double, d: Double)?

    /// `body` in the wrapper group, if any.
    func wrap(_ body: String) -> String {
        guard let wrapper else { return body }
        return "<g" + wrapper + ">\n" + body + "</g>\n"
    }
}

extension GraphicsContext {
    /// The text space of the current CTM and text matrix: user space moved by the text matrix's
    /// translation and flipped (as the PDF text layer's painter is), folded into the coordinates
    /// when that is a translation.
    var svgTextSpace: SVGTextSpace {
        let t = textMatrix
        var m = svgMatrix
        cairo_matrix_translate(&m, t.tX, t.tY)
        cairo_matrix_scale(&m, 1, -1)
        var space = SVGTextSpace()
        if m.xx == 1, m.yx == 0, m.xy == 0, m.yy == 1 {
            (space.dx, space.h) = (m.x0, m.y0)
        } else {
            space.wrapper = SVGPage.transform(m)
        }
        if t.m11 != 1 || t.m12 != 0 || t.m21 != 0 || t.m22 != 1 {
            space.linear = (Double(t.m11), Double(t.m12), Double(t.m21), Double(t.m22))
        }
        return space
    }

    /// Draws a glyph run on the SVG page (its group of glyph paths, in an `<a>` when linked),
    /// composited as every operation is.
    func drawSVGText(_ glyphs: GlyphPaint, text: [UInt16]) {
        guard let page = svgPage else { return }
        let space = svgTextSpace
        let svg = { Self.svgRun(glyphs, page: page, space: space) }
        withTextPainter(text: text, svg: svg) { painter in
            painter.drawRun(glyphs)
        }
    }

    /// Draws a text shadow on the SVG page: the run's glyphs in the shadow colour, moved by the
    /// offset and blurred by an `feGaussianBlur` of σ = blur / 2.
    func drawSVGTextShadow(_ shadow: ShadowPaint, text: [UInt16]) {
        guard let page = svgPage else { return }
        let space = svgTextSpace
        let svg = { Self.svgShadow(shadow, page: page, space: space) }
        withTextPainter(text: text, svg: svg) { painter in
            painter.drawShadow(shadow)
        }
    }

    /// A run's group: its fill (or `fill="none"`) and stroke over its glyph paths; empty when it has no ink.
    static func svgRun(_ glyphs: GlyphPaint, page: SVGPage, space: SVGTextSpace) -> String? {
        let color = glyphs.color
        let stroke = glyphs.stroke
        guard color.alpha > 0 || (stroke?.color.alpha ?? 0) > 0 else { return "" }
        let body = svgRunBody(glyphs, page: page, space: space, alpha: color.alpha)
        guard !body.isEmpty else { return "" }
        var paint = glyphs.fills ? SVGWriter.fill(color) : " fill=\"none\""
        if let stroke {
            paint +=
                SVGWriter.paint("stroke", stroke.color)
                + " stroke-width=\"\(SVGWriter.number(stroke.width))\" stroke-linejoin=\"round\""
        }
        let group = "<g" + paint + ">\n" + body + "</g>\n"
        guard let link = glyphs.link else { return space.wrap(group) }
        // A linked run is wrapped in an <a> (SVG 1.1 §17.1), xlink:href for SVG 1.1 readers.
        let href = SVGWriter.escape(link.absoluteString)
        return space.wrap("<a xlink:href=\"\(href)\" href=\"\(href)\">\n" + group + "</a>\n")
    }

    /// A text shadow's group: the glyphs in its colour, moved by its offset (y up) and, for a blur
    /// radius above 0, blurred by a filter defined on the page.
    static func svgShadow(_ shadow: ShadowPaint, page: SVGPage, space: SVGTextSpace) -> String? {
        let body = svgRunBody(shadow.glyphs, page: page, space: space, alpha: shadow.color.alpha)
        guard !body.isEmpty else { return "" }
        var filter = ""
        if shadow.blurRadius > 0 {
            page.shadowCount += 1
            let id = "galley-shadow-\(page.shadowCount)"
            page.define(
                "<filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
                    + "<feGaussianBlur stdDeviation=\"\(SVGWriter.number(Double(shadow.blurRadius) / 2))\"/></filter>")
            filter = " filter=\"url(#\(id))\""
        }
        return space.wrap(
            "<g class=\"shadow\"" + SVGWriter.fill(shadow.color) + filter
                + " transform=\"translate(\(SVGWriter.number(shadow.offset.width)) \(SVGWriter.number(-shadow.offset.height)))\">\n"
                + body + "</g>\n")
    }

    /// The paths (and colour-glyph images) of a run's glyphs, skewed as the run says.
    static func svgRunBody(_ glyphs: GlyphPaint, page: SVGPage, space: SVGTextSpace, alpha: Double) -> String {
        let count = min(glyphs.glyphs.count, glyphs.positions.count)
        guard count > 0 else { return "" }
        let size = Double(glyphs.font.size)
        let traits = glyphs.font.syntheticTraits
        var body = ""
        for i in 0..<count {
            let ox = Double(glyphs.positions[i].x), oy = Double(glyphs.positions[i].y)
            guard ox.isFinite, oy.isFinite else { continue }
            if let outline = page.outlines.outline(glyphs.font, glyphs.glyphs[i], traits) {
                guard !outline.isEmpty else { continue }
                let d = svgGlyphData(
                    outline, originX: ox, originY: oy, size: size, shear: glyphs.skew, xScale: glyphs.xScale,
                    rotated: glyphs.orientation == .sideways, space: space)
                body += "<path d=\"" + d + "\"/>\n"
            } else if let image = svgColorGlyph(
                glyphs.font, glyph: glyphs.glyphs[i], originX: ox, originY: oy, alpha: alpha,
                rasterizer: page.outlines.rasterizer, space: space)
            {
                body += image
            }
        }
        return body
    }

    /// The `d` attribute of an outline placed with its origin at (`originX`, `originY`) (y-up
    /// points), stretched and sheared about the glyph origin: x′ = `xScale` · x + `shear` · y;
    /// then, when `rotated`, turned 90° clockwise about it: (x′, y) → (y, −x′); then moved by the
    /// text space's linear part.
    static func svgGlyphData(
        _ outline: GlyphOutline, originX: Double, originY: Double, size: Double, shear: Double, xScale: Double,
        rotated: Bool, space: SVGTextSpace
    ) -> String {
        let k = size / Double(max(outline.unitsPerEm, 1))
        let (h, x0) = (space.h, space.dx + originX)
        let linear = space.linear
        func p(_ x: Double, _ y: Double) -> String {
            let along = (xScale * x + shear * y) * k, up = y * k
            var (dx, dy) = rotated ? (up, -along) : (along, up)
            if let m = linear { (dx, dy) = (m.a * dx + m.c * dy, m.b * dx + m.d * dy) }
            return SVGWriter.number(x0 + dx) + " " + SVGWriter.number(h - (originY + dy))
        }
        var d = ""
        var open = false
        for element in outline.elements {
            switch element {
            case .move(let x, let y):
                if open { d += "Z" }
                d += "M" + p(x, y)
                open = true
            case .line(let x, let y):
                d += "L" + p(x, y)
            case .quad(let cx, let cy, let x, let y):
                d += "Q" + p(cx, cy) + " " + p(x, y)
            case .cubic(let ax, let ay, let bx, let by, let x, let y):
                d += "C" + p(ax, ay) + " " + p(bx, by) + " " + p(x, y)
            }
        }
        if open { d += "Z" }
        return d
    }

    /// An `<image>` with the colour glyph's bitmap as a PNG data URI, or nil when it has none.
    static func svgColorGlyph(
        _ font: Font, glyph: GlyphID, originX: Double, originY: Double, alpha: Double, rasterizer: GlyphRasterizer,
        space: SVGTextSpace
    ) -> String? {
        let ppp = SVGWriter.emojiPixelsPerPoint
        guard
            let image = rasterizer.images(
                for: font.face, coordinates: GlyphRasterizer.designCoordinates(of: font),
                pixelSize: Double(font.size) * ppp, requests: [.init(glyph: glyph, phaseX: 0, phaseY: 0)]
            ).first ?? nil,
            image.width > 0, image.height > 0
        else { return nil }
        var rgba = [UInt8](repeating: 0, count: image.width * image.height * 4)
        switch image.pixels {
        case .color(let bytes):
            // Premultiplied → straight alpha, as PNG stores it.
            for i in stride(from: 0, to: bytes.count, by: 4) {
                let a = Int(bytes[i + 3])
                guard a > 0 else { continue }
                for c in 0..<3 { rgba[i + c] = UInt8(min(255, (Int(bytes[i + c]) * 255 + a / 2) / a)) }
                rgba[i + 3] = UInt8(a)
            }
        case .coverage(let bytes):
            for (i, v) in bytes.enumerated() { rgba[i * 4 + 3] = v }
        }
        guard let bitmap = try? Bitmap(width: image.width, height: image.height, pixels: rgba, background: .clear),
            let png = try? bitmap.pngBytes()
        else { return nil }
        let x = space.dx + originX + Double(image.left) / ppp
        let y = space.h - originY - Double(image.top) / ppp
        let opacity = alpha < 1 ? " opacity=\"\(SVGWriter.number(alpha))\"" : ""
        return
            "<image x=\"\(SVGWriter.number(x))\" y=\"\(SVGWriter.number(y))\" width=\"\(SVGWriter.number(Double(image.width) / ppp))\" "
            + "height=\"\(SVGWriter.number(Double(image.height) / ppp))\" preserveAspectRatio=\"none\"\(opacity) "
            + "xlink:href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>\n"
    }

    /// A placeholder on the SVG page: an `<image>` of `href` over its rect, or (nil) the grey
    /// outlined stand-in box with its diagonal, as the renderers draw it.
    func drawSVGPlaceholder(_ placeholder: Placeholder, href: String?) {
        let r = placeholder.rect.standardized
        guard let page = svgPage, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let space = svgTextSpace
        let x = SVGWriter.number(space.dx + Double(r.minX)), y = SVGWriter.number(space.h - Double(r.maxY))
        let w = SVGWriter.number(Double(r.width)), h = SVGWriter.number(Double(r.height))
        let element: String
        if let href {
            element =
                "<image x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"none\" "
                + "xlink:href=\"\(SVGWriter.escape(href))\"/>\n"
        } else {
            let x2 = SVGWriter.number(space.dx + Double(r.maxX)), y2 = SVGWriter.number(space.h - Double(r.minY))
            element =
                "<g fill=\"none\"" + SVGWriter.paint("stroke", Renderer.placeholderColor) + " stroke-width=\"1\">"
                + "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\"/>"
                + "<line x1=\"\(x)\" y1=\"\(y)\" x2=\"\(x2)\" y2=\"\(y2)\"/></g>\n"
        }
        page.append(
            SVGPage.composited(space.wrap(element), alpha: state.alpha, blend: state.blendMode), clips: state.svgClips)
    }
}
