// A padded opaque linear gradient on a bitmap is drawn as a colour ramp stretched along its axis
// (GraphicsContext.linearRamp): every pixel must stay within one 8-bit level of cairo's own
// gradient (pycairo's LinearGradient, PAD, on the same page) — stricter than the PSNR of the
// shared context cases — whatever the axis direction, length, stops and transform.
import Foundation
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("GraphicsContext gradient ramp")
struct GraphicsContextGradientRampTests {
    struct Ramp: Sendable, CustomTestStringConvertible {
        let name: String
        let start: (Double, Double), end: (Double, Double)
        let stops: [(Double, (Double, Double, Double))]
        /// A rotation of user space about the page centre, radians (0: none).
        let rotation: Double
        var testDescription: String { name }
    }

    static let twoStops: [(Double, (Double, Double, Double))] = [
        (0, (0x1d / 255, 0x2b / 255, 0x64 / 255)), (1, (0xf8 / 255, 0xcd / 255, 0xda / 255)),
    ]
    static let threeStops: [(Double, (Double, Double, Double))] = [
        (0.1, (1, 0, 0)), (0.45, (1, 1, 0)), (0.9, (0, 0.5, 1)),
    ]

    static let cases: [Ramp] = [
        Ramp(name: "diagonal, the card's two stops", start: (0, 120), end: (160, 0), stops: twoStops, rotation: 0),
        Ramp(name: "horizontal, three stops inside 0…1", start: (20, 0), end: (140, 0), stops: threeStops, rotation: 0),
        Ramp(name: "vertical and reversed", start: (0, 110), end: (0, 5), stops: threeStops, rotation: 0),
        Ramp(
            name: "a 3-point axis (steep colour change)", start: (79, 60), end: (81, 62), stops: twoStops, rotation: 0),
        Ramp(name: "rotated user space", start: (10, 10), end: (150, 100), stops: threeStops, rotation: 0.5),
    ]

    @Test("within one level of cairo's gradient", arguments: cases)
    func ramp(item: Ramp) throws {
        let (w, h) = (ContextCase.width, ContextCase.height)
        let g = try GraphicsContext(width: CGFloat(w), height: CGFloat(h))
        g.translateBy(x: CGFloat(w) / 2, y: CGFloat(h) / 2)
        g.rotate(by: CGFloat(item.rotation))
        g.translateBy(x: -CGFloat(w) / 2, y: -CGFloat(h) / 2)
        g.drawLinearGradient(
            Gradient(
                colors: item.stops.map { Color(red: $0.1.0, green: $0.1.1, blue: $0.1.2) },
                locations: item.stops.map { CGFloat($0.0) }),
            start: CGPoint(x: item.start.0, y: item.start.1), end: CGPoint(x: item.end.0, y: item.end.1),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        let ours = try g.makeImage()
        let stops = item.stops.map { "p.add_color_stop_rgb(\($0.0), \($0.1.0), \($0.1.1), \($0.1.2))" }
        let program = """
            cr.translate(0, H); cr.scale(1, -1)
            cr.translate(W / 2, H / 2); cr.rotate(\(item.rotation)); cr.translate(-W / 2, -H / 2)
            p = cairo.LinearGradient(\(item.start.0), \(item.start.1), \(item.end.0), \(item.end.1))
            \(stops.joined(separator: "\n"))
            p.set_extend(cairo.EXTEND_PAD); cr.set_source(p); cr.paint()
            """
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("reference.png")
        try CairoReference.draw(program, width: w, height: h, kind: "png", to: out)
        let theirs = try ImageLoader.load(path: out.path)
        #expect(theirs.width == w && theirs.height == h)
        var worst = 0
        for (a, b) in zip(ours.pixels, theirs.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
        #expect(worst <= 1, "largest channel difference \(worst)")
    }
}
