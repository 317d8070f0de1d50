// The attribute runs of one paragraph, read straight from `AttributedText.layoutRuns` (custom attributes left out: layout ignores them). The ranges this
// stage works on are paragraphs of the text it was given, so they lie inside it by construction:
// clipping the text's runs to them needs no bounds check, and leaves no error to swallow.
import GalleyText

/// Attribute runs of a paragraph, clipped to it, without a bounds check to fail.
package enum ParagraphRuns {
    /// The runs of `text` that intersect `range`, clipped to it, in order: for a range inside the
    /// text, exactly what `text.runs(in: range)` returns. A range reaching outside the text gives
    /// the runs of its part inside (none for an empty range or one wholly outside).
    package static func runs(of text: AttributedText, in range: Range<Int>) -> [AttributeRun] {
        guard !range.isEmpty else { return [] }
        let all = text.layoutRuns
        var result: [AttributeRun] = []
        var k = firstRun(of: all, endingAfter: range.lowerBound)
        while k < all.count, all[k].range.lowerBound < range.upperBound {
            result.append(AttributeRun(range: all[k].range.clamped(to: range), attributes: all[k].attributes))
            k += 1
        }
        return result
    }

    /// The attributes of the character at `index` of `text`: for an index inside the text, what
    /// `text.attributes(at: index).attributes` returns; no attributes for an index outside.
    package static func attributes(of text: AttributedText, at index: Int) -> Attributes {
        let all = text.layoutRuns
        let k = firstRun(of: all, endingAfter: index)
        guard k < all.count, all[k].range.lowerBound <= index else { return Attributes() }
        return all[k].attributes
    }

    /// The index of the first of `runs` (sorted, without gaps) that ends after `offset`, or
    /// `runs.count` if none does (binary search).
    private static func firstRun(of runs: [AttributeRun], endingAfter offset: Int) -> Int {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
