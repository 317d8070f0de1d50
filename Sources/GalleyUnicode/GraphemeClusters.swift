// Grapheme cluster boundaries (UAX #29 extended grapheme clusters): ICU's character
// iterator, with a fast path for text below U+0300.

import CICU

/// Extended grapheme cluster boundaries, the units a caret moves over and that a line
/// break or a cluster break must never split. Like the boundaries behind
/// `CTTypesetterSuggestClusterBreak` and `CFStringGetRangeOfComposedCharactersAtIndex`.
/// One exception to UAX #29: a run of more than 30 combining marks is cut into clusters of
/// at most 30 (see ``CombiningMarkLimit``), so that no cluster is unboundedly long.
///
/// Fast path: between two "simple" code units (Grapheme_Cluster_Break Other, Control, CR
/// or LF; see `isSimple`) there is always a boundary except inside CR LF, because only
/// rules GB3–GB5 and GB999 can apply. Such stretches are split without ICU; ICU's
/// iterator only sees the stretches around other characters, cut at such certain
/// boundaries. Latin, CJK and kana text costs a few ns per code unit; other text about
/// 40 ns (ICU).
public enum GraphemeClusters {
    /// The boundaries inside `range` taken from `known`, the ascending boundaries of a text
    /// that holds `range` (a paragraph's, computed once), each moved by `delta`
    /// (`known`'s offsets + `delta` are `range`'s): both ends of `range` included, an empty
    /// range giving just its bound. Nothing is recomputed from the code units; for a range whose
    /// ends are boundaries of `known` it equals `boundaries(in:range:)`.
    public static func boundaries(in range: Range<Int>, of known: [Int], delta: Int = 0) -> [Int] {
        let lo = range.lowerBound - delta
        let hi = range.upperBound - delta
        var result: [Int] = [range.lowerBound]
        guard hi > lo else { return result }
        // The first known boundary after lo, by binary search.
        var a = 0
        var b = known.count
        while a < b {
            let mid = (a + b) / 2
            if known[mid] <= lo { a = mid + 1 } else { b = mid }
        }
        result.reserveCapacity(min(known.count - a, hi - lo) + 1)
        while a < known.count, known[a] < hi {
            result.append(known[a] + delta)
            a += 1
        }
        result.append(range.upperBound)
        return result
    }

    /// Boundaries in `range` of `text`, ascending, including `range.lowerBound` and
    /// `range.upperBound` (an empty range gives just its bound). The range is analysed on
    /// its own, so a range starting inside a cluster starts a cluster there. The range is
    /// clamped to the buffer. If ICU fails (it does not in practice), every code point
    /// boundary is returned, so surrogate pairs still stay whole.
    public static func boundaries(in text: [UInt16], range: Range<Int>) -> [Int] {
        let r = UTF16Range.clamp(range, count: text.count)
        var result: [Int] = []
        // At most one boundary per code unit, plus the start: they are collected in a scratch
        // buffer and copied once (a per-boundary append costs several times the scan).
        result.reserveCapacity(r.count + 1)
        guard !r.isEmpty else {
            result.append(r.lowerBound)
            return result
        }
        // The commonest case, text below U+0300 without a CR (Latin prose): every offset is a
        // boundary (GB999; there is no Extend, SpacingMark or Prepend character below U+0300, and a
        // control is a boundary on both sides unless it is a CR before an LF).
        let plain = text.withUnsafeBufferPointer { buffer -> Bool in
            var i = r.lowerBound
            while i < r.upperBound, buffer[i] < 0x0300, buffer[i] != 0x0D { i += 1 }
            return i == r.upperBound
        }
        if plain {
            // Through a scratch buffer: appending a range goes through a generic copy.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: r.count + 1) { out in
                for k in 0...r.count { out[k] = r.lowerBound + k }
                result.append(contentsOf: UnsafeBufferPointer(out))
            }
            return result
        }
        text.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: r.count + 1) { out in
                var count = 0
                out[0] = r.lowerBound
                count = 1
                // Segments end at certain boundaries; `complex` says whether the current one,
                // from `start`, holds a unit at or above U+0300 and so needs ICU.
                var start = r.lowerBound
                var complex = !isSimple(buffer[start])
                var previous = buffer[start]
                var i = start + 1
                while i < r.upperBound {
                    let unit = buffer[i]
                    defer { previous = unit }
                    i += 1
                    if unit < 0x0300 && previous < 0x0300 && !complex {
                        // The common case (Latin text): a boundary unless inside CR LF.
                        if previous == 0x0D && unit == 0x0A { continue }
                        out[count] = i - 1
                        count += 1
                        start = i - 1
                        continue
                    }
                    if !isSimple(unit) {
                        complex = true
                        continue
                    }
                    guard isSimple(previous), !(previous == 0x0D && unit == 0x0A) else { continue }
                    // A certain boundary before `unit` (GB4, GB5 or GB999).
                    if complex {
                        appendICU(buffer, start..<(i - 1), to: out, count: &count)
                    } else {
                        out[count] = i - 1
                        count += 1
                    }
                    start = i - 1
                    complex = false
                }
                if complex {
                    appendICU(buffer, start..<r.upperBound, to: out, count: &count)
                } else {
                    out[count] = r.upperBound
                    count += 1
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: out[0..<count]))
            }
        }
        return result
    }

    /// Boundaries of the whole text, from 0 to `text.count` inclusive (`[0]` for empty text).
    public static func boundaries(in text: [UInt16]) -> [Int] {
        boundaries(in: text, range: 0..<text.count)
    }

    /// Whether a code unit is a whole character whose Grapheme_Cluster_Break is Other,
    /// Control, CR or LF (and so is not Extend, ZWJ, SpacingMark, Prepend, Hangul or a
    /// regional indicator): Latin to U+02FF, general punctuation (except ZWNJ and ZWJ),
    /// CJK symbols and kana (except the combining marks U+302A–U+302F, U+3099–U+309A),
    /// CJK ideographs and fullwidth forms (except U+FF9E–U+FF9F). A test checks this
    /// against GraphemeBreakProperty.txt.
    @inline(__always)
    static func isSimple(_ unit: UInt16) -> Bool {
        switch unit {
        case 0..<0x0300: true
        case 0x2000..<0x200C, 0x200E..<0x20D0: true
        case 0x3000..<0x302A, 0x3030..<0x3099, 0x309B..<0x3100: true
        case 0x3400..<0x4DC0, 0x4E00..<0xA000: true
        case 0xFF00..<0xFF9E: true
        default: false
        }
    }

    /// Writes ICU's boundaries of `range` (after its start, through its end) to `out` from
    /// `count` on (at most one per code unit of `range`), advancing `count`; runs of more
    /// than 30 combining marks are cut as ``CombiningMarkLimit`` says.
    static func appendICU(
        _ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, to out: UnsafeMutableBufferPointer<Int>,
        count: inout Int
    ) {
        let first = count
        defer { CombiningMarkLimit.cut(buffer, segmentStart: range.lowerBound, out: out, first: first, count: &count) }
        let limited = UTF16Range.icuLimited(range)
        let length = limited.count
        let found = withUnsafeTemporaryAllocation(of: Int32.self, capacity: length) { offsets -> Int32 in
            let found = galley_breaks(
                Int32(GALLEY_BREAK_GRAPHEME), buffer.baseAddress! + limited.lowerBound,
                Int32(length), nil, offsets.baseAddress, nil, Int32(length))
            if found > 0 {
                for k in 0..<Int(found) {
                    out[count] = limited.lowerBound + Int(offsets[k])
                    count += 1
                }
            }
            return found
        }
        if found <= 0 {
            var i = limited.lowerBound
            while i < limited.upperBound {
                i += UTF16Decoder.codePoint(in: buffer, at: i, end: limited.upperBound).length
                out[count] = i
                count += 1
            }
        }
        if limited.upperBound != range.upperBound {
            out[count] = range.upperBound
            count += 1
        }
    }

    /// ICU's boundaries for the whole range, without the fast path (for tests).
    static func icuBoundaries(in text: [UInt16], range: Range<Int>) -> [Int] {
        let r = UTF16Range.clamp(range, count: text.count)
        var result = [r.lowerBound]
        guard !r.isEmpty else { return result }
        text.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: r.count) { out in
                var count = 0
                appendICU(buffer, r, to: out, count: &count)
                result.append(contentsOf: UnsafeBufferPointer(rebasing: out[0..<count]))
            }
        }
        return result
    }
}
