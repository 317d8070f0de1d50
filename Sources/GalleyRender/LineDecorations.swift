// Where a line's background colours, underlines and strikethroughs go: geometry shared by the
// bitmap renderer and the SVG writer.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// The background boxes and decoration bands of one line, in points relative to the line origin,
/// y up. Computed from the line's runs as CoreText's `CTLineDraw` and DTCoreText draw them:
///
/// - **Background** (`backgroundColor`): each run's box spans the run's advances horizontally and
///   the **line's** descent to ascent vertically (so runs of different sizes give one even band);
///   the line's trailing whitespace is excluded, as DTCoreText does.
/// - **Underline**: one position and one thickness per line (a fallback font must not make the
///   underline jump where the font changes): the lowest `post.underlinePosition` and the largest
///   `post.underlineThickness` among the line's underlined runs. Following the OpenType spec (and
///   Pango), the position is the **top** edge of the stroke. Each run's band is moved by the run's
///   baseline shift (a superscript's underline rises with it).
/// - **Strikethrough**: likewise one per line: the highest OS/2 `yStrikeoutPosition` (the top edge
///   of the stroke) and the largest `yStrikeoutSize` among the struck runs.
/// - Styles: single is one band of the thickness t; thick is one band of 2t from the same top;
///   double is two bands of t, the second starting t below the first's bottom edge; low is one
///   band whose top edge is at the run's font descent (under the descenders, as Pango's low);
///   error is a triangle wave of squares of side t, 2t high, period 4t, from t above the
///   underline position.
/// - **Overline**: one per line at the highest ascent of the overlined runs' fonts (the top edge
///   of the line's text, as Pango draws it), the band hanging below that edge, underline
///   thickness.
/// - Patterns, in multiples of t from the line's origin (so dashes continue across runs): dot 1 on
///   1 off; dash 4 on 2 off; dash-dot 4, 2, 1, 2; dash-dot-dot 4, 2, 1, 2, 1, 2.
/// - Colour: the decoration's own, else the run's foreground colour, else black.
/// - Trailing whitespace (at the right of a left-to-right line, the left of a right-to-left one)
///   is neither underlined nor struck through. Placeholder runs get a background but no lines.
/// - By word (`TextDecoration.byWord`, UIKit's `NSUnderlineStyle.byWord`): one stroke per stretch
///   of the run's glyphs whose characters are not White_Space, so spaces between words get none.
/// - Vertical lines: see `LineDecorations+Vertical.swift` (underline on the right of the column,
///   CSS's `text-underline-position: auto` for Japanese; left for Chinese; strikethrough through
///   the centre line; backgrounds spanning the column).
struct LineDecorations {
    /// A filled box (a background).
    struct Box {
        var rect: CGRect
        var color: Color
    }

    /// One underline or strikethrough over one run: its kind, style, pattern and line thickness,
    /// bands of (top edge, thickness), x extent, dash pattern (lengths in points, on/off
    /// alternating; empty for solid) and colour.
    struct Stroke {
        var kind: DecorationPaint.Kind
        var style: TextDecoration.Style
        var pattern: TextDecoration.Pattern
        var thickness: CGFloat
        var minX: CGFloat
        var maxX: CGFloat
        var bands: [(top: CGFloat, thickness: CGFloat)]
        var dashes: [CGFloat]
        var color: Color
        /// For a vertical line: which side of the centre line is the bands' "up" (+1 right, −1
        /// left); `rects` then turns the computed rectangles (see `turned`). nil: horizontal.
        var verticalSide: CGFloat? = nil

        /// The rectangles that draw this stroke (one per band and dash; one per step of the
        /// wave for an error underline), y up.
        var rects: [CGRect] {
            guard let side = verticalSide else { return inlineRects }
            return inlineRects.map { LineDecorations.turned($0, side: side) }
        }

        /// The rectangles with x along the line and y across it (the line's own coordinates for
        /// a horizontal line).
        private var inlineRects: [CGRect] {
            if style == .error, let band = bands.first {
                return LineDecorations.wave(top: band.top, thickness: band.thickness, from: minX, to: maxX)
            }
            var spans: [(CGFloat, CGFloat)] = []
            let period = dashes.reduce(0, +)
            if period <= 0 {  // solid (no pattern)
                spans = [(minX, maxX)]
            } else {
                // The pattern starts at the line origin (x = 0), so it runs on across runs.
                var x = (minX / period).rounded(.down) * period
                var i = 0
                while x < maxX, i < 100_000 {
                    let length = dashes[i % dashes.count]
                    if i % 2 == 0 {
                        let a = max(x, minX), b = min(x + length, maxX)
                        if b > a { spans.append((a, b)) }
                    }
                    x += length
                    i += 1
                }
            }
            var result: [CGRect] = []
            for band in bands {
                for (a, b) in spans {
                    result.append(CGRect(x: a, y: band.top - band.thickness, width: b - a, height: band.thickness))
                }
            }
            return result
        }
    }

    /// Backgrounds, left to right.
    var backgrounds: [Box] = []
    /// Underlines, then strikethroughs, then overlines.
    var strokes: [Stroke] = []

    /// The decorations of `line`.
    init(_ line: Line) {
        let trailing = max(0, line.trailingWhitespaceWidth)
        let visible: ClosedRange<CGFloat> =
            line.isRightToLeft
            ? min(trailing, line.width)...max(line.width, trailing)
            : 0...max(0, line.width - trailing)
        func clip(_ run: GlyphRun) -> (CGFloat, CGFloat)? {
            let a = max(run.originX, visible.lowerBound), b = min(run.originX + run.width, visible.upperBound)
            guard a.isFinite, b.isFinite, b > a else { return nil }
            return (a, b)
        }
        for run in line.glyphRuns {
            guard let color = run.attributes.backgroundColor, color.alpha > 0, let (a, b) = clip(run) else { continue }
            let band = CGRect(x: a, y: -line.descent, width: b - a, height: line.ascent + line.descent)
            let rect: CGRect
            switch line.lineAxis {
            case .horizontal: rect = band
            case .vertical: rect = LineDecorations.turned(band, side: 1)
            }
            backgrounds.append(Box(rect: rect, color: color))
        }
        let texts = line.glyphRuns.filter { !$0.isPlaceholder && !$0.glyphs.isEmpty }
        // The strokes of one kind of decoration: one top edge for the line (`pick` of the runs'
        // fonts' positions) and one thickness, then a stroke per decorated run.
        func decorationStrokes(
            _ kind: DecorationPaint.Kind, of decoration: KeyPath<Attributes, TextDecoration?>,
            position: KeyPath<Font, CGFloat>, thickness: KeyPath<Font, CGFloat>,
            pick: ([CGFloat]) -> CGFloat?
        ) -> [Stroke] {
            let decorated = texts.compactMap { run in
                run.attributes[keyPath: decoration].map { (run: run, decoration: $0) }
            }
            guard !decorated.isEmpty else { return [] }
            let runs = decorated.map(\.run)
            let t = LineDecorations.thickness(runs.map { $0.font[keyPath: thickness] }, runs)
            let placement = LineDecorations.verticalPlacement(kind, runs: runs, thickness: t, along: line.lineAxis)
            let top = placement?.top ?? pick(runs.map { $0.font[keyPath: position] }) ?? 0
            func stroke(_ item: (run: GlyphRun, decoration: TextDecoration), _ extent: (CGFloat, CGFloat)?) -> Stroke? {
                guard var made = LineDecorations.stroke(kind, item.run, item.decoration, top: top, thickness: t, extent)
                else { return nil }
                if let placement { made.vertical(top: top, side: placement.side) }
                return made
            }
            return decorated.flatMap { item -> [Stroke] in
                guard item.decoration.byWord else {
                    return stroke(item, clip(item.run)).map { [$0] } ?? []
                }
                // NSUnderlineStyle.byWord: one stroke per stretch of non-whitespace glyphs.
                return LineDecorations.wordExtents(of: item.run, in: line).compactMap { word in
                    guard let (a, b) = clip(item.run), word.1 > a, word.0 < b else { return nil }
                    let extent = (max(a, word.0), min(b, word.1))
                    return stroke(item, extent)
                }
            }
        }
        strokes =
            decorationStrokes(
                .underline, of: \.underline, position: \.underlinePosition,
                thickness: \.underlineThickness
            ) { $0.min() }
            + decorationStrokes(
                .strikethrough, of: \.strikethrough, position: \.strikethroughPosition,
                thickness: \.strikethroughThickness
            ) { $0.max() }
            + decorationStrokes(
                .overline, of: \.overline, position: \.ascent, thickness: \.underlineThickness
            ) { $0.max() }
    }

    /// A wave between `a` and `b` as squares of side `t` whose top edges go down from `top` and
    /// back up by one `t` per step (a triangle wave of height 2t and period 4t, measured from the
    /// line origin so it runs on across runs), as Pango draws its error underline.
    static func wave(top: CGFloat, thickness t: CGFloat, from a: CGFloat, to b: CGFloat) -> [CGRect] {
        // At most 100 000 steps, and step numbers an Int holds (a tiny t far from the origin).
        guard t > 0, b > a, (b - a) / t < 100_000, abs(a / t) < 1e15, abs(b / t) < 1e15 else { return [] }
        var result: [CGRect] = []
        var step = Int((a / t).rounded(.down))
        while CGFloat(step) * t < b {
            let x = max(CGFloat(step) * t, a), right = min(CGFloat(step + 1) * t, b)
            let phase = ((step % 4) + 4) % 4
            let depth = CGFloat(phase <= 2 ? phase : 4 - phase) * t
            if right > x {
                result.append(CGRect(x: x, y: top - depth - t, width: right - x, height: t))
            }
            step += 1
        }
        return result
    }

    /// The x extents (line coordinates, left to right; along the line, down from the origin,
    /// for a vertical line) of the stretches of `run`'s glyphs whose
    /// characters are not whitespace (PropList White_Space: spaces, TAB, no-break and ideographic
    /// spaces, line separators), for an underline or strikethrough drawn by word.
    static func wordExtents(of run: GlyphRun, in line: Line) -> [(CGFloat, CGFloat)] {
        var result: [(CGFloat, CGFloat)] = []
        var pen = run.originX
        var start: CGFloat? = nil
        for g in 0..<run.glyphCount {
            let index = run.stringIndices[g]
            let isSpace = line.isWhiteSpace(at: index)
            let advance = run.orientation.lineAxis.inlineExtent(run.advances[g])
            if isSpace {
                if let s = start { result.append((s, pen)) }
                start = nil
            } else if start == nil {
                start = pen
            }
            pen += advance
        }
        if let s = start { result.append((s, pen)) }
        return result.filter { $0.1 > $0.0 }
    }

    /// The largest of the fonts' thicknesses; a font without one (0) gets 1/20 em.
    static func thickness(_ values: [CGFloat], _ runs: [GlyphRun]) -> CGFloat {
        let t = values.filter { $0.isFinite }.max() ?? 0
        return t > 0 ? t : (runs.map(\.font.size).max() ?? 12) / 20
    }

    static func stroke(
        _ kind: DecorationPaint.Kind, _ run: GlyphRun, _ decoration: TextDecoration, top: CGFloat,
        thickness t: CGFloat, _ extent: (CGFloat, CGFloat)?
    ) -> Stroke? {
        guard let (a, b) = extent else { return nil }
        let color = decoration.color ?? run.attributes.foregroundColor ?? .black
        guard color.alpha > 0, t > 0, t.isFinite else { return nil }
        let y = top + run.baselineShift
        let bands: [(CGFloat, CGFloat)]
        switch decoration.style {
        case .single: bands = [(y, t)]
        case .thick: bands = [(y, 2 * t)]
        case .double: bands = [(y, t), (y - 2 * t, t)]
        // Low: its top edge at the font's descent, under every descender (Pango's "low").
        case .low: bands = [(run.baselineShift - run.font.descent, t)]
        // Error: a wave around the underline position; `rects` draws it.
        case .error: bands = [(y + t, t)]
        }
        let units: [CGFloat]
        switch decoration.pattern {
        case .solid: units = []
        case .dot: units = [1, 1]
        case .dash: units = [4, 2]
        case .dashDot: units = [4, 2, 1, 2]
        case .dashDotDot: units = [4, 2, 1, 2, 1, 2]
        }
        return Stroke(
            kind: kind, style: decoration.style, pattern: decoration.pattern, thickness: t,
            minX: a, maxX: b, bands: bands, dashes: units.map { $0 * t }, color: color)
    }
}
