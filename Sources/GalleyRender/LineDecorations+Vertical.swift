// Where the decorations of a vertical line go. Defined from CSS Text Decoration 3
// (`text-underline-position`) and CSS Writing Modes (the "over" side of vertical text is the
// right):
// - Underline: on the right of the column, CSS's `auto` for Japanese and Korean (browsers and the
//   WPT test text-underline-position-auto-001 put it right for ja/ko, left for zh); on the left
//   for a run whose language is Chinese (`zh…`). One side per line, from its first underlined
//   run. The stroke lies inside the column, its outer edge on the column's edge (the largest
//   half-width of the underlined runs' em boxes); double and thick grow inwards, low is single,
//   error is the wave between that edge and 3t inside it.
// - Overline: on the other side ("If this causes the underline to be drawn on the over side of
//   the text, then an overline also switches sides").
// - Strikethrough: through the centre line, its bands centred on it.
// - Backgrounds: the run's extent along the line, across the whole column (left edge −descent,
//   right edge ascent: the column's half-widths).
import Foundation
import GalleyLayout
import GalleyText

extension LineDecorations {
    /// `rect`, in inline coordinates (x along the line from its origin, y across it with +y on
    /// `side`: +1 right, −1 left), turned into the vertical line's coordinates (y up, x right):
    /// x along the line goes down −y.
    static func turned(_ rect: CGRect, side: CGFloat) -> CGRect {
        CGRect(
            x: side > 0 ? rect.minY : -rect.maxY, y: -rect.maxX, width: rect.height, height: rect.width)
    }

    /// For a vertical line: the top edge (across the line, on `side`) of the `kind` strokes over
    /// `runs`; nil for a horizontal line.
    static func verticalPlacement(
        _ kind: DecorationPaint.Kind, runs: [GlyphRun], thickness: CGFloat, along axis: LineAxis
    ) -> (top: CGFloat, side: CGFloat)? {
        switch axis {
        case .horizontal: return nil
        case .vertical: break
        }
        let underlineSide: CGFloat = (runs.first?.attributes.language ?? "").lowercased().hasPrefix("zh") ? -1 : 1
        let bounds = runs.map(\.typographicBounds)
        switch kind {
        case .strikethrough:
            return (0, 1)
        case .underline, .overline:
            let side = kind == .underline ? underlineSide : -underlineSide
            let edge = side > 0 ? bounds.map(\.ascent).max() : bounds.map(\.descent).max()
            return (edge ?? 0, side)
        }
    }
}

extension LineDecorations.Stroke {
    /// Makes this stroke a vertical line's: bands from `top` inwards (no baseline shift; a
    /// strikethrough's bands centred on the centre line), turned to `side`.
    mutating func vertical(top: CGFloat, side: CGFloat) {
        let t = thickness
        let height: CGFloat =
            switch style {
            case .thick: 2 * t
            case .double: 3 * t
            case .error: 3 * t
            case .single, .low: t
            }
        let edge = kind == .strikethrough ? height / 2 : top
        switch style {
        case .single, .low, .error: bands = [(edge, t)]
        case .thick: bands = [(edge, 2 * t)]
        case .double: bands = [(edge, t), (edge - 2 * t, t)]
        }
        verticalSide = side
    }
}
