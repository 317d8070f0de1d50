// The geometry of `--annotate` is the layout's own: every annotation is stroked 1 point wide on a
// rect or line the frame reports (line bounds at the line origin, the baseline, each run's start and
// end, each run's ink, each placeholder's rect, each ruby's box), so the centre of its colour in the
// pixels, across an edge, lies within a quarter pixel of that edge.
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

/// Finding an annotation's colour in pixels drawn on white.
enum AnnotationPixels {
    /// How strongly pixel (r, g, b) shows `kind`'s colour over white (0 for white, grey and black,
    /// and for the other kinds' colours).
    static func signal(_ kind: Annotation, _ r: Int, _ g: Int, _ b: Int) -> Int {
        switch kind {
        case .baseline: r - max(g, b)
        case .lineBox: b - max(r, g)
        case .ink: min(r, b) - g
        case .run: g - max(r, b)
        case .placeholder: min(g - b, r - g)
        case .ruby: min(g, b) - r
        }
    }

    /// How many pixels clearly show `kind`.
    static func count(_ image: Bitmap, _ kind: Annotation) -> Int {
        var n = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.pixel(x: x, y: y) else { continue }
                if signal(kind, Int(p.red), Int(p.green), Int(p.blue)) > 60 { n += 1 }
            }
        }
        return n
    }

    /// The signal-weighted centre (in pixel units, edges at whole numbers) of `kind` along a row
    /// (`horizontal`) or a column through `at`, within 3 pixels of `expected`; nil when absent.
    static func centre(_ image: Bitmap, _ kind: Annotation, across expected: Double, at: Int, horizontal: Bool)
        -> Double?
    {
        var sum = 0.0, weight = 0.0
        let lo = Int((expected - 3).rounded(.down)), hi = Int((expected + 3).rounded(.up))
        for i in lo..<hi {
            guard let p = horizontal ? image.pixel(x: i, y: at) : image.pixel(x: at, y: i) else { continue }
            let s = Double(max(0, signal(kind, Int(p.red), Int(p.green), Int(p.blue))))
            sum += s * (Double(i) + 0.5)
            weight += s
        }
        return weight > 0 ? sum / weight : nil
    }
}

@Suite("--annotate geometry")
struct AnnotationGeometryTests {
    static let height = 120.0

    /// A frame with a ruby, a placeholder and a bold run, drawn on white with its annotations.
    static func drawn() throws -> (Frame, Bitmap) {
        let font = try Font(path: TestFonts.dejaVuSans, size: 18)
        let text = try Markup.parse(
            "Base <ruby>漢字<rt>かんじ</rt></ruby> and <placeholder width=\"30\" ascent=\"14\" descent=\"4\"/> <b>bold</b>",
            base: [.font(font)])
        let frame = try Framesetter(text).frame(in: CGRect(x: 10.3, y: 20.6, width: 380, height: 80))
        let g = try GraphicsContext(width: 400, height: CGFloat(height))
        g.setFillColor(.white)
        g.fill(CGRect(x: 0, y: 0, width: 400, height: height))
        frame.draw(in: g)
        Annotation.draw(frame, in: g)
        return (frame, try g.makeImage())
    }

    /// Row of y-up `y` in the image: rows grow downward from the top edge.
    static func row(_ y: CGFloat) -> Double { height - Double(y) }

    @Test("baselines, line boxes, run boundaries, ink, placeholder and ruby lie on the layout's rects")
    func edgesAreTheLayoutsRects() throws {
        let (frame, image) = try Self.drawn()
        let line = try #require(frame.lines.first)
        let o = CGPoint(x: frame.rect.minX + frame.lineOrigins[0].x, y: frame.rect.minY + frame.lineOrigins[0].y)
        var checks: [(Annotation, expected: Double, at: Int, horizontal: Bool)] = []
        // Baseline, across it at a third of the line.
        checks.append((.baseline, Self.row(o.y), Int(o.x + line.width / 3), false))
        // The line box's top edge.
        let box = line.bounds().offsetBy(dx: o.x, dy: o.y)
        checks.append((.lineBox, Self.row(box.maxY), Int(o.x + line.width * 0.6), false))
        // The start of the last run ("bold", after a space run), 2.5 points below the baseline: no
        // ink there ("bold" has no descender) and clear of the baseline and the line box's bottom.
        let last = try #require(line.glyphRuns.last)
        checks.append((.run, Double(o.x + last.originX), Int(Self.row(o.y - 2.5)), true))
        let first = try #require(line.glyphRuns.first)
        // The first run's ink: its left edge.
        let ink = first.imageBounds.offsetBy(dx: o.x, dy: o.y)
        checks.append((.ink, Double(ink.minX), Int(Self.row(ink.midY)), true))
        // The placeholder's left edge.
        let placeholder = try #require(frame.placeholders.first).rect
        checks.append((.placeholder, Double(placeholder.minX), Int(Self.row(placeholder.midY)), true))
        // The ruby's top edge.
        let ruby = try #require(line.rubies.first).rect.offsetBy(dx: o.x, dy: o.y)
        checks.append((.ruby, Self.row(ruby.maxY), Int(ruby.midX), false))
        for check in checks {
            let found = AnnotationPixels.centre(
                image, check.0, across: check.expected, at: check.at, horizontal: check.horizontal)
            #expect(
                found.map { abs($0 - check.expected) <= 0.25 } == true,
                "\(check.0.label): \(String(describing: found)) vs \(check.expected)")
        }
    }
}
