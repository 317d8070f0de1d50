// A paragraph's line-break opportunities: ICU's UAX #14 opportunities for the first character's
// language, tailored by the paragraph style (CSS `line-break` strictness through ICU's `lb`
// keyword, `anywhere`, `word-break: keep-all`).
import GalleyText
import GalleyUnicode

extension ParagraphAnalysis {
    /// The line-break opportunities of `content` (offsets in the whole text, ascending; the end
    /// of the content always one), for text in `language` laid out with `style`:
    ///
    /// - ``LineBreakStrictness/loose`` and ``LineBreakStrictness/strict`` reach ICU as its `lb`
    ///   locale keyword on the language ("ja@lb=strict", "@lb=loose" without a language);
    ///   ``LineBreakStrictness/normal`` is ICU's default for the language (no keyword).
    /// - ``LineBreakStrictness/anywhere`` makes every grapheme cluster boundary (`graphemes`) an
    ///   opportunity, hard breaks staying mandatory; it wins over keep-all, as in CSS.
    /// - ``WordBreak/keepAll`` removes the opportunities between two letters
    ///   (`LineBreaker.keepingAll`).
    package static func breakOpportunities(
        units: [UInt16], content: Range<Int>, style: ParagraphStyle, language: String?, graphemes: [Int]
    ) -> [LineBreakOpportunity] {
        let strictness = style.lineBreakStrictness
        let locale: String?
        switch strictness {
        case .normal, .anywhere:
            locale = language
        case .loose, .strict:
            locale = LineBreaker.locale(language, settingKeyword: "lb", to: strictness.rawValue) ?? language
        }
        let breaks = LineBreaker.opportunities(in: units, range: content, locale: locale)
        if strictness == .anywhere {
            return LineBreaker.anywhere(graphemes: graphemes, keepingMandatory: breaks)
        }
        if style.wordBreak == .keepAll {
            return LineBreaker.keepingAll(breaks, in: units, range: content)
        }
        return breaks
    }
}
