// Truncation: a line cut to a width, whole grapheme clusters (and whole glyph clusters and
// placeholders) removed at its start, middle or end and replaced by a token — "…" in the font at
// the cut unless the caller gives an attributed token. CoreText's CTLineCreateTruncatedLine.
import Foundation
import GalleyFonts
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

/// The token a truncation inserts: none (clipping), or an attributed text (nil: the default "…").
enum TruncationToken {
    case none
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
    ///   is laid out in the line's direction.
    /// - Nothing smaller than a grapheme cluster, a glyph cluster (a ligature) or a placeholder
    ///   is removed. The truncated line drops the original's trailing whitespace.
    /// - Positions are logical: in a right-to-left line, `.end` removes the text at the left and
    ///   the token sits there. The token is placed at the paragraph's embedding level at the
    ///   cut, and the pieces are reordered visually (UAX #9 rule L2).
    /// - The result keeps the line's `stringRange`; `truncationTokenRange` is the range that was
    ///   cut, and the token's glyph runs carry `isTruncationToken` with that range.
    /// - With `middle`, the kept width is shared: the start keeps as many clusters as fit in half
    ///   of the width left beside the token, the end the rest.
    public func truncated(width: CGFloat, type: TruncationType, token: AttributedText?) -> Line? {
        guard !width.isNaN, width >= 0 else { return nil }
        if width.isInfinite { return self }
        return truncatedLine(width: width, type: type, token: .attributed(token), force: false)
    }

    /// The truncation engine. `force` puts the token at the end even when the line fits (for a
    /// frame whose text goes on past its last line; `.end` only).
    func truncatedLine(width: CGFloat, type: TruncationType, token: TruncationToken, force: Bool) -> Line? {
        if !force, self.width - trailingWhitespaceWidth <= width { return self }
        let lo = glyphRuns.map(\.stringRange.lowerBound).min() ?? stringRange.lowerBound
        let hi = max(lo, min(visibleEnd, glyphRuns.map(\.stringRange.upperBound).max() ?? lo))

        // Advance of each logical index, and the places a cut may go.
        var advance = [CGFloat](repeating: 0, count: hi - lo)
        var clusterStarts = Set<Int>()
        for run in glyphRuns {
            clusterStarts.insert(run.stringRange.lowerBound)
            clusterStarts.insert(run.stringRange.upperBound)
            for (g, s) in run.stringIndices.enumerated() {
                clusterStarts.insert(s)
                if s >= lo, s < hi { advance[s - lo] += run.advances[g].width }
            }
        }
        let cuts = GraphemeClusters.boundaries(in: units, range: lo..<hi).filter { $0 == lo || $0 == hi || clusterStarts.contains($0) }
        var prefix: [CGFloat] = [0]
        prefix.reserveCapacity(cuts.count)
        for k in 1..<max(cuts.count, 1) {
            prefix.append(prefix[k - 1] + advance[(cuts[k - 1] - lo)..<(cuts[k] - lo)].reduce(0, +))
        }
        let total = prefix.last ?? 0

        // The token, laid out in the line's direction; for the default one, in the attributes
        // next to the cut, which is found again if that changes the token's width.
        var neighbour: Int = type == .start ? hi - 1 : lo
        var tokenLine: Line? = nil
        var keep: (head: Int, tail: Int) = (hi, hi)   // kept: [lo, head) ∪ [tail, hi)
        for _ in 0..<2 {
            switch token {
            case .none: tokenLine = nil
            case .attributed(let given):
                guard let made = makeToken(given, near: neighbour) else { return nil }
                tokenLine = made
            }
            let tokenWidth = tokenLine?.width ?? 0
            guard tokenWidth <= width else { return nil }
            let room = width - tokenWidth
            switch type {
            case .end:
                let k = lastIndex(prefix) { $0 <= room }
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
               let again = makeToken(nil, near: neighbour), again.width != tokenWidth || again.ascent != tokenLine?.ascent
            {
                continue
            }
            break
        }
        if keep.head >= keep.tail && !force && type != .end {
            // Nothing to remove (cannot happen for a line that did not fit); keep the line.
            return self
        }
        let elided = keep.head..<max(keep.head, keep.tail)

        // Pieces in logical order: kept slices of the runs, and the token at the cut.
        struct Piece {
            var run: GlyphRun
            var glyphs: [Int]
            var range: Range<Int>
            var level: UInt8
            var isToken: Bool
        }
        var pieces: [Piece] = []
        for run in glyphRuns.sorted(by: { $0.stringRange.lowerBound < $1.stringRange.lowerBound }) {
            for part in [lo..<keep.head, keep.tail..<hi] {
                let from = max(part.lowerBound, run.stringRange.lowerBound)
                let to = max(from, min(part.upperBound, run.stringRange.upperBound))
                guard to > from else { continue }
                let glyphs = run.stringIndices.indices.filter { (from..<to).contains(run.stringIndices[$0]) }
                pieces.append(Piece(run: run, glyphs: glyphs, range: from..<to, level: run.bidiLevel, isToken: false))
            }
        }
        if let tokenLine {
            for run in tokenLine.glyphRuns.sorted(by: { $0.stringRange.lowerBound < $1.stringRange.lowerBound }) {
                pieces.append(Piece(run: run, glyphs: Array(run.glyphs.indices), range: elided, level: run.bidiLevel, isToken: true))
            }
        }
        // Logical order: kept text by position, the token (its runs in their own order) at the
        // cut, before kept text that starts there.
        let keyed = pieces.enumerated().map { (seq, piece) in
            (position: piece.isToken ? elided.lowerBound : piece.range.lowerBound, rank: piece.isToken ? 0 : 1, seq: seq)
        }
        let logical = keyed.sorted { ($0.position, $0.rank, $0.seq) < ($1.position, $1.rank, $1.seq) }.map { pieces[$0.seq] }
        pieces = logical
        let order = BidiParagraph.visualOrder(levels: pieces.map(\.level))
        var runs: [GlyphRun] = []
        var x: CGFloat = 0
        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        var leading: CGFloat = 0
        for i in order {
            let piece = pieces[i]
            let run = piece.run
            let start = x
            var pen = run.originX
            var positions: [CGPoint] = []
            var advances: [CGSize] = []
            var glyphs: [GlyphID] = []
            var indices: [Int] = []
            var g0 = 0
            for g in piece.glyphs {
                // Pen position of glyph g in the original run.
                while g0 < g { pen += run.advances[g0].width; g0 += 1 }
                let dx = run.positions[g].x - pen
                positions.append(CGPoint(x: x + dx, y: run.positions[g].y))
                advances.append(run.advances[g])
                glyphs.append(run.glyphs[g])
                indices.append(piece.isToken ? elided.lowerBound : run.stringIndices[g])
                x += run.advances[g].width
            }
            guard !glyphs.isEmpty else { continue }
            let made = GlyphRun(
                glyphs: glyphs, positions: positions, advances: advances, stringIndices: indices,
                stringRange: piece.range, attributes: run.attributes, font: run.font, bidiLevel: piece.level,
                isPlaceholder: run.isPlaceholder, originX: start, isTruncationToken: piece.isToken,
                baselineShift: run.baselineShift)
            let m = made.verticalMetrics
            ascent = max(ascent, m.ascent)
            descent = max(descent, m.descent)
            leading = max(leading, m.leading)
            runs.append(made)
        }
        if runs.isEmpty { (ascent, descent, leading) = (self.ascent, self.descent, self.leading) }
        // Without a token, kept whitespace at the logical end is trailing whitespace (it hangs).
        var visible = stringRange.upperBound
        var trailing: CGFloat = 0
        if tokenLine == nil, type == .end {
            var ws = keep.head
            while ws > lo, Line.isTrailingSpace(units[ws - 1]) { ws -= 1 }
            trailing = advance[(ws - lo)..<(keep.head - lo)].reduce(0, +)
            visible = ws
        }
        return Line(
            glyphRuns: runs, stringRange: stringRange,
            typographicBounds: TypographicBounds(width: x, ascent: ascent, descent: descent, leading: leading),
            trailingWhitespaceWidth: min(trailing, x), paragraphLevel: paragraphLevel, endsParagraph: endsParagraph,
            units: units, visibleEnd: visible, truncationTokenRange: elided)
    }

    /// Whitespace that hangs at the end of a clipped line: SPACE, TAB, IDEOGRAPHIC SPACE and the
    /// breaking spaces U+2000–U+200A (not the no-break ones).
    static func isTrailingSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x3000 || (0x2000...0x200A).contains(unit) && unit != 0x2007
    }

    /// The token laid out as a line in this line's direction: `given`, or "…" in the attributes
    /// of the glyph run holding logical index `index`.
    private func makeToken(_ given: AttributedText?, near index: Int) -> Line? {
        var token: AttributedText
        var font: Font? = nil
        if let given {
            token = given
        } else {
            let run = glyphRuns.first { $0.stringRange.contains(index) && !$0.isPlaceholder && !$0.isTruncationToken }
                ?? glyphRuns.first { !$0.isPlaceholder && !$0.isTruncationToken }
            var attributes = run?.attributes ?? Attributes()
            attributes.runDelegate = nil
            if let f = run?.font { attributes.font = f }
            font = attributes.font
            token = AttributedText("\u{2026}", attributes: attributes)
        }
        guard token.length > 0 else { return nil }
        var builder = AttributedTextBuilder(token)
        var style = (try? token.attributes(at: 0))?.attributes.paragraphStyle ?? ParagraphStyle()
        style.baseWritingDirection = isRightToLeft ? .rightToLeft : .leftToRight
        style.lineBreakMode = .wordWrapping
        do {
            try builder.setParagraphStyle(style, range: 0..<token.length)
            token = builder.build()
            let setter = try Typesetter(token, defaultFont: font)
            return try setter.line(for: 0..<token.length)
        } catch {
            return nil
        }
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
