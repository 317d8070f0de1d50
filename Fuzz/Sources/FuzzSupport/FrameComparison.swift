// Frame comparison: traps when two frames of the same text differ in any line, run, glyph or
// position (used to check incremental re-layout against layout from scratch).
import Foundation
import Galley

/// Compares frames.
public enum FrameComparison {
    /// Traps with a description of the first difference between `a` and `b`.
    public static func requireSame(_ a: Frame, _ b: Frame) {
        func same<T: Equatable>(_ x: T, _ y: T, _ what: @autoclosure () -> String) {
            if x != y { fatalError("re-layout differs from fresh layout: \(what()): \(x) vs \(y)") }
        }
        same(a.lines.count, b.lines.count, "line count")
        same(a.lineOrigins, b.lineOrigins, "line origins")
        same(a.stringRange, b.stringRange, "string range")
        same(a.visibleStringRange, b.visibleStringRange, "visible string range")
        same(a.placedLineMetrics, b.placedLineMetrics, "placed line metrics")
        same(a.lineMeasures, b.lineMeasures, "line measures")
        for (i, (x, y)) in zip(a.lines, b.lines).enumerated() {
            same(x.stringRange, y.stringRange, "line \(i) range")
            same(x.typographicBounds, y.typographicBounds, "line \(i) bounds")
            same(x.trailingWhitespaceWidth, y.trailingWhitespaceWidth, "line \(i) trailing whitespace")
            same(x.paragraphLevel, y.paragraphLevel, "line \(i) paragraph level")
            same(x.endsParagraph, y.endsParagraph, "line \(i) ends paragraph")
            same(x.isHyphenated, y.isHyphenated, "line \(i) hyphenated")
            same(x.truncationTokenRange, y.truncationTokenRange, "line \(i) truncation")
            same(x.glyphRuns.count, y.glyphRuns.count, "line \(i) run count")
            for (r, (p, q)) in zip(x.glyphRuns, y.glyphRuns).enumerated() {
                let at = "line \(i) run \(r)"
                same(p.stringRange, q.stringRange, "\(at) range")
                same(Array(p.glyphs), Array(q.glyphs), "\(at) glyphs")
                same(Array(p.positions), Array(q.positions), "\(at) positions")
                same(Array(p.advances), Array(q.advances), "\(at) advances")
                same(Array(p.stringIndices), Array(q.stringIndices), "\(at) string indices")
                same(p.font, q.font, "\(at) font")
                same(p.attributes, q.attributes, "\(at) attributes")
                same(p.bidiLevel, q.bidiLevel, "\(at) bidi level")
                same(p.originX, q.originX, "\(at) originX")
                same(p.baselineShift, q.baselineShift, "\(at) baseline shift")
                same(p.isPlaceholder, q.isPlaceholder, "\(at) placeholder")
            }
        }
    }
}
