// Truncation: a line cut to a width, whole grapheme clusters (and whole glyph clusters and
// placeholders) removed at its start, middle or end and replaced by a token — "…" in the font at
// the cut unless the caller gives an attributed token. CoreText's CTLineCreateTruncatedLine.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText
import GalleyUnicode

/// Where a line is truncated. Like `CTLineTruncationType`.
public enum TruncationType: Sendable, Hashable, CaseIterable {
    /// The line's logical start is removed. Like `kCTLineTruncationStart`.
    case start
    /// Its middle is removed. Like `kCTLineTruncationMiddle`.
    case middle
    /// Its logical end is removed. Like `kCTLineTruncationEnd`.
    case end
}

/// The token a truncation inserts: none with the last cluster that starts inside the width kept
/// overflowing (clipping, `LineBreakMode.clipping`), none with only whole clusters that fit
/// (`truncatedWithoutToken`), or an attributed text (nil: the default "…").
enum TruncationToken {
    case none
    case omitted
    case attributed(AttributedText?)
}

extension Line {
    /// A copy of the line that fits in `width`, with whole grapheme clusters removed at its
    /// logical start, middle or end and the `token` put in their place; the line itself when it
    /// fits already (its width without trailing whitespace ≤ `width`). nil when the token alone is
    /// wider than `width` (or `width` is NaN or negative). Like CTLineCreateTruncatedLine.
    ///
    /// - The default token (nil) is "…" (U+2026) with the attributes and font of the character
    ///   next to the cut (the last kept one for `.end` and `.middle`, the first kept one for
    ///   `.start`). A given token keeps its own attributes (its runs may hold placeholders); it
    ///   is laid out in the line's direction. In a vertical line of mixed orientation the
    ///   default token stands upright in its font's vertical form of "…" (`vert`) when the font
    ///   has one, and is rotated otherwise (UAX #50 gives U+2026 R): either way its dots run
    ///   down the column. Sideways text keeps it rotated, upright text upright.
    /// - Nothing smaller than a grapheme cluster, a glyph cluster (a ligature) or a placeholder
    ///   is removed. The truncated line drops the original's trailing whitespace.
    /// - Positions are logical: in a right-to-left line, `.end` removes the text at the left and
    ///   the token sits there. The token is placed at the paragraph's embedding level at the
    ///   cut, and the pieces are reordered visually (UAX #9 rule L2).
    /// - The result keeps the line's `stringRange`; `truncationTokenRange` is the range that was
    ///   cut, and the token's glyph runs carry `isTruncationToken` with that range.
    /// - With `middle`, the kept width is shared: the start keeps as many clusters as fit in half
    ///   of the width left beside the token, the end the rest.
    /// - The token is shaped with the fonts of the text the line came from: the line keeps its
    ///   paragraph's facts (grapheme boundaries, which characters are spaces) and the shaping
    ///   stage's shaper of the typesetter's font collection, default font and shaping cache,
    ///   not the text or the typesetter; no typesetter is made for the token. The kept text is
    ///   the line's own glyphs, moved, never shaped again.
    ///
    /// - Throws: `LayoutError.invalidText` when the token cannot be laid out.
    public func truncated(width: CGFloat, type: TruncationType, token: AttributedText?) throws(LayoutError) -> Line? {
        guard !width.isNaN, width >= 0 else { return nil }
        if width.isInfinite { return self }
        return try truncatedLine(width: width, type: type, token: .attributed(token), force: false)
    }

    /// A copy of the line that fits in `width`, with whole grapheme clusters removed at its
    /// logical start, middle or end and nothing put in their place; the line itself when it fits
    /// already. nil when `width` is NaN or negative. Like CTLineCreateTruncatedLine with a NULL
    /// token, which the header documents as truncating without a token. (`truncated(width:type:
    /// token:)` with a nil token keeps meaning the default "…".) Otherwise as
    /// `truncated(width:type:token:)`: `truncationTokenRange` is the range cut, and no run is a
    /// truncation token.
    public func truncatedWithoutToken(width: CGFloat, type: TruncationType) throws(LayoutError) -> Line? {
        guard !width.isNaN, width >= 0 else { return nil }
        if width.isInfinite { return self }
        return try truncatedLine(width: width, type: type, token: .omitted, force: false)
    }

    /// The truncation engine. `force` puts the token at the end even when the line fits (for a
    /// frame whose text goes on past its last line; `.end` only).
    func truncatedLine(width: CGFloat, type: TruncationType, token: TruncationToken, force: Bool) throws(LayoutError)
        -> Line?
    {
        if !force, self.width - trailingWhitespaceWidth <= width { return self }
        if !force, let tight = tightened(toFit: width) { return tight }
        let measure = TruncationMeasure(self)
        guard let (keep, tokenLine) = try chooseCut(measure, width: width, type: type, token: token, force: force)
        else { return nil }
        let (lo, hi) = (measure.lo, measure.hi)
        if case .none = token, !force, keep.head >= hi {
            // Clipping keeps every cluster (only the last overflows): the line as it is.
            return self
        }
        if keep.head >= keep.tail && !force && type != .end {
            // Nothing to remove (cannot happen for a line that did not fit); keep the line.
            return self
        }
        let elided = keep.head..<max(keep.head, keep.tail)

        // Without a token, kept whitespace at the logical end is trailing whitespace (it hangs).
        var visible = stringRange.upperBound
        var trailing: CGFloat = 0
        if tokenLine == nil, type == .end {
            var ws = keep.head
            while ws > lo, paragraphText.unitClass(at: ws - 1).contains(.hangs) { ws -= 1 }
            trailing = measure.advance[(ws - lo)..<(keep.head - lo)].reduce(0, +)
            visible = ws
        }
        var frame = LineFrame(
            stringRange: stringRange, paragraphLevel: paragraphLevel, endsParagraph: endsParagraph,
            paragraphText: paragraphText, visibleEnd: visible, trailingWhitespaceWidth: trailing,
            emptyMetrics: .bounds(typographicBounds),
            lineAxis: lineAxis)
        frame.truncationTokenRange = elided
        // The hyphen at the line's end stays when the cut keeps the end.
        frame.isHyphenated = isHyphenated && type != .end
        return assemble(keeping: [lo..<keep.head, keep.tail..<hi], token: tokenLine, at: elided, frame: frame)
    }

    /// Where to cut: the kept text `[lo, head) ∪ [tail, hi)` and the token line, with as many
    /// whole clusters kept as fit beside the token in `width`. The default token takes the
    /// attributes next to the cut, which is found again if that changes the token's width. Nil
    /// when the token alone is wider than `width`.
    private func chooseCut(
        _ measure: TruncationMeasure, width: CGFloat, type: TruncationType, token: TruncationToken, force: Bool
    ) throws(LayoutError) -> (keep: (head: Int, tail: Int), token: Line?)? {
        let (lo, hi, cuts, prefix, total) = (measure.lo, measure.hi, measure.cuts, measure.prefix, measure.total)
        var neighbour: Int = type == .start ? hi - 1 : lo
        var tokenLine: Line? = nil
        var keep: (head: Int, tail: Int) = (hi, hi)
        for _ in 0..<2 {
            switch token {
            case .none, .omitted: tokenLine = nil
            case .attributed(let given):
                guard let made = try makeToken(given, near: neighbour) else { return nil }
                tokenLine = made
            }
            let tokenWidth = tokenLine?.width ?? 0
            guard tokenWidth <= width else { return nil }
            let room = width - tokenWidth
            switch type {
            case .end:
                var k = lastIndex(prefix) { $0 <= room }
                if case .none = token, k + 1 < cuts.count, prefix[k] < room {
                    // Clipping keeps the cluster that starts inside the width, overflowing it.
                    k += 1
                }
                keep = (cuts.isEmpty ? lo : cuts[k], hi)
                if !force || keep.head < hi { neighbour = max(lo, keep.head - 1) }
            case .start:
                let k = firstIndex(prefix) { total - $0 <= room }
                keep = (lo, cuts.isEmpty ? hi : cuts[k])
                neighbour = keep.tail
            case .middle:
                let a = lastIndex(prefix) { $0 <= room / 2 }
                let b = max(a, firstIndex(prefix) { total - $0 <= room - prefix[a] })
                keep = (cuts.isEmpty ? lo : cuts[a], cuts.isEmpty ? hi : cuts[b])
                neighbour = max(lo, keep.head - 1)
            }
            if case .attributed(let given) = token, given == nil,
                let again = try makeToken(nil, near: neighbour),
                again.width != tokenWidth || again.ascent != tokenLine?.ascent
            {
                continue
            }
            break
        }
        return (keep, tokenLine)
    }

    /// The line of the parts of this line's runs inside `kept` and, at `elided`, the runs of
    /// `token`: the pieces in logical order (kept text by position, the token's runs in their own
    /// order at the cut, before kept text that starts there), reordered visually (rule L2).
    private func assemble(keeping kept: [Range<Int>], token: Line?, at elided: Range<Int>, frame: LineFrame) -> Line {
        // The runs are sources of their own (`RunSource`): their kept glyphs move along the
        // new line as they stand.
        var sources: [RunSource] = []
        var pieces: [LinePiece] = []
        for run in glyphRuns.sorted(by: { $0.stringRange.lowerBound < $1.stringRange.lowerBound }) {
            for part in kept {
                let from = max(part.lowerBound, run.stringRange.lowerBound)
                let to = max(from, min(part.upperBound, run.stringRange.upperBound))
                guard to > from else { continue }
                sources.append(RunSource(run: run, keeping: from..<to))
                pieces.append(.run(sources.count - 1, of: run, range: from..<to, isTruncationToken: false))
            }
        }
        for run in (token?.glyphRuns ?? []).sorted(by: { $0.stringRange.lowerBound < $1.stringRange.lowerBound }) {
            sources.append(RunSource(run: run, stringIndex: elided.lowerBound))
            pieces.append(.run(sources.count - 1, of: run, range: elided, isTruncationToken: true))
        }
        let keyed = pieces.enumerated().map { (seq, piece) in
            (
                position: piece.isTruncationToken ? elided.lowerBound : piece.range.lowerBound,
                rank: piece.isTruncationToken ? 0 : 1, seq: seq
            )
        }
        let logical = keyed.sorted { ($0.position, $0.rank, $0.seq) < ($1.position, $1.rank, $1.seq) }.map {
            pieces[$0.seq]
        }
        var options = LineAssembly.Options()
        options.keepsEmptyPieces = false
        return LineAssembly.line(
            logical, order: BidiParagraph.visualOrder(levels: logical.map(\.level)),
            sources: LinePieceSources(runs: sources), frame: frame, options: options)
    }

    /// The token laid out as a line in this line's direction, shaped by the line's paragraph's
    /// shaper (its fonts, with the font at the cut as default): `given`, or "…" in the
    /// attributes of the glyph run holding logical index `index`; nil for an empty token.
    private func makeToken(_ given: AttributedText?, near index: Int) throws(LayoutError) -> Line? {
        var token: AttributedText
        let shaper = paragraphText.shaper
        var font = shaper.defaultFont
        if let given {
            token = given
        } else {
            let run =
                glyphRuns.first { $0.stringRange.contains(index) && !$0.isPlaceholder && !$0.isTruncationToken }
                ?? glyphRuns.first { !$0.isPlaceholder && !$0.isTruncationToken }
            var attributes = run?.attributes ?? Attributes()
            attributes.runDelegate = nil
            if let f = run?.font { attributes.font = f }
            font = attributes.font ?? font
            if lineAxis == .vertical, VerticalItems.orientation(of: attributes) == .mixed,
                VerticalItems.hasVerticalAlternate("\u{2026}", in: font)
            {
                // In mixed orientation, a font with a vertical form of "…" (`vert`, as Japanese
                // fonts map it to "︙") sets it upright in that form; without one it is rotated
                // (UAX #50: R), which also runs its dots down the column.
                attributes.verticalForms = true
                attributes.textOrientation = .upright
            }
            token = AttributedText("\u{2026}", attributes: attributes)
        }
        guard token.length > 0 else { return nil }
        var style = token.runs[0].attributes.paragraphStyle ?? ParagraphStyle()
        style.baseWritingDirection = isRightToLeft ? .rightToLeft : .leftToRight
        style.lineBreakMode = .wordWrapping
        var builder = AttributedTextBuilder(token)
        do throws(AttributedTextError) {
            try builder.setParagraphStyle(style, range: 0..<token.length)
        } catch {
            throw .invalidText("truncation token: \(error.description)")
        }
        token = builder.build()
        return LineBuilder.standaloneLine(token, shaper: shaper.with(defaultFont: font), lineAxis: lineAxis)
    }
}

/// A line measured for truncation: its logical extent `lo..<hi` (trailing whitespace excluded),
/// the advance of each logical index, the places a cut may go (grapheme cluster boundaries that
/// are also glyph cluster and run boundaries) and the width of the text before each.
private struct TruncationMeasure {
    let lo: Int
    let hi: Int
    let advance: [CGFloat]
    let cuts: [Int]
    /// `prefix[k]` is the width of `lo..<cuts[k]`.
    let prefix: [CGFloat]
    var total: CGFloat { prefix.last ?? 0 }

    init(_ line: Line) {
        let runs = line.glyphRuns
        let lo = runs.map(\.stringRange.lowerBound).min() ?? line.stringRange.lowerBound
        let hi = max(lo, min(line.visibleEnd, runs.map(\.stringRange.upperBound).max() ?? lo))
        var advance = [CGFloat](repeating: 0, count: hi - lo)
        // Whether a glyph cluster or a run starts (or a run ends) at lo + i, for i in 0...hi - lo.
        var startsCluster = [Bool](repeating: false, count: hi - lo + 1)
        func mark(_ s: Int) { if s >= lo, s <= hi { startsCluster[s - lo] = true } }
        for run in runs {
            mark(run.stringRange.lowerBound)
            mark(run.stringRange.upperBound)
            for (g, s) in run.stringIndices.enumerated() {
                mark(s)
                // Along the line: a vertical run's advances are (0, −extent).
                if s >= lo, s < hi {
                    advance[s - lo] += run.orientation.lineAxis.inlineExtent(run.advances[g])
                }
            }
        }
        // The paragraph's grapheme boundaries, not found again in the text.
        let cuts = line.paragraphText.boundaries(in: lo..<hi).filter {
            $0 == lo || $0 == hi || startsCluster[$0 - lo]
        }
        var prefix: [CGFloat] = [0]
        prefix.reserveCapacity(cuts.count)
        for k in 1..<max(cuts.count, 1) {
            prefix.append(prefix[k - 1] + advance[(cuts[k - 1] - lo)..<(cuts[k] - lo)].reduce(0, +))
        }
        (self.lo, self.hi, self.advance, self.cuts, self.prefix) = (lo, hi, advance, cuts, prefix)
    }
}

/// The last index whose prefix value satisfies `fits` (prefixes increase), or 0.
private func lastIndex(_ prefix: [CGFloat], _ fits: (CGFloat) -> Bool) -> Int {
    var best = 0
    for (k, v) in prefix.enumerated() where fits(v) { best = k }
    return best
}

/// The first index whose prefix value satisfies `fits` (true from some index on), or the last.
private func firstIndex(_ prefix: [CGFloat], _ fits: (CGFloat) -> Bool) -> Int {
    prefix.firstIndex(where: fits) ?? max(0, prefix.count - 1)
}
