// Tests of the paint list: its order and geometry against the frame's own lines and runs, and
// that the bitmap renderer and the SVG writer draw exactly the list they are given.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Paint list")
struct PaintListTests {
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let red = Color(red: 1, green: 0, blue: 0)
    static let yellow = Color(red: 1, green: 1, blue: 0)
    static let shadow = TextShadow(
        offset: CGSize(width: 2, height: -2), blurRadius: 1, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
    static let frameRect = CGRect(x: 10, y: 20, width: 300, height: 60)

    /// "Hello" with a background, a shadow, a fill-and-stroke and an underline, then a placeholder,
    /// then a plain "ok": one line in `frameRect`.
    static func decoratedFrame() throws -> Frame {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 24)
        var builder = AttributedTextBuilder(
            "Hello",
            attributes: [
                .font(font), .foregroundColor(blue), .backgroundColor(yellow), .shadow(shadow),
                .stroke(TextStroke(width: -4, color: red)), .underline(TextDecoration()),
            ])
        builder.appendPlaceholder(
            try RunDelegate(width: 30, ascent: 20, descent: 5, value: "box"), attributes: [.font(font)])
        builder.append("ok", attributes: [.font(font)])
        let frame = try Framesetter(builder.build()).frame(in: frameRect)
        try #require(frame.lines.count == 1 && frame.lines[0].glyphRuns.count == 3)
        return frame
    }

    /// The operation's kind, for comparing orders.
    static func kind(_ operation: PaintOperation) -> String {
        switch operation {
        case .fill(let fill): return fill.role == .background ? "background" : "selection"
        case .shadow: return "shadow"
        case .glyphs: return "glyphs"
        case .decoration(let decoration): return decoration.kind == .underline ? "underline" : "strikethrough"
        case .placeholder: return "placeholder"
        }
    }

    static func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    @Test("a frame's list: backgrounds, selection, shadows, glyphs, decorations, placeholders, at the runs' geometry")
    func orderAndGeometry() throws {
        let frame = try Self.decoratedFrame()
        let list = PaintList(frame: frame, selection: 0..<2)
        #expect(
            list.operations.map(Self.kind)
                == ["background", "selection", "shadow", "glyphs", "glyphs", "underline", "placeholder"])
        let line = frame.lines[0]
        let hello = line.glyphRuns[0], ok = line.glyphRuns[2]
        // The line's origin in the canvas: the frame rect's corner plus the line origin.
        let ox = Self.frameRect.minX + frame.lineOrigins[0].x, oy = Self.frameRect.minY + frame.lineOrigins[0].y
        let band = (minY: oy - line.descent, height: line.ascent + line.descent)

        guard case .fill(let background) = list.operations[0], case .fill(let selection) = list.operations[1],
            case .shadow(let shadow) = list.operations[2], case .glyphs(let helloGlyphs) = list.operations[3],
            case .glyphs(let okGlyphs) = list.operations[4], case .decoration(let underline) = list.operations[5],
            case .placeholder(let placeholder) = list.operations[6]
        else { Issue.record("unexpected operations \(list.operations)"); return }

        // The background spans the run's advances, from the line's descent to its ascent.
        #expect(background.color == Self.yellow)
        #expect(
            Self.close(
                background.rect, CGRect(x: ox + hello.originX, y: band.minY, width: hello.width, height: band.height)))
        // The selection of "He": from the run's left edge to the caret before the third glyph.
        #expect(selection.color == Renderer.selectionColor)
        #expect(
            Self.close(
                selection.rect,
                CGRect(
                    x: ox + hello.originX, y: band.minY,
                    width: hello.positions[2].x - hello.originX, height: band.height)))
        // The glyphs at the line origin plus the run's positions, with the cluster mapping.
        #expect(helloGlyphs.glyphs == Array(hello.glyphs))
        #expect(helloGlyphs.stringIndices == [0, 1, 2, 3, 4] && helloGlyphs.stringRange == 0..<5)
        #expect(!helloGlyphs.isRightToLeft)
        for (i, p) in helloGlyphs.positions.enumerated() {
            #expect(abs(p.x - (ox + hello.positions[i].x)) < 1e-9 && abs(p.y - (oy + hello.positions[i].y)) < 1e-9)
        }
        // A negative stroke width fills in the foreground colour and strokes |4| % of 24 pt.
        #expect(helloGlyphs.color == Self.blue && helloGlyphs.fills)
        let stroke = try #require(helloGlyphs.stroke)
        #expect(abs(stroke.width - 0.96) < 1e-9 && stroke.color == Self.red && helloGlyphs.skew == 0)
        #expect(okGlyphs.glyphs == Array(ok.glyphs) && okGlyphs.color == .black && okGlyphs.stroke == nil)
        // The shadow is cast by the same glyphs as the text it lies under.
        #expect(shadow.glyphs == helloGlyphs)
        #expect(shadow.offset == Self.shadow.offset && shadow.blurRadius == 1 && shadow.color == Self.shadow.color)
        // The underline: its top edge at the font's underline position, one thickness tall.
        let font = hello.font
        let t = font.underlineThickness
        #expect(t > 0)
        #expect(underline.color == Self.blue && underline.style == .single && underline.pattern == .solid)
        #expect(underline.rects.count == 1)
        #expect(
            Self.close(
                underline.rects[0],
                CGRect(
                    x: ox + hello.originX, y: oy + font.underlinePosition - t,
                    width: hello.width, height: t)))
        // The placeholder: DESIGN's rect, (origin.x + run x, origin.y − descent, width, ascent + descent).
        #expect(placeholder == frame.placeholders[0])
        #expect(
            Self.close(placeholder.rect, CGRect(x: ox + line.glyphRuns[1].originX, y: oy - 5, width: 30, height: 25)))
    }

    @Test(
        "without a selection or attributes the list is the glyph runs alone; a line's list ends with its placeholders")
    func plainAndLineLists() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 20)
        let frame = try Framesetter(AttributedText("plain", attributes: [.font(font)])).frame(in: Self.frameRect)
        #expect(PaintList(frame: frame).operations.map(Self.kind) == ["glyphs"])
        // A transparent selection colour adds nothing.
        #expect(
            PaintList(frame: frame, selection: 0..<5, selectionColor: .clear).operations.map(Self.kind) == ["glyphs"])

        let decorated = try Self.decoratedFrame()
        let line = decorated.lines[0]
        let origin = CGPoint(x: 3, y: 40)
        let list = PaintList(line: line, at: origin)
        #expect(
            list.operations.map(Self.kind) == ["background", "shadow", "glyphs", "glyphs", "underline", "placeholder"])
        guard case .placeholder(let placeholder) = list.operations.last else { return }
        #expect(Self.close(placeholder.rect, CGRect(x: 3 + line.glyphRuns[1].originX, y: 35, width: 30, height: 25)))
    }

    @Test("an empty list draws nothing: the bitmap keeps its pixels and the SVG holds only its canvas")
    func emptyList() throws {
        var bitmap = try Bitmap(width: 40, height: 30)
        let blank = bitmap
        Renderer().draw(PaintList(), into: &bitmap)
        #expect(TestSupport.differingBytes(bitmap.pixels, blank.pixels) == 0)
        let xml = try ElementCollector.parse(SVGWriter(width: 40, height: 30).document(for: PaintList()))
        #expect(xml.elements.map(\.name) == ["svg", "rect"])
    }

    @Test("the SVG writes one path per glyph of the list's shadow and glyph operations, one rect per fill and band")
    func svgFollowsTheList() throws {
        let frame = try Self.decoratedFrame()
        let list = PaintList(frame: frame, selection: 0..<2)
        var glyphCount = 0, rectCount = 1  // the canvas
        for operation in list.operations {
            switch operation {
            case .glyphs(let glyphs): glyphCount += glyphs.glyphs.count
            case .shadow(let shadow): glyphCount += shadow.glyphs.glyphs.count
            case .fill: rectCount += 1
            case .decoration(let decoration): rectCount += decoration.rects.count
            case .placeholder: rectCount += 1  // the outline of a placeholder without an image
            }
        }
        #expect(glyphCount == 12)  // "Hello" twice (shadow, text) and "ok"
        let writer = SVGWriter(width: 320, height: 100)
        let document = writer.document(for: list)
        #expect(document == writer.document(for: frame, selection: 0..<2))
        let xml = try ElementCollector.parse(document)
        #expect(xml.elements.filter { $0.name == "path" }.count == glyphCount)
        #expect(xml.elements.filter { $0.name == "rect" }.count == rectCount)
    }

    @Test("both outputs paint a hand-made list in its order, at its geometry")
    func handMadeList() throws {
        let rect = CGRect(x: 2.4, y: 3.6, width: 5, height: 4)
        let list = PaintList([
            .fill(FillPaint(rect: rect, color: Self.red, role: .background)),
            .fill(FillPaint(rect: rect.insetBy(dx: 1, dy: 1), color: Self.blue, role: .selection)),
        ])
        var bitmap = try Bitmap(width: 20, height: 20)
        Renderer().draw(list, into: &bitmap)
        // y up: the rect's top edge 7.6 is pixel row 20 − 7.6 = 12.4, snapped to 12; its bottom 16.4 to 16.
        var painted: [Int] = []
        for y in 0..<20 {
            for x in 0..<20 where bitmap.pixel(x: x, y: y) != Bitmap.Pixel(red: 255, green: 255, blue: 255) {
                painted.append(y * 20 + x)
            }
        }
        #expect(painted == (12..<16).flatMap { y in (2..<7).map { y * 20 + $0 } })
        #expect(bitmap.pixel(x: 2, y: 12) == Bitmap.Pixel(red: 255, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 4, y: 14) == Bitmap.Pixel(red: 0, green: 0, blue: 255))  // painted second, on top
        let xml = try ElementCollector.parse(SVGWriter(width: 20, height: 20).document(for: list))
        let rects = xml.elements.filter { $0.name == "rect" }.dropFirst().map(\.attributes)
        #expect(rects.map { $0["fill"] } == ["#ff0000", "#0000ff"])
        #expect(
            rects[0]["x"] == "2.4" && rects[0]["y"] == "12.4" && rects[0]["width"] == "5" && rects[0]["height"] == "4")

        // Reversed, the red fill is painted last and covers the blue one.
        var reversed = try Bitmap(width: 20, height: 20)
        Renderer().draw(PaintList(list.operations.reversed()), into: &reversed)
        #expect(reversed.pixel(x: 4, y: 14) == Bitmap.Pixel(red: 255, green: 0, blue: 0))
    }

    @Test("drawing a frame is drawing its paint list")
    func frameDrawingIsListDrawing() throws {
        let frame = try Self.decoratedFrame()
        var direct = try Bitmap(width: 320, height: 100)
        Renderer().draw(frame, into: &direct, selection: 0..<2)
        var viaList = try Bitmap(width: 320, height: 100)
        Renderer().draw(PaintList(frame: frame, selection: 0..<2), into: &viaList)
        #expect(TestSupport.differingBytes(direct.pixels, viaList.pixels) == 0)
        #expect(TestSupport.ink(direct) > 0)
    }
}
