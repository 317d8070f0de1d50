// Tests of drawn character attributes: background colours, underlines and strikethroughs (their
// rows from the font's post and OS/2 tables, styles, patterns, colours, trailing whitespace), the
// selection highlight, and their SVG form.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Decorations")
struct DecorationTests {
    static let dejaVu = TestFonts.path("DejaVuSans.ttf")
    static let white = Bitmap.Pixel(red: 255, green: 255, blue: 255)
    static let red = Bitmap.Pixel(red: 255, green: 0, blue: 0)
    static let blue = Bitmap.Pixel(red: 0, green: 0, blue: 255)

    /// A 1× bitmap whose frame rect starts at the origin and leaves 10 empty pixels at the top,
    /// so pixel row = height − y (y relative to the frame rect, y up).
    static func render(
        _ text: AttributedText, width: Int = 400, height: Int = 80,
        selection: Range<Int>? = nil
    ) throws -> (Bitmap, Frame) {
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: width, height: height - 10))
        var bitmap = try Bitmap(width: width, height: height)
        if let selection {
            Renderer().draw(
                frame, into: &bitmap, selection: selection, selectionColor: Color(red: 0, green: 0, blue: 1))
        } else {
            Renderer().draw(frame, into: &bitmap)
        }
        return (bitmap, frame)
    }

    /// The pixel rows a y-up band [top − thickness, top] covers at scale 1 in a bitmap `height`
    /// tall, each edge rounded to the nearest pixel boundary as the renderer documents.
    static func rows(top: Double, thickness: Double, height: Int) -> Range<Int> {
        let a = Int((Double(height) - top).rounded()), b = Int((Double(height) - (top - thickness)).rounded())
        return a..<max(b, a + 1)
    }

    /// Whether every pixel of `columns` × `rows` equals `pixel`.
    static func all(_ bitmap: Bitmap, _ columns: Range<Int>, _ rows: Range<Int>, are pixel: Bitmap.Pixel) -> Bool {
        bitmap.count(where: { $0 != pixel }, inColumns: columns, rows: rows) == 0
    }

    @Test("Font's decoration metrics are the post and OS/2 values scaled to the size")
    func fontMetricsMatchTables() throws {
        let tables = try SFNTTables(path: Self.dejaVu)
        let font = try Font(path: Self.dejaVu, size: 40)
        let k = 40.0 / Double(tables.unitsPerEm)
        #expect(abs(Double(font.underlinePosition) - Double(tables.underlinePosition) * k) < 1e-9)
        #expect(abs(Double(font.underlineThickness) - Double(tables.underlineThickness) * k) < 1e-9)
        #expect(abs(Double(font.strikethroughPosition) - Double(tables.strikeoutPosition) * k) < 1e-9)
        #expect(abs(Double(font.strikethroughThickness) - Double(tables.strikeoutSize) * k) < 1e-9)
    }

    @Test("a single underline fills the post-table band in its colour, under the run only, not under trailing spaces")
    func singleUnderline() throws {
        let tables = try SFNTTables(path: Self.dejaVu)
        let font = try Font(path: Self.dejaVu, size: 40)
        let text = AttributedText(
            "HH   ", attributes: [.font(font), .underline(TextDecoration(color: Color(red: 1, green: 0, blue: 0)))])
        let (bitmap, frame) = try Self.render(text)
        let line = try #require(frame.lines.first)
        let baseline = Double(frame.lineOrigins[0].y)
        // post: the top of the underline at underlinePosition, thickness underlineThickness (font units).
        let k = 40.0 / Double(tables.unitsPerEm)
        let band = Self.rows(
            top: baseline + Double(tables.underlinePosition) * k,
            thickness: Double(tables.underlineThickness) * k, height: 80)
        let visible = Double(line.width - line.trailingWhitespaceWidth)
        #expect(visible > 40 && line.trailingWhitespaceWidth > 20)
        // Inside: every pixel of the band from x = 1 to the end of "HH" (minus a pixel) is red.
        #expect(Self.all(bitmap, 1..<Int(visible) - 1, band, are: Self.red))
        // Two rows below the band nothing is drawn ("H" has no descender).
        #expect(Self.all(bitmap, 0..<400, band.upperBound + 1..<band.upperBound + 3, are: Self.white))
        // The trailing spaces are not underlined.
        #expect(Self.all(bitmap, Int(visible) + 2..<400, band, are: Self.white))
    }

    @Test("one underline position and thickness per line: the lowest and thickest of the runs")
    func oneUnderlinePerLine() throws {
        let tables = try SFNTTables(path: Self.dejaVu)
        let big = try Font(path: Self.dejaVu, size: 48), small = try Font(path: Self.dejaVu, size: 16)
        var builder = AttributedTextBuilder()
        builder.append(
            "HH", attributes: [.font(big), .underline(.single), .foregroundColor(Color(red: 0, green: 0, blue: 1))])
        builder.append(
            "HHHH", attributes: [.font(small), .underline(.single), .foregroundColor(Color(red: 0, green: 0, blue: 1))])
        let (bitmap, frame) = try Self.render(builder.build())
        let line = try #require(frame.lines.first)
        let baseline = Double(frame.lineOrigins[0].y)
        // The 48-pt run has the lower position (−40 units × 48/2048 < × 16/2048) and the larger
        // thickness, so both runs get the 48-pt band.
        let k = 48.0 / Double(tables.unitsPerEm)
        let band = Self.rows(
            top: baseline + Double(tables.underlinePosition) * k,
            thickness: Double(tables.underlineThickness) * k, height: 80)
        let smallRun = try #require(line.glyphRuns.last)
        let x0 = Int(smallRun.originX.rounded()) + 1, x1 = Int((smallRun.originX + smallRun.width).rounded()) - 1
        #expect(Self.all(bitmap, x0..<x1, band, are: Self.blue))
        #expect(Self.all(bitmap, 1..<x0 - 2, band, are: Self.blue))
    }

    @Test("a raised run's underline rises with its baseline shift")
    func underlineFollowsBaselineShift() throws {
        let tables = try SFNTTables(path: Self.dejaVu)
        let font = try Font(path: Self.dejaVu, size: 40)
        let text = AttributedText(
            "HH",
            attributes: [
                .font(font), .baselineOffset(12), .underline(TextDecoration(color: Color(red: 1, green: 0, blue: 0))),
            ])
        let (bitmap, frame) = try Self.render(text, height: 100)
        let line = try #require(frame.lines.first)
        #expect(line.glyphRuns[0].baselineShift == 12)
        let k = 40.0 / Double(tables.unitsPerEm)
        let band = Self.rows(
            top: Double(frame.lineOrigins[0].y) + 12 + Double(tables.underlinePosition) * k,
            thickness: Double(tables.underlineThickness) * k, height: 100)
        #expect(Self.all(bitmap, 1..<Int(line.width) - 1, band, are: Self.red))
        // Nothing at the unshifted position (12 pt lower).
        #expect(bitmap.count(where: { $0 == Self.red }, rows: band.lowerBound + 12..<band.upperBound + 12) == 0)
    }

    @Test("in a right-to-left line the trailing spaces are on the left and are not underlined")
    func rightToLeftTrailingWhitespace() throws {
        let hebrew = try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 40)
        let text = AttributedText(
            "שלום   ", attributes: [.font(hebrew), .underline(TextDecoration(color: Color(red: 1, green: 0, blue: 0)))])
        let (bitmap, frame) = try Self.render(text, height: 100)
        let line = try #require(frame.lines.first)
        #expect(line.isRightToLeft && line.trailingWhitespaceWidth > 20)
        let x = Double(frame.lineOrigins[0].x)
        let tww = Double(line.trailingWhitespaceWidth), width = Double(line.width)
        // Red pixels only over [origin + trailing whitespace, origin + width] (UAX #9 L1 puts the
        // trailing spaces at the paragraph's end, the left of a right-to-left line).
        let reds = bitmap.count(where: { $0 == Self.red })
        #expect(reds > 50)
        #expect(bitmap.count(where: { $0 == Self.red }, inColumns: 0..<Int(x + tww) - 1) == 0)
        #expect(bitmap.count(where: { $0 == Self.red }, inColumns: min(Int(x + width) + 2, 400)..<400) == 0)
        #expect(bitmap.count(where: { $0 == Self.red }, inColumns: Int(x + tww) + 1..<Int(x + width) - 1) > 0)
    }

    @Test("strikethrough fills the OS/2 strikeout band in the foreground colour when it has none")
    func strikethrough() throws {
        let tables = try SFNTTables(path: Self.dejaVu)
        let font = try Font(path: Self.dejaVu, size: 40)
        // "--" has ink near the strikeout band; use "__" whose ink is below the baseline.
        let text = AttributedText(
            "__",
            attributes: [.font(font), .strikethrough(.single), .foregroundColor(Color(red: 0, green: 0, blue: 1))])
        let (bitmap, frame) = try Self.render(text)
        let line = try #require(frame.lines.first)
        let baseline = Double(frame.lineOrigins[0].y)
        let k = 40.0 / Double(tables.unitsPerEm)
        let band = Self.rows(
            top: baseline + Double(tables.strikeoutPosition) * k, thickness: Double(tables.strikeoutSize) * k,
            height: 80)
        #expect(Self.all(bitmap, 1..<Int(line.width) - 1, band, are: Self.blue))
        // Between the strikethrough and the baseline: nothing.
        let baselineRow = Int((80 - baseline).rounded())
        #expect(Self.all(bitmap, 0..<400, band.upperBound + 1..<baselineRow - 1, are: Self.white))
        #expect(Self.all(bitmap, 0..<400, 0..<band.lowerBound - 1, are: Self.white))
    }

    /// The rows of column `x` that are exactly `pixel`.
    static func coloredRows(_ bitmap: Bitmap, x: Int, _ pixel: Bitmap.Pixel, rows: Range<Int>) -> [Int] {
        rows.filter { bitmap.pixel(x: x, y: $0) == pixel }
    }

    @Test("thick is twice the thickness; double is two bands with a thickness between them")
    func thickAndDouble() throws {
        // At 100 pt the underline is 90 × 100 / 2048 ≈ 4.39 pt thick: 4 or 5 pixel rows.
        let tables = try SFNTTables(path: Self.dejaVu)
        let font = try Font(path: Self.dejaVu, size: 100)
        let t = Double(tables.underlineThickness) * 100 / Double(tables.unitsPerEm)
        func rowsAtColumn(_ style: TextDecoration.Style) throws -> [Int] {
            let text = AttributedText(
                "__",
                attributes: [
                    .font(font), .foregroundColor(Color(red: 0, green: 0, blue: 1)),
                    .underline(TextDecoration(style: style, color: Color(red: 1, green: 0, blue: 0))),
                ])
            let (bitmap, frame) = try Self.render(text, width: 200, height: 160)
            // The middle of the first "_" glyph; the underline is drawn over it in red.
            let x = Int(frame.lines[0].glyphRuns[0].advances[0].width / 2)
            return Self.coloredRows(bitmap, x: x, Self.red, rows: 0..<160)
        }
        let single = try rowsAtColumn(.single), thick = try rowsAtColumn(.thick), double = try rowsAtColumn(.double)
        #expect(abs(Double(single.count) - t) <= 1)
        #expect(abs(Double(thick.count) - 2 * t) <= 1)
        #expect(thick.first == single.first)
        // Double: 2t rows of red in two groups separated by a gap of about t.
        #expect(abs(Double(double.count) - 2 * t) <= 1.5)
        let gaps = zip(double, double.dropFirst()).filter { $1 - $0 > 1 }
        #expect(gaps.count == 1)
        if let gap = gaps.first { #expect(abs(Double(gap.1 - gap.0 - 1) - t) <= 1) }
        #expect(double.first == single.first)
    }

    @Test(
        "dotted and dashed underlines alternate ink and gaps in lengths proportional to the thickness",
        arguments: [(TextDecoration.Pattern.dot, 1.0), (.dash, 4.0)])
    func patterns(_ pattern: TextDecoration.Pattern, onUnits: Double) throws {
        let tables = try SFNTTables(path: Self.dejaVu)
        let font = try Font(path: Self.dejaVu, size: 60)
        let t = Double(tables.underlineThickness) * 60 / Double(tables.unitsPerEm)
        let text = AttributedText(
            "HHHHH",
            attributes: [
                .font(font), .underline(TextDecoration(pattern: pattern, color: Color(red: 1, green: 0, blue: 0))),
            ])
        let (bitmap, frame) = try Self.render(text, width: 400, height: 100)
        let baseline = Double(frame.lineOrigins[0].y)
        let band = Self.rows(
            top: baseline + Double(tables.underlinePosition) * 60 / Double(tables.unitsPerEm), thickness: t, height: 100
        )
        // Along the band's middle row: runs of red separated by runs of white.
        let row = (band.lowerBound + band.upperBound - 1) / 2
        var runs: [(Bool, Int)] = []
        for x in 0..<Int(frame.lines[0].width) {
            let on = bitmap.pixel(x: x, y: row) == Self.red
            if let last = runs.last, last.0 == on { runs[runs.count - 1].1 += 1 } else { runs.append((on, 1)) }
        }
        let inner = runs.dropFirst().dropLast()  // the ends may be cut by the run's edges
        let dashes = inner.filter { $0.0 }.map(\.1), gaps = inner.filter { !$0.0 }.map(\.1)
        #expect(dashes.count >= 5)
        // Dot: on t, off t. Dash: on 4t, off 2t. Snapping each edge to pixels changes a length by ≤ 1.
        for d in dashes { #expect(abs(Double(d) - onUnits * t) <= 1.01, "dash \(d) vs \(onUnits * t)") }
        let off = pattern == .dot ? 1.0 : 2.0
        for g in gaps { #expect(abs(Double(g) - off * t) <= 1.01, "gap \(g) vs \(off * t)") }
    }

    @Test("background colour spans the run's advances from the line's descent to its ascent, trailing spaces excluded")
    func background() throws {
        let font = try Font(path: Self.dejaVu, size: 40)
        let small = try Font(path: Self.dejaVu, size: 20)
        var builder = AttributedTextBuilder()
        builder.append("x", attributes: [.font(font)])
        builder.append("x", attributes: [.font(small), .backgroundColor(Color(red: 0, green: 0, blue: 1))])
        builder.append("x  ", attributes: [.font(font), .backgroundColor(Color(red: 0, green: 0, blue: 1))])
        let (bitmap, frame) = try Self.render(builder.build(), height: 100)
        let line = try #require(frame.lines.first)
        let baseline = Double(frame.lineOrigins[0].y)
        // The line's ascent and descent are the 40-pt font's (the larger), for the 20-pt run too.
        let top = Int((100 - baseline - Double(line.ascent)).rounded()),
            bottom = Int((100 - baseline + Double(line.descent)).rounded())
        let smallRun = line.glyphRuns[1]
        let x0 = Int(smallRun.originX.rounded()), visible = Int((line.width - line.trailingWhitespaceWidth).rounded())
        // Rows near the top and bottom of the band hold no ink of "x": pure blue over the runs.
        #expect(Self.all(bitmap, x0 + 1..<visible - 1, top + 1..<top + 4, are: Self.blue))
        #expect(Self.all(bitmap, x0 + 1..<visible - 1, bottom - 3..<bottom - 1, are: Self.blue))
        // Not above the ascent, not before the first background run, not under trailing spaces.
        #expect(Self.all(bitmap, 0..<400, 0..<top - 1, are: Self.white))
        #expect(Self.all(bitmap, 0..<x0 - 1, top + 1..<top + 4, are: Self.white))
        #expect(Self.all(bitmap, visible + 1..<400, top..<bottom, are: Self.white))
    }

    @Test("the selection highlight fills the line's selection rects behind the text")
    func selection() throws {
        let font = try Font(path: Self.dejaVu, size: 40)
        let text = AttributedText(
            "HHHH", attributes: [.font(font), .foregroundColor(Color(red: 1, green: 0, blue: 0))])
        let (bitmap, frame) = try Self.render(text, height: 100, selection: 1..<3)
        let line = try #require(frame.lines.first)
        let rect = try #require(line.selectionRects(for: 1..<3).first)
        let baseline = Double(frame.lineOrigins[0].y)
        let top = Int((100 - baseline - Double(rect.maxY)).rounded()),
            bottom = Int((100 - baseline - Double(rect.minY)).rounded())
        let x0 = Int(rect.minX.rounded()), x1 = Int(rect.maxX.rounded())
        // Below the baseline (no ink in "H") the highlight is solid blue; outside it, white.
        let baselineRow = Int((100 - baseline).rounded())
        #expect(Self.all(bitmap, x0..<x1, baselineRow + 1..<bottom, are: Self.blue))
        #expect(Self.all(bitmap, 0..<x0 - 1, baselineRow + 1..<bottom, are: Self.white))
        #expect(Self.all(bitmap, x1 + 1..<400, baselineRow + 1..<bottom, are: Self.white))
        // The glyphs are drawn over it: red pixels inside the selected part.
        #expect(bitmap.count(where: { $0 == Self.red }, inColumns: x0..<x1, rows: top..<baselineRow) > 50)
        #expect(Self.all(bitmap, 0..<400, 0..<top - 1, are: Self.white))
    }

    @Test("the SVG writer draws backgrounds, decorations, strokes and shadows as elements")
    func svg() throws {
        let font = try Font(path: Self.dejaVu, size: 20)
        var builder = AttributedTextBuilder()
        builder.append(
            "Under",
            attributes: [
                .font(font), .underline(TextDecoration(style: .double, color: Color(red: 1, green: 0, blue: 0))),
                .backgroundColor(Color(red: 1, green: 1, blue: 0)),
            ])
        builder.append(
            " struck",
            attributes: [.font(font), .strikethrough(TextDecoration(color: Color(red: 0, green: 1, blue: 0)))])
        builder.append(
            " out", attributes: [.font(font), .stroke(TextStroke(width: 3, color: Color(red: 0, green: 0, blue: 1)))])
        builder.append(
            " sh",
            attributes: [
                .font(font),
                .shadow(
                    TextShadow(
                        offset: CGSize(width: 2, height: -2), blurRadius: 4,
                        color: Color(red: 0.5, green: 0, blue: 0.5))),
            ])
        let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: 400, height: 40))
        let svg = SVGWriter(width: 400, height: 40).document(for: frame, selection: 0..<2)
        _ = try ElementCollector.parse(svg)  // well-formed
        // Double underline: two red rects; strikethrough: one green rect; background: one yellow.
        #expect(svg.components(separatedBy: "<rect").filter { $0.contains("fill=\"#ff0000\"") }.count == 2)
        #expect(svg.components(separatedBy: "<rect").filter { $0.contains("fill=\"#00ff00\"") }.count == 1)
        #expect(svg.components(separatedBy: "<rect").filter { $0.contains("fill=\"#ffff00\"") }.count == 1)
        // The selection rect in the default colour.
        #expect(svg.contains("fill=\"#b3d7ff\""))
        // Stroke-only outline: no fill, stroke width 3 % of 20 pt = 0.6.
        #expect(svg.contains("fill=\"none\" stroke=\"#0000ff\" stroke-width=\"0.6\""))
        // Shadow: a blur of standard deviation radius / 2 and the y-up offset (2, −2) → SVG (2, 2).
        #expect(svg.contains("<feGaussianBlur stdDeviation=\"2\"/>"))
        #expect(svg.contains("fill=\"#800080\" filter=\"url(#galley-shadow-1)\" transform=\"translate(2 2)\""))
        // The shadow comes before (under) the glyphs.
        let shadowAt = try #require(svg.range(of: "class=\"shadow\""))
        let strokeAt = try #require(svg.range(of: "stroke-width=\"0.6\""))
        #expect(shadowAt.lowerBound < strokeAt.lowerBound)
    }
}
