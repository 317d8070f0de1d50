// The gradient, image, alpha, blend-mode, transparency-layer and shadow cases of the GraphicsContext
// tests (see GraphicsContextCases.swift).
import Foundation
import GalleyRender
import GalleyText
import Testing

extension ContextCase {
    /// A 4 × 3 image whose pixels are all different, written as PNG where pycairo can read it.
    static let image: Bitmap = {
        var bytes: [UInt8] = []
        for i in 0..<12 { bytes += [UInt8(i * 20), UInt8(255 - i * 20), UInt8(i % 3 * 120), 255] }
        return try! Bitmap(width: 4, height: 3, pixels: bytes)
    }()

    static let imagePath: String = {
        let path = NSTemporaryDirectory() + "galley-context-image-\(getpid()).png"
        try! image.write(to: path)
        return path
    }()

    static let paint: [ContextCase] =
        [
            ContextCase(
                name: "linear gradient, clipped, padded and not",
                draw: { g in
                    let gradient = Gradient(colors: [c(1, 0, 0), c(1, 1, 0), c(0, 0, 1)], locations: [0, 0.3, 1])
                    g.saveGState()
                    g.clip(to: CGRect(x: 10, y: 10, width: 140, height: 45))
                    g.drawLinearGradient(
                        gradient, start: CGPoint(x: 30, y: 10), end: CGPoint(x: 130, y: 50),
                        options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                    g.restoreGState()
                    g.saveGState()
                    g.clip(to: CGRect(x: 10, y: 65, width: 140, height: 45))
                    g.drawLinearGradient(gradient, start: CGPoint(x: 40, y: 0), end: CGPoint(x: 120, y: 0))
                    g.restoreGState()
                },
                python: """
                    def stops(p):
                        p.add_color_stop_rgba(0, 1, 0, 0, 1); p.add_color_stop_rgba(0.3, 1, 1, 0, 1); p.add_color_stop_rgba(1, 0, 0, 1, 1)
                    cr.save(); cr.rectangle(10, 10, 140, 45); cr.clip()
                    p = cairo.LinearGradient(30, 10, 130, 50); stops(p); p.set_extend(cairo.EXTEND_PAD); cr.set_source(p); cr.paint(); cr.restore()
                    cr.save(); cr.rectangle(10, 65, 140, 45); cr.clip()
                    p = cairo.LinearGradient(40, 0, 120, 0); stops(p); p.set_extend(cairo.EXTEND_NONE); cr.set_source(p); cr.paint(); cr.restore()
                    """),
            ContextCase(
                name: "radial gradient in an ellipse, translucent stops",
                draw: { g in
                    let gradient = Gradient(colors: [c(1, 1, 1, 1), c(0.1, 0.3, 0.8, 0.8), c(0, 0, 0.2, 0.2)])
                    g.saveGState()
                    g.beginPath()
                    g.addEllipse(in: CGRect(x: 10, y: 10, width: 140, height: 100))
                    g.clip()
                    g.drawRadialGradient(
                        gradient, startCenter: CGPoint(x: 60, y: 70), startRadius: 5, endCenter: CGPoint(x: 80, y: 60),
                        endRadius: 60, options: .drawsAfterEndLocation)
                    g.restoreGState()
                },
                python: """
                    cr.save(); cr.save(); cr.translate(80, 60); cr.scale(70, 50); cr.arc(0, 0, 1, 0, 2 * math.pi); cr.restore(); cr.clip()
                    p = cairo.RadialGradient(60, 70, 5, 80, 60, 60)
                    p.add_color_stop_rgba(0, 1, 1, 1, 1); p.add_color_stop_rgba(0.5, 0.1, 0.3, 0.8, 0.8); p.add_color_stop_rgba(1, 0, 0, 0.2, 0.2)
                    p.set_extend(cairo.EXTEND_PAD); cr.set_source(p); cr.paint(); cr.restore()
                    """),
            ContextCase(
                name: "an image scaled with nearest and smooth filtering, rotated",
                draw: { g in
                    g.interpolationQuality = .none
                    g.draw(image, in: CGRect(x: 10, y: 10, width: 60, height: 45))
                    g.interpolationQuality = .default
                    g.saveGState()
                    g.translateBy(x: 115, y: 60)
                    g.rotate(by: 0.3)
                    g.draw(image, in: CGRect(x: -30, y: -25, width: 60, height: 50))
                    g.restoreGState()
                },
                python: """
                    img = cairo.ImageSurface.create_from_png(IMAGE)
                    def draw(x, y, w, h, f):
                        cr.save(); cr.translate(x, y + h); cr.scale(w / 4, -h / 3); cr.set_source_surface(img, 0, 0)
                        cr.get_source().set_filter(f); cr.rectangle(0, 0, 4, 3); cr.fill(); cr.restore()
                    draw(10, 10, 60, 45, cairo.FILTER_NEAREST)
                    cr.save(); cr.translate(115, 60); cr.rotate(0.3); draw(-30, -25, 60, 50, cairo.FILTER_GOOD); cr.restore()
                    """),
        ]
        + blendCases

    /// One case per blend mode CoreGraphics users reach for first: a blue disc over a red-to-green
    /// ramp, at 80 % global alpha.
    static let blendCases: [ContextCase] = [
        (BlendMode.normal, "OVER"), (.multiply, "MULTIPLY"), (.screen, "SCREEN"), (.overlay, "OVERLAY"),
        (.darken, "DARKEN"), (.lighten, "LIGHTEN"),
    ].map { mode, op in
        ContextCase(
            name: "global alpha 0.8 with blend mode \(op.lowercased())",
            draw: { g in
                g.drawLinearGradient(
                    Gradient(colors: [c(0.9, 0.1, 0.1), c(0.1, 0.9, 0.3)]), start: CGPoint(x: 0, y: 0),
                    end: CGPoint(x: 160, y: 0))
                g.setAlpha(0.8)
                g.setBlendMode(mode)
                g.setFillColor(c(0.2, 0.3, 0.9))
                g.fillEllipse(in: CGRect(x: 30, y: 10, width: 100, height: 100))
            },
            python: """
                p = cairo.LinearGradient(0, 0, 160, 0); p.add_color_stop_rgba(0, 0.9, 0.1, 0.1, 1); p.add_color_stop_rgba(1, 0.1, 0.9, 0.3, 1)
                cr.set_source(p); cr.paint()
                cr.push_group(); cr.save(); cr.translate(80, 60); cr.scale(50, 50); cr.arc(0, 0, 1, 0, 2 * math.pi); cr.restore()
                cr.set_source_rgba(0.2, 0.3, 0.9, 1); cr.fill(); cr.pop_group_to_source()
                cr.set_operator(cairo.OPERATOR_\(op)); cr.paint_with_alpha(0.8); cr.set_operator(cairo.OPERATOR_OVER)
                """)
    }

    static let effects: [ContextCase] = [
        ContextCase(
            name: "a transparency layer at half alpha over overlapping fills",
            draw: { g in
                g.setAlpha(0.5)
                g.beginTransparencyLayer()
                g.setFillColor(c(0.8, 0, 0))
                g.fill(CGRect(x: 20, y: 20, width: 70, height: 70))
                g.setFillColor(c(0, 0, 0.8))
                g.fill(CGRect(x: 60, y: 40, width: 70, height: 70))
                g.endTransparencyLayer()
            },
            python: """
                cr.push_group()
                cr.set_source_rgba(0.8, 0, 0, 1); cr.rectangle(20, 20, 70, 70); cr.fill()
                cr.set_source_rgba(0, 0, 0.8, 1); cr.rectangle(60, 40, 70, 70); cr.fill()
                cr.pop_group_to_source(); cr.paint_with_alpha(0.5)
                """),
        ContextCase(
            name: "a blurred shadow in base space, under a rotated CTM",
            draw: { g in
                g.setShadow(offset: CGSize(width: 6, height: -8), blur: 8, color: c(0, 0, 0, 0.6))
                g.translateBy(x: 80, y: 60)
                g.rotate(by: 0.4)
                g.setFillColor(c(0.95, 0.75, 0.2))
                g.fill(CGRect(x: -40, y: -25, width: 80, height: 50))
            },
            python: """
                # The shape's coverage in an A8 image, a true Gaussian of sigma = blur / 2, masked at
                # the offset in device space (y down: a y-up offset of -8 is 8 pixels down).
                m = cairo.ImageSurface(cairo.FORMAT_A8, W, H); mc = cairo.Context(m); mc.set_matrix(cr.get_matrix())
                mc.translate(80, 60); mc.rotate(0.4); mc.rectangle(-40, -25, 80, 50); mc.fill()
                blur_alpha(m, 4.0)
                cr.save(); cr.identity_matrix(); cr.set_source_rgba(0, 0, 0, 0.6); cr.mask_surface(m, 6, 8); cr.restore()
                cr.translate(80, 60); cr.rotate(0.4); cr.set_source_rgba(0.95, 0.75, 0.2, 1); cr.rectangle(-40, -25, 80, 50); cr.fill()
                """),
    ]
}
