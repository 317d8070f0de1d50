// The social card sample: a 1200×630 card drawn through Galley's GraphicsContext as a
// CoreGraphics program draws one: a linear gradient background, a circular avatar clipped from a
// JPEG, a two-line title with a blurred shadow (English with an emoji, then Japanese), a byline.
// README.md shows this code; its test (ReadmeCanvasExampleTests) runs README's copy.
import Foundation
import Galley

/// Draws the card with the avatar JPEG at `avatarPath` and returns the canvas (y up, as CoreGraphics).
func drawSocialCard(avatarPath: String) throws -> GraphicsContext {
    let fonts = FontCollection.shared
    let title = try fonts.font(family: "DejaVu Sans", weight: .bold, size: 56)
    let byline = try fonts.font(family: "DejaVu Sans", size: 28)
    var text = AttributedTextBuilder("One canvas, one card ✨\n", attributes: [.font(title)])
    text.append("組版もカードも、ひとつの文脈で", attributes: [.font(title.withCascadeList(["Droid Sans Fallback"]))])
    let white: Attributes = [.foregroundColor(.white)]
    try text.addAttributes(white, range: 0..<text.build().utf16.count)
    let frame = try Framesetter(text.build()).frame(in: CGRect(x: 320, y: 250, width: 840, height: 220))

    let canvas = try GraphicsContext(width: 1200, height: 630, scale: 1)  // y up, as CoreGraphics
    canvas.drawLinearGradient(
        Gradient(colors: [Color(hex: "#1d2b64")!, Color(hex: "#f8cdda")!]),
        start: CGPoint(x: 0, y: 630), end: CGPoint(x: 1200, y: 0))
    let avatar = CGRect(x: 80, y: 300, width: 200, height: 200)
    canvas.saveGState()
    canvas.addEllipse(in: avatar)
    canvas.clip()  // CGContextClip: the circle
    canvas.draw(try ImageLoader.load(path: avatarPath), in: avatar)
    canvas.restoreGState()
    canvas.setStrokeColor(.white)
    canvas.setLineWidth(6)
    canvas.strokeEllipse(in: avatar)

    canvas.saveGState()
    canvas.setShadow(
        offset: CGSize(width: 0, height: -5), blur: 14, color: Color(red: 0, green: 0, blue: 0, alpha: 0.6))
    frame.draw(in: canvas)  // CTFrameDraw
    canvas.restoreGState()

    let by = try Line(AttributedText("by Galley · CoreText-style layout for Linux", attributes: [.font(byline)]))
    canvas.textPosition = CGPoint(x: 320, y: 285)
    by.draw(in: canvas)  // CTLineDraw at the text position
    return canvas
}
