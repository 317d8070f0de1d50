// A paragraph's line-break opportunities: ICU's UAX #14 opportunities for each run's language, tailored by the paragraph style (CSS `line-break` strictness through ICU's `lb`
// keyword, `anywhere`, `word-break: keep-all`), less those inside text that does not allow line
// breaks (Pango's `allow_breaks="false"`).
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
    /// - Then ``Attributes/allowsLineBreaks`` false removes opportunities inside its ranges
    ///   (``removingForbidden(_:runs:units:content:)``).
    package static func breakOpportunities(
        text: AttributedText, content: Range<Int>, style: ParagraphStyle, language: String?, graphemes: [Int]
    ) -> [LineBreakOpportunity] {
        // The paragraph's attribute runs, read once for the three questions asked of them.
        let runs = ParagraphRuns.runs(of: text, in: content)
        let breaks = styledOpportunities(
            units: text.utf16, content: content, style: style, languages: languageStretches(runs, content, language),
            graphemes: graphemes)
        return removingForbidden(breaks, runs: runs, units: text.utf16, content: content)
    }

    /// The stretches of `content` with one language each (`kCTLanguageAttributeName` per run,
    /// CoreText's "locale-specific line breaking" for each run): `first`, the paragraph's first
    /// character's language, when the whole paragraph has it, else one stretch per change.
    private static func languageStretches(_ runs: [AttributeRun], _ content: Range<Int>, _ first: String?)
        -> [(range: Range<Int>, language: String?)]
    {
        var stretches: [(range: Range<Int>, language: String?)] = []
        for run in runs {
            let language = run.attributes.language
            if let last = stretches.last, last.language == language, last.range.upperBound == run.range.lowerBound {
                stretches[stretches.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                stretches.append((run.range, language))
            }
        }
        return stretches.isEmpty ? [(content, first)] : stretches
    }

    /// The opportunities the paragraph style gives (see ``breakOpportunities(text:content:style:language:graphemes:)``),
    /// each stretch of `languages` broken by its own locale.
    private static func styledOpportunities(
        units: [UInt16], content: Range<Int>, style: ParagraphStyle,
        languages: [(range: Range<Int>, language: String?)], graphemes: [Int]
    ) -> [LineBreakOpportunity] {
        let strictness = style.lineBreakStrictness
        func locale(_ language: String?) -> String? {
            switch strictness {
            case .normal, .anywhere:
                language
            case .loose, .strict:
                LineBreaker.locale(language, settingKeyword: "lb", to: strictness.rawValue) ?? language
            }
        }
        let breaks = LineBreaker.opportunities(
            in: units, range: content, locales: languages.map { ($0.range, locale($0.language)) })
        if strictness == .anywhere {
            return LineBreaker.anywhere(graphemes: graphemes, keepingMandatory: breaks)
        }
        if style.wordBreak == .keepAll {
            return LineBreaker.keepingAll(breaks, in: units, range: content)
        }
        return breaks
    }

    /// `breaks` without the opportunities that text with ``Attributes/allowsLineBreaks`` false
    /// forbids, as Pango 1.50 removes them for `allow_breaks="false"`: an opportunity goes when
    /// the characters on both sides of it carry false (so the edges of such a range still
    /// break), unless it is mandatory, the end of the content, or one an explicit break
    /// character makes (``isExplicitBreak(before:in:from:)``).
    /// `runs` are the attribute runs of `content` (`ParagraphRuns.runs`), `units` the text's.
    static func removingForbidden(
        _ allBreaks: [LineBreakOpportunity], runs: [AttributeRun], units: [UInt16], content: Range<Int>
    ) -> [LineBreakOpportunity] {
        let breaks = RubyBases.removingBreaksInside(allBreaks, runs: runs)
        // Maximal ranges of characters that forbid breaks (adjacent runs joined).
        var forbidden: [Range<Int>] = []
        // A glyph-info range is one glyph: it never breaks inside either.
        for run in runs
        where run.attributes.allowsLineBreaks == false || run.attributes.glyphInfo != nil {
            if let last = forbidden.last, last.upperBound == run.range.lowerBound {
                forbidden[forbidden.count - 1] = last.lowerBound..<run.range.upperBound
            } else {
                forbidden.append(run.range)
            }
        }
        guard !forbidden.isEmpty else { return breaks }
        var index = 0
        return breaks.filter { opportunity in
            let offset = opportunity.offset
            while index < forbidden.count, forbidden[index].upperBound <= offset { index += 1 }
            guard index < forbidden.count, forbidden[index].lowerBound < offset, !opportunity.isMandatory,
                offset < content.upperBound
            else { return true }
            return isExplicitBreak(before: offset, in: units, from: forbidden[index].lowerBound)
        }
    }

    /// Whether the opportunity at `offset` comes from a character written to allow a break, which
    /// Pango keeps inside `allow_breaks="false"`: the character before it is a SOFT HYPHEN, a
    /// hyphen (U+2010, U+2012, U+2013), a visible word divider (| U+05BE U+0F0B U+1361 U+17D8
    /// U+17DA U+2027), or a ZERO WIDTH SPACE, possibly followed by spaces; looking no further
    /// back than `start`, the first character of the range (Pango does not look before it).
    static func isExplicitBreak(before offset: Int, in units: [UInt16], from start: Int) -> Bool {
        // Every one of these characters is in the BMP, so one code unit each.
        var index = offset - 1
        guard index > start else { return false }
        switch units[index] {
        case 0x00AD, 0x2010, 0x2012, 0x2013, 0x007C, 0x05BE, 0x0F0B, 0x1361, 0x17D8, 0x17DA, 0x2027, 0x200B:
            return true
        default:
            while index > start, units[index] == 0x20 { index -= 1 }
            return index > start && units[index] == 0x200B
        }
    }
}
