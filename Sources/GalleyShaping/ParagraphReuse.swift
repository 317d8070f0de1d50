// Reusing a paragraph's analysis after an edit elsewhere in the text: an unchanged paragraph
// (same characters, same attributes) keeps its shaping, moved to its new offset, so editing one
// paragraph of a long text shapes only that paragraph again.
import GalleyText
import GalleyUnicode

extension ParagraphAnalysis {
    /// Whether paragraph `newSpan` of `newText` has exactly the characters and layout runs (custom attributes aside) of
    /// `oldSpan` in `oldText` (offsets relative to each paragraph's start), so an analysis of the
    /// old one serves for the new one, shifted.
    package static func isUnchanged(
        old oldText: AttributedText, _ oldSpan: ParagraphSpan, new newText: AttributedText, _ newSpan: ParagraphSpan
    ) -> Bool {
        guard oldSpan.range.count == newSpan.range.count,
            oldSpan.contentRange.count == newSpan.contentRange.count,
            oldText.utf16[oldSpan.range].elementsEqual(newText.utf16[newSpan.range])
        else { return false }
        let oldRuns = ParagraphRuns.runs(of: oldText, in: oldSpan.range)
        let newRuns = ParagraphRuns.runs(of: newText, in: newSpan.range)
        guard oldRuns.count == newRuns.count else { return false }
        let oldBase = oldSpan.range.lowerBound
        let newBase = newSpan.range.lowerBound
        for (a, b) in zip(oldRuns, newRuns) {
            guard a.range.lowerBound - oldBase == b.range.lowerBound - newBase,
                a.range.upperBound - oldBase == b.range.upperBound - newBase, a.attributes == b.attributes
            else { return false }
        }
        return true
    }

    /// The same analysis for the paragraph moved by `delta` code units (every absolute offset shifted).
    package func shifted(by delta: Int) -> ParagraphAnalysis {
        guard delta != 0 else { return self }
        func move(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + delta)..<(r.upperBound + delta) }
        let storage = items.first?.storage.shifted(by: delta)
        let movedItems = items.map { item in
            ShapedItem(
                range: move(item.range), font: item.font, attributes: item.attributes, level: item.level,
                script: item.script, storage: storage ?? item.storage, glyphRange: item.glyphRange,
                orientation: item.orientation)
        }
        let moved = graphemes.map { $0 + delta }
        return ParagraphAnalysis(
            span: ParagraphSpan(range: move(span.range), contentRange: move(span.contentRange)), style: style,
            baseLevel: baseLevel, levels: levels, items: movedItems,
            breaks: breaks.map { LineBreakOpportunity(offset: $0.offset + delta, isMandatory: $0.isMandatory) },
            graphemes: moved, prefixAdvance: prefixAdvance, unitClasses: unitClasses,
            hasTabs: hasTabs, fallbackMetricsFont: fallbackMetricsFont, lineAxis: lineAxis,
            text: text.rebased(graphemes: moved, by: delta), safeToBreak: safeToBreak)
    }
}
