// The lines of whole paragraphs, kept by the typesetter so that a frame of the same width lays
// out an unchanged paragraph without breaking or building its lines again — after an edit
// elsewhere in the text, moved to the paragraph's new offsets (`Line.shifted(by:units:)`).
import Foundation
import GalleyShaping
import GalleyText

/// Everything the lines of a paragraph laid out whole in a rectangle depend on besides the
/// paragraph itself (its characters and attributes, style included): the head indent and the
/// available width of its first line and of its other lines. (The line-break mode, tab stops and
/// indents come from the paragraph's style; the frame's width enters only through these widths.)
struct LineCacheKey: Hashable, Sendable {
    let firstHead: CGFloat
    let firstWidth: CGFloat
    let otherHead: CGFloat
    let otherWidth: CGFloat

    /// The key of a paragraph with `resolved` style in a rectangle `frameWidth` wide.
    init(_ resolved: ResolvedParagraphStyle, frameWidth: CGFloat) {
        firstHead = resolved.headIndent(firstLine: true)
        firstWidth = resolved.lineWidth(frameWidth: frameWidth, head: firstHead)
        otherHead = resolved.headIndent(firstLine: false)
        otherWidth = resolved.lineWidth(frameWidth: frameWidth, head: otherHead)
    }
}

/// The lines of one paragraph laid out whole from its start, for one key, with its validated
/// style (so that a frame placing them needs neither the paragraph's analysis nor its style again).
struct CachedParagraphLines: Sendable {
    let key: LineCacheKey
    let lines: [Line]
    let resolved: ResolvedParagraphStyle

    /// The same lines with the custom attributes of `text` (see `Line.withCustomAttributes(of:)`).
    func withCustomAttributes(of text: AttributedText) -> CachedParagraphLines {
        CachedParagraphLines(key: key, lines: lines.map { $0.withCustomAttributes(of: text) }, resolved: resolved)
    }

    /// The same lines for the paragraph moved by `delta` code units.
    func shifted(by delta: Int) -> CachedParagraphLines {
        CachedParagraphLines(key: key, lines: lines.map { $0.shifted(by: delta) }, resolved: resolved)
    }
}

extension GlyphRun {
    /// The run moved by `delta` code units: its string range and indices shifted, glyphs,
    /// positions and everything else shared. O(glyphs), no shaping.
    func shifted(by delta: Int) -> GlyphRun {
        guard delta != 0 else { return self }
        var indices: [Int] = []
        indices.reserveCapacity(stringIndices.count)
        for i in stringIndices { indices.append(i + delta) }
        return GlyphRun(
            self, stringIndices: indices,
            stringRange: (stringRange.lowerBound + delta)..<(stringRange.upperBound + delta))
    }
}

extension Line {
    /// The line moved by `delta` code units (its characters unchanged at their new offsets):
    /// string range, visible end, truncation range, ruby bases, every run's string indices and
    /// its paragraph's facts shifted. O(glyphs), no shaping.
    func shifted(by delta: Int) -> Line {
        func move(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + delta)..<(r.upperBound + delta) }
        return Line(
            glyphRuns: delta == 0 ? glyphRuns : glyphRuns.map { $0.shifted(by: delta) }, stringRange: move(stringRange),
            typographicBounds: typographicBounds, rubies: delta == 0 ? rubies : rubies.map { $0.shifted(by: delta) },
            trailingWhitespaceWidth: trailingWhitespaceWidth, paragraphLevel: paragraphLevel,
            endsParagraph: endsParagraph, paragraphText: paragraphText.shifted(by: delta),
            visibleEnd: visibleEnd + delta, truncationTokenRange: truncationTokenRange.map(move),
            isHyphenated: isHyphenated, lineAxis: lineAxis)
    }
}
