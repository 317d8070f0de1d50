// Custom attributes on a line's runs: layout shapes and breaks from the text's layout runs (no
// custom attributes), then each glyph run is split where a custom attribute of the text changes
// and takes the custom values of its characters, as CoreText's runs end where any attribute
// changes and CTRunGetAttributes returns keys CoreText does not know. No glyph moves.
import Foundation
import GalleyText

extension Line {
    /// This line with the custom attributes of `text` on its runs: a run (other than a truncation
    /// token's, which keeps its token's attributes) whose characters carry different custom values
    /// is split into one run per value, at cluster boundaries, in visual order; each run's
    /// attributes are its layout attributes plus its characters' custom ones. Runs split before
    /// for other custom values are joined again first, so a line kept from an earlier version of
    /// the text (paragraph reuse) takes the new values without being built again. Glyphs,
    /// positions and metrics are unchanged. The line itself when neither has custom attributes.
    package func withCustomAttributes(of text: AttributedText) -> Line {
        let hadCustom = glyphRuns.contains { $0.attributes.hasCustomAttributes || $0.continuesPrevious }
        guard text.hasCustomAttributes || hadCustom else { return self }
        var runs: [GlyphRun] = []
        runs.reserveCapacity(glyphRuns.count)
        for run in GlyphRun.joiningCustomSplits(glyphRuns) {
            if run.isTruncationToken {
                runs.append(run)
            } else {
                run.appendSplit(byCustomAttributesOf: text, to: &runs)
            }
        }
        return Line(
            glyphRuns: runs, stringRange: stringRange, typographicBounds: typographicBounds, rubies: rubies,
            trailingWhitespaceWidth: trailingWhitespaceWidth, paragraphLevel: paragraphLevel,
            endsParagraph: endsParagraph, paragraphText: paragraphText, visibleEnd: visibleEnd,
            truncationTokenRange: truncationTokenRange, isHyphenated: isHyphenated, lineAxis: lineAxis)
    }
}

extension GlyphRun {
    /// `runs` with every run that ``continuesPrevious`` joined to the one before it again (their
    /// values are neighbouring stretches of one storage), custom attributes dropped from those.
    static func joiningCustomSplits(_ runs: [GlyphRun]) -> [GlyphRun] {
        guard runs.contains(where: \.continuesPrevious) else { return runs }
        var result: [GlyphRun] = []
        for run in runs {
            guard run.continuesPrevious, let last = result.last else {
                result.append(run)
                continue
            }
            result[result.count - 1] = last.joined(with: run)
        }
        return result
    }

    /// This run and `next`, split from one run, as that run again (their values copied into
    /// arrays of their own: a moved run's string indices no longer share one storage).
    private func joined(with next: GlyphRun) -> GlyphRun {
        let lower = min(stringRange.lowerBound, next.stringRange.lowerBound)
        let upper = max(stringRange.upperBound, next.stringRange.upperBound)
        var run = GlyphRun(
            glyphs: Array(glyphs) + Array(next.glyphs), positions: Array(positions) + Array(next.positions),
            advances: Array(advances) + Array(next.advances),
            stringIndices: Array(stringIndices) + Array(next.stringIndices), stringRange: lower..<upper,
            attributes: attributes.layoutAttributes, font: font, bidiLevel: bidiLevel, isPlaceholder: isPlaceholder,
            originX: originX, isTruncationToken: isTruncationToken, baselineShift: baselineShift,
            orientation: orientation)
        run.continuesPrevious = continuesPrevious
        return run
    }

    /// Appends this run to `runs` split where the custom attributes of `text` change over its
    /// characters: one run per stretch of glyphs (in visual order) whose clusters carry the same
    /// custom values. A run whose values come back to an earlier one out of order (a non-monotonic
    /// run) is not split: it takes the values of its first character.
    func appendSplit(byCustomAttributesOf text: AttributedText, to runs: inout [GlyphRun]) {
        let spans = GlyphRun.customSpans(of: text, in: stringRange)
        let base = attributes.layoutAttributes
        guard spans.count > 1, glyphCount > 1 else {
            runs.append(withAttributes(base.withCustomAttributes(spans.first?.custom)))
            return
        }
        // Consecutive glyphs in the same span form one group.
        var groups: [(span: Int, glyphs: Range<Int>)] = []
        var k = 0
        for g in 0..<glyphCount {
            let index = stringIndices[g]
            k = GlyphRun.span(containing: index, in: spans, near: k)
            if let last = groups.last, last.span == k {
                groups[groups.count - 1].glyphs = last.glyphs.lowerBound..<(g + 1)
            } else {
                groups.append((k, g..<(g + 1)))
            }
        }
        let order = groups.map(\.span).sorted()
        guard Set(order).count == groups.count else {
            runs.append(withAttributes(base.withCustomAttributes(spans.first?.custom)))
            return
        }
        // Logical ranges: each group from its span's start (the run's start for the first) to
        // the next group's start, so characters without a glyph of their own stay covered.
        var lowers: [Int: Int] = [:]
        for (i, span) in order.enumerated() {
            lowers[span] = i == 0 ? stringRange.lowerBound : max(stringRange.lowerBound, spans[span].range.lowerBound)
        }
        var pen = originX
        for (i, group) in groups.enumerated() {
            let position = order.firstIndex(of: group.span)!
            let lower = lowers[group.span]!
            let upper = position + 1 < order.count ? lowers[order[position + 1]]! : stringRange.upperBound
            var part = slice(
                group.glyphs, stringRange: lower..<upper,
                attributes: base.withCustomAttributes(spans[group.span].custom), originX: pen)
            part.continuesPrevious = i > 0 || continuesPrevious
            pen += part.width
            runs.append(part)
        }
    }

    /// The stretches of `range` over which `text`'s custom attributes stay the same, in order,
    /// with those attributes (nil: none).
    static func customSpans(of text: AttributedText, in range: Range<Int>) -> [(
        range: Range<Int>, custom: [String: CustomAttributeValue]?
    )] {
        guard text.hasCustomAttributes, !range.isEmpty,
            let runs = try? text.runs(in: range.clamped(to: 0..<text.length))
        else { return [(range, nil)] }
        var spans: [(range: Range<Int>, custom: [String: CustomAttributeValue]?)] = []
        for run in runs {
            let custom = run.attributes.hasCustomAttributes ? run.attributes.customAttributes : nil
            if let last = spans.last, last.custom == custom {
                spans[spans.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                spans.append((run.range, custom))
            }
        }
        return spans.isEmpty ? [(range, nil)] : spans
    }

    /// The index of the span holding `index`, searched from `k` (the last answer) outwards.
    private static func span(
        containing index: Int, in spans: [(range: Range<Int>, custom: [String: CustomAttributeValue]?)], near k: Int
    ) -> Int {
        if spans[k].range.contains(index) { return k }
        var low = 0
        var high = spans.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if spans[middle].range.lowerBound <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The run with other attributes (custom ones only: layout is unchanged).
    private func withAttributes(_ newAttributes: Attributes) -> GlyphRun {
        if newAttributes == attributes { return self }
        return slice(0..<glyphCount, stringRange: stringRange, attributes: newAttributes, originX: originX)
    }

    /// Glyphs `glyphs` of the run as a run of their own over `stringRange`, starting at `originX`.
    private func slice(
        _ glyphs: Range<Int>, stringRange: Range<Int>, attributes: Attributes, originX: CGFloat
    ) -> GlyphRun {
        func part<T>(_ values: RunValues<T>) -> RunValues<T> { values.part(glyphs) }
        var run = GlyphRun(
            glyphs: part(self.glyphs), positions: part(positions), advances: part(advances),
            stringIndices: part(stringIndices), stringRange: stringRange,
            attributes: attributes, font: font, bidiLevel: bidiLevel, isPlaceholder: isPlaceholder,
            originX: originX, isTruncationToken: isTruncationToken, baselineShift: baselineShift,
            orientation: orientation)
        run.continuesPrevious = continuesPrevious
        return run
    }
}
