// CaseMapping: locale-aware upper, lower and title case of a stretch of text, one character at a
// time through ICU, so that every code point of the result keeps the string index it came from
// (the text-transform attribute shapes the mapped text with HarfBuzz clusters at those indices).

import CICU

/// A case change. Like Pango's `PangoTextTransform` and CSS `text-transform`.
package enum CaseChange: Sendable, Hashable {
    /// ICU's full lower-case mapping (`u_strToLower`).
    case lowercase
    /// ICU's full upper-case mapping (`u_strToUpper`): `ß` → `SS`, `ŉ` → `ʼN`.
    case uppercase
    /// The first character of each word (ICU's word boundaries) in title case (`u_strToTitle`),
    /// the rest unchanged, as CSS `capitalize` and Pango do.
    case capitalize
}

/// Case mapping that keeps, for every output code point, the UTF-16 offset of the input
/// character it came from.
///
/// Each character is mapped on its own with ICU in the text's language, which covers the
/// language rules that depend on the character alone (Turkish and Azeri dotted and dotless i,
/// Greek upper case without accents). Of the rules that depend on context, Galley applies Final
/// Sigma (Unicode §3.13: Σ at the end of a word lowers to ς) and word starts for `capitalize`;
/// Lithuanian dot retention and Dutch IJ title casing, which need more than one character, are
/// not applied.
package enum CaseMapping {
    /// The code points `units[range]` becomes under `change` in `language` (a BCP 47 tag or nil),
    /// each with the offset in `units` of the character it came from, in order. `context`
    /// (containing `range`, usually the paragraph) is where words and Final Sigma are looked for.
    package static func map(
        _ units: [UInt16], range: Range<Int>, context: Range<Int>, change: CaseChange, language: String?
    ) -> [(scalar: UInt32, source: Int)] {
        let wordStarts = change == .capitalize ? Self.wordStarts(units, context) : []
        var result: [(scalar: UInt32, source: Int)] = []
        result.reserveCapacity(range.count)
        units.withUnsafeBufferPointer { buffer in
            var i = range.lowerBound
            while i < range.upperBound {
                let (value, length) = UTF16Decoder.codePoint(in: buffer, at: i, end: context.upperBound)
                let mapped: [UInt32]
                switch change {
                case .lowercase where value == 0x03A3 && isFinalSigma(buffer, at: i, context: context):
                    mapped = [0x03C2]
                case .lowercase: mapped = map(value, GALLEY_CASE_LOWER, language)
                case .uppercase: mapped = map(value, GALLEY_CASE_UPPER, language)
                case .capitalize: mapped = wordStarts.contains(i) ? map(value, GALLEY_CASE_TITLE, language) : [value]
                }
                for scalar in mapped { result.append((scalar, i)) }
                i += length
            }
        }
        return result
    }

    /// The ICU mapping `kind` of one code point; the code point itself if ICU fails.
    private static func map(_ value: UInt32, _ kind: Int, _ language: String?) -> [UInt32] {
        var input: [UInt16] = []
        if value >= 0x10000 {
            let v = value - 0x10000
            input = [UInt16(0xD800 | (v >> 10)), UInt16(0xDC00 | (v & 0x3FF))]
        } else {
            input = [UInt16(value)]
        }
        var output = [UInt16](repeating: 0, count: 8)
        let written = galley_case_map(
            Int32(kind), input, Int32(input.count), &output, Int32(output.count), language ?? "")
        guard written > 0 else { return [value] }
        var scalars: [UInt32] = []
        output.withUnsafeBufferPointer { buffer in
            var k = 0
            while k < Int(written) {
                let (scalar, length) = UTF16Decoder.codePoint(in: buffer, at: k, end: Int(written))
                scalars.append(scalar)
                k += length
            }
        }
        return scalars
    }

    /// Final Sigma (Unicode §3.13, table 3-17): a cased letter then case-ignorable characters
    /// before `index`, and no case-ignorable characters then a cased letter after it.
    private static func isFinalSigma(_ buffer: UnsafeBufferPointer<UInt16>, at index: Int, context: Range<Int>) -> Bool
    {
        func properties(_ i: Int) -> Unicode.Scalar.Properties {
            UTF16Decoder.scalar(in: buffer, at: i, end: context.upperBound).scalar.properties
        }
        var before = index - 1
        var casedBefore = false
        while before >= context.lowerBound {
            if buffer[before] & 0xFC00 == 0xDC00, before > context.lowerBound { before -= 1 }
            let p = properties(before)
            if p.isCaseIgnorable {
                before -= 1
                continue
            }
            casedBefore = p.isCased
            break
        }
        guard casedBefore else { return false }
        var after = index + 1
        while after < context.upperBound {
            let (scalar, length) = UTF16Decoder.scalar(in: buffer, at: after, end: context.upperBound)
            if scalar.properties.isCaseIgnorable {
                after += length
                continue
            }
            return !scalar.properties.isCased
        }
        return true
    }

    /// The offsets in `context` where ICU's word iterator starts a segment whose first character
    /// is a letter or digit (the starts of words, not of spaces or punctuation).
    private static func wordStarts(_ units: [UInt16], _ context: Range<Int>) -> Set<Int> {
        let limited = UTF16Range.icuLimited(context)
        guard !limited.isEmpty else { return [] }
        var starts: Set<Int> = []
        units.withUnsafeBufferPointer { buffer in
            var boundaries = [Int32](repeating: 0, count: limited.count)
            let found = galley_breaks(
                Int32(GALLEY_BREAK_WORD), buffer.baseAddress! + limited.lowerBound, Int32(limited.count), nil,
                &boundaries, nil, Int32(limited.count))
            let segmentStarts =
                [limited.lowerBound] + boundaries.prefix(max(0, Int(found))).map { limited.lowerBound + Int($0) }
            for start in segmentStarts where start < limited.upperBound {
                let scalar = UTF16Decoder.scalar(in: buffer, at: start, end: limited.upperBound).scalar
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    starts.insert(start)
                }
            }
        }
        return starts
    }
}
