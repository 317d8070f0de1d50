// Tailorings of ICU's line-break opportunities that ICU 72 has no locale keyword for: CSS
// `line-break: anywhere` (every grapheme cluster boundary) and CSS `word-break: keep-all` (no
// break between two letters), plus the ICU locale keyword (`lb`) for the strictness ICU does know.

import CICU

extension LineBreaker {
    /// The ICU locale id of `language` (an ICU id such as "ja_JP", a BCP 47 tag such as "ja-JP";
    /// nil or empty for root) with the locale keyword `key` set to `value`, replacing a value the
    /// language already has: `("ja", "lb", "strict")` gives "ja@lb=strict", `(nil, "lb", "loose")`
    /// gives "@lb=loose" (ICU's locale keywords, as UTS #35's `-u-lb-` extension). Nil if ICU
    /// refuses the key or value or the result is too long for a locale id (then break with the
    /// language alone).
    public static func locale(_ language: String?, settingKeyword key: String, to value: String) -> String? {
        withLocale(language) { id -> String? in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 160) { out -> String? in
                let n = galley_locale_with_keyword(id, key, value, out.baseAddress, Int32(out.count))
                guard n > 0 else { return nil }
                return String(
                    decoding: UnsafeRawBufferPointer(start: out.baseAddress, count: Int(n)), as: UTF8.self)
            }
        }
    }

    /// CSS `line-break: anywhere`: an opportunity at every grapheme cluster boundary of
    /// `graphemes` (ascending, both ends of the range included; the first is not an opportunity),
    /// mandatory where `opportunities` (the range's ordinary opportunities) has a mandatory one,
    /// so hard line breaks stay hard.
    public static func anywhere(
        graphemes: [Int], keepingMandatory opportunities: [LineBreakOpportunity]
    ) -> [LineBreakOpportunity] {
        let mandatory = Set(opportunities.lazy.filter(\.isMandatory).map(\.offset))
        var offsets = Set(graphemes.dropFirst())
        offsets.formUnion(mandatory)
        return offsets.sorted().map { LineBreakOpportunity(offset: $0, isMandatory: mandatory.contains($0)) }
    }

    /// CSS `word-break: keep-all`: `opportunities` of `range` of `text` without those between two
    /// letters, where the characters on both sides are ``isKeepAllLetter(_:)`` (a character
    /// before the opportunity that is a combining mark or ZWJ counts as its base, UAX #14 LB9).
    /// Mandatory opportunities and the end of the range stay; so do breaks at spaces, after
    /// hyphens and around punctuation, whose classes are not letters. Thai, Lao, Khmer and Burmese
    /// (class SA) keep their dictionary breaks, as CSS Text 3 asks.
    public static func keepingAll(
        _ opportunities: [LineBreakOpportunity], in text: [UInt16], range: Range<Int>
    ) -> [LineBreakOpportunity] {
        let range = UTF16Range.clamp(range, count: text.count)
        return text.withUnsafeBufferPointer { units in
            opportunities.filter { opportunity in
                let offset = opportunity.offset
                guard !opportunity.isMandatory, offset > range.lowerBound, offset < range.upperBound else {
                    return true
                }
                let after = UTF16Decoder.codePoint(in: units, at: offset, end: range.upperBound).value
                guard isKeepAllLetter(after) else { return true }
                return !isKeepAllLetter(base(before: offset, in: units, from: range.lowerBound))
            }
        }
    }

    /// Whether keep-all joins a code point to a neighbouring letter: its UAX #14 class is AL, AI,
    /// HL, NU, ID, CJ or a Hangul class (H2, H3, JL, JV, JT), or it is NS with a Letter or Number
    /// general category (iteration marks such as 々 and ゝ, which `lb=loose` lets start a line).
    /// These are CSS Text 3's "typographic letter units" and its NU, AL, AI and ID classes.
    public static func isKeepAllLetter(_ codePoint: UInt32) -> Bool {
        switch Int(galley_line_break_class(codePoint)) {
        case GALLEY_LB_AL, GALLEY_LB_AI, GALLEY_LB_HL, GALLEY_LB_NU, GALLEY_LB_ID, GALLEY_LB_CJ, GALLEY_LB_H2,
            GALLEY_LB_H3, GALLEY_LB_JL, GALLEY_LB_JV, GALLEY_LB_JT:
            return true
        case GALLEY_LB_NS:
            guard let scalar = Unicode.Scalar(codePoint) else { return false }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                return true
            default: return false
            }
        default:
            return false
        }
    }

    /// The code point before `offset`, skipping combining marks and ZWJ back to their base (UAX
    /// #14 LB9), no further back than `start`; a mark with no base counts as a letter (LB10: AL).
    private static func base(before offset: Int, in units: UnsafeBufferPointer<UInt16>, from start: Int) -> UInt32 {
        var end = offset
        while end > start {
            var index = end - 1
            if units[index] & 0xFC00 == 0xDC00, index > start, units[index - 1] & 0xFC00 == 0xD800 { index -= 1 }
            let value = UTF16Decoder.codePoint(in: units, at: index, end: end).value
            switch Int(galley_line_break_class(value)) {
            case GALLEY_LB_CM, GALLEY_LB_ZWJ: end = index
            default: return value
            }
        }
        return UInt32(UInt8(ascii: "a"))
    }
}
