// Turning a frame (or one line) into its paint list: the one place that decides paint order and
// the geometry of every fill, shadow, glyph run, decoration and placeholder.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

extension PaintList {
    /// The paint list of `frame`, with the UTF-16 range `selection` (nil: none) highlighted in
    /// `selectionColor` behind the text, as a text view shows a selection: each line's
    /// ``Line/selectionRects(for:)`` (from the line's descent to its ascent). The
    /// operations that `CTFrameDraw` would paint, followed by each run delegate's image.
    ///
    /// Order, each stage over every line: background colours (left to right), the selection,
    /// shadows, glyph runs (each line's ruby glyphs after its own), underlines, then strikethroughs (per line), and last the frame's
    /// ``Frame/placeholders``. See `LineDecorations` for where backgrounds and
    /// decoration lines go.
    public init(frame: Frame, selection: Range<Int>? = nil, selectionColor: Color = Renderer.selectionColor) {
        let painter = FramePainter(lines: frame.placedLines, offset: frame.rect.origin)
        self.init(
            painter.operations(selection: selection, selectionColor: selectionColor)
                + frame.placeholders.map(PaintOperation.placeholder))
    }

    /// The paint list of one line with its baseline starting at `origin` (y-up points), in the
    /// order of ``init(frame:selection:selectionColor:)``. Like what `CTLineDraw` paints after
    /// `CGContextSetTextPosition(origin)`. Its placeholder runs come last, as placeholders
    /// (`ascent` above and `descent` below the run's baseline; in a vertical line right and
    /// left of it) of line index 0.
    public init(line: Line, at origin: CGPoint) {
        let painter = FramePainter(lines: [PlacedLine(line: line, origin: origin)], offset: .zero)
        var operations = painter.operations(selection: nil, selectionColor: Renderer.selectionColor)
        for run in line.glyphRuns {
            guard let delegate = run.runDelegate else { continue }
            // A vertical line's placeholder lies down the line, across it (`imageBounds`).
            let rect: CGRect
            switch run.orientation.lineAxis {
            case .horizontal:
                rect = CGRect(
                    x: origin.x + run.originX, y: origin.y + run.baselineShift - delegate.descent,
                    width: delegate.width, height: delegate.ascent + delegate.descent)
            case .vertical: rect = run.imageBounds.offsetBy(dx: origin.x, dy: origin.y)
            }
            operations.append(
                .placeholder(
                    Placeholder(
                        stringIndex: run.stringRange.lowerBound, delegate: delegate,
                        rect: rect, lineIndex: 0)))
        }
        self.init(operations)
    }
}

extension PaintList {
    /// The paint list of glyphs `range` of `run` (glyph indices, clamped; nil: all) whose line
    /// origin is at `lineOrigin` (y-up points): the run's shadow, then its glyphs (filled and
    /// stroked, sheared by its ``GlyphRun/textMatrix``), in the run's colours. No
    /// background, underline or strikethrough, and nothing for a placeholder run. Like what
    /// `CTRunDraw` paints: its doc says the run is drawn "without any underlines", which "are
    /// drawn by CTLineDraw" (CoreText draws decorations per line).
    public init(run: GlyphRun, glyphs range: Range<Int>? = nil, lineOrigin: CGPoint) {
        let count = min(run.glyphs.count, run.positions.count)
        let lo = max(0, min(range?.lowerBound ?? 0, count))
        let hi = max(lo, min(range?.upperBound ?? count, count))
        guard run.runDelegate == nil, hi > lo else {
            self.init([])
            return
        }
        let paint = FramePainter.paint(run, count: count, lineOrigin: lineOrigin).selectingGlyphs(lo..<hi)
        var operations: [PaintOperation] = []
        if let shadow = run.attributes.shadow, shadow.color.alpha > 0 {
            operations.append(
                .shadow(
                    ShadowPaint(
                        glyphs: paint, offset: shadow.offset, blurRadius: shadow.blurRadius, color: shadow.color)))
        }
        operations.append(.glyphs(paint))
        self.init(operations)
    }

    /// The paint list of `glyphs` of `font` with their origins at `positions` (y-up points; the
    /// shorter of the two arrays counts), filled in `color`. Like `CTFontDrawGlyphs`: the glyphs
    /// as the font has them (its synthetic bold and oblique included), with no shaping, string
    /// mapping or decoration; the string indices are the glyph numbers.
    public init(glyphs: [GlyphID], positions: [CGPoint], font: Font, color: Color = .black) {
        let count = min(glyphs.count, positions.count)
        guard count > 0 else {
            self.init([])
            return
        }
        self.init([
            .glyphs(
                GlyphPaint(
                    font: font, glyphs: Array(glyphs.prefix(count)), positions: Array(positions.prefix(count)),
                    stringIndices: Array(0..<count), stringRange: 0..<count, isRightToLeft: false, color: color,
                    fills: true, stroke: nil, skew: 0))
        ])
    }
}

/// Paints placed lines stage by stage: every line's backgrounds, then the selection, shadows,
/// glyph runs and decoration lines, each stage over all lines, so a background or a shadow never
/// covers the glyphs of a neighbouring line.
struct FramePainter {
    /// The lines as their frame placed them.
    let lines: [PlacedLine]
    /// Where the origin their origins are relative to lies, y-up points (the frame rect's
    /// bottom-left corner).
    let offset: CGPoint

    /// Line `placed`'s origin in y-up points.
    func origin(of placed: PlacedLine) -> CGPoint {
        CGPoint(x: offset.x + placed.origin.x, y: offset.y + placed.origin.y)
    }

    /// Every operation of the lines, in painting order (placeholders not included).
    func operations(selection: Range<Int>?, selectionColor: Color) -> [PaintOperation] {
        let decorations = lines.map { LineDecorations($0.line) }
        let runs = glyphPaints()
        var operations: [PaintOperation] = []
        for (placed, d) in zip(lines, decorations) {
            let origin = origin(of: placed)
            for box in d.backgrounds {
                operations.append(
                    .fill(
                        FillPaint(
                            rect: box.rect.offsetBy(dx: origin.x, dy: origin.y),
                            color: box.color, role: .background)))
            }
        }
        if let selection, selectionColor.alpha > 0 {
            for placed in lines where placed.line.stringRange.overlaps(selection) {
                let origin = origin(of: placed)
                for rect in placed.line.selectionRects(for: selection) {
                    operations.append(
                        .fill(
                            FillPaint(
                                rect: rect.offsetBy(dx: origin.x, dy: origin.y),
                                color: selectionColor, role: .selection)))
                }
            }
        }
        for (run, paint) in runs {
            guard let shadow = run.attributes.shadow, shadow.color.alpha > 0 else { continue }
            operations.append(
                .shadow(
                    ShadowPaint(
                        glyphs: paint, offset: shadow.offset,
                        blurRadius: shadow.blurRadius, color: shadow.color)))
        }
        operations += runs.map { .glyphs($0.paint) }
        for (placed, d) in zip(lines, decorations) {
            let origin = origin(of: placed)
            for stroke in d.strokes {
                operations.append(.decoration(DecorationPaint(stroke, lineOrigin: origin)))
            }
        }
        return operations
    }

    /// Each run with glyphs (placeholders left out) and how it is painted, in line order and
    /// left to right.
    func glyphPaints() -> [(run: GlyphRun, paint: GlyphPaint)] {
        var result: [(run: GlyphRun, paint: GlyphPaint)] = []
        for placed in lines {
            let (line, origin) = (placed.line, origin(of: placed))
            for run in line.glyphRuns where run.runDelegate == nil {
                let count = min(run.glyphs.count, run.positions.count)
                guard count > 0 else { continue }
                result.append((run, Self.paint(run, count: count, lineOrigin: origin)))
            }
            result += rubyPaints(line, origin: origin)
        }
        return result
    }

    /// The glyph runs of a line's ruby (``Line/rubies``), after its own runs, each at its ruby's
    /// origin. Their text is not the frame's, so each shows no text of it (an empty string range
    /// at the base's start): a PDF's text layer keeps only the base text.
    func rubyPaints(_ line: Line, origin: CGPoint) -> [(run: GlyphRun, paint: GlyphPaint)] {
        var result: [(run: GlyphRun, paint: GlyphPaint)] = []
        for ruby in line.rubies {
            let rubyOrigin = CGPoint(x: origin.x + ruby.origin.x, y: origin.y + ruby.origin.y)
            let at = ruby.baseRange.lowerBound
            for run in ruby.glyphRuns where run.runDelegate == nil {
                let count = min(run.glyphs.count, run.positions.count)
                guard count > 0 else { continue }
                let paint = Self.paint(run, count: count, lineOrigin: rubyOrigin).with(
                    stringIndices: Array(repeating: at, count: count), stringRange: at..<at)
                result.append((run, paint))
            }
        }
        return result
    }

    /// The first `count` glyphs of `run` placed at `lineOrigin`, in the run's colours: filled in
    /// the foreground colour (black when absent) unless a positive stroke width asks for the
    /// outline only, stroked when the stroke width is not 0 (|width| % of the font size wide, in
    /// the stroke colour, else the foreground colour), skewed by the obliqueness attribute and
    /// stretched by the expansion attribute.
    static func paint(_ run: GlyphRun, count: Int, lineOrigin origin: CGPoint) -> GlyphPaint {
        let color = run.attributes.foregroundColor ?? .black
        let stroke = run.attributes.stroke.flatMap { $0.width != 0 ? $0 : nil }
        let positions = (0..<count).map { i in
            CGPoint(x: origin.x + run.positions[i].x, y: origin.y + run.positions[i].y)
        }
        let shear = GlyphSynthesis.shear(obliqueness: run.attributes.obliqueness.map(Double.init))
        return GlyphPaint(
            font: run.font, glyphs: Array(run.glyphs.prefix(count)), positions: positions,
            stringIndices: Array(run.stringIndices.prefix(count)), stringRange: run.stringRange,
            isRightToLeft: run.isRightToLeft, color: color, fills: stroke?.fills ?? true,
            stroke: stroke.map { GlyphStroke(width: $0.lineWidth(fontSize: run.font.size), color: $0.color ?? color) },
            skew: Double(shear) / 65536,
            xScale: Double(GlyphSynthesis.xScale(expansion: run.attributes.expansion.map(Double.init))) / 65536,
            orientation: run.orientation, link: run.attributes.link)
    }
}

extension DecorationPaint {
    /// `stroke` (in line coordinates) as the decoration of a line whose origin is `lineOrigin`.
    init(_ stroke: LineDecorations.Stroke, lineOrigin origin: CGPoint) {
        self.init(
            kind: stroke.kind, style: stroke.style, pattern: stroke.pattern, thickness: stroke.thickness,
            color: stroke.color, rects: stroke.rects.map { $0.offsetBy(dx: origin.x, dy: origin.y) })
    }
}
