// Where a word of a paragraph may be hyphenated: the letters of the word (punctuation around it
// left out), the paragraph's hyphenation limits, and the points the dictionary of the word's
// language gives (none for a word that already holds a soft hyphen, as CSS Text 3 asks).
import Foundation
import GalleyShaping
import GalleyText
import GalleyUnicode

/// The hyphenation of one paragraph's words: its style's limits and the dictionary of each
/// language its text uses (looked up once per language). A class: breaking a paragraph asks it
/// for word after word.
final class ParagraphHyphenation {
    private let paragraph: ParagraphAnalysis
    private let units: [UInt16]
    private var dictionaries: [String: Hyphenator?] = [:]

    /// The hyphenation of `paragraph` of a text whose code units are `units`; nil when its
    /// style's hyphenation factor is 0 (or NaN).
    init?(_ paragraph: ParagraphAnalysis, units: [UInt16]) {
        guard paragraph.style.hyphenationFactor > 0 else { return nil }
        self.paragraph = paragraph
        self.units = units
    }

    /// The offsets strictly inside `word` (a stretch of the paragraph between two break
    /// opportunities, trailing whitespace excluded) where it may break with a hyphen, ascending;
    /// empty when the word's language has no dictionary, its text turns hyphens off, or it is
    /// shorter than the limits allow.
    func points(in word: Range<Int>) -> [Int] {
        let limits = paragraph.style.hyphenationLimits
        // A word of fewer code units has fewer characters than the limit.
        guard word.count >= max(limits.minimumWordLength, 2) else { return [] }
        let letters = ParagraphHyphenation.letters(of: word, units: units)
        guard letters.count >= max(limits.minimumWordLength, 2), !units[word].contains(0xAD) else { return [] }
        let index = LineBuilder.firstItem(paragraph.items, overlapping: letters.lowerBound)
        guard index < paragraph.items.count else { return [] }
        let item = paragraph.items[index]
        guard HyphenGlyph.isShown(in: item), item.range.upperBound >= letters.upperBound,
            let language = item.attributes.language, let dictionary = dictionary(for: language)
        else { return [] }
        let graphemes = paragraph.graphemes
        let first = LineBuilder.partition(graphemes) { $0 >= letters.lowerBound }
        let clusters = LineBuilder.partition(graphemes) { $0 >= letters.upperBound } - first
        guard clusters >= max(limits.minimumWordLength, 1) else { return [] }
        let points = dictionary.hyphenationPoints(
            in: units, word: letters, minimumBefore: max(limits.minimumBefore, 1),
            minimumAfter: max(limits.minimumAfter, 1), graphemes: graphemes)
        // Only where a grapheme cluster of the paragraph starts (the dictionary counts characters).
        return points.filter { point in
            let k = LineBuilder.partition(graphemes) { $0 >= point }
            return k < graphemes.count && graphemes[k] == point
        }
    }

    private func dictionary(for language: String) -> Hyphenator? {
        if let known = dictionaries[language] { return known }
        let found = Hyphenator.forLanguage(language)
        dictionaries[language] = found
        return found
    }

    /// The letters of `word`: the range without the punctuation, symbols and digits before and
    /// after it; empty when something other than letters and marks is left inside (a number, an
    /// address, a word with an apostrophe or a hyphen in it), which is not hyphenated.
    static func letters(of word: Range<Int>, units: [UInt16]) -> Range<Int> {
        units.withUnsafeBufferPointer { buffer in
            var start: Int? = nil
            var end = word.lowerBound
            var k = word.lowerBound
            while k < word.upperBound {
                let (scalar, length) = UTF16Decoder.scalar(in: buffer, at: k, end: word.upperBound)
                if isLetter(scalar) {
                    // Something else between two letters: not a plain word.
                    if start != nil, end != k { return word.lowerBound..<word.lowerBound }
                    if start == nil { start = k }
                    end = k + length
                }
                k += length
            }
            guard let start else { return word.lowerBound..<word.lowerBound }
            return start..<end
        }
    }

    private static func isLetter(_ s: Unicode.Scalar) -> Bool {
        // ASCII first: the common case, without a property lookup.
        if s.value < 0x80 { return (0x41...0x5A).contains(s.value) || (0x61...0x7A).contains(s.value) }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark:
            return true
        default: return false
        }
    }
}
