// Line-break opportunities (UAX #14) through ICU's line break iterator.

import CICU

/// A position where a line may end: after the code unit just before `offset`.
/// Like a UAX #14 break opportunity, as CoreText finds them for
/// `CTTypesetterSuggestLineBreak`.
public struct LineBreakOpportunity: Sendable, Hashable {
    /// UTF-16 offset in the whole buffer; the line would end just before it.
    public let offset: Int
    /// True after a hard line break (UAX #14 classes BK, CR, LF, NL, e.g. "\n", U+2029):
    /// the line must end here.
    public let isMandatory: Bool

    /// Creates an opportunity.
    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}

/// Finds line-break opportunities with ICU's UAX #14 line iterator: ICU's tailoring of
/// the default rules (its `line.txt`), dictionary breaking for Thai, Lao, Khmer and
/// Burmese, and locale tailorings (e.g. "ja" for Japanese punctuation). CoreText has no
/// public equivalent; its typesetter breaks at the same kind of opportunity.
///
/// Cost (measured on this project's 2-core Linux machine, release build): opening an ICU
/// line iterator costs about 5 µs once ICU's data is loaded (the very first one in a
/// process about 150 µs, the first Thai text about 0.8 ms for the dictionary); cloning
/// one costs 0.2 µs. So iterators are pooled per locale: a template opened once, clones
/// kept for reuse and handed to one caller at a time under a mutex. After warm-up a call
/// costs the iteration only: about 30 ns per code unit of English or Chinese text, plus
/// about 0.5 µs per call. Plain Latin prose (`SimpleLineBreaks`) skips ICU: a table lookup per
/// code unit. Safe from any thread.
public enum LineBreaker {
    /// Break opportunities in `text`, offsets in `1...text.count`, ascending. The end of the
    /// text is always included (mandatory only if ICU marks it hard, e.g. after a trailing
    /// newline). Empty text has no opportunities.
    /// - Parameter locale: an ICU locale identifier such as "ja" or "th"; nil for root.
    public static func opportunities(in text: [UInt16], locale: String? = nil) -> [LineBreakOpportunity] {
        opportunities(in: text, range: 0..<text.count, locale: locale)
    }

    /// Break opportunities in `range` of `text` (the range is analysed on its own, as one
    /// paragraph), offsets relative to the whole buffer, in `range.lowerBound+1...range.upperBound`.
    /// The range is clamped to the buffer; an empty range gives no opportunities.
    /// If ICU fails (it does not in practice), only the end of the range is returned.
    public static func opportunities(in text: [UInt16], range: Range<Int>, locale: String? = nil)
        -> [LineBreakOpportunity]
    {
        let clamped = UTF16Range.clamp(range, count: text.count)
        guard !clamped.isEmpty else { return [] }
        if SimpleLineBreaks.applies(toLocale: locale),
            let simple = text.withUnsafeBufferPointer({ SimpleLineBreaks.opportunities(in: $0, range: clamped) })
        {
            return simple
        }
        return icuOpportunities(in: text, range: clamped, locale: locale)
    }

    /// As ``opportunities(in:range:locale:)``, always from ICU's iterator (`range` already
    /// clamped and not empty).
    static func icuOpportunities(in text: [UInt16], range clamped: Range<Int>, locale: String?)
        -> [LineBreakOpportunity]
    {
        let r = UTF16Range.icuLimited(clamped)
        let length = r.count
        let base = r.lowerBound
        return text.withUnsafeBufferPointer { buffer -> [LineBreakOpportunity] in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: length) { offsets in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { hard in
                    let count = withLocale(locale) { localeID in
                        galley_breaks(
                            Int32(GALLEY_BREAK_LINE), buffer.baseAddress! + base, Int32(length),
                            localeID, offsets.baseAddress, hard.baseAddress, Int32(length))
                    }
                    var result: [LineBreakOpportunity] = []
                    guard count > 0 else {
                        result.append(LineBreakOpportunity(offset: clamped.upperBound, isMandatory: false))
                        return result
                    }
                    result.reserveCapacity(Int(count))
                    for k in 0..<Int(count) {
                        result.append(LineBreakOpportunity(offset: base + Int(offsets[k]), isMandatory: hard[k] != 0))
                    }
                    if r.upperBound != clamped.upperBound {
                        // Beyond Int32.max code units: only the end is reported past the limit.
                        result.append(LineBreakOpportunity(offset: clamped.upperBound, isMandatory: false))
                    }
                    return result
                }
            }
        }
    }

    /// Break opportunities in `range` of `text` where each stretch of the text has its own
    /// locale (`kCTLanguageAttributeName` per run): the range is analysed as one paragraph once
    /// per distinct locale, and the opportunity between two characters comes from the locale
    /// of the character before it (the one the line would end with). `locales` lists stretches
    /// in order; offsets they do not cover take the root locale. With one locale this is
    /// ``opportunities(in:range:locale:)``.
    public static func opportunities(
        in text: [UInt16], range: Range<Int>, locales: [(range: Range<Int>, locale: String?)]
    ) -> [LineBreakOpportunity] {
        var distinct: [String?] = []
        for entry in locales where !distinct.contains(where: { $0 == entry.locale }) { distinct.append(entry.locale) }
        if distinct.count <= 1 {
            return opportunities(in: text, range: range, locale: distinct.first ?? nil)
        }
        if locales.reduce(0, { $0 + $1.range.count }) < range.count, !distinct.contains(where: { $0 == nil }) {
            distinct.append(nil)
        }
        let each = distinct.map { opportunities(in: text, range: range, locale: $0) }
        var result: [LineBreakOpportunity] = []
        var cursors = [Int](repeating: 0, count: each.count)
        // Walk the stretches in order; an opportunity at offset k belongs to the stretch holding
        // k − 1.
        func take(upTo end: Int, from list: Int) {
            let opportunities = each[list]
            var c = cursors[list]
            while c < opportunities.count, opportunities[c].offset <= end {
                if let last = result.last, last.offset >= opportunities[c].offset {
                    c += 1
                    continue
                }
                result.append(opportunities[c])
                c += 1
            }
            cursors[list] = c
        }
        func list(for locale: String?) -> Int { distinct.firstIndex { $0 == locale } ?? 0 }
        var covered = range.lowerBound
        let rootList = list(for: nil)
        for entry in locales.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            if entry.range.lowerBound > covered { take(upTo: entry.range.lowerBound, from: rootList) }
            skip(upTo: entry.range.lowerBound, &cursors, each)
            take(upTo: entry.range.upperBound, from: list(for: entry.locale))
            covered = max(covered, entry.range.upperBound)
        }
        if covered < range.upperBound {
            skip(upTo: covered, &cursors, each)
            take(upTo: range.upperBound, from: rootList)
        }
        return result
    }

    /// Moves every list's cursor past the opportunities at or before `offset`.
    private static func skip(upTo offset: Int, _ cursors: inout [Int], _ lists: [[LineBreakOpportunity]]) {
        for k in lists.indices {
            while cursors[k] < lists[k].count, lists[k][cursors[k]].offset <= offset { cursors[k] += 1 }
        }
    }

    static func withLocale<R>(_ locale: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let locale, !locale.isEmpty else { return body(nil) }
        return locale.withCString { body($0) }
    }
}
