// The drawings that the GraphicsContext tests make twice: once through GraphicsContext, once as the
// same operations in cairo's own calls (pycairo, Tests/GalleyTestSupport/Scripts/cairo-reference.py).
// Each case starts from a white page; the Python side flips y itself when the context is y-up.
import Foundation
import GalleyFonts
import GalleyRender
import GalleyText
import Testing

/// One drawing, through the context and as pycairo statements.
struct ContextCase: Sendable, CustomTestStringConvertible {
    let name: String
    let draw: @Sendable (GraphicsContext) -> Void
    let python: String

    var testDescription: String { name }

    static let width = 160, height = 120

    static func c(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color {
        Color(red: r, green: g, blue: b, alpha: a)
    }

    static let all: [ContextCase] = shapes + paint + effects

    static let shapes: [ContextCase] = [
        ContextCase(
            name: "rectangles, translucent fill, stroke",
            draw: { g in
                g.setFillColor(c(0.2, 0.4, 0.8))
                g.fill(CGRect(x: 10, y: 10, width: 60, height: 40))
                g.setFillColor(c(0.9, 0.1, 0.1, 0.5))
                g.fill(CGRect(x: 40, y: 30, width: 70, height: 60))
                g.setStrokeColor(c(0, 0.5, 0))
                g.setLineWidth(3)
                g.stroke(CGRect(x: 100, y: 20, width: 45, height: 80))
            },
            python: """
                cr.set_source_rgba(0.2, 0.4, 0.8, 1); cr.rectangle(10, 10, 60, 40); cr.fill()
                cr.set_source_rgba(0.9, 0.1, 0.1, 0.5); cr.rectangle(40, 30, 70, 60); cr.fill()
                cr.set_source_rgba(0, 0.5, 0, 1); cr.set_line_width(3); cr.rectangle(100, 20, 45, 80); cr.stroke()
                """),
        ContextCase(
            name: "curves, quadratic curves, even-odd and winding fills",
            draw: { g in
                let star = (0..<5).map { i -> CGPoint in
                    let a = Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                    return CGPoint(x: 45 + 35 * cos(a), y: 60 + 35 * sin(a))
                }
                g.setFillColor(c(0.5, 0.2, 0.6))
                g.beginPath()
                g.move(to: star[0])
                for p in star.dropFirst() { g.addLine(to: p) }
                g.closePath()
                g.fillPath(using: .evenOdd)
                g.beginPath()
                g.move(to: CGPoint(x: 90, y: 20))
                g.addCurve(
                    to: CGPoint(x: 150, y: 30), control1: CGPoint(x: 100, y: 110), control2: CGPoint(x: 140, y: 0))
                g.addQuadCurve(to: CGPoint(x: 100, y: 100), control: CGPoint(x: 160, y: 110))
                g.closePath()
                g.setFillColor(c(0.1, 0.6, 0.6))
                g.fillPath()
            },
            python: """
                cr.set_source_rgba(0.5, 0.2, 0.6, 1)
                pts = [(45 + 35 * math.cos(math.pi / 2 + i * 4 * math.pi / 5), 60 + 35 * math.sin(math.pi / 2 + i * 4 * math.pi / 5)) for i in range(5)]
                cr.move_to(*pts[0])
                for p in pts[1:]: cr.line_to(*p)
                cr.close_path(); cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD); cr.fill()
                cr.set_fill_rule(cairo.FILL_RULE_WINDING)
                cr.move_to(90, 20); cr.curve_to(100, 110, 140, 0, 150, 30)
                # The quadratic curve from (150, 30) over (160, 110) to (100, 100) as its cubic.
                cr.curve_to(150 + 2/3 * 10, 30 + 2/3 * 80, 100 + 2/3 * 60, 100 + 2/3 * 10, 100, 100)
                cr.close_path(); cr.set_source_rgba(0.1, 0.6, 0.6, 1); cr.fill()
                """),
        ContextCase(
            name: "arcs, a tangent arc, an ellipse and a rounded rectangle",
            draw: { g in
                g.setStrokeColor(c(0.1, 0.1, 0.4))
                g.setLineWidth(4)
                g.beginPath()
                g.addArc(
                    center: CGPoint(x: 35, y: 85), radius: 25, startAngle: 0, endAngle: 3 * .pi / 2, clockwise: false)
                g.strokePath()
                g.beginPath()
                g.addArc(center: CGPoint(x: 35, y: 30), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: true)
                g.strokePath()
                g.beginPath()
                g.move(to: CGPoint(x: 70, y: 10))
                g.addArc(tangent1End: CGPoint(x: 150, y: 10), tangent2End: CGPoint(x: 150, y: 60), radius: 20)
                g.addLine(to: CGPoint(x: 150, y: 60))
                g.strokePath()
                g.setFillColor(c(0.8, 0.5, 0.1))
                g.fillEllipse(in: CGRect(x: 70, y: 30, width: 40, height: 25))
                g.beginPath()
                g.addRoundedRect(CGRect(x: 80, y: 65, width: 70, height: 45), cornerWidth: 12, cornerHeight: 8)
                g.setFillColor(c(0.3, 0.7, 0.3))
                g.fillPath()
            },
            python: """
                cr.set_source_rgba(0.1, 0.1, 0.4, 1); cr.set_line_width(4)
                cr.arc(35, 85, 25, 0, 3 * math.pi / 2); cr.stroke()
                cr.arc_negative(35, 30, 20, 0, math.pi / 2); cr.stroke()
                # The tangent arc worked out by hand: a line to (130, 10), a quarter turn around (130, 30).
                cr.move_to(70, 10); cr.line_to(130, 10); cr.arc(130, 30, 20, -math.pi / 2, 0); cr.line_to(150, 60); cr.stroke()
                cr.set_source_rgba(0.8, 0.5, 0.1, 1)
                cr.save(); cr.translate(90, 42.5); cr.scale(20, 12.5); cr.arc(0, 0, 1, 0, 2 * math.pi); cr.restore(); cr.fill()
                cr.set_source_rgba(0.3, 0.7, 0.3, 1)
                x, y, w, h, rx, ry = 80, 65, 70, 45, 12, 8
                for (cx, cy, a) in [(x + w - rx, y + ry, -math.pi / 2), (x + w - rx, y + h - ry, 0), (x + rx, y + h - ry, math.pi / 2), (x + rx, y + ry, math.pi)]:
                    cr.save(); cr.translate(cx, cy); cr.scale(rx, ry); cr.arc(0, 0, 1, a, a + math.pi / 2); cr.restore()
                cr.close_path(); cr.fill()
                """),
        ContextCase(
            name: "line caps, joins, miter limit and dashes",
            draw: { g in
                g.setStrokeColor(c(0, 0, 0))
                g.setLineWidth(8)
                for (i, cap) in [LineCap.butt, .round, .square].enumerated() {
                    g.setLineCap(cap)
                    g.strokeLineSegments(between: [
                        CGPoint(x: 20, y: 20 + 20 * Double(i)), CGPoint(x: 60, y: 20 + 20 * Double(i)),
                    ])
                }
                for (i, join) in [LineJoin.miter, .round, .bevel].enumerated() {
                    g.setLineJoin(join)
                    g.beginPath()
                    g.move(to: CGPoint(x: 80 + 25 * Double(i), y: 20))
                    g.addLine(to: CGPoint(x: 90 + 25 * Double(i), y: 60))
                    g.addLine(to: CGPoint(x: 100 + 25 * Double(i), y: 20))
                    g.strokePath()
                }
                g.setLineWidth(3)
                g.setLineCap(.butt)
                g.setLineDash(phase: 2, lengths: [10, 4, 2, 4])
                g.strokeLineSegments(between: [CGPoint(x: 15, y: 95), CGPoint(x: 150, y: 105)])
            },
            python: """
                cr.set_source_rgba(0, 0, 0, 1); cr.set_line_width(8)
                for i, cap in enumerate([cairo.LINE_CAP_BUTT, cairo.LINE_CAP_ROUND, cairo.LINE_CAP_SQUARE]):
                    cr.set_line_cap(cap); cr.move_to(20, 20 + 20 * i); cr.line_to(60, 20 + 20 * i); cr.stroke()
                for i, join in enumerate([cairo.LINE_JOIN_MITER, cairo.LINE_JOIN_ROUND, cairo.LINE_JOIN_BEVEL]):
                    cr.set_line_join(join); cr.move_to(80 + 25 * i, 20); cr.line_to(90 + 25 * i, 60); cr.line_to(100 + 25 * i, 20); cr.stroke()
                cr.set_line_width(3); cr.set_line_cap(cairo.LINE_CAP_BUTT); cr.set_dash([10, 4, 2, 4], 2)
                cr.move_to(15, 95); cr.line_to(150, 105); cr.stroke()
                """),
        ContextCase(
            name: "transforms: translate, rotate, scale, concatenate, save and restore",
            draw: { g in
                g.saveGState()
                g.translateBy(x: 80, y: 60)
                g.rotate(by: .pi / 6)
                g.scaleBy(x: 1.5, y: 0.75)
                g.setFillColor(c(0.7, 0.2, 0.2))
                g.fill(CGRect(x: -30, y: -20, width: 60, height: 40))
                g.concatenate(AffineTransform(m11: 1, m12: 0, m21: 0.5, m22: 1, tX: 0, tY: 0))
                g.setStrokeColor(c(0.1, 0.1, 0.1))
                g.setLineWidth(2)
                g.stroke(CGRect(x: -20, y: -10, width: 40, height: 20))
                g.restoreGState()
                g.setFillColor(c(0.2, 0.2, 0.9, 0.6))
                g.fill(CGRect(x: 5, y: 5, width: 30, height: 30))
            },
            python: """
                cr.save(); cr.translate(80, 60); cr.rotate(math.pi / 6); cr.scale(1.5, 0.75)
                cr.set_source_rgba(0.7, 0.2, 0.2, 1); cr.rectangle(-30, -20, 60, 40); cr.fill()
                cr.transform(cairo.Matrix(1, 0, 0.5, 1, 0, 0))
                cr.set_source_rgba(0.1, 0.1, 0.1, 1); cr.set_line_width(2); cr.rectangle(-20, -10, 40, 20); cr.stroke()
                cr.restore()
                cr.set_source_rgba(0.2, 0.2, 0.9, 0.6); cr.rectangle(5, 5, 30, 30); cr.fill()
                """),
        ContextCase(
            name: "clipping to a circle, to rects, even-odd clip, and reset",
            draw: { g in
                g.saveGState()
                g.beginPath()
                g.addEllipse(in: CGRect(x: 20, y: 20, width: 80, height: 80))
                g.clip()
                g.setFillColor(c(0.1, 0.5, 0.9))
                g.fill(CGRect(x: 0, y: 0, width: 160, height: 120))
                g.restoreGState()
                g.saveGState()
                g.clip(to: [
                    CGRect(x: 110, y: 10, width: 15, height: 100), CGRect(x: 135, y: 10, width: 15, height: 100),
                ])
                g.beginPath()
                g.addRect(CGRect(x: 100, y: 0, width: 60, height: 120))
                g.addRect(CGRect(x: 105, y: 40, width: 50, height: 40))
                g.clip(using: .evenOdd)
                g.setFillColor(c(0.9, 0.6, 0))
                g.fill(CGRect(x: 0, y: 0, width: 160, height: 120))
                g.restoreGState()
            },
            python: """
                cr.save(); cr.arc(60, 60, 40, 0, 2 * math.pi); cr.clip()
                cr.set_source_rgba(0.1, 0.5, 0.9, 1); cr.paint(); cr.restore()
                cr.save(); cr.rectangle(110, 10, 15, 100); cr.rectangle(135, 10, 15, 100); cr.clip()
                cr.rectangle(100, 0, 60, 120); cr.rectangle(105, 40, 50, 40); cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD); cr.clip()
                cr.set_fill_rule(cairo.FILL_RULE_WINDING)
                cr.set_source_rgba(0.9, 0.6, 0, 1); cr.paint(); cr.restore()
                """),
    ]
}
