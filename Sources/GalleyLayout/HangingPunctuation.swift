// Hanging punctuation (CSS `hanging-punctuation: first last allow-end`): which characters may
// hang outside a line's measure, how much room that gives the line breakers, and how far a
// placed line's edges move out for them.
import Foundation
import GalleyShaping
import GalleyText

enum Hanging {
    /// Characters that hang at the start of a paragraph's first line with `first`: opening
    /// brackets and quotes (general categories Ps, Pi, Pf) and the ASCII quotes.
    static func isOpening(_ unit: UInt16) -> Bool { UnitClass.isOpening(unit) }

    /// Characters that hang at the end of a paragraph's last line with `last`: closing
    /// brackets and quotes (Pe, Pi, Pf) and the ASCII quotes.
    static func isClosing(_ unit: UInt16) -> Bool { UnitClass.isClosing(unit) }

    /// The stops and commas that may hang at the end of any line with `allow-end` (see
    /// `UnitClass.stop`).
    static func isStop(_ unit: UInt16) -> Bool { UnitClass.isStop(unit) }

    /// How much of a line from `start` whose visible text ends at `visibleEnd` may hang outside
    /// its measure under `style`: the opening punctuation starting a paragraph's first line, and
    /// the closing punctuation ending its last line or a stop ending any line. The breakers let a
    /// line be that much wider than its measure.
    static func allowance(
        _ paragraph: ParagraphAnalysis, units: [UInt16], from start: Int, visibleEnd: Int, style: HangingPunctuation
    ) -> CGFloat {
        guard !style.isEmpty, visibleEnd > start else { return 0 }
        var room: CGFloat = 0
        if style.contains(.first), start == paragraph.content.lowerBound, isOpening(units[start]) {
            room += paragraph.width(of: start..<(start + 1))
        }
        let last = units[visibleEnd - 1]
        let endsParagraph = paragraph.endTrimmingWhitespace(visibleEnd..<paragraph.content.upperBound) == visibleEnd
        if (style.contains(.last) && endsParagraph && isClosing(last)) || (style.contains(.allowEnd) && isStop(last)) {
            room += paragraph.width(of: (visibleEnd - 1)..<visibleEnd)
        }
        return room
    }
}

extension Line {
    /// How far the line's visible edges move out of its `measure` for hanging punctuation under
    /// `style`, on its logical start and end: the first line's opening punctuation with `first`;
    /// the last line's closing punctuation with `last`; a stop at the end with `allow-end`, only
    /// when the line does not fit without hanging it.
    func hangs(_ style: HangingPunctuation, measure: CGFloat, firstLine: Bool) -> (start: CGFloat, end: CGFloat) {
        guard !style.isEmpty, visibleEnd > stringRange.lowerBound else { return (0, 0) }
        var start: CGFloat = 0
        var end: CGFloat = 0
        let first = stringRange.lowerBound
        if style.contains(.first), firstLine, paragraphText.unitClass(at: first).contains(.opening) {
            start = advance(ofCharacterAt: first)
        }
        let last = paragraphText.unitClass(at: visibleEnd - 1)
        let visible = width - trailingWhitespaceWidth
        if style.contains(.last), endsParagraph, last.contains(.closing) {
            end = advance(ofCharacterAt: visibleEnd - 1)
        } else if style.contains(.allowEnd), last.contains(.stop), visible - start > measure {
            end = advance(ofCharacterAt: visibleEnd - 1)
        }
        return (start, end)
    }

    /// The total advance of the glyphs of the character at `index`.
    func advance(ofCharacterAt index: Int) -> CGFloat {
        var total: CGFloat = 0
        for run in glyphRuns where run.stringRange.contains(index) {
            for g in 0..<run.glyphCount where run.stringIndices[g] == index {
                total += run.orientation.lineAxis.inlineExtent(run.advances[g])
            }
        }
        return total
    }
}
