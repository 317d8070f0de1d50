// Tests of Renderer: glyph ink placement against the font's own glyph bounds, colours,
// subpixel positioning, scale, placeholders, colour emoji and robustness.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyRender

/// The smallest pixel box holding every pixel that differs from `background`, as
/// (minX, minY, maxX, maxY) inclusive, or nil for a blank bitmap.
func inkBox(_ bitmap: Bitmap, background: Bitmap.Pixel = Bitmap.Pixel(red: 255, green: 255, blue: 255)) -> (
    Int, Int, Int, Int
)? {
    var box: (Int, Int, Int, Int)?
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y) != background {
            if let b = box {
                box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
            } else {
                box = (x, y, x, y)
            }
        }
    }
    return box
}

/// The ink-weighted mean column and row, weighting each pixel by its coverage (black ink on white,
/// default blending: ``TestSupport/coverage(_:)``).
func inkCentroid(_ bitmap: Bitmap) -> (x: Double, y: Double) {
    var sx = 0.0, sy = 0.0, total = 0.0
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width {
            let w = TestSupport.coverage(bitmap.pixel(x: x, y: y)!.green)
            sx += w * (Double(x) + 0.5)
            sy += w * (Double(y) + 0.5)
            total += w
        }
    }
    return (sx / total, sy / total)
}

@Suite("Renderer")
struct RendererTests {
    static let dejaVu = TestFonts.path("DejaVuSans.ttf")

    static func frame(_ string: String, font: Font, color: Color? = nil, in rect: CGRect) throws -> Frame {
        var attributes: Attributes = [.font(font)]
        if let color { attributes.foregroundColor = color }
        return try Framesetter(AttributedText(string, attributes: attributes)).frame(in: rect)
    }

    /// The pixel box (minX, minY, maxX + 1, maxY + 1 as fractional pixel edges) that the font's own
    /// glyph bounds give for the first glyph of `frame`, mapped as the renderer documents:
    /// pixelX = x · scale, pixelY = height − y · scale.
    static func expectedBox(_ frame: Frame, bitmapHeight: Int, scale: Double = 1) throws -> (
        Double, Double, Double, Double
    ) {
        let line = try #require(frame.lines.first)
        let run = try #require(line.glyphRuns.first)
        let bounds = run.font.boundingRect(for: run.glyphs[0])
        let originX = Double(frame.rect.minX + frame.lineOrigins[0].x + run.positions[0].x)
        let originY = Double(frame.rect.minY + frame.lineOrigins[0].y + run.positions[0].y)
        let h = Double(bitmapHeight)
        return (
            (originX + Double(bounds.minX)) * scale, h - (originY + Double(bounds.maxY)) * scale,
            (originX + Double(bounds.maxX)) * scale, h - (originY + Double(bounds.minY)) * scale
        )
    }

    @Test("a glyph's ink lies within its FreeType/HarfBuzz bounding box", arguments: ["H", "g", "Q", "j"])
    func inkMatchesGlyphBounds(_ character: String) throws {
        let font = try Font(path: Self.dejaVu, size: 40)
        let frame = try Self.frame(character, font: font, in: CGRect(x: 20, y: 15, width: 120, height: 70))
        var bitmap = try Bitmap(width: 160, height: 100)
        Renderer().draw(frame, into: &bitmap)
        let ink = try #require(inkBox(bitmap))
        let e = try Self.expectedBox(frame, bitmapHeight: 100)
        // Anti-aliased ink touches exactly the pixels the outline's bounding box overlaps; allow
        // one pixel for faint coverage rounding to white and for the 1/4-pixel pen quantisation.
        #expect(abs(Double(ink.0) - e.0.rounded(.down)) <= 1, "left \(ink.0) vs \(e.0)")
        #expect(abs(Double(ink.1) - e.1.rounded(.down)) <= 1, "top \(ink.1) vs \(e.1)")
        #expect(abs(Double(ink.2 + 1) - e.2.rounded(.up)) <= 1, "right \(ink.2) vs \(e.2)")
        #expect(abs(Double(ink.3 + 1) - e.3.rounded(.up)) <= 1, "bottom \(ink.3) vs \(e.3)")
    }

    @Test("ink is drawn in the run's colour")
    func inkColour() throws {
        let font = try Font(path: Self.dejaVu, size: 48)
        let frame = try Self.frame(
            "H", font: font, color: Color(red: 1, green: 0, blue: 0), in: CGRect(x: 10, y: 10, width: 100, height: 70))
        var bitmap = try Bitmap(width: 120, height: 90)
        Renderer().draw(frame, into: &bitmap)
        var inkPixels = 0, solid = 0
        for y in 0..<90 {
            for x in 0..<120 {
                let p = bitmap.pixel(x: x, y: y)!
                guard p != Bitmap.Pixel(red: 255, green: 255, blue: 255) else { continue }
                inkPixels += 1
                // Red at coverage a over white: (255, 255·(1 − a), 255·(1 − a)).
                #expect(p.red == 255 && p.green == p.blue && p.alpha == 255, "pixel \(x),\(y) is \(p)")
                if p == Bitmap.Pixel(red: 255, green: 0, blue: 0) { solid += 1 }
            }
        }
        // The stems of a 48-pt "H" are several pixels wide, so some pixels are fully covered.
        #expect(solid > 20)
        #expect(inkPixels > solid)
    }

    @Test(
        "the default colour is black, and translucent colours are blended",
        arguments: Renderer.TextBlending.allCases)
    func defaultAndTranslucent(_ blending: Renderer.TextBlending) throws {
        let font = try Font(path: Self.dejaVu, size: 48)
        let rect = CGRect(x: 10, y: 10, width: 100, height: 70)
        let renderer = Renderer(textBlending: blending)
        var black = try Bitmap(width: 120, height: 90)
        renderer.draw(try Self.frame("H", font: font, in: rect), into: &black)
        #expect(black.count(where: { $0 == Bitmap.Pixel(red: 0, green: 0, blue: 0) }) > 20)
        var half = try Bitmap(width: 120, height: 90)
        renderer.draw(
            try Self.frame("H", font: font, color: Color(red: 0, green: 0, blue: 1, alpha: 0.5), in: rect), into: &half)
        // Fully covered pixels: blue at alpha 0.5 over white. Blended in sRGB (platform, as cairo):
        // 0.5 · 0 + 0.5 · 255 = 127.5 → 128 for red and green; in linear light: (0.5, 0.5, 1) →
        // sRGB (188, 188, 255) (IEC 61966-2-1). No pixel gets darker than that.
        let v = blending == .platform ? UInt8((255 * 0.5).rounded()) : TestSupport.srgbByte(linear: 0.5)
        #expect(half.count(where: { $0 == Bitmap.Pixel(red: v, green: v, blue: 255) }) > 20)
        #expect(half.count(where: { $0.red < v }) == 0)
    }

    @Test("on a transparent bitmap, ink keeps the run colour and coverage goes to alpha")
    func straightAlphaInk() throws {
        let font = try Font(path: Self.dejaVu, size: 30)
        let frame = try Self.frame(
            "Ag", font: font, color: Color(red: 0, green: 0.4, blue: 1), in: CGRect(x: 5, y: 5, width: 90, height: 50))
        var bitmap = try Bitmap(width: 100, height: 60, background: .clear)
        Renderer().draw(frame, into: &bitmap)
        let ink = bitmap.pixels.count / 4 - bitmap.count(where: { $0.alpha == 0 })
        #expect(ink > 50)
        // Straight alpha over a transparent pixel leaves the source colour (0, 102, 255).
        #expect(bitmap.count(where: { $0.alpha > 0 && ($0.red, $0.green, $0.blue) != (0, 102, 255) }) == 0)
    }

    @Test("glyphs sit at fractional x positions; baselines snap to whole pixels", arguments: [0.25, 0.5, 0.75])
    func subpixelPositioning(shift: Double) throws {
        let font = try Font(path: Self.dejaVu, size: 30)
        var base = try Bitmap(width: 80, height: 60)
        var moved = try Bitmap(width: 80, height: 60)
        Renderer().draw(try Self.frame("o", font: font, in: CGRect(x: 20, y: 10, width: 50, height: 45)), into: &base)
        Renderer().draw(
            try Self.frame("o", font: font, in: CGRect(x: 20 + shift, y: 10 - shift, width: 50, height: 45)),
            into: &moved)
        let a = inkCentroid(base), b = inkCentroid(moved)
        // Area coverage is translation-invariant: the ink's centroid moves right by the shift, to
        // within rounding of 8-bit coverage. Vertically the baseline snaps to the pixel row it lies
        // in (floored, as poppler's Splash places glyphs), so the centroid moves down by
        // floor(y0 + shift) − floor(y0), y0 being the unshifted baseline's pixel row (y grows
        // upward in frame coordinates).
        #expect(abs((b.x - a.x) - shift) < 0.05, "dx \(b.x - a.x)")
        let frame = try Self.frame("o", font: font, in: CGRect(x: 20, y: 10, width: 50, height: 45))
        let y0 = 60 - Double(10 + frame.lineOrigins[0].y)
        let expectedDY = (y0 + shift + Renderer.snapEpsilon).rounded(.down) - (y0 + Renderer.snapEpsilon).rounded(.down)
        #expect(abs((b.y - a.y) - expectedDY) < 0.05, "dy \(b.y - a.y) vs \(expectedDY)")
    }

    @Test("without subpixel positioning, glyph x positions snap to the whole pixel they lie in")
    func wholePixelPositions() throws {
        let font = try Font(path: Self.dejaVu, size: 30)
        func draw(_ dx: CGFloat) throws -> Bitmap {
            var b = try Bitmap(width: 80, height: 60)
            Renderer(subpixelPositioning: false).draw(
                try Self.frame("o", font: font, in: CGRect(x: 20 + dx, y: 10, width: 50, height: 45)), into: &b)
            return b
        }
        // The glyph origin x = 20 + dx + (line origin and glyph position 0): flooring maps dx = 0.25
        // and dx = 0.75 onto dx = 0, and the default renderer keeps them apart.
        #expect(try draw(0.25).pixels == draw(0).pixels)
        #expect(try draw(0.75).pixels == draw(0).pixels)
        #expect(try draw(1).pixels != draw(0).pixels)
        var subpixel = try Bitmap(width: 80, height: 60)
        Renderer().draw(
            try Self.frame("o", font: font, in: CGRect(x: 20.25, y: 10, width: 50, height: 45)), into: &subpixel)
        #expect(subpixel.pixels != (try draw(0.25)).pixels)
    }

    @Test("scale multiplies every coordinate")
    func scaled() throws {
        let font = try Font(path: Self.dejaVu, size: 30)
        let frame = try Self.frame("H", font: font, in: CGRect(x: 10, y: 10, width: 60, height: 45))
        var bitmap = try Bitmap(width: 160, height: 120)
        Renderer(scale: 2).draw(frame, into: &bitmap)
        let ink = try #require(inkBox(bitmap))
        let e = try Self.expectedBox(frame, bitmapHeight: 120, scale: 2)
        #expect(abs(Double(ink.0) - e.0.rounded(.down)) <= 1)
        #expect(abs(Double(ink.1) - e.1.rounded(.down)) <= 1)
        #expect(abs(Double(ink.2 + 1) - e.2.rounded(.up)) <= 1)
        #expect(abs(Double(ink.3 + 1) - e.3.rounded(.up)) <= 1)
    }

    @Test("invalid scales fall back to 1")
    func invalidScale() {
        #expect(Renderer(scale: .nan).scale == 1)
        #expect(Renderer(scale: -2).scale == 1)
        #expect(Renderer(scale: 0).scale == 1)
        #expect(Renderer(scale: 3).scale == 3)
    }

    static func placeholderFrame(width: CGFloat, ascent: CGFloat, descent: CGFloat, value: String = "") throws -> Frame
    {
        let font = try Font(path: Self.dejaVu, size: 20)
        var builder = AttributedTextBuilder("", attributes: [.font(font)])
        builder.appendPlaceholder(
            try RunDelegate(width: width, ascent: ascent, descent: descent, value: value),
            attributes: [.font(font)])
        return try Framesetter(builder.build()).frame(in: CGRect(x: 10, y: 10, width: 100, height: 60))
    }

    @Test("a placeholder without an image is a grey outline with a diagonal at its rect")
    func placeholderBox() throws {
        let frame = try Self.placeholderFrame(width: 30, ascent: 20, descent: 6)
        let placeholder = try #require(frame.placeholders.first)
        var bitmap = try Bitmap(width: 120, height: 80)
        Renderer().draw(frame, into: &bitmap)
        // Pixel edges of the rect, by the documented mapping (y flipped about the bitmap height).
        let left = Int(placeholder.rect.minX.rounded()), right = Int(placeholder.rect.maxX.rounded()) - 1
        let top = Int((80 - placeholder.rect.maxY).rounded()), bottom = Int((80 - placeholder.rect.minY).rounded()) - 1
        let grey = Bitmap.Pixel(Renderer.placeholderColor)
        #expect(right - left + 1 == 30)
        #expect(bottom - top + 1 == 26)
        for (x, y) in [
            (left, top), (right, top), (left, bottom), (right, bottom), ((left + right) / 2, top),
            (left, (top + bottom) / 2),
        ] {
            #expect(bitmap.pixel(x: x, y: y) == grey, "(\(x), \(y))")
        }
        // The diagonal passes through the centre; the middle of the upper-right half is empty.
        #expect(bitmap.pixel(x: (left + right) / 2, y: (top + bottom) / 2) == grey)
        #expect(bitmap.pixel(x: right - 4, y: top + 6) == Bitmap.Pixel(red: 255, green: 255, blue: 255))
        let ink = try #require(inkBox(bitmap))
        #expect(ink == (left, top, right, bottom))
    }

    @Test("the image provider's bitmap fills the placeholder's rect")
    func placeholderImage() throws {
        let frame = try Self.placeholderFrame(width: 24, ascent: 16, descent: 0, value: "blue.ppm")
        let placeholder = try #require(frame.placeholders.first)
        let blue = try Bitmap(width: 2, height: 2, background: Color(red: 0, green: 0, blue: 1))
        var bitmap = try Bitmap(width: 120, height: 80)
        var asked: [String] = []
        Renderer().draw(frame, into: &bitmap) { p in
            asked.append(p.delegate.value)
            return blue
        }
        #expect(asked == ["blue.ppm"])
        let x0 = Double(placeholder.rect.minX), x1 = Double(placeholder.rect.maxX)
        let y0 = 80 - Double(placeholder.rect.maxY), y1 = 80 - Double(placeholder.rect.minY)
        // Pixels wholly inside the rect are pure blue; pixels wholly outside stay white.
        for y in 0..<80 {
            for x in 0..<120 {
                let p = bitmap.pixel(x: x, y: y)!
                let fx = Double(x), fy = Double(y)
                if fx >= x0, fx + 1 <= x1, fy >= y0, fy + 1 <= y1 {
                    #expect(p == Bitmap.Pixel(red: 0, green: 0, blue: 255), "(\(x), \(y))")
                } else if fx + 1 <= x0 || fx >= x1 || fy + 1 <= y0 || fy >= y1 {
                    #expect(p == Bitmap.Pixel(red: 255, green: 255, blue: 255), "(\(x), \(y))")
                }
            }
        }
    }

    @Test("colour emoji are drawn in colour at the run's size")
    func colourEmoji() throws {
        let emoji = try Font(path: TestFonts.path("NotoColorEmoji.ttf"), size: 32)
        let frame = try Self.frame("😀", font: emoji, in: CGRect(x: 10, y: 10, width: 80, height: 60))
        let run = try #require(frame.lines.first?.glyphRuns.first)
        #expect(run.font.hasColorGlyphs)
        var bitmap = try Bitmap(width: 100, height: 80)
        Renderer().draw(frame, into: &bitmap)
        // Grey ink has r = g = b; a colour glyph has strongly unequal channels (the face is yellow).
        let coloured = bitmap.count(where: {
            Int(max($0.red, $0.green, $0.blue)) - Int(min($0.red, $0.green, $0.blue)) > 80
        })
        #expect(coloured > 100)
        // It lies inside the CBDT bitmap box that HarfBuzz reports, scaled from the 109-ppem strike to
        // 32 pt (±1 pixel of resampling blur), and fills most of it: the smiley's disc spans almost
        // the whole cell, leaving only transparent margins of a few strike pixels.
        let ink = try #require(inkBox(bitmap))
        let e = try Self.expectedBox(frame, bitmapHeight: 80)
        #expect(Double(ink.0) >= e.0.rounded(.down) - 1, "left \(ink.0) vs \(e.0)")
        #expect(Double(ink.1) >= e.1.rounded(.down) - 1, "top \(ink.1) vs \(e.1)")
        #expect(Double(ink.2 + 1) <= e.2.rounded(.up) + 1, "right \(ink.2) vs \(e.2)")
        #expect(Double(ink.3 + 1) <= e.3.rounded(.up) + 1, "bottom \(ink.3) vs \(e.3)")
        #expect(Double(ink.2 - ink.0 + 1) >= 0.8 * (e.2 - e.0))
        #expect(Double(ink.3 - ink.1 + 1) >= 0.8 * (e.3 - e.1))
    }

    @Test("drawing a line at its origin matches drawing the frame")
    func lineDrawing() throws {
        let font = try Font(path: Self.dejaVu, size: 18)
        let frame = try Self.frame("Line of text", font: font, in: CGRect(x: 7, y: 9, width: 200, height: 40))
        var viaFrame = try Bitmap(width: 220, height: 60)
        var viaLine = try Bitmap(width: 220, height: 60)
        Renderer().draw(frame, into: &viaFrame)
        let o = frame.lineOrigins[0]
        Renderer().draw(frame.lines[0], at: CGPoint(x: 7 + o.x, y: 9 + o.y), into: &viaLine)
        #expect(viaFrame.pixels == viaLine.pixels)
        #expect(inkBox(viaFrame) != nil)
    }

    @Test("drawing from several threads at once gives the same pixels")
    func concurrentDrawing() async throws {
        let font = try Font(path: Self.dejaVu, size: 16)
        let frame = try Self.frame(
            "The quick brown fox jumps over the lazy dog 0123456789", font: font,
            in: CGRect(x: 5, y: 5, width: 200, height: 120))
        var reference = try Bitmap(width: 210, height: 130)
        Renderer().draw(frame, into: &reference)
        let expected = reference.pixels
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<6 {
                group.addTask {
                    var b = try Bitmap(width: 210, height: 130)
                    Renderer().draw(frame, into: &b)
                    return b.pixels
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test("frames and placeholders far outside the bitmap draw nothing and do not crash")
    func offCanvas() throws {
        let font = try Font(path: Self.dejaVu, size: 20)
        var bitmap = try Bitmap(width: 50, height: 50)
        let blank = bitmap.pixels
        for rect in [
            CGRect(x: -1e7, y: 5, width: 100, height: 40), CGRect(x: 5, y: 1e9, width: 100, height: 40),
            CGRect(x: 60, y: -100, width: 100, height: 40),
        ] {
            Renderer().draw(try Self.frame("Text", font: font, in: rect), into: &bitmap)
        }
        Renderer().drawPlaceholderBox(in: CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12), into: &bitmap)
        Renderer().drawPlaceholderBox(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), into: &bitmap)
        Renderer().drawImage(
            try Bitmap(width: 1, height: 1), in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10), into: &bitmap)
        // A finite rect far larger than any Int: a white pixel stretched over the white bitmap.
        Renderer().drawImage(
            try Bitmap(width: 1, height: 1), in: CGRect(x: -1e300, y: -1e300, width: 3e300, height: 3e300),
            into: &bitmap)
        #expect(bitmap.pixels == blank)
    }

    @Test("a large image is shrunk before resampling; work over 64 Mi samples draws the placeholder box")
    func oversizedImageWork() throws {
        #expect(Renderer.maximumImageWork == 64 << 20)
        // A red image 1 pixel wide and 16 384 tall stretched across 8000 pixels: resampled whole,
        // the horizontal pass would be 16 384 rows × 8000 columns × 4 samples (2 Gi bytes of
        // floats); shrunk first by whole factors to about twice the rect's 21 rows, it is drawn.
        let tall = try Bitmap(
            width: 1, height: 16_384, pixels: Array([UInt8]([255, 0, 0, 255]).repeated(16_384)))
        let rect = CGRect(x: 0, y: 5, width: 8000, height: 20)
        var drawn = try Bitmap(width: 8000, height: 30)
        Renderer().drawImage(tall, in: rect, into: &drawn)
        #expect(drawn.pixel(x: 4000, y: 15) == Bitmap.Pixel(red: 255, green: 0, blue: 0))
        // A small image stretched over 4200 × 4200 pixels still needs more than 64 Mi samples for
        // the result alone: the placeholder box (white inside, off its diagonal) is drawn instead.
        let small = try Bitmap(width: 2, height: 2, background: .red)
        let big = CGRect(x: 0, y: 0, width: 4200, height: 4200)
        var boxed = try Bitmap(width: 4200, height: 4200)
        Renderer().drawImage(small, in: big, into: &boxed)
        #expect(boxed.pixel(x: 100, y: 3000) == Bitmap.Pixel(red: 255, green: 255, blue: 255))
        #expect(boxed.pixel(x: 2100, y: 2100) != Bitmap.Pixel(red: 255, green: 0, blue: 0))
        // Under the bound the image is drawn: a 1 × 64 red image fills the rect with red.
        let short = try Bitmap(width: 1, height: 64, pixels: Array([UInt8]([255, 0, 0, 255]).repeated(64)))
        var filled = try Bitmap(width: 8000, height: 30)
        Renderer().drawImage(short, in: rect, into: &filled)
        #expect(filled.pixel(x: 4000, y: 15) == Bitmap.Pixel(red: 255, green: 0, blue: 0))
    }

    @Test("glyphs over 4096 pixels per em are skipped, even where they would cover the bitmap")
    func oversizedGlyphSkipped() throws {
        // U+2588 FULL BLOCK fills its advance from below the baseline to above the cap height, so
        // with its origin just left of and above the bitmap's bottom-left corner it covers the
        // whole 50 × 50 bitmap at 100 pt, and at any larger size too.
        func drawBlock(size: CGFloat) throws -> Bitmap {
            let font = try Font(path: Self.dejaVu, size: size)
            let frame = try Self.frame(
                "\u{2588}", font: font, in: CGRect(x: 0, y: 0, width: 20 * size, height: 20 * size))
            let line = try #require(frame.lines.first)
            var bitmap = try Bitmap(width: 50, height: 50)
            Renderer().draw(line, at: CGPoint(x: -10, y: 10), into: &bitmap)
            return bitmap
        }
        let black = Bitmap.Pixel(red: 0, green: 0, blue: 0)
        let drawn = try drawBlock(size: 100)
        #expect(drawn.count(where: { $0 == black }) == 50 * 50)
        // 5000 px per em is over the limit: nothing is drawn.
        let skipped = try drawBlock(size: 5000)
        #expect(skipped.count(where: { $0 != Bitmap.Pixel(red: 255, green: 255, blue: 255) }) == 0)
    }
}

extension Array {
    /// The elements repeated `count` times.
    fileprivate func repeated(_ count: Int) -> [Element] {
        (0..<count).flatMap { _ in self }
    }
}
