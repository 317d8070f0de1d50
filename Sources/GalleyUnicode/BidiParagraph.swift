// UAX #9 bidi resolution of one paragraph (levels through ICU's ubidi), plus the per-line
// rules L1 (reset trailing whitespace) and L2 (visual reordering).

import CICU

/// One level run of a paragraph: a maximal range of code units at one embedding level.
/// Like the directional runs CoreText splits a line's `CTRun`s by.
public struct BidiRun: Sendable, Hashable {
    /// UTF-16 range in the whole buffer.
    public let range: Range<Int>
    /// The embedding level; odd is right to left.
    public let level: UInt8
    /// True when the level is odd (`kCTRunStatusRightToLeft`).
    public var isRightToLeft: Bool { level & 1 == 1 }

    /// Creates a run.
    public init(range: Range<Int>, level: UInt8) {
        self.range = range
        self.level = level
    }
}

/// The UAX #9 embedding levels of one paragraph, resolved by ICU's `ubidi`.
/// Like the analysis `CTTypesetterCreateWithAttributedString` does per paragraph.
///
/// The levels are those of the paragraph taken as a single line (rule L1 applied at its
/// end and around tabs); for each line of a broken paragraph, reset that line's trailing
/// whitespace with ``lineLevels(for:text:)`` and reorder with ``visualOrder(levels:)``.
///
/// Text with no character from the right-to-left blocks (every code unit below U+0590, or
/// in U+0900–U+200D or U+2070–U+D7FF) in a paragraph that is not right to left takes a
/// fast path without ICU: all levels are 0.
///
/// Conformance: ICU 72 passes 91,676 of the 91,707 cases of BidiCharacterTest-15.0. It
/// misses some Unicode 8.0 clarifications that only matter in contrived text: directional
/// overrides applied to isolate initiators, PDIs and paired brackets flanked by
/// embeddings, a nonspacing mark right after a paired bracket resolved by rule N0, and
/// more than 63 nested brackets; and for unidirectional text with embeddings it may
/// report the paragraph level instead of a higher level of the same parity (same order).
/// BidiTest-15.0: 664,456 of 770,241 cases pass; every other one is that same shortcut of
/// ICU's for unidirectional text (levels 0 or 1 where UAX #9 gives 2 or 3), with the same
/// visual order, as ICU's own conformance test accepts.
public struct BidiParagraph: Sendable {
    /// The paragraph's range in the buffer (the requested range clamped to the buffer).
    public let range: Range<Int>
    /// The paragraph embedding level: 0 (left to right) or 1 (right to left).
    public let baseLevel: UInt8
    /// One level per UTF-16 code unit of `range` (index 0 is `range.lowerBound`).
    public let levels: [UInt8]
    /// True when every level is 0, so no reordering is ever needed.
    public let isPurelyLeftToRight: Bool

    /// Resolves `range` of `text` as one paragraph with the given base direction.
    /// The range is clamped to the buffer; an empty range gives no levels and a base
    /// level of 1 only for `.rightToLeft`. Any text is accepted (unpaired surrogates
    /// are class L). A paragraph separator inside the range starts a new paragraph for
    /// ICU, whose level is resolved on its own; `baseLevel` is the first one's.
    public init(text: [UInt16], range: Range<Int>, baseDirection: WritingDirection) {
        let clamped = UTF16Range.clamp(range, count: text.count)
        self.range = clamped
        let fallbackLevel: UInt8
        switch baseDirection {
        case .natural, .leftToRight: fallbackLevel = 0
        case .rightToLeft: fallbackLevel = 1
        }
        let length = clamped.count
        guard length > 0 else {
            baseLevel = fallbackLevel
            levels = []
            isPurelyLeftToRight = true
            return
        }
        if baseDirection != .rightToLeft, Self.hasNoRightToLeftCharacters(text, clamped) {
            baseLevel = 0
            levels = [UInt8](repeating: 0, count: length)
            isPurelyLeftToRight = true
            return
        }
        var paragraphLevel: Int32 = -1
        let direction: Int32 =
            switch baseDirection {
            case .leftToRight: Int32(GALLEY_BIDI_LTR)
            case .rightToLeft: Int32(GALLEY_BIDI_RTL)
            case .natural: Int32(GALLEY_BIDI_NATURAL)
            }
        let icuLength = min(length, Int(Int32.max))
        var resolved = [UInt8](repeating: fallbackLevel, count: length)
        text.withUnsafeBufferPointer { buffer in
            resolved.withUnsafeMutableBufferPointer { out in
                paragraphLevel = galley_bidi_levels(
                    buffer.baseAddress! + clamped.lowerBound, Int32(icuLength),
                    direction, out.baseAddress)
            }
        }
        baseLevel = paragraphLevel >= 0 ? UInt8(paragraphLevel) : fallbackLevel
        levels = resolved
        isPurelyLeftToRight = !resolved.contains { $0 != 0 }
    }

    /// Whether no code unit of `range` can be R, AL, AN or an explicit embedding, override
    /// or isolate control, by block: then a paragraph that is not right to left is all level 0.
    /// Safe are: below U+0590; U+0900–U+200D; U+2070–U+D7FF; U+E000–U+FB1C (private use, CJK
    /// compatibility); U+FE00–U+FE6F (selectors, vertical and small forms); U+FF00–U+FFFF
    /// (half- and full-width forms, specials); and surrogates, except the high surrogates
    /// D802–D803 and D83A–D83B, whose planes hold U+10800–U+10FFF and U+1E800–U+1EFFF, the
    /// ranges Unicode keeps for right-to-left scripts. (A test checks these ranges against
    /// the Bidi_Class data, its defaults for unassigned code points included.)
    static func hasNoRightToLeftCharacters(_ text: [UInt16], _ range: Range<Int>) -> Bool {
        text.withUnsafeBufferPointer { buffer in
            // Units below U+0590 first, in a loop of their own (inside the one below, the
            // compiler tested the other ranges before that one for every unit).
            var i = range.lowerBound
            while i < range.upperBound, buffer[i] < 0x0590 { i += 1 }
            for i in i..<range.upperBound {
                let unit = buffer[i]
                if unit < 0x0590 { continue }
                switch unit {
                case 0x0900..<0x200E, 0x2070..<0xD802, 0xD804..<0xD83A, 0xD83C..<0xFB1D, 0xFE00..<0xFE70,
                    0xFF00...0xFFFF:
                    continue
                default:
                    return false
                }
            }
            return true
        }
    }

    /// The level runs of the paragraph in logical order, ranges in buffer offsets.
    public var runs: [BidiRun] {
        var result: [BidiRun] = []
        guard !levels.isEmpty else { return result }
        var start = 0
        for i in 1...levels.count where i == levels.count || levels[i] != levels[start] {
            result.append(BidiRun(range: (range.lowerBound + start)..<(range.lowerBound + i), level: levels[start]))
            start = i
        }
        return result
    }

    /// The levels of one line of this paragraph with rule L1 applied (see
    /// ``lineLevels(_:text:lineRange:baseLevel:)``). `lineRange` is in buffer offsets and is
    /// clamped to the paragraph.
    public func lineLevels(for lineRange: Range<Int>, text: [UInt16]) -> [UInt8] {
        let line = UTF16Range.clamp(lineRange.clamped(to: range), count: text.count)
        let slice = levels[(line.lowerBound - range.lowerBound)..<(line.upperBound - range.lowerBound)]
        return Self.lineLevels(slice, text: text, lineRange: line, baseLevel: baseLevel)
    }

    /// Applies rule L1 to one line: segment separators (tab), paragraph separators, and any
    /// sequence of whitespace or isolate formatting characters (and characters removed by
    /// rule X9, e.g. ZWJ's class BN) before them or at the end of the line get `baseLevel`.
    /// `levels` holds the line's levels in order (its indices do not matter), one per code
    /// unit of `lineRange`; the result has `lineRange.count` levels (clamped to the buffer;
    /// missing levels are taken as `baseLevel`). CoreText does this inside `CTTypesetterCreateLine`.
    public static func lineLevels(_ levels: ArraySlice<UInt8>, text: [UInt16], lineRange: Range<Int>, baseLevel: UInt8)
        -> [UInt8]
    {
        let line = UTF16Range.clamp(lineRange, count: text.count)
        var result = [UInt8](repeating: baseLevel, count: line.count)
        var k = 0
        for level in levels where k < result.count {
            result[k] = level
            k += 1
        }
        guard !line.isEmpty else { return result }
        let length = min(line.count, Int(Int32.max))
        text.withUnsafeBufferPointer { buffer in
            result.withUnsafeMutableBufferPointer { out in
                galley_bidi_apply_l1(buffer.baseAddress! + line.lowerBound, Int32(length), out.baseAddress, baseLevel)
            }
        }
        return result
    }

    /// Visual order for a line (rule L2): for each visual position, left to right, the
    /// logical index into `levels`. From the highest level down to the lowest odd level,
    /// every maximal sequence at that level or higher is reversed. Levels apply to whatever
    /// units the caller passes (code units, characters or runs); reordering code units
    /// also reverses the two halves of a surrogate pair in a right-to-left run.
    /// Like the order of `CTLineGetGlyphRuns`.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(0..<levels.count)
        guard let highest = levels.max() else { return order }
        guard let lowestOdd = levels.lazy.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < levels.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i + 1
                while j < levels.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
