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
/// The document is the one page of a ``GraphicsContext`` SVG document (`GraphicsContext(document:
/// .svg)`), drawn by the context's paint-list interpreter: the writer has no paint path of its own.
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
        // One page of the context's own SVG target, drawn by its one paint-list interpreter.
        let context = GraphicsContext(document: .svg)
        context.rasterizer = rasterizer
        do {
            try context.beginPage(size: CGSize(width: width, height: height))
            if let background, background.alpha > 0 {
                context.fillRects([CGRect(x: 0, y: 0, width: width, height: height)], color: background)
            }
            context.draw(list) { placeholder, page in
                page.drawSVGPlaceholder(placeholder, href: imageReference(placeholder))
            }
            return String(decoding: try context.finishDocumentBytes(), as: UTF8.self)
        } catch {
            // Unreachable for a finite positive page; an empty canvas rather than a crash.
            return SVGPage(width: Double(width), height: Double(height), rasterizer: rasterizer).document()
        }
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

    // MARK: - Attributes

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
