// Text drawn into a GraphicsContext as CoreText draws into a CGContext: untransformed it is the
// bitmap Renderer's own pixels (frame, line at the text position, run, glyphs); rotated, scaled and
// skewed it is filled from the transformed outlines, compared with cairo filling FreeType's outlines of
// the same glyphs under the same transform (pycairo's glyph_path, hinting off), PSNR ≥ 35 dB.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("GraphicsContext text")
struct GraphicsContextTextTests {
    static let texts = [
        "Sphinx of black quartz, judge my vow.", "مرحبا بالعالم — and back", "縦書きと横書き、漢字かな", "Emoji 😀 👍🏽 ok",
    ]

    static func white(_ w: Int, _ h: Int, scale: Double) throws -> GraphicsContext {
        let g = try GraphicsContext(width: CGFloat(w), height: CGFloat(h), scale: CGFloat(scale))
        g.setFillColor(.white)
        g.fill(CGRect(x: 0, y: 0, width: w, height: h))
        return g
    }

    @Test("frame.draw(in:) with no transform is pixel-identical to Renderer", arguments: texts, [1.0, 2.0])
    func frameIsRendererPixels(text: String, scale: Double) throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 15)
        let frame = try RendererTests.frame(
            text, font: font, color: Color(red: 0.1, green: 0.2, blue: 0.5),
            in: CGRect(x: 4, y: 3, width: 150, height: 60))
        let g = try Self.white(160, 70, scale: scale)
        frame.draw(in: g)
        var expected = try Bitmap(width: Int(160 * scale), height: Int(70 * scale))
        Renderer(scale: CGFloat(scale)).draw(frame, into: &expected)
        let ours = try g.makeImage()
        #expect(TestSupport.differingBytes(ours.pixels, expected.pixels) == 0)
        #expect(TestSupport.ink(ours) > 0)
    }

    @Test("line.draw(in:) at the text position, run.draw(in:range:) and font.drawGlyphs are Renderer's pixels")
    func lineRunGlyphs() throws {
        let line = try RunDrawingTests.line()
        let origin = RunDrawingTests.origin
        let g = try Self.white(220, 40, scale: 1)
        g.textPosition = origin
        line.draw(in: g)
        var expected = try RunDrawingTests.blank()
        Renderer().draw(line, at: origin, into: &expected)
        #expect(TestSupport.differingBytes(try g.makeImage().pixels, expected.pixels) == 0)

        let runs = try Self.white(220, 40, scale: 1)
        runs.textPosition = origin
        for run in line.glyphRuns { run.draw(in: runs, range: 0..<min(2, run.glyphs.count)) }
        var runExpected = try RunDrawingTests.blank()
        for run in line.glyphRuns {
            Renderer().draw(run, glyphs: 0..<min(2, run.glyphs.count), lineOrigin: origin, into: &runExpected)
        }
        #expect(TestSupport.differingBytes(try runs.makeImage().pixels, runExpected.pixels) == 0)

        let run = line.glyphRuns[0]
        let positions = (0..<run.glyphs.count).map { CGPoint(x: run.positions[$0].x + 3, y: 12.25) }
        let glyphs = try Self.white(220, 40, scale: 1)
        glyphs.setFillColor(.red)
        run.font.drawGlyphs(Array(run.glyphs), at: positions, in: glyphs)
        var glyphsExpected = try RunDrawingTests.blank()
        Renderer().drawGlyphs(Array(run.glyphs), at: positions, font: run.font, color: .red, into: &glyphsExpected)
        #expect(TestSupport.differingBytes(try glyphs.makeImage().pixels, glyphsExpected.pixels) == 0)
    }

    /// The transforms of the issue: a 30° rotation, a scale of (0.5, 2), a skew; and a text matrix.
    static let transforms: [(name: String, ctm: AffineTransform, textMatrix: Bool)] = [
        ("rotated 30°", AffineTransform(rotationByDegrees: 30), false),
        ("scaled (0.5, 2)", AffineTransform(scaleByX: 0.5, byY: 2), false),
        ("skewed", AffineTransform(m11: 1, m12: 0, m21: 0.4, m22: 1, tX: 0, tY: 0), false),
        ("skewed by the text matrix", .identity, true),
    ]

    @Test(
        "Transformed text is filled from the transformed outlines, as cairo fills FreeType's transformed outlines",
        arguments: 0..<4)
    func transformedText(index: Int) throws {
        let (name, ctm, useTextMatrix) = Self.transforms[index]
        let font = try Font(path: TestFonts.dejaVuSans, size: 18)
        let line = try Line(AttributedText("Galley, sharp", attributes: [.font(font)]))
        let run = line.glyphRuns[0]
        let glyphs = Array(run.glyphs)
        let positions = (0..<glyphs.count).map { CGPoint(x: run.positions[$0].x, y: run.positions[$0].y) }
        let g = try Self.white(200, 120, scale: 1)
        g.translateBy(x: 40, y: 30)
        g.concatenate(ctm)
        g.setFillColor(.black)
        if useTextMatrix { g.textMatrix = AffineTransform(m11: 1, m12: 0, m21: 0.4, m22: 1, tX: 0, tY: 0) }
        font.drawGlyphs(glyphs, at: positions, in: g)
        let ours = try g.makeImage()

        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let glyphList = zip(glyphs, positions).map { "(\($0.0), \($0.1.x), \($0.1.y))" }.joined(separator: ", ")
        let m = ctm
        let program = """
            cr.set_source_rgb(1, 1, 1); cr.paint()
            cr.translate(0, H); cr.scale(1, -1); cr.translate(40, 30)
            cr.transform(cairo.Matrix(\(m.m11), \(m.m12), \(m.m21), \(m.m22), \(m.tX), \(m.tY)))
            cr.select_font_face("DejaVu Sans")
            # cairo's glyph space is y-down and user space is y-up here: flip the font matrix back, and
            # lean it as the text matrix's x += 0.4 y (y up) does.
            skew = \(useTextMatrix ? 0.4 : 0)
            cr.set_font_matrix(cairo.Matrix(18, 0, -skew * 18, -18, 0, 0))
            o = cairo.FontOptions(); o.set_hint_style(cairo.HINT_STYLE_NONE); o.set_hint_metrics(cairo.HINT_METRICS_OFF)
            o.set_antialias(cairo.ANTIALIAS_GRAY); cr.set_font_options(o)
            cr.set_source_rgb(0, 0, 0)
            # FreeType's outlines at the exact positions (cairo 1.16's show_glyphs would round each
            # glyph to a whole device pixel), filled.
            cr.glyph_path([cairo.Glyph(i, x, y) for (i, x, y) in [\(glyphList)]]); cr.fill()
            """
        let out = dir.appendingPathComponent("text.png")
        try CairoReference.draw(program, width: 200, height: 120, kind: "png", to: out)
        let theirs = try ImageLoader.load(path: out.path)
        let psnr = try PDFTestSupport.psnr(ours, theirs)
        #expect(psnr >= 35, "\(name): PSNR \(psnr) dB")
        let ratio = TestSupport.ink(ours) / TestSupport.ink(theirs)
        #expect(abs(ratio - 1) < 0.05, "\(name): ink ratio \(ratio)")
    }
}

@Suite("GraphicsContext text drawing modes")
struct GraphicsContextTextModeTests {
    /// "Gg" at 60 pt drawn in `mode` over white, then (for the clip modes) a blue fill of the right
    /// half of the page.
    static func draw(_ mode: TextDrawingMode) throws -> Bitmap {
        let font = try Font(path: TestFonts.dejaVuSans, size: 60)
        let run = try Line(AttributedText("Gg", attributes: [.font(font)])).glyphRuns[0]
        let g = try GraphicsContextTextTests.white(120, 80, scale: 1)
        g.setFillColor(.black)
        g.setStrokeColor(.red)
        g.setLineWidth(2)
        g.textDrawingMode = mode
        font.drawGlyphs(
            Array(run.glyphs), at: (0..<run.glyphs.count).map { CGPoint(x: 10 + run.positions[$0].x, y: 20) }, in: g)
        g.textDrawingMode = .fill
        g.setFillColor(.blue)
        // The right half only, so that a filled "G" on the left stays black.
        if mode.rawClips { g.fill(CGRect(x: 52, y: 0, width: 68, height: 80)) }
        return try g.makeImage()
    }

    /// Counts pixels by kind: (near black, near red, near blue, white).
    static func census(_ b: Bitmap) -> (black: Int, red: Int, blue: Int, white: Int) {
        var c = (black: 0, red: 0, blue: 0, white: 0)
        for i in stride(from: 0, to: b.pixels.count, by: 4) {
            let (r, g, bl) = (b.pixels[i], b.pixels[i + 1], b.pixels[i + 2])
            if r < 40 && g < 40 && bl < 40 { c.black += 1 }
            if r > 200 && g < 60 && bl < 60 { c.red += 1 }
            if bl > 200 && r < 60 && g < 60 { c.blue += 1 }
            if r == 255 && g == 255 && bl == 255 { c.white += 1 }
        }
        return c
    }

    @Test(
        "fill, stroke, fillStroke, invisible and clip draw what CGTextDrawingMode says",
        arguments: TextDrawingMode.allCases)
    func modes(mode: TextDrawingMode) throws {
        let c = Self.census(try Self.draw(mode))
        let filled = [TextDrawingMode.fill, .fillStroke, .fillClip, .fillStrokeClip].contains(mode)
        let stroked = [TextDrawingMode.stroke, .fillStroke, .strokeClip, .fillStrokeClip].contains(mode)
        #expect((c.black > 300) == filled, "\(c)")
        #expect((c.red > 100) == stroked, "\(c)")
        if mode.rawClips {
            // The page fill after a clip mode lands only inside the glyphs: blue, never outside.
            #expect(c.blue > 100 && c.white > 120 * 80 / 2, "\(c)")
        } else {
            #expect(c.blue == 0)
        }
        if mode == .invisible { #expect(c.white == 120 * 80) }
    }
}

extension TextDrawingMode {
    /// Whether the mode adds to the clip (the test's own reading of CGTextDrawingMode's names).
    var rawClips: Bool { [.fillClip, .strokeClip, .fillStrokeClip, .clip].contains(self) }
}
