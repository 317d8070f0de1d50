// The arc sample: text set along a circle the way Apple's CoreTextArcCocoa sample sets it, by
// turning the context before each glyph. Each glyph's advance becomes an angle (its share of the
// arc, in proportion to the line's width); the context turns by half of the glyph's angle, the
// glyph is drawn centred on the vertical axis at the radius (CTRunDraw with the text position moved
// so that this glyph's centre is at x = 0), then the context turns by the other half.
import Foundation
import Galley

/// Draws `string` along the top of a circle of `radius` about `centre`, spread over `arc` radians,
/// into `canvas` (y up), glyph by glyph as CoreTextArcCocoa does.
func drawArcText(_ string: String, font: Font, radius: CGFloat, arc: CGFloat, centre: CGPoint, in canvas: GraphicsContext)
    throws
{
    let line = try Line(AttributedText(string, attributes: [.font(font), .foregroundColor(Color(hex: "#23395d")!)]))
    let lineWidth = line.width
    guard lineWidth > 0 else { return }
    canvas.saveGState()
    canvas.translateBy(x: centre.x, y: centre.y)
    // Start at the left end of the arc (counter-clockwise is positive), then walk clockwise.
    canvas.rotate(by: arc / 2)
    for run in line.glyphRuns {
        for i in 0..<run.glyphCount {
            let advance = run.advances[i].width
            let angle = advance / lineWidth * arc
            canvas.rotate(by: -angle / 2)
            // The glyph's centre at x = 0 on the circle: the run draws glyph i at its position
            // plus the text position.
            canvas.textPosition = CGPoint(x: -run.positions[i].x - advance / 2, y: radius)
            run.draw(in: canvas, range: i..<(i + 1))  // CTRunDraw
            canvas.rotate(by: -angle / 2)
        }
    }
    canvas.restoreGState()
}

/// The arc sample's canvas: a faint guide circle and the text along its top half.
func drawArcSample() throws -> GraphicsContext {
    let canvas = try GraphicsContext(width: 720, height: 420)
    canvas.setFillColor(Color(hex: "#fbf7ef")!)
    canvas.fill(CGRect(x: 0, y: 0, width: 720, height: 420))
    let centre = CGPoint(x: 360, y: 70)
    canvas.setStrokeColor(Color(hex: "#d8cfc0")!)
    canvas.setLineWidth(1.5)
    canvas.setLineDash(phase: 0, lengths: [6, 6])
    canvas.strokeEllipse(in: CGRect(x: centre.x - 270, y: centre.y - 270, width: 540, height: 540))
    let font = try FontCollection.shared.font(family: "DejaVu Serif", size: 30)
    try drawArcText(
        "Text on an arc, one glyph at a time, as CoreTextArcCocoa draws it", font: font, radius: 280, arc: .pi * 0.95,
        centre: centre, in: canvas)
    return canvas
}
