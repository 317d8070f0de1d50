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
public struct SVGWriter: Sendable {
    /// Canvas width in points.
    public let width: CGFloat
    /// Canvas height in points; y = 0 is the bottom edge in frame coordinates.
    public let height: CGFloat
    /// The canvas colour, drawn as a first full-size `<rect>`; nil or fully transparent for none.
    public let background: Color?

    /// The resolution of embedded colour-glyph bitmaps.
    public static let emojiPixelsPerPoint = 2.0

    /// A writer for a `width × height`-point canvas. Sizes that are not finite and positive become 1.
    public init(width: CGFloat, height: CGFloat, background: Color? = .white) {
        self.width = width.isFinite && width > 0 ? width : 1
        self.height = height.isFinite && height > 0 ? height : 1
        self.background = background
    }

    /// The SVG document for `frame`. `imageReference` gives the `href` (a path or URL) of each
    /// placeholder's image, or nil to draw the placeholder's outline instead.
    public func document(for frame: Frame, imageReference: (Placeholder) -> String? = { _ in nil }) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
        width="\(Self.number(width))pt" height="\(Self.number(height))pt" \
        viewBox="0 0 \(Self.number(width)) \(Self.number(height))">

        """
        if let background, background.alpha > 0 {
            out += "<rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\"\(Self.fill(background))/>\n"
        }
        for (index, line) in frame.lines.enumerated() where index < frame.lineOrigins.count {
            let o = frame.lineOrigins[index]
            let origin = (x: Double(frame.rect.minX + o.x), y: Double(frame.rect.minY + o.y))
            for run in line.glyphRuns where run.runDelegate == nil {
                appendRun(run, lineOrigin: origin, to: &out)
            }
        }
        for placeholder in frame.placeholders {
            appendPlaceholder(placeholder, href: imageReference(placeholder), to: &out)
        }
        out += "</svg>\n"
        return out
    }

    /// Writes ``document(for:imageReference:)`` to `path` atomically (a temporary sibling file,
    /// then a rename), so no partial file is ever left behind.
    ///
    /// - Throws: ``RenderError/fileAccess(path:reason:)`` when the file cannot be written.
    public func write(_ frame: Frame, to path: String,
                      imageReference: (Placeholder) -> String? = { _ in nil }) throws(RenderError) {
        try Bitmap.writeAtomically(Array(document(for: frame, imageReference: imageReference).utf8), to: path)
    }

    // MARK: - Internals

    func appendRun(_ run: GlyphRun, lineOrigin: (x: Double, y: Double), to out: inout String) {
        let count = min(run.glyphs.count, run.positions.count)
        guard count > 0 else { return }
        let color = run.attributes.foregroundColor ?? .black
        guard color.alpha > 0 else { return }
        let size = Double(run.font.size)
        let traits = run.font.syntheticTraits
        var body = ""
        for i in 0..<count {
            let ox = lineOrigin.x + Double(run.positions[i].x), oy = lineOrigin.y + Double(run.positions[i].y)
            guard ox.isFinite, oy.isFinite else { continue }
            if let outline = GlyphRasterizer.shared.outline(for: run.font.face, glyph: run.glyphs[i], traits: traits) {
                guard !outline.isEmpty else { continue }
                body += "<path d=\"" + pathData(outline, originX: ox, originY: oy, size: size) + "\"/>\n"
            } else if let image = colorGlyphImage(run, glyph: run.glyphs[i], originX: ox, originY: oy, alpha: color.alpha) {
                body += image
            }
        }
        guard !body.isEmpty else { return }
        out += "<g" + Self.fill(color) + ">\n" + body + "</g>\n"
    }

    /// The `d` attribute of an outline placed with its origin at (`originX`, `originY`) (y-up points).
    func pathData(_ outline: GlyphOutline, originX: Double, originY: Double, size: Double) -> String {
        let k = size / Double(max(outline.unitsPerEm, 1))
        let h = Double(height)
        func p(_ x: Double, _ y: Double) -> String {
            Self.number(originX + x * k) + " " + Self.number(h - (originY + y * k))
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
    func colorGlyphImage(_ run: GlyphRun, glyph: GlyphID, originX: Double, originY: Double, alpha: Double) -> String? {
        let ppp = Self.emojiPixelsPerPoint
        guard let image = GlyphRasterizer.shared.images(
            for: run.font.face, pixelSize: Double(run.font.size) * ppp,
            requests: [.init(glyph: glyph, phaseX: 0, phaseY: 0)]).first ?? nil,
              image.width > 0, image.height > 0 else { return nil }
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
              let png = try? bitmap.pngData() else { return nil }
        let x = originX + Double(image.left) / ppp
        let y = Double(height) - originY - Double(image.top) / ppp
        let opacity = alpha < 1 ? " opacity=\"\(Self.number(alpha))\"" : ""
        return "<image x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(Double(image.width) / ppp))\" "
            + "height=\"\(Self.number(Double(image.height) / ppp))\" preserveAspectRatio=\"none\"\(opacity) "
            + "xlink:href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>\n"
    }

    func appendPlaceholder(_ placeholder: Placeholder, href: String?, to out: inout String) {
        let r = placeholder.rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let x = Self.number(Double(r.minX)), y = Self.number(Double(height - r.maxY))
        let w = Self.number(Double(r.width)), h = Self.number(Double(r.height))
        if let href {
            out += "<image x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" preserveAspectRatio=\"none\" "
                + "xlink:href=\"\(Self.escape(href))\"/>\n"
        } else {
            let grey = Renderer.placeholderColor
            out += "<g fill=\"none\"" + Self.paint("stroke", grey) + " stroke-width=\"1\">"
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

    /// A coordinate with at most 3 decimals and no trailing zeros ("-0" as "0").
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
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
