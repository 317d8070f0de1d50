// The part of CJK punctuation trimming and autospacing (GalleyShaping/CJKSpacing.swift) that
// depends on where a line breaks: an opening bracket starting a line is trimmed or kept full as
// the line start rule says (undoing or adding the collapse the shaping pass made from the
// character before it, which is now on the line above), a closing character ending a line is
// trimmed always (`trim-both`) or only when the line would not fit otherwise (`allow-end`, taken
// by the frame as room the line may hang into), and the autospace after a line's last character
// is dropped. The breakers measure lines with these changes (`lineWidth(of:units:)`), and
// `LineBuilder` applies them to the line's first and last glyphs.
import Foundation
import GalleyShaping
import GalleyText
import GalleyVocabulary

/// The changes at a line's edges.
struct LineEdgeSpacing {
    /// The change to the glyphs of the line's first character (added to its last glyph's
    /// advance and to every one of its glyphs' offsets), nil when none.
    var start: CJKSpacing.Trim? = nil
    /// The change to the advance of the last glyph of the line's last visible character.
    var end: CGFloat = 0
    /// How much narrower the line may become when it does not fit otherwise: the trim of a
    /// closing character ending it under `allow-end`.
    var allowance: CGFloat = 0

    /// The change of the line's width.
    var widthChange: CGFloat { (start?.advance ?? 0) + end }

    static let none = LineEdgeSpacing()
}

extension ParagraphAnalysis {
    /// The item holding the character at `offset`, nil outside the items.
    private func item(holding offset: Int) -> ShapedItem? {
        let k = LineBuilder.firstItem(items, overlapping: offset)
        return k < items.count && items[k].range.contains(offset) ? items[k] : nil
    }

    /// The edge changes of a line from `start` whose visible text ends at `visibleEnd`.
    func edgeSpacing(from start: Int, visibleEnd: Int, units: [UInt16]) -> LineEdgeSpacing {
        guard visibleEnd > start, start >= content.lowerBound, visibleEnd <= content.upperBound else { return .none }
        var edges = LineEdgeSpacing()
        if let first = item(holding: start), !first.isPlaceholder, let trim = first.attributes.textSpacingTrim,
            trim != .spaceAll, CJKSpacing.punctuation(units[start]) == .opening,
            start + 1 == visibleEnd || LineBuilder.firstGlyph(of: first, atCluster: start + 1) != nil
                || !first.range.contains(start + 1),
            let t = CJKSpacing.trim(units[start], font: first.font, orientation: first.orientation)
        {
            let trimmed = CJKSpacing.trimsInside(trim, units: units, context: content, at: start)
            let wanted = trim == .trimAll || CJKSpacing.trimsLineStart(trim, firstLine: start == content.lowerBound)
            if wanted != trimmed {
                edges.start = wanted ? t : t.undone
            }
        }
        let lastOffset = visibleEnd - 1
        guard let last = item(holding: lastOffset), !last.isPlaceholder else { return edges }
        if let mode = last.attributes.textAutospace,
            CJKSpacing.autospaces(mode, units: units, context: content, at: visibleEnd)
        {
            edges.end -= CJKSpacing.autospace(last.font)
        }
        if let trim = last.attributes.textSpacingTrim, trim != .spaceAll,
            CJKSpacing.punctuation(units[lastOffset]) == .closing,
            !CJKSpacing.trimsInside(trim, units: units, context: content, at: lastOffset),
            let t = CJKSpacing.trim(units[lastOffset], font: last.font, orientation: last.orientation)
        {
            let rule = CJKSpacing.trimsLineEnd(trim)
            if rule.always { edges.end += t.advance } else if rule.whenNeeded { edges.allowance = -t.advance }
        }
        return edges
    }
}

extension LineBuilder {
    /// `pieces` with the edge changes applied: the piece holding the line's first character and
    /// the one holding its last visible character replaced by copies whose glyphs carry them.
    static func applying(
        _ edges: LineEdgeSpacing, to pieces: [LinePiece], sources: LinePieceSources, start: Int, visibleEnd: Int
    ) -> ([LinePiece], LinePieceSources) {
        var pieces = pieces
        var extra = sources.extra
        func edit(_ offset: Int, _ change: (inout ShapedGlyphs, Range<Int>) -> Void) {
            guard let p = pieces.firstIndex(where: { $0.range.contains(offset) }) else { return }
            let piece = pieces[p]
            let item = piece.source >= 0 ? sources.items[piece.source] : extra[-piece.source - 1]
            guard !item.isRightToLeft, !piece.flip else { return }
            var glyphs = ShapedGlyphs(base: item.storage.base)
            glyphs.glyphs = Array(item.storage.glyphs[piece.glyphs])
            let target = Int32(offset - item.storage.base)
            let cluster = glyphs.glyphs.indices.filter { glyphs.glyphs[$0].cluster == target }
            guard let lo = cluster.first, let hi = cluster.last else { return }
            change(&glyphs, lo..<(hi + 1))
            let copy = ShapedItem(
                range: piece.range, font: item.font, attributes: item.attributes, level: item.level,
                script: item.script, storage: GlyphStorage(glyphs), glyphRange: 0..<glyphs.glyphs.count,
                orientation: item.orientation)
            extra.append(copy)
            pieces[p] = LinePiece(
                source: LinePieceSources.extraSource(extra.count - 1), glyphs: copy.glyphRange, range: piece.range,
                level: piece.level)
        }
        if let t = edges.start {
            edit(start) { glyphs, cluster in
                for k in cluster {
                    glyphs.glyphs[k].offset.x += t.offset.x
                    glyphs.glyphs[k].offset.y += t.offset.y
                }
                glyphs.glyphs[cluster.upperBound - 1].advance += t.advance
            }
        }
        if edges.end != 0 {
            edit(visibleEnd - 1) { glyphs, cluster in glyphs.glyphs[cluster.upperBound - 1].advance += edges.end }
        }
        return (pieces, LinePieceSources(items: sources.items, extra: extra))
    }
}
