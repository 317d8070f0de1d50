// Internal helpers shared by the Unicode services: clamping caller ranges to a buffer and to
// the lengths ICU takes. (Decoding is UTF16Decoder's.)

enum UTF16Range {
    /// `range` clamped into `0...count`: bounds below 0 become 0, bounds past the end become
    /// `count`. Every public entry point of GalleyUnicode clamps like this instead of trapping.
    static func clamp(_ range: Range<Int>, count: Int) -> Range<Int> {
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        return lower..<upper
    }

    /// The longest prefix of `range` that ICU can take in one call (Int32 lengths).
    static func icuLimited(_ range: Range<Int>) -> Range<Int> {
        range.lowerBound..<(range.lowerBound + min(range.count, Int(Int32.max)))
    }
}
