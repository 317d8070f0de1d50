// Two CoreGraphics rules the context keeps: a radial gradient's two drawing options are separate
// (drawsBeforeStartLocation paints the circles with t < 0 in the start colour, drawsAfterEndLocation
// those with t > 1 in the end colour: Apple's CGGradientDrawingOptions, the PDF radial shading's
// Extend array), and clip(to:) leaves the current path in place (CGContextClipToRect does not use it).
import Foundation
import GalleyRender
import GalleyText
import Testing

@Suite("GraphicsContext gradients and clips")
struct GraphicsContextGradientClipTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// What the gradient paints at a point: nil when nothing, else the pixel.
    static func sample(_ image: Bitmap, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)? {
        guard let p = image.pixel(x: x, y: 200 - 1 - y), p.alpha > 0 else { return nil }
        #expect(p.alpha == 255)
        return (p.red, p.green, p.blue)
    }

    /// A 200×200 transparent bitmap with a red-to-blue radial gradient between two circles.
    static func draw(
        _ options: Gradient.DrawingOptions, start: (CGFloat, CGFloat, CGFloat), end: (CGFloat, CGFloat, CGFloat)
    ) throws -> Bitmap {
        let g = try GraphicsContext(width: 200, height: 200)
        g.drawRadialGradient(
            Gradient(colors: [red, blue]), startCenter: CGPoint(x: start.0, y: start.1), startRadius: start.2,
            endCenter: CGPoint(x: end.0, y: end.1), endRadius: end.2, options: options)
        return try g.makeImage()
    }

    /// Concentric circles r = 20 → 60 about (100, 100): a point at distance d has t = (d − 20) / 40.
    @Test(
        "concentric radial gradient: each option extends its own side only",
        arguments: [
            ([], false, false), ([.drawsBeforeStartLocation], true, false), ([.drawsAfterEndLocation], false, true),
            ([.drawsBeforeStartLocation, .drawsAfterEndLocation], true, true),
        ] as [(Gradient.DrawingOptions, Bool, Bool)])
    func concentric(options: Gradient.DrawingOptions, before: Bool, after: Bool) throws {
        let image = try Self.draw(options, start: (100, 100, 20), end: (100, 100, 60))
        // d = 5: t < 0.
        let inner = Self.sample(image, 105, 100)
        #expect(before ? inner.map { $0 == (255, 0, 0) } == true : inner == nil)
        // Pixel (139, 100) has its centre at (139.5, 100.5), d ≈ 39.5: t ≈ 0.49, always painted,
        // the colours mixed in sRGB codes by t.
        let middle = try #require(Self.sample(image, 139, 100))
        let t = ((39.5 * 39.5 + 0.25).squareRoot() - 20) / 40
        #expect(abs(Double(middle.0) - 255 * (1 - t)) <= 2 && middle.1 == 0 && abs(Double(middle.2) - 255 * t) <= 2)
        // d = 90: t > 1.
        let outer = Self.sample(image, 190, 100)
        #expect(after ? outer.map { $0 == (0, 0, 255) } == true : outer == nil)
    }

    /// Start circle (80, 100) r 10, end (100, 100) r 60: the start centre lies only on the circle
    /// t = −1/3 (|p − c(t)| = 20t = r(t) = 10 + 50t); a point at (195, 100) only on t > 1 circles.
    @Test("off-centre radial gradient: the start centre is t < 0, a far point t > 1")
    func offCentre() throws {
        let after = try Self.draw([.drawsAfterEndLocation], start: (80, 100, 10), end: (100, 100, 60))
        #expect(Self.sample(after, 80, 100) == nil)
        #expect(Self.sample(after, 195, 100).map { $0 == (0, 0, 255) } == true)
        let before = try Self.draw([.drawsBeforeStartLocation], start: (80, 100, 10), end: (100, 100, 60))
        #expect(Self.sample(before, 80, 100).map { $0 == (255, 0, 0) } == true)
        #expect(Self.sample(before, 195, 100) == nil)
    }

    @Test("clip(to:) keeps the current path: a path built before it is filled inside the clip")
    func clipKeepsPath() throws {
        let g = try GraphicsContext(width: 100, height: 100)
        g.addRect(CGRect(x: 10, y: 10, width: 60, height: 60))
        g.clip(to: CGRect(x: 40, y: 40, width: 50, height: 50))
        g.setFillColor(Self.red)
        g.fillPath()
        let image = try g.makeImage()
        // Inside both (50, 50), inside the path only (20, 20), inside the clip only (80, 80); y down.
        #expect(image.pixel(x: 50, y: 49)?.alpha == 255)
        #expect(image.pixel(x: 20, y: 79)?.alpha == 0)
        #expect(image.pixel(x: 80, y: 19)?.alpha == 0)
    }
}
