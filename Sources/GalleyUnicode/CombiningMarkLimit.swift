// The bound on combining marks in a row. Unicode's Stream-Safe Text Format (UAX #15 §13) says no
// real text needs more than 30 non-starters in a row; here every combining mark counts (the
// non-starters, and also marks of class 0 such as Thai vowels above), and past 30 the next mark
// starts a new grapheme cluster and a new shaping item. Without it one base letter with 100 000
// marks is a single cluster that HarfBuzz shapes in quadratic time (each mark searches back to its
// base), and long stacked chains abort HarfBuzz 6.0 in GPOS attachment.

import CICU

/// Where a run of combining marks is cut: the 31st mark in a row, and every 30th after it, begins
/// a grapheme cluster of its own, and the itemizer starts a new shaping item there.
///
/// Real text stays below the limit in every script (the Stream-Safe Text Format's bound), so its
/// clusters and shaping are unchanged. The excess marks are shaped apart from their base, as a
/// cluster with no base of its own: they keep their zero advances and are drawn at the pen
/// position where the base's cluster ends, stacked by the font's mark-to-mark attachment only.
/// String indices are never changed.
public enum CombiningMarkLimit {
    /// The most combining marks in a row that stay in one cluster: 30, as in UAX #15 §13.
    public static let maximumMarks = 30

    /// Whether `value` is a combining mark: General_Category Mn, Mc or Me, or a non-zero
    /// Canonical_Combining_Class. None is below U+0300.
    @inline(__always)
    public static func isMark(_ value: UInt32) -> Bool {
        value >= 0x300 && galley_is_combining_mark(value) != 0
    }

    /// Whether the code point at `index` is a combining mark preceded, since `start`, by at
    /// least ``maximumMarks`` marks in a row: where ``GraphemeClusters`` starts a cluster in a
    /// run of marks (together with being a cluster boundary). Looks back over at most
    /// ``maximumMarks`` code points.
    public static func followsFullRun(in units: UnsafeBufferPointer<UInt16>, at index: Int, from start: Int) -> Bool {
        guard index > start, index < units.count else { return false }
        guard isMark(UTF16Decoder.codePoint(in: units, at: index, end: units.count).value) else { return false }
        var i = index
        for _ in 0..<maximumMarks {
            guard i > start else { return false }
            // The code point ending at i: a surrogate pair when a trail follows a lead.
            var length = 1
            if units[i - 1] & 0xFC00 == 0xDC00, i - 2 >= start, units[i - 2] & 0xFC00 == 0xD800 { length = 2 }
            i -= length
            guard isMark(UTF16Decoder.codePoint(in: units, at: i, end: index).value) else { return false }
        }
        return true
    }

    /// Adds cuts to the cluster boundaries `out[first..<count]` (ascending, the cluster before
    /// `out[first]` starting at `segmentStart`): before the mark that follows ``maximumMarks``
    /// marks in a row, counting again from it. Only clusters longer than ``maximumMarks`` code
    /// units are read. `out` must have room for one boundary per code unit of the segment.
    static func cut(
        _ units: UnsafeBufferPointer<UInt16>, segmentStart: Int, out: UnsafeMutableBufferPointer<Int>,
        first: Int, count: inout Int
    ) {
        // Rare: collected apart, then written back over the segment's boundaries at once.
        var merged: [Int]? = nil
        var previous = segmentStart
        for k in first..<count {
            let end = out[k]
            if end - previous > maximumMarks {
                let cuts = cutsInside(units, previous..<end)
                if !cuts.isEmpty, merged == nil { merged = Array(out[first..<k]) }
                merged?.append(contentsOf: cuts)
            }
            merged?.append(end)
            previous = end
        }
        guard let merged else { return }
        for (n, boundary) in merged.enumerated() { out[first + n] = boundary }
        count = first + merged.count
    }

    /// The cuts inside one cluster `range`, ascending.
    private static func cutsInside(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> [Int] {
        var cuts: [Int] = []
        var run = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let (value, length) = UTF16Decoder.codePoint(in: units, at: i, end: range.upperBound)
            if isMark(value) {
                if run == maximumMarks {
                    cuts.append(i)
                    run = 0
                }
                run += 1
            } else {
                run = 0
            }
            i += length
        }
        return cuts
    }
}
