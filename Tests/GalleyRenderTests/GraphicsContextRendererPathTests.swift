// The bitmap context's renderer path: untransformed text with every character attribute the
// renderer draws (backgrounds, underlines, strikethroughs, strokes, shadows, colour emoji), partly
// off the surface's edges, at several scales, is the bitmap Renderer's own pixels although the
// Renderer draws onto cairo's premultiplied words there; and a context shadow set with setShadow casts, under each
// run, that run drawn in the shadow colour at the offset — CoreGraphics' definition of a shadow.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("GraphicsContext renderer path")
struct GraphicsContextRendererPathTests {
    /// A frame of `text` with a background colour, an underline, a strikethrough, a stroke and a
    /// shadow attribute on parts of it, at `rect`.
    static func attributedFrame(_ text: String, font: Font, in rect: CGRect) throws -> Frame {
        var builder = AttributedTextBuilder(text, attributes: [.font(font), .foregroundColor(.black)])
        let n = text.utf16.count
        try builder.setBackgroundColor(Color(red: 1, green: 0.9, blue: 0.3), range: 0..<min(6, n))
        try builder.setUnderline(TextDecoration(), range: 2..<min(12, n))
        try builder.setStrikethrough(TextDecoration(color: .red), range: min(8, n)..<min(16, n))
        try builder.setStroke(TextStroke(width: 1, color: .blue), range: min(4, n)..<min(9, n))
        try builder.setShadow(
            TextShadow(
                offset: CGSize(width: 2, height: -2), blurRadius: 3, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5)
            ),
            range: min(10, n)..<n)
        return try Framesetter(builder.build()).frame(in: rect)
    }

    static let texts = ["Sphinx of black quartz, judge my vow.", "مرحبا بالعالم — and back", "Emoji 😀 👍🏽 ok 縦書き"]

    @Test(
        "Attributed frames partly off the edges are Renderer's pixels at scales 1, 1.5 and 2",
        arguments: texts, [1.0, 1.5, 2.0])
    func attributedFrameIsRendererPixels(text: String, scale: Double) throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 17)
        // The frame starts left of the surface and its second line runs off the bottom.
        let frame = try Self.attributedFrame(text, font: font, in: CGRect(x: -9.3, y: -14.6, width: 170, height: 60))
        let g = try GraphicsContextTextTests.white(150, 40, scale: scale)
        frame.draw(in: g)
        let width = Int((150 * scale).rounded(.up)), height = Int((40 * scale).rounded(.up))
        var expected = try Bitmap(width: width, height: height, background: .white)
        Renderer(scale: CGFloat(scale)).draw(frame, into: &expected)
        let ours = try g.makeImage()
        #expect(TestSupport.differingBytes(ours.pixels, expected.pixels) == 0)
        #expect(TestSupport.ink(ours) > 0)
    }

    @Test("A context shadow: each run drawn in the shadow colour at the offset, under the run", arguments: [1.0, 2.0])
    func contextShadowIsTheRunMoved(scale: Double) throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 20)
        let text = "Shadowed line ✨"
        let rect = CGRect(x: 10, y: 5, width: 220, height: 30)
        let offset = CGSize(width: 4, height: -3)
        let shadowColor = Color(red: 0.1, green: 0, blue: 0.3, alpha: 1)
        let frame = try RendererTests.frame(text, font: font, color: .red, in: rect)
        let g = try GraphicsContextTextTests.white(240, 40, scale: scale)
        g.setShadow(offset: offset, blur: 0, color: shadowColor)
        frame.draw(in: g)
        // The oracle: the same text laid out at the moved rect in the shadow colour, then the text.
        let moved = try RendererTests.frame(
            text, font: font, color: shadowColor, in: rect.offsetBy(dx: offset.width, dy: offset.height))
        var expected = try Bitmap(width: Int(240 * scale), height: Int(40 * scale), background: .white)
        let renderer = Renderer(scale: CGFloat(scale))
        renderer.draw(moved, into: &expected)
        renderer.draw(frame, into: &expected)
        let ours = try g.makeImage()
        // Colour glyphs' shadows are their alpha in the shadow colour, where the oracle draws the
        // emoji in its own colours: compare the Latin part, left of the emoji, exactly.
        let emojiX = try #require(frame.lines.first?.glyphRuns.last?.positions.first?.x)
        let columns = Int((Double(emojiX) * scale).rounded(.down))
        var differing = 0
        for y in 0..<ours.height {
            for x in 0..<columns where ours.pixel(x: x, y: y) != expected.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        // And the shadow is there at all: it adds ink to the unshadowed drawing.
        #expect(TestSupport.ink(ours) > TestSupport.ink(try Self.unshadowed(frame, scale: scale)))
    }

    /// `frame` drawn on a white context without a shadow.
    static func unshadowed(_ frame: Frame, scale: Double) throws -> Bitmap {
        let g = try GraphicsContextTextTests.white(240, 40, scale: scale)
        frame.draw(in: g)
        return try g.makeImage()
    }
}
