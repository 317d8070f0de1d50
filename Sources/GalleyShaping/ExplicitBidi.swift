// Bidi levels for a paragraph, honouring the writing-direction attribute: each attribute level
// becomes the UAX #9 control character it stands for (LRE/RLE, LRO/RLO, LRI/RLI/FSI and the
// matching PDF/PDI) in a copy of the paragraph given to the bidi algorithm, and the levels of the
// real characters are read back.
import GalleyText
import GalleyUnicode

/// Bidi levels of a paragraph with its writing-direction attributes applied.
package enum ExplicitBidi {
    /// The paragraph level and the level of each code unit of `content`.
    package static func levels(
        text: AttributedText, content: Range<Int>, direction: WritingDirection
    ) -> (baseLevel: UInt8, levels: [UInt8]) {
        let runs = ParagraphRuns.runs(of: text, in: content)
        guard runs.contains(where: { $0.attributes.writingDirection != nil }) else {
            let bidi = BidiParagraph(text: text.utf16, range: content, baseDirection: direction)
            return (bidi.baseLevel, bidi.levels)
        }
        let units = text.utf16
        var augmented: [UInt16] = []
        augmented.reserveCapacity(content.count + 8)
        var position: [Int] = []
        position.reserveCapacity(content.count)
        var stack: [BidiEmbedding] = []
        for run in runs {
            let wanted = run.attributes.writingDirection ?? []
            var common = 0
            while common < stack.count, common < wanted.count, stack[common] == wanted[common] { common += 1 }
            for level in stack[common...].reversed() { augmented.append(level.closingCharacter) }
            for level in wanted[common...] { augmented.append(level.openingCharacter) }
            stack = wanted
            for i in run.range {
                position.append(augmented.count)
                augmented.append(units[i])
            }
        }
        for level in stack.reversed() { augmented.append(level.closingCharacter) }
        let bidi = BidiParagraph(text: augmented, range: 0..<augmented.count, baseDirection: direction)
        return (bidi.baseLevel, position.map { bidi.levels[$0] })
    }
}
