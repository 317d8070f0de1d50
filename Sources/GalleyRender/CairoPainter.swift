// The text layer of a document page drawn with cairo: glyph runs as text with their cluster map,
// glyph outlines for strokes and unblurred shadows, and images (blurred shadows); a
// GraphicsContext's paint-list interpreter calls it for every glyph run on a page.
import CCairo
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// Draws glyph runs and their shadows into a cairo context whose user space is y down: a y-up
/// point (x, y) is drawn at (x, `pageHeight` − y). ``GraphicsContext`` uses it for text on
/// document pages (``GraphicsContext/drawTextLayer(_:text:)``).
struct CairoPainter {
    let cr: OpaquePointer
    let pageHeight: Double
    /// The UTF-16 text the glyph runs' string indices point into.
    let text: [UInt16]
    let faces: CairoFontFaces
    let rasterizer: GlyphRasterizer
    /// A linear transform (in this painter's y-down user space) applied to every glyph about its
    /// origin after the run's own scale and shear: a ``GraphicsContext``'s text matrix. Nil for none.
    var glyphTransform: cairo_matrix_t? = nil

    /// The attributes of a cairo link tag to `link`: `uri='…'` with `\` and `'` escaped, as
    /// cairo's tag attribute syntax asks.
    static func linkAttributes(_ link: TextLink) -> String {
        let escaped = link.absoluteString.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "'", with: "\\'")
        return "uri='\(escaped)'"
    }

    // MARK: - Rectangles and images

    func setColor(_ color: Color, alpha: Double = 1) {
        cairo_set_source_rgba(
            cr, Bitmap.unit(color.red), Bitmap.unit(color.green), Bitmap.unit(color.blue),
            Bitmap.unit(color.alpha) * alpha)
    }

    /// A y-up rectangle in cairo's user space; nil when not finite or empty.
    func userRect(_ rect: CGRect) -> (x: Double, y: Double, w: Double, h: Double)? {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0
        else { return nil }
        return (Double(r.minX), pageHeight - Double(r.maxY), Double(r.width), Double(r.height))
    }

    /// Draws `image` scaled to fill `rect` (y-up points), smoothly filtered.
    func drawImage(_ image: Bitmap, in rect: CGRect) {
        guard let r = userRect(rect), let surface = Self.imageSurface(image) else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_save(cr)
        cairo_translate(cr, r.x, r.y)
        cairo_scale(cr, r.w / Double(image.width), r.h / Double(image.height))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A cairo ARGB32 image surface (premultiplied, native-endian words) with `bitmap`'s pixels
    /// (straight-alpha RGBA); nil when cairo cannot make one.
    static func imageSurface(_ bitmap: Bitmap) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        storePremultiplied(bitmap, into: data, stride: Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Writes `bitmap`'s straight-alpha RGBA pixels into ARGB32 image data (premultiplied,
    /// native-endian words, rows `stride` bytes apart) of at least the bitmap's size. Opaque pixels
    /// skip the arithmetic, which gives them the same words.
    static func storePremultiplied(_ bitmap: Bitmap, into data: UnsafeMutablePointer<UInt8>, stride: Int) {
        bitmap.pixels.withUnsafeBytes { p in
            for y in 0..<bitmap.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let offset = y * bitmap.width * 4
                var opaque: UInt32 = 0xFF00_0000
                for x in 0..<bitmap.width {
                    opaque &= p.loadUnaligned(fromByteOffset: offset + x * 4, as: UInt32.self).littleEndian
                }
                if opaque >= 0xFF00_0000 {
                    // An opaque row: one byte swap per word, which vectorises.
                    for x in 0..<bitmap.width {
                        let v = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: offset + x * 4, as: UInt32.self))
                        row[x] = v & 0xFF00_FF00 | (v >> 16 & 0xFF) | (v & 0xFF) << 16
                    }
                    continue
                }
                for x in 0..<bitmap.width {
                    // R in the low byte, A in the high one.
                    let v = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: offset + x * 4, as: UInt32.self))
                    let a = v >> 24
                    if a == 255 {
                        row[x] = v & 0xFF00_FF00 | (v >> 16 & 0xFF) | (v & 0xFF) << 16
                        continue
                    }
                    func pre(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                    row[x] = a << 24 | pre(v & 0xFF) << 16 | pre(v >> 8 & 0xFF) << 8 | pre(v >> 16 & 0xFF)
                }
            }
        }
    }

    // MARK: - Glyph runs

    /// Selects the run's font: its cairo-ft face at the font's size, sheared by the font's
    /// synthetic oblique (0.2, as the bitmap renderer's) plus the obliqueness attribute's skew,
    /// unhinted. False when the face cannot be opened.
    func selectFont(_ paint: GlyphPaint) -> Bool {
        selectFont(
            paint.font, size: Double(paint.font.size), shear: Self.shear(paint), xScale: paint.xScale,
            rotated: paint.orientation == .sideways)
    }

    /// Selects `font`'s cairo-ft face at `size` points, stretched horizontally by `xScale` then
    /// sheared by `shear`, then, when `rotated`, turned 90° clockwise (in cairo's y-down user
    /// space: the glyph's x axis down, its up to the right), unhinted.
    func selectFont(_ font: Font, size: Double, shear: Double, xScale: Double = 1, rotated: Bool = false) -> Bool {
        guard let face = faces.fontFace(for: font), size.isFinite, size > 0 else { return false }
        cairo_set_font_face(cr, face)
        var matrix = cairo_matrix_t()
        if rotated {
            cairo_matrix_init(&matrix, 0, xScale * size, -size, -shear * size, 0, 0)
        } else {
            cairo_matrix_init(&matrix, xScale * size, 0, -shear * size, size, 0, 0)
        }
        if var g = glyphTransform {
            var local = matrix
            cairo_matrix_multiply(&matrix, &local, &g)
        }
        cairo_set_font_matrix(cr, &matrix)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
        }
        return cairo_status(cr) == CAIRO_STATUS_SUCCESS
    }

    /// The run's glyphs at their positions in user space, moved by (`dx`, `dy`) y-up points, some
    /// 0.0015 em lower. That offset (a fiftieth of a point at 12 pt, far below any output's
    /// resolution) is what keeps glyphs where the layout put them: cairo 1.16 writes a font's
    /// widths truncated to 1/1000 em and strings the glyphs of one baseline into a `TJ` array,
    /// whose reader advances by those widths, so glyph positions drifted by up to 1/1000 em per
    /// glyph (half a point across a line of 20-point text); a change of baseline above cairo's
    /// tolerance (1/1000 em) makes cairo place the glyph with its own exact `Td`. Left-to-right
    /// runs alternate at every glyph; right-to-left runs at each space only (pdftotext splits
    /// a right-to-left word whose letters are placed one by one), so drift there is bounded by
    /// a word.
    func cairoGlyphs(_ paint: GlyphPaint, dx: Double = 0, dy: Double = 0) -> [cairo_glyph_t] {
        let count = min(paint.glyphs.count, paint.positions.count)
        let offset = 0.0015 * Double(paint.font.size)
        var lowered = false
        return (0..<count).map { i in
            if !paint.isRightToLeft {
                lowered = i % 2 == 1
            } else if i < paint.stringIndices.count, paint.stringIndices[i] >= 0, paint.stringIndices[i] < text.count,
                text[paint.stringIndices[i]] == 0x20
            {
                lowered.toggle()
            }
            // Lowered along the glyphs' own down direction (the text matrix turns it).
            let down = (x: glyphTransform.map { $0.xy } ?? 0, y: glyphTransform.map { $0.yy } ?? 1)
            let x = Double(paint.positions[i].x) + dx + (lowered ? offset * down.x : 0)
            let y = pageHeight - (Double(paint.positions[i].y) + dy) + (lowered ? offset * down.y : 0)
            return cairo_glyph_t(
                index: UInt(paint.glyphs[i]), x: x.isFinite ? x : -1e6, y: y.isFinite ? y : -1e6)
        }
    }

    /// The width of the stroke that emboldens a synthetic-bold font's glyphs: 1/24 em, the
    /// strength of FreeType's `FT_Outline_Embolden` (each edge moves out by half of it), as the
    /// bitmap renderer's; 0 for other fonts.
    static func emboldening(_ font: Font) -> Double {
        font.syntheticTraits.contains(.bold) ? Double(font.size) / 24 : 0
    }

    /// How far FreeType's emboldening moves a glyph, y up: `FT_Outline_Embolden` grows the outline
    /// by half the strength on each side and then moves it by half the strength right and up
    /// (keeping its left and bottom edges), before the slant shears it.
    static func emboldeningShift(_ paint: GlyphPaint) -> (dx: Double, dy: Double) {
        let half = emboldening(paint.font) / 2
        return (half * (1 + shear(paint)), half)
    }

    /// The horizontal shear of a run's glyphs: the font's synthetic oblique (0.2, as the bitmap
    /// renderer's) plus the obliqueness attribute's skew.
    static func shear(_ paint: GlyphPaint) -> Double {
        paint.skew + (paint.font.syntheticTraits.contains(.oblique) ? GlyphSynthesis.obliqueShear : 0)
    }

    /// Draws a run: the glyphs filled in the text colour with `cairo_show_text_glyphs` (the run's
    /// text and cluster map attached, so the PDF's text is searchable and copyable) — for
    /// synthetic bold also their outlines stroked 1/24 em wide (miter joins) and moved as
    /// ``emboldeningShift(_:)`` says, all in one group under the colour's alpha — then the
    /// stroke attribute along the outlines
    /// (`cairo_glyph_path`, round joins). A run drawn as an outline only still carries its text,
    /// shown with an alpha just above what cairo drops as clear (255/65535), so that it can be
    /// found and copied. Colour glyphs (emoji) are drawn by cairo-ft in their own colours, under
    /// the text colour's alpha.
    func drawRun(_ paint: GlyphPaint) {
        let strokeAlpha = paint.stroke?.color.alpha ?? 0
        guard paint.color.alpha > 0 || strokeAlpha > 0, selectFont(paint) else { return }
        let bold = Self.emboldening(paint.font)
        let shift = Self.emboldeningShift(paint)
        var glyphs = cairoGlyphs(paint, dx: shift.dx, dy: shift.dy)
        guard !glyphs.isEmpty else { return }
        let fills = paint.fills && paint.color.alpha > 0
        let alpha = fills ? Bitmap.unit(paint.color.alpha) : 1
        let grouped = alpha < 1 && (paint.font.hasColorGlyphs || bold > 0)
        if grouped { cairo_push_group(cr) }
        if fills {
            setColor(paint.color, alpha: grouped ? 1 / alpha : 1)
        } else {
            // Invisible but kept: cairo drops a source whose alpha is at most 255/65535.
            cairo_set_source_rgba(cr, 0, 0, 0, 1.0 / 200)
        }
        if paint.font.hasColorGlyphs {
            // cairo draws colour glyphs as images and drops their text: the text rides on
            // spaces of an outline font at the same places. A glyph without an image in a font
            // without outlines (FontBitmapGlyphs) draws nothing and is left out.
            if fills {
                let bitmapOnly = paint.font.isBitmapOnly
                var inked = glyphs.filter {
                    !paint.font.hasNoImage(GlyphID(truncatingIfNeeded: $0.index), inBitmapOnlyFont: bitmapOnly)
                }
                if !inked.isEmpty { cairo_show_glyphs(cr, &inked, Int32(inked.count)) }
            }
            showTextOnSpaces(paint, at: glyphs)
            _ = selectFont(paint)
        } else {
            showText(paint, glyphs: &glyphs)
        }
        if fills, bold > 0 {
            cairo_new_path(cr)
            cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
            cairo_set_line_width(cr, bold)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_stroke(cr)
        }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        if let stroke = paint.stroke, stroke.color.alpha > 0, stroke.width > 0, stroke.width.isFinite {
            cairo_new_path(cr)
            cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
            setColor(stroke.color)
            cairo_set_line_width(cr, Double(stroke.width) + bold)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
    }

    /// The outline font whose space glyph carries the text of colour glyphs (DejaVu Sans, bundled).
    static let textCarrier: (font: Font, space: GlyphID)? = {
        guard let font = try? FontCollection.shared.font(family: "DejaVu Sans", size: 12),
            let space = font.glyph(for: " ")
        else { return nil }
        return (font, space)
    }()

    /// The text of a run of colour glyphs, shown with `cairo_show_text_glyphs` as the space glyph
    /// of ``textCarrier`` at each glyph's place: no ink, but the text and its clusters are in the
    /// PDF, so emoji can be found and copied like the rest.
    func showTextOnSpaces(_ paint: GlyphPaint, at glyphs: [cairo_glyph_t]) {
        guard let carrier = Self.textCarrier, selectFont(carrier.font, size: Double(paint.font.size), shear: 0)
        else { return }
        var spaces = glyphs.map { cairo_glyph_t(index: UInt(carrier.space), x: $0.x, y: $0.y) }
        showText(paint, glyphs: &spaces)
    }

    /// `cairo_show_text_glyphs` with the run's text and clusters, or `cairo_show_glyphs` when the
    /// run shows no text.
    func showText(_ paint: GlyphPaint, glyphs: inout [cairo_glyph_t]) {
        guard
            let text = PDFTextClusters(
                stringIndices: paint.stringIndices, glyphCount: glyphs.count, range: paint.stringRange,
                rightToLeft: paint.isRightToLeft, units: self.text)
        else {
            cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
            return
        }
        var clusters = text.clusters.map {
            cairo_text_cluster_t(num_bytes: Int32($0.bytes), num_glyphs: Int32($0.glyphs))
        }
        let flags: cairo_text_cluster_flags_t =
            text.isBackward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0)
        text.utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cairo_show_text_glyphs(
                    cr, chars.baseAddress, Int32(chars.count), &glyphs, Int32(glyphs.count), &clusters,
                    Int32(clusters.count), flags)
            }
        }
    }
}
