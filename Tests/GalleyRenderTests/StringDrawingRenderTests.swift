// UIKit's draw(with:options:context:) drawn into a bitmap: where the rect's origin puts the
// text with and without usesLineFragmentOrigin (Apple's documentation of
// drawWithRect:options:context:), and the drawn ink inside the rect boundingRect reports.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("UIKit string drawing into bitmaps")
struct StringDrawingRenderTests {
    static let dejaVu = TestFonts.path("DejaVuSans.ttf")

    /// "If NSStringDrawingUsesLineFragmentOrigin is not specified in options, the origin of the
    /// rectangle is the baseline of the only line. The text will be displayed above the
    /// rectangle and not inside of it": "HHH" (no descenders) drawn at y = 50 has all its ink
    /// above row 50; with usesLineFragmentOrigin, all of it at or below row 50.
    @Test func originIsTheBaselineOrTheLineFragmentTop() throws {
        let font = try Font(path: Self.dejaVu, size: 24)
        let text = AttributedText("HHH", attributes: [.font(font)])
        let rect = CGRect(x: 10, y: 50, width: 200, height: 60)
        var baseline = try Bitmap(width: 240, height: 120)
        try text.draw(with: rect, options: [], context: nil, into: &baseline)
        let above = try #require(inkBox(baseline))
        #expect(above.3 < 50 && above.1 >= 50 - Int(font.ascent.rounded(.up)))
        var fragment = try Bitmap(width: 240, height: 120)
        try text.draw(with: rect, options: .usesLineFragmentOrigin, context: nil, into: &fragment)
        let below = try #require(inkBox(fragment))
        #expect(below.1 >= 50 && below.3 < 50 + Int((font.ascent + font.descent).rounded(.up)))
    }

    /// The ink of a wrapped paragraph stays inside boundingRect's rect moved to the drawing
    /// origin (within a pixel of anti-aliasing), and the context's totalBounds is that rect.
    @Test func inkStaysInsideTheBoundingRect() throws {
        let font = try Font(path: Self.dejaVu, size: 16)
        let text = AttributedText(
            "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.",
            attributes: [.font(font)])
        let options: StringDrawingOptions = [.usesLineFragmentOrigin, .usesFontLeading]
        let bounds = try text.boundingRect(with: CGSize(width: 200, height: 0), options: options, context: nil)
        let context = StringDrawingContext()
        var bitmap = try Bitmap(width: 300, height: 200)
        try text.draw(
            with: CGRect(x: 30, y: 12, width: 200, height: 0), options: options, context: context, into: &bitmap)
        let drawn = bounds.offsetBy(dx: 30, dy: 12)
        #expect(context.totalBounds == drawn)
        let ink = try #require(inkBox(bitmap))
        #expect(Double(ink.0) >= Double(drawn.minX) - 1 && Double(ink.2) <= Double(drawn.maxX) + 1)
        #expect(Double(ink.1) >= Double(drawn.minY) - 1 && Double(ink.3) <= Double(drawn.maxY) + 1)
    }

    /// NSString's forms draw the string with the attributes over its whole range ("the
    /// attributes apply to the entire string"): the same pixels as the attributed forms.
    @Test func stringFormsMatchTheAttributedForms() throws {
        let font = try Font(path: Self.dejaVu, size: 18)
        let string = "Plain strings\ndraw alike"
        let text = AttributedText(string, attributes: [.font(font)])
        let rect = CGRect(x: 8, y: 30, width: 150, height: 80)
        var a = try Bitmap(width: 200, height: 120)
        var b = try Bitmap(width: 200, height: 120)
        try text.draw(with: rect, options: [], context: nil, into: &a)
        try string.draw(with: rect, options: [], attributes: [.font(font)], context: nil, into: &b)
        #expect(inkBox(a) != nil && a == b)
        var c = try Bitmap(width: 200, height: 120)
        var d = try Bitmap(width: 200, height: 120)
        try text.draw(in: rect, into: &c)
        try string.draw(in: rect, withAttributes: [.font(font)], into: &d)
        #expect(inkBox(c) != nil && c == d)
    }
}
