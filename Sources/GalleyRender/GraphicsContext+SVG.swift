// The SVG page of a GraphicsContext: the context writes SVG elements itself (cairo 1.16's SVG surface
// writes glyphs as <symbol>/<use> and drops links), while a cairo recording surface keeps the
// transform, clip, line parameters and current path. Each element carries the full CTM as its
// transform; clips are <clipPath> groups opened and closed as the graphics state says.
import CCairo
import Foundation
import GalleyText

/// The elements of one SVG page as the context draws them: a stack of buffers (the page, then one
/// per open transparency layer), each with the clip groups open in it.
final class SVGPage {
    struct Buffer {
        var text = ""
        /// The ids of the clip groups open at the end of `text`, outermost first (the first `base`
        /// were opened by the enclosing buffer).
        var open: [Int]
        let base: Int
    }

    let width: Double
    let height: Double
    var buffers: [Buffer] = [Buffer(open: [], base: 0)]
    var nextID = 0
    /// Outlines already decomposed on this page, so each glyph is loaded once.
    var outlines: SVGOutlineCache
    /// The ids of the filters of text shadows (numbered from 1 on the page).
    var shadowCount = 0

    init(width: Double, height: Double, rasterizer: GlyphRasterizer) {
        self.width = width
        self.height = height
        outlines = SVGOutlineCache(rasterizer: rasterizer)
    }

    /// A fresh id for a `<clipPath>`, gradient or filter on this page.
    func makeID() -> Int {
        nextID += 1
        return nextID
    }

    /// Opens and closes clip groups in the current buffer until the open ones are `clips`
    /// (never closing those the enclosing buffer opened).
    func sync(_ clips: [Int]) {
        var top = buffers[buffers.count - 1]
        var common = 0
        while common < top.open.count, common < clips.count, top.open[common] == clips[common] { common += 1 }
        common = max(common, top.base)
        while top.open.count > common {
            top.open.removeLast()
            top.text += "</g>\n"
        }
        for id in clips.dropFirst(top.open.count) {
            top.text += "<g clip-path=\"url(#galley-clip-\(id))\">\n"
            top.open.append(id)
        }
        buffers[buffers.count - 1] = top
    }

    /// Appends an element drawn under the clips `clips`.
    func append(_ element: String, clips: [Int]) {
        sync(clips)
        buffers[buffers.count - 1].text += element
    }

    /// Appends definitions (`<defs>` content) where they are, outside any element.
    func define(_ definitions: String) {
        buffers[buffers.count - 1].text += "<defs>" + definitions + "</defs>\n"
    }

    /// Starts a transparency layer's buffer: its content is drawn under `clips` already.
    func beginGroup(clips: [Int]) {
        sync(clips)
        buffers.append(Buffer(open: clips, base: clips.count))
    }

    /// Ends the layer begun last and returns its content (its own clip groups closed).
    func endGroup() -> String {
        guard buffers.count > 1 else { return "" }
        sync(Array(buffers[buffers.count - 1].open.prefix(buffers[buffers.count - 1].base)))
        return buffers.removeLast().text
    }

    /// The SVG document: the header, the page's elements (every group closed) and the end tag.
    func document() -> String {
        while buffers.count > 1 {
            let layer = endGroup()
            buffers[buffers.count - 1].text += layer
        }
        sync([])
        let w = SVGWriter.number(width), h = SVGWriter.number(height)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
            width="\(w)pt" height="\(h)pt" viewBox="0 0 \(w) \(h)">

            """ + buffers[0].text + "</svg>\n"
    }

    // MARK: - Attributes

    /// A matrix coefficient or translation with up to 6 decimals (a rotation's cosine needs more
    /// than a coordinate's 3 to place a point 1000 pt away within a thousandth).
    static func precise(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "0" }
        let rounded = (value * 1e6).rounded() / 1e6
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        var text = String(format: "%.6f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// ` transform="matrix(…)"`, or nothing for the identity.
    static func transform(_ m: cairo_matrix_t) -> String {
        if m.xx == 1, m.yx == 0, m.xy == 0, m.yy == 1, m.x0 == 0, m.y0 == 0 { return "" }
        let values = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0].map(precise).joined(separator: " ")
        return " transform=\"matrix(\(values))\""
    }

    /// The `d` attribute of a cairo path (its user-space points).
    static func pathData(_ path: UnsafeMutablePointer<cairo_path_t>) -> String {
        var d = ""
        let count = Int(path.pointee.num_data)
        guard let data = path.pointee.data else { return d }
        var i = 0
        func p(_ k: Int) -> String {
            SVGWriter.number(data[i + k].point.x) + " " + SVGWriter.number(data[i + k].point.y)
        }
        while i < count {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO: d += "M" + p(1)
            case CAIRO_PATH_LINE_TO: d += "L" + p(1)
            case CAIRO_PATH_CURVE_TO: d += "C" + p(1) + " " + p(2) + " " + p(3)
            case CAIRO_PATH_CLOSE_PATH: d += "Z"
            default: break
            }
            i += max(Int(header.length), 1)
        }
        return d
    }

    /// The stroke attributes of cairo's current line parameters on `cr`, in `color`; `width` and
    /// `roundJoin` override cairo's width and join.
    static func strokeAttributes(_ cr: OpaquePointer, _ color: Color, width: Double? = nil, roundJoin: Bool = false)
        -> String
    {
        var out = SVGWriter.paint("stroke", color)
        out += " stroke-width=\"\(SVGWriter.number(width ?? cairo_get_line_width(cr)))\""
        switch cairo_get_line_cap(cr) {
        case CAIRO_LINE_CAP_ROUND: out += " stroke-linecap=\"round\""
        case CAIRO_LINE_CAP_SQUARE: out += " stroke-linecap=\"square\""
        default: break
        }
        let join = roundJoin ? CAIRO_LINE_JOIN_ROUND : cairo_get_line_join(cr)
        switch join {
        case CAIRO_LINE_JOIN_ROUND: out += " stroke-linejoin=\"round\""
        case CAIRO_LINE_JOIN_BEVEL: out += " stroke-linejoin=\"bevel\""
        default:
            let limit = cairo_get_miter_limit(cr)
            if limit != 4 { out += " stroke-miterlimit=\"\(SVGWriter.number(limit))\"" }
        }
        let dashes = Int(cairo_get_dash_count(cr))
        if dashes > 0 {
            var values = [Double](repeating: 0, count: dashes)
            var phase = 0.0
            cairo_get_dash(cr, &values, &phase)
            out += " stroke-dasharray=\"\(values.map { SVGWriter.number($0) }.joined(separator: " "))\""
            if phase != 0 { out += " stroke-dashoffset=\"\(SVGWriter.number(phase))\"" }
        }
        return out
    }

    /// A `<path>` of `path` under `m`: filled in `fill` (with `rule`) unless nil, then stroked as
    /// `stroke` says (its attributes) unless nil.
    static func pathElement(
        _ path: UnsafeMutablePointer<cairo_path_t>, matrix m: cairo_matrix_t, fill: Color?, evenOdd: Bool = false,
        stroke: String?
    ) -> String? {
        let d = pathData(path)
        guard !d.isEmpty else { return "" }
        var out = "<path d=\"\(d)\"" + transform(m)
        if let fill {
            out += SVGWriter.fill(fill) + (evenOdd ? " fill-rule=\"evenodd\"" : "")
        } else {
            out += " fill=\"none\""
        }
        if let stroke { out += stroke }
        return out + "/>\n"
    }

    /// A `<rect>` of `rect` (user space) filled in `color` under `m`, a translation with y kept
    /// or flipped: its corners are written in page coordinates, as ``SVGWriter`` writes rectangles.
    static func rectElement(_ rect: CGRect, matrix m: cairo_matrix_t, color: Color) -> String {
        let y = m.yy < 0 ? m.y0 - Double(rect.maxY) : m.y0 + Double(rect.minY)
        return "<rect x=\"\(SVGWriter.number(m.x0 + Double(rect.minX)))\" y=\"\(SVGWriter.number(y))\" "
            + "width=\"\(SVGWriter.number(rect.width))\" height=\"\(SVGWriter.number(rect.height))\""
            + SVGWriter.fill(color) + "/>\n"
    }

    /// An `<image>` of `bitmap`, its pixel (0, 0)–(w, h) placed by `m`, as a PNG `data:` URI.
    /// Unsmoothed, it asks for `optimizeSpeed` (nearest pixels, cairo's FAST). Smoothed with a
    /// clip (`clipID`, a `<clipPath>` of the image's rect), the image gets a transparent border
    /// pixel, so that a reader's bilinear filter fades its edges into transparency inside the rect,
    /// as cairo's unextended image pattern does (SVG readers pad the edge pixels instead).
    static func imageElement(_ bitmap: Bitmap, matrix m: cairo_matrix_t, smooth: Bool = true, clipID: Int? = nil)
        -> String?
    {
        var image = bitmap
        var m = m
        if !smooth, let (big, factor) = enlarged(bitmap, m) {
            // Readers may smooth anyway (librsvg 2.54 ignores image-rendering): pixels as large
            // as the device's keep their edges within a device pixel of nearest sampling.
            image = big
            cairo_matrix_scale(&m, 1 / Double(factor), 1 / Double(factor))
        }
        var placement = ""
        if smooth, let clipID, let bordered = bordered(bitmap) {
            image = bordered
            placement = " x=\"-1\" y=\"-1\" clip-path=\"url(#galley-clip-\(clipID))\""
        }
        guard let png = try? image.pngBytes() else { return nil }
        return "<image" + placement
            + " width=\"\(image.width)\" height=\"\(image.height)\" preserveAspectRatio=\"none\""
            + transform(m) + (smooth ? "" : " image-rendering=\"optimizeSpeed\"")
            + " xlink:href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>\n"
    }

    /// `bitmap` with each pixel repeated `factor` × `factor` times, `factor` the whole number of
    /// page units a pixel spans under `m` (rounded up, at most 4 Mi pixels); nil below 2.
    static func enlarged(_ bitmap: Bitmap, _ m: cairo_matrix_t) -> (Bitmap, Int)? {
        let span = max((m.xx * m.xx + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.yy * m.yy).squareRoot())
        let most = (Double(1 << 22) / Double(bitmap.width * bitmap.height)).squareRoot()
        let factor = Int(min(span.rounded(.up), most.rounded(.down), 64))
        guard factor >= 2 else { return nil }
        let w = bitmap.width * factor, h = bitmap.height * factor
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        bitmap.pixels.withUnsafeBufferPointer { source in
            for y in 0..<h {
                let from = (y / factor) * bitmap.width * 4
                for x in 0..<w {
                    for c in 0..<4 { rgba[(y * w + x) * 4 + c] = source[from + (x / factor) * 4 + c] }
                }
            }
        }
        guard let big = try? Bitmap(width: w, height: h, pixels: rgba, background: .clear) else { return nil }
        return (big, factor)
    }

    /// `bitmap` inside a one-pixel transparent border.
    static func bordered(_ bitmap: Bitmap) -> Bitmap? {
        let w = bitmap.width + 2
        var rgba = [UInt8](repeating: 0, count: w * (bitmap.height + 2) * 4)
        bitmap.pixels.withUnsafeBufferPointer { source in
            for y in 0..<bitmap.height {
                let from = y * bitmap.width * 4, to = ((y + 1) * w + 1) * 4
                for i in 0..<(bitmap.width * 4) { rgba[to + i] = source[from + i] }
            }
        }
        return try? Bitmap(width: w, height: bitmap.height + 2, pixels: rgba, background: .clear)
    }

    /// CSS's name of a blend mode (`mix-blend-mode`); nil for normal, copy and clear (no CSS form).
    static func cssBlend(_ mode: BlendMode) -> String? {
        switch mode {
        case .normal, .copy, .clear: nil
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .softLight: "soft-light"
        case .hardLight: "hard-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        }
    }

    /// `element` in a group with `alpha` as its opacity and the blend mode as its
    /// `mix-blend-mode`, or `element` itself when both are neutral.
    static func composited(_ element: String, alpha: Double, blend: BlendMode) -> String {
        var attributes = ""
        if alpha < 1 { attributes += " opacity=\"\(precise(alpha))\"" }
        if let css = cssBlend(blend) { attributes += " style=\"mix-blend-mode:\(css)\"" }
        return attributes.isEmpty ? element : "<g" + attributes + ">\n" + element + "</g>\n"
    }
}
