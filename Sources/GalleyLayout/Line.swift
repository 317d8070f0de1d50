// A line of laid-out text: its glyph runs in visual order with their metrics. The caret
// questions CoreText answers about a line (offset for a string index, string index for a point,
// caret enumeration, selection rects) are in Carets.swift.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import Synchronization

/// Like CTLine: glyph runs in visual order along the line's axis (``lineAxis``), positioned
/// relative to the line origin: the start of the baseline — its left end in a horizontal line,
/// the top end of the column's centre line in a vertical one.
///
/// A line is a finished value: besides its runs and metrics it keeps only what its later
/// questions and copies need of its paragraph, computed once per paragraph (its grapheme
/// boundaries, which characters are spaces or hanging punctuation, and the shaping stage's
/// shaper of its fonts for a truncation token), never the text's code units or the typesetter,
/// so caret questions, `truncated(width:type:token:)` and `justified(factor:width:)` work on a
/// line alone, as on a CTLine.
public struct Line: Sendable {
    /// Everything the line holds, in one immutable object its copies share: a line is copied
    /// several times on its way out of the framesetter (into the frame's placed lines, its line
    /// list, a caller's array), and a copy is then one retain instead of a 120-byte value with
    /// four references, and the caret map it builds is shared by every copy.
    let storage: LineStorage

    /// The runs, in visual order. Like CTLineGetGlyphRuns.
    public var glyphRuns: [GlyphRun] { storage.glyphRuns }
    /// The UTF-16 range of the line, trailing whitespace and any paragraph separator included.
    /// Like CTLineGetStringRange.
    public var stringRange: Range<Int> { storage.stringRange }
    /// Width, ascent, descent and leading. Like CTLineGetTypographicBounds: the width is the
    /// distance to the rightmost advance edge, trailing whitespace included; ascent, descent and
    /// leading are the maxima over the runs (a placeholder counts with its delegate's values),
    /// ascent and descent grown to hold the line's ruby (``rubies``).
    public var typographicBounds: TypographicBounds { storage.typographicBounds }
    /// The line's ruby annotations, one per base and position with text, in visual order (see
    /// ``RubyPlacement``; the rules are in RubyLayout.swift). CoreText draws ruby inside the line
    /// without exposing it.
    public var rubies: [RubyPlacement] { storage.rubies }
    /// How much of `width` is trailing whitespace, which may hang past the line's available width.
    /// Like CTLineGetTrailingWhitespaceWidth.
    public var trailingWhitespaceWidth: CGFloat { storage.trailingWhitespaceWidth }
    /// The paragraph's embedding level: 0 left-to-right, 1 right-to-left.
    public var paragraphLevel: UInt8 { storage.paragraphLevel }
    /// True when the line ends its paragraph (its range reaches a paragraph separator or the text's end).
    public var endsParagraph: Bool { storage.endsParagraph }
    /// True when the line ends inside a word (at a soft hyphen or a hyphenation point) and shows a
    /// hyphen there: the hyphen's glyphs belong to the line's last character (CoreText has no
    /// such flag: it never hyphenates).
    public var isHyphenated: Bool { storage.isHyphenated }
    /// True for a line made by truncation (CoreText has no such flag; DTCoreText compares glyphs).
    public var isTruncated: Bool { storage.truncationTokenRange != nil }
    /// The axis the line runs along: a vertical line's runs are laid down −y from its origin at
    /// the top of the column's centre line (see ``GlyphRun/orientation``), an empty one's too.
    /// CoreText's lines are vertical in frames of a vertical progression.
    public var lineAxis: LineAxis { storage.lineAxis }

    /// Typographic width, trailing whitespace included.
    public var width: CGFloat { typographicBounds.width }
    /// Ascent, positive.
    public var ascent: CGFloat { typographicBounds.ascent }
    /// Descent, positive below the baseline.
    public var descent: CGFloat { typographicBounds.descent }
    /// Leading.
    public var leading: CGFloat { typographicBounds.leading }
    /// Like CTLineGetGlyphCount.
    public var glyphCount: Int {
        let runs = storage.glyphRuns
        var count = 0
        for i in runs.indices { count += runs[i].glyphCount }
        return count
    }
    /// True when the line ends with U+2028 LINE SEPARATOR (a forced line break inside a paragraph).
    public var endsWithLineSeparator: Bool {
        stringRange.upperBound > stringRange.lowerBound
            && paragraphText.unitClass(at: stringRange.upperBound - 1).contains(.lineSeparator)
    }
    /// Whether the character at `index` (of the line's paragraph) is a White_Space character
    /// (PropList.txt: spaces, TAB, no-break and ideographic spaces, line separators), from the
    /// paragraph's unit classes: where a decoration drawn by word stops.
    package func isWhiteSpace(at index: Int) -> Bool {
        paragraphText.unitClass(at: index).contains(.whiteSpace)
    }
    /// True for a right-to-left paragraph's line.
    public var isRightToLeft: Bool { paragraphLevel & 1 == 1 }

    /// For a line made by truncation, the UTF-16 range of the line's text that the token stands
    /// for (what was cut; empty when a frame forced a token at the end of text that fits); nil
    /// for a line that was not truncated. The token's glyph runs have `isTruncationToken` set.
    public var truncationTokenRange: Range<Int>? { storage.truncationTokenRange }

    /// The end of the line's range without its trailing whitespace.
    var visibleEnd: Int { storage.visibleEnd }
    /// What the line keeps of its paragraph (shared by the paragraph's lines, computed once):
    /// its grapheme cluster boundaries (carets, truncation), the class of each code unit
    /// (spaces for justification, truncation and decorations; line separators) and the shaper
    /// of its fonts, which shapes a truncation token. Not the text's code units, not the
    /// typesetter.
    package var paragraphText: ParagraphText { storage.paragraphText }

    /// A line from its parts, made where the line is built (`LineAssembly`): its ruby is
    /// already placed and `typographicBounds` already holds it.
    init(
        glyphRuns: [GlyphRun], stringRange: Range<Int>, typographicBounds: TypographicBounds,
        rubies: [RubyPlacement] = [], trailingWhitespaceWidth: CGFloat, paragraphLevel: UInt8, endsParagraph: Bool,
        paragraphText: ParagraphText, visibleEnd: Int, truncationTokenRange: Range<Int>? = nil,
        isHyphenated: Bool = false, lineAxis: LineAxis
    ) {
        storage = LineStorage(
            glyphRuns: glyphRuns, stringRange: stringRange, typographicBounds: typographicBounds, rubies: rubies,
            trailingWhitespaceWidth: trailingWhitespaceWidth, paragraphLevel: paragraphLevel,
            endsParagraph: endsParagraph, isHyphenated: isHyphenated, lineAxis: lineAxis,
            truncationTokenRange: truncationTokenRange, visibleEnd: visibleEnd, paragraphText: paragraphText)
    }

    /// The union of the ink rectangles of the glyphs (and placeholder boxes), relative to the line
    /// origin, y up; `CGRect.null` for a line with no ink. Like CTLineGetImageBounds with no context.
    public var imageBounds: CGRect {
        glyphRuns.reduce(CGRect.null) { $0.union($1.imageBounds) }
    }

    /// The x at which the line must start so that it sits flush in `width`: 0 flushes left, 1 right,
    /// 0.5 centres (values outside 0...1 are clamped). Trailing whitespace is ignored, so it hangs
    /// past the edge (at the right of a left-to-right line, at the left of a right-to-left one).
    /// Like CTLineGetPenOffsetForFlush.
    /// With the paragraph style's `lineBoundsOptions` holding `useHangingPunctuation` or
    /// `useOpticalBounds`, the box of `bounds(options:)` for those options is flushed instead
    /// (along the line's inline axis, for a vertical line too).
    public func penOffset(flushFactor: CGFloat, width available: CGFloat) -> CGFloat {
        let factor = flushFactor.isNaN ? 0 : min(max(flushFactor, 0), 1)
        let options = firstRunIndex.map { glyphRuns[$0].attributes.paragraphLineBoundsOptions } ?? []
        let edges = options.intersection([.useHangingPunctuation, .useOpticalBounds])
        if !edges.isEmpty {
            let box = inlineBounds(options: edges)
            return factor * (available - box.width) - box.minX
        }
        let visible = width - trailingWhitespaceWidth
        let visibleStart = isRightToLeft ? trailingWhitespaceWidth : 0
        return factor * (available - visible) - visibleStart
    }
}

/// The values of one line (see `Line.storage`), and its caret map once built (Carets.swift).
/// Immutable apart from that map, which is published once, atomically.
final class LineStorage: Sendable {
    let glyphRuns: [GlyphRun]
    let stringRange: Range<Int>
    let typographicBounds: TypographicBounds
    let rubies: [RubyPlacement]
    let trailingWhitespaceWidth: CGFloat
    let paragraphLevel: UInt8
    let endsParagraph: Bool
    let isHyphenated: Bool
    let lineAxis: LineAxis
    let truncationTokenRange: Range<Int>?
    let visibleEnd: Int
    let paragraphText: ParagraphText
    /// The caret map once a caret question has built it (see `Line.caretMap`).
    let caretMapSlot = AtomicLazyReference<CaretMapBox>()

    init(
        glyphRuns: [GlyphRun], stringRange: Range<Int>, typographicBounds: TypographicBounds, rubies: [RubyPlacement],
        trailingWhitespaceWidth: CGFloat, paragraphLevel: UInt8, endsParagraph: Bool, isHyphenated: Bool,
        lineAxis: LineAxis, truncationTokenRange: Range<Int>?, visibleEnd: Int, paragraphText: ParagraphText
    ) {
        self.glyphRuns = glyphRuns
        self.stringRange = stringRange
        self.typographicBounds = typographicBounds
        self.rubies = rubies
        self.trailingWhitespaceWidth = trailingWhitespaceWidth
        self.paragraphLevel = paragraphLevel
        self.endsParagraph = endsParagraph
        self.isHyphenated = isHyphenated
        self.lineAxis = lineAxis
        self.truncationTokenRange = truncationTokenRange
        self.visibleEnd = visibleEnd
        self.paragraphText = paragraphText
    }
}
