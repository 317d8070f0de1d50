// Writing a laid-out frame as an SVG document: glyph outlines as paths, in points, sharp at any scale.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// Writes a ``Frame`` as SVG 1.1 — no bitmap involved. Like printing a `CTFrameDraw` into a PDF
/// `CGContext`: the output is vector and scales without loss.
///
/// The canvas is `width × height` points (the SVG user unit is one point, `viewBox` matches);
/// CoreText's y-up coordinates are flipped once: a point (x, y) is written as (x, height − y).
/// Each visible glyph is one `<path>` built from FreeType's outline decomposition of the unhinted
/// glyph, with the run font's synthetic bold and oblique applied; runs are `<g>` groups filled
/// with the run's `foregroundColor` (black when absent), its alpha as `fill-opacity`. Colour glyphs
/// without outlines (emoji) are embedded as PNG `data:` URIs in `<image>` elements, rasterised at
/// ``emojiPixelsPerPoint`` pixels per point. Placeholders are `<image href>` elements when the
/// caller gives a reference for them, else a grey outlined `<rect>` with a diagonal, as the
/// ``Renderer`` draws them.
///
/// The writer draws the frame's ``PaintList``, the operations and order the ``Renderer`` draws,
/// so character attributes come out as the ``Renderer`` draws them (see `LineDecorations`):
/// background colours and underline / strikethrough bands as `<rect>`s (one per band and dash,
/// in points, not snapped), strokes as the glyph group's `stroke` and `stroke-width` (|width| %
/// of the font size, round joins; `fill="none"` for a positive width), obliqueness as a shear of
/// the outline's points, and shadows as a copy of the run's paths in the shadow colour, moved by
/// the offset (y up) and blurred by an `feGaussianBlur` whose standard deviation is half the
/// blur radius, under the text.
public struct SVGWriter: Sendable {
    /// Canvas width in points.
    public let width: CGFloat
    /// Canvas height in points; y = 0 is the bottom edge in frame coordinates.
    public let height: CGFloat
    /// The canvas colour, drawn as a first full-size `<rect>`; nil or fully transparent for none.
    public let background: Color?
    /// The FreeType rasterizer that reads glyph outlines and colour-glyph bitmaps.
    public let rasterizer: GlyphRasterizer

    /// The resolution of embedded colour-glyph bitmaps.
    public static let emojiPixelsPerPoint = 2.0

    /// A writer for a `width × height`-point canvas. Sizes that are not finite and positive become 1.
    /// Glyphs are read by `rasterizer`; ``GlyphRasterizer/shared`` is only the default (see
    /// ``Renderer/init(scale:hinting:subpixelPositioning:textBlending:antialiasing:rasterizer:)``).
    public init(width: CGFloat, height: CGFloat, background: Color? = .white, rasterizer: GlyphRasterizer = .shared) {
        self.width = width.isFinite && width > 0 ? width : 1
        self.height = height.isFinite && height > 0 ? height : 1
        self.background = background
        self.rasterizer = rasterizer
    }

    /// The SVG document for `frame`. `imageReference` gives the `href` (a path or URL) of each
    /// placeholder's image, or nil to draw the placeholder's outline instead.
    /// `selection` (nil: none) highlights that UTF-16 range with `selectionColor` behind the
    /// text, as ``Renderer/draw(_:into:imageProvider:selection:selectionColor:)`` does: both
    /// draw ``PaintList/init(frame:selection:selectionColor:)``.
    public func document(
        for frame: Frame, selection: Range<Int>? = nil, selectionColor: Color = Renderer.selectionColor,
        imageReference: (Placeholder) -> String? = { _ in nil }
    ) -> String {
        document(
            for: PaintList(frame: frame, selection: selection, selectionColor: selectionColor),
            imageReference: imageReference)
    }

    /// The SVG document that paints the operations of `list` in order, over the canvas colour:
    /// fills and decoration rectangles as `<rect>`s, shadows and glyph runs as groups of glyph
    /// paths, placeholders as `<image>`s (`imageReference` gives the `href`; nil draws the
    /// outline instead). Like printing the CoreGraphics calls of `CTFrameDraw` into a PDF
    /// `CGContext`.
    public func document(for list: PaintList, imageReference: (Placeholder) -> String? = { _ in nil }) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
            width="\(Self.number(width))pt" height="\(Self.number(height))pt" \
            viewBox="0 0 \(Self.number(width)) \(Self.number(height))">

            """
        if let background, background.alpha > 0 {
            out +=
                "<rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\"\(Self.fill(background))/>\n"
        }
        var outlines = OutlineCache(rasterizer: rasterizer)
        var shadowCount = 0
        for operation in list.operations {
            switch operation {
            case .fill(let fill):
                appendRect(fill.rect, color: fill.color, to: &out)
            case .shadow(let shadow):
                appendShadow(shadow, outlines: &outlines, count: &shadowCount, to: &out)
            case .glyphs(let glyphs):
                appendRun(glyphs, outlines: &outlines, to: &out)
            case .decoration(let decoration):
                for rect in decoration.rects {
                    appendRect(rect, color: decoration.color, to: &out)
                }
            case .placeholder(let placeholder):
                appendPlaceholder(placeholder, href: imageReference(placeholder), to: &out)
            }
        }
        out += "</svg>\n"
        return out
    }

    /// Writes ``document(for:selection:selectionColor:imageReference:)`` to `path` atomically (a temporary sibling file,
    /// then a rename), so no partial file is ever left behind.
    ///
    /// - Throws: ``RenderError/fileAccess(path:reason:)`` when the file cannot be written.
    public func write(
        _ frame: Frame, to path: String,
        imageReference: (Placeholder) -> String? = { _ in nil }
    ) throws(RenderError) {
        try Bitmap.writeAtomically(Array(document(for: frame, imageReference: imageReference).utf8), to: path)
    }

    // MARK: - Internals

    /// Outlines already decomposed while writing one document, so each glyph is loaded once.
    struct OutlineCache {
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

    /// A `<rect>` for `rect` (y-up points).
    func appendRect(_ rect: CGRect, color: Color, to out: inout String) {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0 else {
            return
        }
        out +=
            "<rect x=\"\(Self.number(r.minX))\" y=\"\(Self.number(Double(height) - Double(r.maxY)))\" "
            + "width=\"\(Self.number(r.width))\" height=\"\(Self.number(r.height))\"" + Self.fill(color) + "/>\n"
    }

    /// A group of the shadow's glyphs in its colour, moved by its offset (y up) and, for a blur
    /// radius above 0, blurred by a filter numbered from `count`.
    func appendShadow(_ shadow: ShadowPaint, outlines: inout OutlineCache, count: inout Int, to out: inout String) {
        let body = runBody(shadow.glyphs, outlines: &outlines, alpha: shadow.color.alpha)
        guard !body.isEmpty else { return }
        var filter = ""
        if shadow.blurRadius > 0 {
            count += 1
            let id = "galley-shadow-\(count)"
            out +=
                "<defs><filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
                + "<feGaussianBlur stdDeviation=\"\(Self.number(Double(shadow.blurRadius) / 2))\"/></filter></defs>\n"
            filter = " filter=\"url(#\(id))\""
        }
        out +=
            "<g class=\"shadow\"" + Self.fill(shadow.color) + filter
            + " transform=\"translate(\(Self.number(shadow.offset.width)) \(Self.number(-shadow.offset.height)))\">\n"
            + body + "</g>\n"
    }

    /// A group of the run's glyphs with its fill (or `fill="none"`) and stroke.
    func appendRun(_ glyphs: GlyphPaint, outlines: inout OutlineCache, to out: inout String) {
        let color = glyphs.color
        let stroke = glyphs.stroke
        guard color.alpha > 0 || (stroke?.color.alpha ?? 0) > 0 else { return }
        let body = runBody(glyphs, outlines: &outlines, alpha: color.alpha)
        guard !body.isEmpty else { return }
        var paint = glyphs.fills ? Self.fill(color) : " fill=\"none\""
        if let stroke {
            paint +=
                Self.paint("stroke", stroke.color)
                + " stroke-width=\"\(Self.number(stroke.width))\" stroke-linejoin=\"round\""
        }
        let group = "<g" + paint + ">\n" + body + "</g>\n"
        if let link = glyphs.link {
            // A linked run is wrapped in an <a> (SVG 1.1 §17.1), xlink:href for SVG 1.1 readers.
            let href = Self.escape(link.absoluteString)
            out += "<a xlink:href=\"\(href)\" href=\"\(href)\">\n" + group + "</a>\n"
        } else {
            out += group
        }
    }

    /// The paths (and colour-glyph images) of a run's glyphs, skewed as the run says.
    func runBody(_ glyphs: GlyphPaint, outlines: inout OutlineCache, alpha: Double) -> String {
        let count = min(glyphs.glyphs.count, glyphs.positions.count)
        guard count > 0 else { return "" }
        let size = Double(glyphs.font.size)
        let traits = glyphs.font.syntheticTraits
        var body = ""
        for i in 0..<count {
            let ox = Double(glyphs.positions[i].x), oy = Double(glyphs.positions[i].y)
            guard ox.isFinite, oy.isFinite else { continue }
            if let outline = outlines.outline(glyphs.font, glyphs.glyphs[i], traits) {
                guard !outline.isEmpty else { continue }
                body +=
                    "<path d=\""
                    + pathData(
                        outline, originX: ox, originY: oy, size: size, shear: glyphs.skew, xScale: glyphs.xScale,
                        rotated: glyphs.orientation == .sideways)
                    + "\"/>\n"
            } else if let image = colorGlyphImage(
                glyphs.font, glyph: glyphs.glyphs[i], originX: ox, originY: oy, alpha: alpha)
            {
                body += image
            }
        }
        return body
    }

    /// The `d` attribute of an outline placed with its origin at (`originX`, `originY`) (y-up
    /// points), stretched and sheared about the glyph origin: x′ = `xScale` · x + `shear` · y;
    /// then, when `rotated`, turned 90° clockwise about it: (x′, y) → (y, −x′).
    func pathData(
        _ outline: GlyphOutline, originX: Double, originY: Double, size: Double, shear: Double = 0, xScale: Double = 1,
        rotated: Bool = false
    ) -> String {
        let k = size / Double(max(outline.unitsPerEm, 1))
        let h = Double(height)
        func p(_ x: Double, _ y: Double) -> String {
            let along = (xScale * x + shear * y) * k, up = y * k
            let (dx, dy) = rotated ? (up, -along) : (along, up)
            return Self.number(originX + dx) + " " + Self.number(h - (originY + dy))
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
    func colorGlyphImage(_ font: Font, glyph: GlyphID, originX: Double, originY: Double, alpha: Double) -> String? {
        let ppp = Self.emojiPixelsPerPoint
        guard
            let image = rasterizer.images(
                for: font.face, coordinates: GlyphRasterizer.designCoordinates(of: font),
                pixelSize: Double(font.size) * ppp,
                requests: [.init(glyph: glyph, phaseX: 0, phaseY: 0)]
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
        let x = originX + Double(image.left) / ppp
        let y = Double(height) - originY - Double(image.top) / ppp
        let opacity = alpha < 1 ? " opacity=\"\(Self.number(alpha))\"" : ""
        return
            "<image x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(Double(image.width) / ppp))\" "
            + "height=\"\(Self.number(Double(image.height) / ppp))\" preserveAspectRatio=\"none\"\(opacity) "
            + "xlink:href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>\n"
    }

    func appendPlaceholder(_ placeholder: Placeholder, href: String?, to out: inout String) {
        let r = placeholder.rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let x = Self.number(Double(r.minX)), y = Self.number(Double(height - r.maxY))
        let w = Self.number(Double(r.width)), h = Self.number(Double(r.height))
        if let href {
            out +=
                "<image x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"none\" "
                + "xlink:href=\"\(Self.escape(href))\"/>\n"
        } else {
            let grey = Renderer.placeholderColor
            out +=
                "<g fill=\"none\"" + Self.paint("stroke", grey) + " stroke-width=\"1\">"
                + "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\"/>"
                + "<line x1=\"\(x)\" y1=\"\(y)\" x2=\"\(Self.number(Double(r.maxX)))\" y2=\"\(Self.number(Double(height - r.minY)))\"/></g>\n"
        }
    }

    /// ` fill="#rrggbb"` plus ` fill-opacity="a"` when the colour is translucent.
    static func fill(_ color: Color) -> String { paint("fill", color) }

    static func paint(_ property: String, _ color: Color) -> String {
        let p = Bitmap.Pixel(color)
        let hex = String(p.description.prefix(7))
        let a = Bitmap.unit(color.alpha)
        return " \(property)=\"\(hex)\"" + (a < 1 ? " \(property)-opacity=\"\(number(a))\"" : "")
    }

    /// A coordinate with at most 3 decimals and no trailing zeros ("-0" as "0"; see
    /// `DecimalText`); 0 when not finite or not below 10^15 in magnitude.
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "0" }
        return DecimalText.thousandths(value) ?? "0"
    }

    static func number(_ value: CGFloat) -> String { number(Double(value)) }

    /// `text` escaped for an XML attribute in double quotes.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                // Control characters are not allowed in XML 1.0; drop them.
                if c.value < 0x20 && c != "\t" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
