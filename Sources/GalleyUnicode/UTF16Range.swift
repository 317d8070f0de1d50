// Internal helpers shared by the Unicode services: clamping caller ranges to a buffer and
// decoding UTF-16 code points without allocating (unpaired surrogates decode as themselves).

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

    /// The code point starting at `index` and its length in code units (1 or 2).
    /// An unpaired surrogate is returned as its own code unit value, length 1.
    @inline(__always)
    static func codePoint(in buffer: UnsafeBufferPointer<UInt16>, at index: Int, end: Int) -> (value: UInt32, length: Int) {
        let unit = buffer[index]
        if unit & 0xFC00 == 0xD800, index + 1 < end {
            let next = buffer[index + 1]
            if next & 0xFC00 == 0xDC00 {
                return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(next) - 0xDC00), 2)
            }
        }
        return (UInt32(unit), 1)
    }
}
