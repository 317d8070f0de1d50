// The one UTF-16 decoder of Galley: code units to Unicode scalars one at a time, without
// allocating, with a single rule for unpaired surrogates. Every stage that reads text a code
// point at a time (script runs, grapheme fallback, font fallback) decodes through it.

/// Decodes UTF-16 code units one Unicode scalar at a time.
///
/// A lead surrogate (U+D800–U+DBFF) followed, before `end`, by a trail surrogate (U+DC00–U+DFFF)
/// decodes as the supplementary scalar the pair encodes, two units long. Any other code unit
/// decodes as itself, one unit long, except an unpaired surrogate — a lead surrogate not followed
/// by a trail surrogate before `end`, or a trail surrogate met on its own — which decodes as
/// U+FFFD REPLACEMENT CHARACTER, one unit long.
///
/// That is the Unicode Standard's U+FFFD substitution of maximal subparts (chapter 3.9: in
/// UTF-16 each unpaired surrogate is an ill-formed subsequence of its own), the rule of Swift's
/// `String(decoding:as:)`, and what HarfBuzz puts in its buffer for a lone surrogate (its
/// replacement code point, U+FFFD by default). Layout therefore treats a lone surrogate as the
/// character that will be drawn for it: font fallback looks for a font with U+FFFD, and its
/// script is Common. `AttributedText` never holds lone surrogates, but the public Unicode
/// services take raw code units, and a range may end between the two halves of a pair.
package enum UTF16Decoder {
    /// The scalar value of the code point that starts at `index` of `units` and its length in
    /// code units (1 or 2), looking no further than `end` (exclusive) for a trail surrogate;
    /// 0xFFFD for an unpaired surrogate. `index` must be below `end`, and `end` at most
    /// `units.count`.
    @inlinable @inline(__always)
    package static func codePoint(
        in units: UnsafeBufferPointer<UInt16>, at index: Int, end: Int
    ) -> (value: UInt32, length: Int) {
        let unit = units[index]
        // Not a surrogate: the common case.
        if unit & 0xF800 != 0xD800 { return (UInt32(unit), 1) }
        if unit < 0xDC00, index + 1 < end {
            let next = units[index + 1]
            if next & 0xFC00 == 0xDC00 {
                return (0x10000 + (UInt32(unit & 0x3FF) << 10 | UInt32(next & 0x3FF)), 2)
            }
        }
        return (0xFFFD, 1)
    }

    /// `codePoint(in:at:end:)` as a `Unicode.Scalar`.
    @inlinable @inline(__always)
    package static func scalar(
        in units: UnsafeBufferPointer<UInt16>, at index: Int, end: Int
    ) -> (scalar: Unicode.Scalar, length: Int) {
        let (value, length) = codePoint(in: units, at: index, end: end)
        // Never nil: `codePoint` gives scalar values only.
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
