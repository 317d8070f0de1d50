// Where a word of a paragraph may be hyphenated: the letters of the word (punctuation around it
// left out), the paragraph's hyphenation limits, and the points the dictionary of the word's
// language gives (none for a word that already holds a soft hyphen, as CSS Text 3 asks).
import Foundation
import GalleyShaping
import GalleyText
import GalleyUnicode

extension Typesetter {
    /// The offsets strictly inside `word` (a stretch of `paragraph` between two break
    /// opportunities, trailing whitespace excluded) where it may break with a hyphen, ascending;
    /// empty when the paragraph's hyphenation factor is 0, the word's language has no dictionary,
    /// its text turns hyphens off, or it is shorter than the limits allow.
    func hyphenationPoints(_ paragraph: ParagraphAnalysis, word: Range<Int>) -> [Int] {
        let style = paragraph.style
        guard style.hyphenationFactor > 0, word.count > 1 else { return [] }
        let units = text.utf16
        let letters = Typesetter.letters(of: word, units: units)
        guard !letters.isEmpty, !units[word].contains(0xAD) else { return [] }
        let index = LineBuilder.firstItem(paragraph.items, overlapping: letters.lowerBound)
        guard index < paragraph.items.count else { return [] }
        let item = paragraph.items[index]
        guard HyphenGlyph.isShown(in: item), item.range.upperBound >= letters.upperBound,
            let language = item.attributes.language, let dictionary = Hyphenator.forLanguage(language)
        else { return [] }
        let limits = style.hyphenationLimits
        let clusters =
            LineBuilder.partition(paragraph.graphemes) { $0 >= letters.upperBound }
            - LineBuilder.partition(paragraph.graphemes) { $0 >= letters.lowerBound }
        guard clusters >= max(limits.minimumWordLength, 1) else { return [] }
        let points = dictionary.hyphenationPoints(
            in: units, word: letters, minimumBefore: max(limits.minimumBefore, 1),
            minimumAfter: max(limits.minimumAfter, 1))
        // Only where a grapheme cluster starts (the dictionary counts characters).
        return points.filter { point in
            let k = LineBuilder.partition(paragraph.graphemes) { $0 >= point }
            return k < paragraph.graphemes.count && paragraph.graphemes[k] == point
        }
    }

    /// The letters of `word`: the range without the punctuation, symbols and digits before and
    /// after it; empty when something other than letters and marks is left inside (a number, an
    /// address, a word with an apostrophe or a hyphen in it), which is not hyphenated.
    static func letters(of word: Range<Int>, units: [UInt16]) -> Range<Int> {
        var scalars: [(offset: Int, scalar: Unicode.Scalar)] = []
        units.withUnsafeBufferPointer { buffer in
            var k = word.lowerBound
            while k < word.upperBound {
                let (scalar, length) = UTF16Decoder.scalar(in: buffer, at: k, end: word.upperBound)
                scalars.append((k, scalar))
                k += length
            }
        }
        func isLetter(_ s: Unicode.Scalar) -> Bool {
            switch s.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
                .spacingMark, .enclosingMark:
                return true
            default: return false
            }
        }
        guard let first = scalars.firstIndex(where: { isLetter($0.scalar) }),
            let last = scalars.lastIndex(where: { isLetter($0.scalar) })
        else { return word.lowerBound..<word.lowerBound }
        guard scalars[first...last].allSatisfy({ isLetter($0.scalar) }) else {
            return word.lowerBound..<word.lowerBound
        }
        let end = last + 1 < scalars.count ? scalars[last + 1].offset : word.upperBound
        return scalars[first].offset..<end
    }
}

