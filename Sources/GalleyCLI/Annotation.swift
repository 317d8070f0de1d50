// `galley render --annotate`: what layout decided, drawn over the text with the GraphicsContext as
// pango-view --annotate draws it with cairo: line boxes, baselines, run boundaries, ink rects,
// placeholder rects and ruby boxes, each in its own colour, with a legend.
import Foundation
import Galley

/// The annotations of `--annotate`, each a 1-point line in its own opaque colour, drawn in this
/// order over the frame (all in the frame's y-up user space):
/// - **line box** (blue): each line's typographic box, `line.bounds()` at its origin;
/// - **ink** (magenta): each run's ink, `run.imageBounds` at the line origin;
/// - **run** (green): each run's start and end along the line, across the line box;
/// - **baseline** (red): each line's baseline, from its origin along its width;
/// - **placeholder** (orange): each placeholder's rect (`frame.placeholders`);
/// - **ruby** (cyan): each ruby annotation's box (`line.rubies`' `rect` at the line origin).
package enum Annotation: CaseIterable {
    case lineBox, ink, run, baseline, placeholder, ruby

    /// The colour each kind is drawn in.
    package var color: Color {
        switch self {
        case .lineBox: Color(red: 0, green: 0, blue: 1)
        case .ink: Color(red: 1, green: 0, blue: 1)
        case .run: Color(red: 0, green: 0.7, blue: 0)
        case .baseline: Color(red: 1, green: 0, blue: 0)
        case .placeholder: Color(red: 1, green: 0.55, blue: 0)
        case .ruby: Color(red: 0, green: 0.8, blue: 0.8)
        }
    }

    /// The legend's words for each kind.
    package var label: String {
        switch self {
        case .lineBox: "line box"
        case .ink: "ink rect"
        case .run: "run boundary"
        case .baseline: "baseline"
        case .placeholder: "placeholder"
        case .ruby: "ruby box"
        }
    }

    /// The line width of every annotation, in points.
    package static let lineWidth: CGFloat = 1
    /// The legend's rows: kinds in two columns, three rows of 14 points, 6 points of space above.
    static let legendRow: CGFloat = 14
    package static let legendHeight: CGFloat = 3 * legendRow + 6

    /// Every annotation of `frame`, in drawing order: its kind and its segments or rects.
    package static func shapes(of frame: Frame) -> [(Annotation, ShapePath)] {
        var paths = [Annotation: ShapePath]()
        for kind in allCases { paths[kind] = ShapePath() }
        for (index, line) in frame.lines.enumerated() {
            let o = CGPoint(
                x: frame.rect.minX + frame.lineOrigins[index].x, y: frame.rect.minY + frame.lineOrigins[index].y)
            let box = line.bounds().offsetBy(dx: o.x, dy: o.y)
            paths[.lineBox]?.addRect(box)
            let vertical = line.lineAxis == .vertical
            for run in line.glyphRuns {
                let ink = run.imageBounds
                if !ink.isNull, ink.width > 0 || ink.height > 0 { paths[.ink]?.addRect(ink.offsetBy(dx: o.x, dy: o.y)) }
                for along in [run.originX, run.originX + run.width] {
                    if vertical {
                        paths[.run]?.move(to: CGPoint(x: box.minX, y: o.y - along))
                        paths[.run]?.addLine(to: CGPoint(x: box.maxX, y: o.y - along))
                    } else {
                        paths[.run]?.move(to: CGPoint(x: o.x + along, y: box.minY))
                        paths[.run]?.addLine(to: CGPoint(x: o.x + along, y: box.maxY))
                    }
                }
            }
            paths[.baseline]?.move(to: o)
            paths[.baseline]?.addLine(
                to: vertical ? CGPoint(x: o.x, y: o.y - line.width) : CGPoint(x: o.x + line.width, y: o.y))
            for ruby in line.rubies { paths[.ruby]?.addRect(ruby.rect.offsetBy(dx: o.x, dy: o.y)) }
        }
        for placeholder in frame.placeholders { paths[.placeholder]?.addRect(placeholder.rect) }
        return allCases.compactMap { kind in paths[kind].flatMap { $0.isEmpty ? nil : (kind, $0) } }
    }

    /// Strokes every annotation of `frame` in its colour.
    package static func draw(_ frame: Frame, in g: GraphicsContext) {
        g.saveGState()
        g.setLineWidth(lineWidth)
        g.setLineDash(phase: 0, lengths: [])
        for (kind, path) in shapes(of: frame) {
            g.setStrokeColor(kind.color)
            g.beginPath()
            g.addPath(path)
            g.strokePath()
        }
        g.restoreGState()
    }

    /// The legend: a swatch and the label of each kind, two columns of three rows, its bottom-left
    /// corner at `origin`.
    package static func drawLegend(in g: GraphicsContext, at origin: CGPoint) {
        guard let font = try? FontCollection.shared.font(family: "DejaVu Sans", size: 9) else { return }
        g.saveGState()
        for (i, kind) in allCases.enumerated() {
            let x = origin.x + CGFloat(i / 3) * 110
            let y = origin.y + CGFloat(2 - i % 3) * legendRow
            g.setFillColor(kind.color)
            g.fill(CGRect(x: x, y: y + 2, width: 10, height: 8))
            if let line = try? Line(AttributedText(kind.label, attributes: [.font(font), .foregroundColor(.black)])) {
                g.textPosition = CGPoint(x: x + 14, y: y + 3)
                line.draw(in: g)
            }
        }
        g.restoreGState()
    }
}
