// Emergency breaks and ruby: a line that breaks a word between grapheme clusters never breaks
// inside a ruby base (RubyBases removes the base's line-break opportunities; this keeps the
// breakers' last resort out of it too), so a base wider than its line overflows whole.
import GalleyShaping
import GalleyText

extension ParagraphAnalysis {
    /// Whether `offset` lies strictly inside a ruby base: the characters before and after it
    /// carry the same ruby annotation (a base and its ruby never break apart, `RubyBases`).
    func isInsideRubyBase(_ offset: Int) -> Bool {
        guard offset > content.lowerBound, offset < content.upperBound else { return false }
        let before = LineBuilder.firstItem(items, overlapping: offset - 1)
        guard before < items.count, let ruby = items[before].attributes.rubyAnnotation else { return false }
        if items[before].range.upperBound > offset { return true }
        let after = before + 1
        return after < items.count && items[after].attributes.rubyAnnotation == ruby
    }
}
