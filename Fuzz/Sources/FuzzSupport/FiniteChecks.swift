// Finite checks: a harness traps (so libFuzzer records a crash) when any number that a layout,
// a caret query or a hit test gives back is NaN or infinite.
import Foundation
import Galley

/// Traps unless `value` is finite; `what` says which number it was.
public func requireFinite(_ value: CGFloat, _ what: @autoclosure () -> String) {
    if !value.isFinite {
        fatalError("non-finite \(what()): \(value)")
    }
}

/// Traps unless both coordinates are finite.
public func requireFinite(_ point: CGPoint, _ what: @autoclosure () -> String) {
    requireFinite(point.x, "\(what()).x")
    requireFinite(point.y, "\(what()).y")
}

/// Traps unless the rectangle's origin and size are finite (the null rectangle is allowed:
/// it means "nothing", as in CoreGraphics).
public func requireFinite(_ rect: CGRect, _ what: @autoclosure () -> String) {
    if rect.isNull { return }
    requireFinite(rect.origin, "\(what()).origin")
    requireFinite(rect.size.width, "\(what()).width")
    requireFinite(rect.size.height, "\(what()).height")
}

/// Traps unless every metric of `bounds` is finite.
public func requireFinite(_ bounds: TypographicBounds, _ what: @autoclosure () -> String) {
    requireFinite(bounds.width, "\(what()).width")
    requireFinite(bounds.ascent, "\(what()).ascent")
    requireFinite(bounds.descent, "\(what()).descent")
    requireFinite(bounds.leading, "\(what()).leading")
}

/// Traps unless every number of `line` is finite: its metrics, and each run's origin, glyph
/// positions and advances, and image bounds.
public func requireFinite(_ line: Line, _ what: String) {
    requireFinite(line.typographicBounds, "\(what) bounds")
    requireFinite(line.trailingWhitespaceWidth, "\(what) trailing whitespace")
    for (r, run) in line.glyphRuns.enumerated() {
        requireFinite(run.originX, "\(what) run \(r) originX")
        requireFinite(run.baselineShift, "\(what) run \(r) baselineShift")
        for (g, position) in run.positions.enumerated() {
            requireFinite(position, "\(what) run \(r) glyph \(g) position")
        }
        for (g, advance) in run.advances.enumerated() {
            requireFinite(advance.width, "\(what) run \(r) glyph \(g) advance")
            requireFinite(advance.height, "\(what) run \(r) glyph \(g) advance height")
        }
        requireFinite(run.typographicBounds, "\(what) run \(r) bounds")
    }
}

/// Traps unless every number of `frame` is finite: line origins, placed metrics, measures,
/// lines, placeholders and used height.
public func requireFinite(_ frame: Frame) {
    for (i, origin) in frame.lineOrigins.enumerated() {
        requireFinite(origin, "line \(i) origin")
    }
    for (i, metrics) in frame.placedLineMetrics.enumerated() {
        requireFinite(metrics, "line \(i) placed metrics")
    }
    for (i, measure) in frame.lineMeasures.enumerated() {
        requireFinite(measure, "line \(i) measure")
    }
    for (i, line) in frame.lines.enumerated() {
        requireFinite(line, "line \(i)")
    }
    for placeholder in frame.placeholders {
        requireFinite(placeholder.rect, "placeholder \(placeholder.stringIndex) rect")
    }
    requireFinite(frame.usedHeight, "used height")
}
