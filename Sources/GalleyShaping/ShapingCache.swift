// A cache of shaped words, kept across paragraphs and texts, as Blink and Minikin keep one:
// running text repeats its words, and looking a word up costs far less than shaping it again.
// An item is split into words (each with the spaces after it); when every word is known, the
// item's glyphs are put together from the cache without HarfBuzz; otherwise the item is shaped
// whole, as always, and its words are cut out of the result and kept. Used only where the
// lookups HarfBuzz applies never involve the space glyph (`SpaceIndependence`), so that no glyph
// depends on text across a space, and, in the scripts HarfBuzz joins, only for items whose
// neighbours are spaces or the paragraph's ends; a word is kept only when HarfBuzz's clusters
// start exactly at its ends, and only from its second sight (`SeenWords`). The glyphs are then
// identical to shaping the item whole (a test compares both over whole corpora).
import Foundation
import GalleyFonts
import GalleySync
import GalleyVocabulary
import Synchronization

/// Shaped words, shared by every typesetter given the same cache. Thread-safe.
///
/// Galley's typesetters use `ShapingCache.shared` unless given another; a cache with a capacity
/// of 0 keeps nothing (every item is shaped whole). When the cache would hold more than its
/// capacity of words, more than its byte limit, or more than 256 styles (a style is a font,
/// script, direction, language, kern and feature set), it is emptied and fills again. A style
/// names its font by the face's ``FontFace/id`` and the font's size, synthetic traits and
/// variations, so the cache holds no face alive: the words of a face that is freed stay until
/// the cache next empties, and count against its limit until then.
///
/// A style's words are kept in a `WordTable` (WordTable.swift): their code units and glyphs in
/// fixed chunks of raw memory, and a table of slots at most half full. The cache's bytes are the
/// chunks' and the slots' (``MemoryCost``), bounded before a store grows them. A word is kept
/// from its second sight (`SeenWords`).
public final class ShapingCache: Sendable, BudgetedCache {
    /// The cache typesetters use by default: at most 50 000 words, and at most its share of
    /// ``GalleyMemory/budget`` (``GalleyMemory/Cache/shapedWords``; 20 MiB of the default).
    public static let shared: ShapingCache = {
        let cache = ShapingCache(capacity: 50_000)
        cache.setByteLimit(GalleyMemory.register(cache, as: .shapedWords))
        return cache
    }()

    /// The most words kept.
    public let capacity: Int
    /// The most bytes of words kept (``MemoryCost`` estimates).
    public var byteLimit: Int { limit.load(ordering: .relaxed) }
    private let limit: Atomic<Int>
    /// Words longer than this (in UTF-16 code units, spaces included) are not kept.
    static let longestWord = 64
    /// The most styles kept (each holds its font alive): past it, everything is forgotten.
    static let mostStyles = 256

    /// How an item is shaped apart from its text: words are only shared between items shaped the same way.
    package struct Style: Hashable, Sendable {
        let font: FontCacheKey
        let script: String
        let language: String?
        let rightToLeft: Bool
        let kern: CGFloat
        let features: [ShapingFeature]
        /// The hash of all of the above, computed once (a style is looked up several times per item).
        private let hash: Int

        /// A style from the request values that change shaping.
        package init(
            font: Font, script: String, language: String?, rightToLeft: Bool, kern: CGFloat = 0,
            features: [ShapingFeature] = []
        ) {
            self.font = font.cacheKey
            self.script = script
            self.language = language
            self.rightToLeft = rightToLeft
            self.kern = kern
            self.features = features
            var hasher = Hasher()
            hasher.combine(self.font)
            hasher.combine(script)
            hasher.combine(language)
            hasher.combine(rightToLeft)
            hasher.combine(kern)
            hasher.combine(features)
            hash = hasher.finalize()
        }

        package static func == (a: Style, b: Style) -> Bool {
            a.hash == b.hash && a.font == b.font && a.script == b.script && a.language == b.language
                && a.rightToLeft == b.rightToLeft && a.kern == b.kern && a.features == b.features
        }

        package func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// Every style's words: a style's table is found through `index` and kept in `tables` (so a
    /// lookup borrows it where it is, with no copy and no reference count written).
    private struct State {
        var index: [Style: Int] = [:]
        var tables: [WordTable] = []
        var count = 0
        var bytes = 0
        /// The words seen once: kept the next time (SeenWords.swift). Not emptied when the
        /// cache is full (it forgets what it kept, not what it saw), only by `removeAll`; its
        /// fixed 16 KiB are not in `bytes`, like the stripes' locks.
        var seen = SeenWords()

        /// Forgets every word and style (and frees their tables' memory).
        mutating func empty() {
            for t in tables.indices { tables[t].release() }
            index = [:]
            tables = []
            count = 0
            bytes = 0
        }
    }

    /// Read by every lookup on the reading thread's own stripe (no lock or cache line shared with
    /// another thread, and the hit and miss counts kept in the stripe); written, holding every
    /// stripe, only to keep a missed item's new words or a new style.
    private let state = ReadMostly(State())

    /// A cache keeping at most `capacity` words (0: none) and at most `byteLimit` bytes of them.
    public init(capacity: Int, byteLimit: Int = .max) {
        self.capacity = max(0, capacity)
        self.limit = Atomic(max(0, byteLimit))
    }

    // The tables' chunks are raw memory (WordTable.swift): freed here, as when the cache empties.
    deinit { state.write { $0.empty() } }

    /// How many items were put together from cached words and how many were shaped by HarfBuzz
    /// since the cache was made (items the cache cannot serve at all are not counted).
    public var statistics: (hits: Int, misses: Int) {
        let tally = state.tally()
        return (tally.first, tally.second)
    }

    /// The number of words kept.
    public var count: Int { state.read { state, _ in state.count } }

    /// The bytes of the words kept, and how many.
    package var accounted: (bytes: Int, entries: Int) { state.read { state, _ in (state.bytes, state.count) } }

    /// Sets ``byteLimit``; a cache over it is emptied at once.
    package func setByteLimit(_ bytes: Int) {
        limit.store(max(0, bytes), ordering: .relaxed)
        state.write { if $0.bytes > bytes { $0.empty() } }
    }

    /// Forgets every word and style.
    package func removeAll() {
        state.write {
            $0.empty()
            $0.seen.removeAll()
        }
    }

    /// Whether any style of the face with ``FontFace/id`` `faceID` is kept (for tests).
    package func holdsStyles(ofFace faceID: UInt64) -> Bool {
        state.read { state, _ in state.index.keys.contains { $0.font.faceID == faceID } }
    }

    /// Shapes `request` into `out` (whose base is the start of `request.context`): from cached
    /// words when the item allows it and all its words are known, else with HarfBuzz.
    package func shape(_ request: ShapingRequest, into out: inout ShapedGlyphs) {
        // Text drawn differently from how it is stored is shaped apart from the words of the cache.
        guard capacity > 0, request.transform == nil, request.show.isEmpty, request.expansion == 1,
            request.orientation != .upright,
            ShapingCache.neighboursAllowWords(request)
        else {
            HarfBuzzShaper.shape(request, into: &out)
            return
        }
        let style = Style(
            font: request.font, script: request.script, language: request.language, rightToLeft: request.rightToLeft,
            kern: request.kern, features: request.features)
        var outcome = find(style, request, into: &out)
        if case .newStyle = outcome {
            outcome = newTable(style, font: request.font) ? find(style, request, into: &out) : .unsplittable
        }
        guard case .miss(let words) = outcome else {
            if case .hit = outcome { return }
            HarfBuzzShaper.shape(request, into: &out)
            return
        }
        let first = out.count
        // Stand-in glyphs of a failed allocation are not the words' shaping: not kept.
        guard HarfBuzzShaper.shape(request, into: &out) == .shaped else { return }
        keep(out.glyphs[first...], base: out.base, words: words, style: style, units: request.text)
    }

    /// What a lookup found.
    private enum Outcome {
        /// Every word was kept: the glyphs were appended.
        case hit
        /// Some word was not kept: the request's words.
        case miss(words: [ItemWord])
        /// The style may not be split at spaces, or a word is too long to keep.
        case unsplittable
        /// The style has no table yet.
        case newStyle
    }

    /// Looks the request's words up in its style's table, holding only this thread's stripe of the
    /// state: so threads reading at once neither wait for each other nor write a shared cache line
    /// (a lock word, a hit counter or the table's reference count). When every word is kept, their
    /// glyphs are appended to `out` from where the table keeps them, still under the stripe, so no
    /// snapshot of the table outlives the read (a snapshot alive while another thread stores its
    /// words would make that store copy the whole table).
    private func find(_ style: Style, _ request: ShapingRequest, into out: inout ShapedGlyphs) -> Outcome {
        state.read { state, tally in
            guard let t = state.index[style] else { return .newStyle }
            // The table read where it is, through the array's buffer (`tables[t]` made a copy of
            // it: three retains and three releases a lookup, on counts other threads write too).
            let found = state.tables.withUnsafeBufferPointer { tables -> Outcome in
                guard tables[t].splittable, let words = ShapingCache.words(of: request) else { return .unsplittable }
                let hit = tables[t].appendAll(
                    words, text: request.text, base: out.base, rightToLeft: request.rightToLeft, into: &out.glyphs)
                return hit ? .hit : .miss(words: words)
            }
            switch found {
            case .hit: tally.first += 1
            case .miss: tally.second += 1
            case .unsplittable, .newStyle: break
            }
            return found
        }
    }

    /// The table of a style not seen before: whether it may be split at spaces is found out
    /// (`SpaceIndependence`) and kept.
    /// Returns whether the style may be split.
    private func newTable(_ style: Style, font: Font) -> Bool {
        let splittable = SpaceIndependence.allowsSplitting(style, font: font)
        return state.write { state in
            if let known = state.index[style] { return state.tables[known].splittable }
            if state.index.count >= ShapingCache.mostStyles { state.empty() }
            state.index[style] = state.tables.count
            state.tables.append(WordTable(splittable: splittable))
            return splittable
        }
    }

    /// Whether the text outside the request's range cannot change its glyphs: always, but for
    /// the scripts HarfBuzz joins (``joiningScripts``) and those it guesses (Zyyy, Zinh, Zzzz),
    /// where the characters just outside must be spaces (or the paragraph's ends).
    ///
    /// HarfBuzz reads a buffer's context (the paragraph around the range) in two places only
    /// (hb-ot-shaper-arabic.cc's joining, which its USE shaper also calls for these scripts, and
    /// hb-ot-shape.cc's dotted circle before a leading mark, which also needs the paragraph-start
    /// flag that a word's key holds): so a word at the edge of an item cut by a change of level or
    /// font, next to a comma or a letter of another script, is shaped as it is anywhere else.
    static func neighboursAllowWords(_ request: ShapingRequest) -> Bool {
        let (text, range, context) = (request.text, request.range, request.context)
        guard !range.isEmpty else { return false }
        guard joiningScripts.contains(request.script) || request.script.hasPrefix("Z") else { return true }
        if range.lowerBound > context.lowerBound, text[range.lowerBound - 1] != 0x20 { return false }
        if range.upperBound < context.upperBound, text[range.upperBound] != 0x20 { return false }
        return true
    }

    /// The scripts whose letters join (ISO 15924 codes): those with characters of a joining type in
    /// Unicode's ArabicShaping.txt, besides Common and Inherited ones, the list HarfBuzz generates
    /// its `has_arabic_joining` from (a test derives it from Debian's unicode-data).
    package static let joiningScripts: Set<String> = [
        "Adlm", "Arab", "Chrs", "Mand", "Mani", "Mong", "Nkoo", "Ougr", "Phag", "Phlp", "Rohg", "Sogd", "Syrc",
    ]

    /// The words of the request's range — each a run of characters other than U+0020 and the
    /// spaces after it, with its edge flags (``ItemWord/edges``) and its hash — or nil when a word
    /// is too long to keep.
    static func words(of request: ShapingRequest) -> [ItemWord]? {
        let (text, range, context) = (request.text, request.range, request.context)
        var words: [ItemWord] = []
        // About a word per five code units of prose (growing the array a doubling at a time cost
        // more than the scan).
        words.reserveCapacity(range.count / 5 + 1)
        let key = WordHash.key
        var start = range.lowerBound
        var i = range.lowerBound
        return text.withUnsafeBufferPointer { units -> [ItemWord]? in
            while i < range.upperBound {
                // The word's characters, then its spaces.
                while i < range.upperBound, units[i] != 0x20 { i += 1 }
                while i < range.upperBound, units[i] == 0x20 { i += 1 }
                if i - start > longestWord { return nil }
                var edges: UInt8 = 0
                if start == context.lowerBound { edges |= 1 }
                if i == context.upperBound { edges |= 2 }
                // The first and last words of the item are at the ends of HarfBuzz's buffer,
                // where a lookup looking past them finds nothing rather than a space: the
                // glyphs are the same, but not always the unsafe-to-concat flags.
                if start == range.lowerBound { edges |= 4 }
                if i == range.upperBound { edges |= 8 }
                let hash = WordHash.word(
                    UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: units[start..<i])), edges: edges, key: key)
                words.append(ItemWord(range: start..<i, edges: edges, hash: UInt64(UInt(bitPattern: hash))))
                start = i
            }
            return words
        }
    }

    /// Each word's glyphs, in logical order, as one run: `runs[w]` is its range of logical glyph
    /// indices (backwards through a right-to-left item's glyphs), and `startsClean[w]` whether
    /// its first glyph's cluster is the word's start and none before it in the run is earlier.
    private static func runs(
        _ glyphs: ArraySlice<ShapedGlyph>, base: Int, words: [ItemWord], rightToLeft rtl: Bool
    ) -> (runs: [Range<Int>], startsClean: [Bool]) {
        var runs = [Range<Int>](repeating: 0..<0, count: words.count)
        var startsClean = [Bool](repeating: false, count: words.count)
        guard !words.isEmpty else { return (runs, startsClean) }
        // Through buffers: subscripting the arrays checked bounds and uniqueness for every glyph.
        runs.withUnsafeMutableBufferPointer { runs in
            startsClean.withUnsafeMutableBufferPointer { startsClean in
                words.withUnsafeBufferPointer { words in
                    glyphs.withUnsafeBufferPointer { glyphs in
                        guard let firstGlyph = glyphs.baseAddress, !glyphs.isEmpty else { return }
                        let count = glyphs.count
                        let last = words.count - 1
                        // Logical order: forwards, or backwards through a right-to-left item.
                        let step = rtl ? -1 : 1
                        var p = rtl ? firstGlyph + (count - 1) : firstGlyph
                        var w = 0
                        var n = 0
                        // One word's run at a time: its first glyph, then every glyph before
                        // the next word's start (the last word takes the rest), tracking the
                        // lowest cluster. Words only move forward, so each word's glyphs are
                        // contiguous. Clusters are compared as HarfBuzz gives them, from `base`.
                        while n < count {
                            let cluster = base + Int(p.pointee.cluster)
                            while w < last, cluster >= words[w].range.upperBound { w += 1 }
                            let start = Int32(truncatingIfNeeded: words[w].range.lowerBound - base)
                            let end =
                                w < last ? Int32(truncatingIfNeeded: words[w].range.upperBound - base) : Int32.max
                            let runStart = n
                            let first = p.pointee.cluster
                            var lowest = first
                            n += 1
                            p += step
                            while n < count {
                                let next = p.pointee.cluster
                                if next >= end { break }
                                lowest = min(lowest, next)
                                n += 1
                                p += step
                            }
                            runs[w] = runStart..<n
                            startsClean[w] = first == start && lowest >= start
                        }
                    }
                }
            }
        }
        return (runs, startsClean)
    }

    /// Cuts the item's glyphs (`glyphs`, visual order, clusters counted from `base`) into its
    /// words and keeps each word not kept yet whose ends are cluster boundaries: its first glyph
    /// in logical order has the word's start as its cluster, and so does the next word's, so no
    /// cluster spans an end.
    private func keep(
        _ glyphs: ArraySlice<ShapedGlyph>, base: Int, words: [ItemWord], style: Style, units: [UInt16]
    ) {
        let rtl = style.rightToLeft
        let (runs, startsClean) = ShapingCache.runs(glyphs, base: base, words: words, rightToLeft: rtl)
        // The words whose ends are cluster boundaries.
        var chosen: [Int] = []
        chosen.reserveCapacity(words.count)
        var unitTotal = 0
        var glyphTotal = 0
        for k in words.indices
        where startsClean[k] && !runs[k].isEmpty && (k == words.count - 1 || startsClean[k + 1]) {
            chosen.append(k)
            unitTotal += words[k].range.count
            glyphTotal += runs[k].count
        }
        guard !chosen.isEmpty else { return }
        let byteLimit = self.byteLimit
        units.withUnsafeBufferPointer { units in
            glyphs.withUnsafeBufferPointer { glyphs in
                state.write { state in
                    var t = state.index[style]
                    // What the style's table would hold with every chosen word (those kept already
                    // counted too: a bound, not the exact growth). Read in place (through a closure,
                    // the table was copied).
                    let before: Int
                    let after: Int
                    if let t {
                        (before, after) = state.tables.withUnsafeBufferPointer {
                            ($0[t].bytes, $0[t].bytes(adding: chosen.count, units: unitTotal, glyphs: glyphTotal))
                        }
                    } else {
                        before = 0
                        after = WordTable.bytes(ofNewTableAdding: chosen.count, units: unitTotal, glyphs: glyphTotal)
                    }
                    if state.count + chosen.count > capacity || state.bytes - before + after > byteLimit {
                        // Full: forget every word and style.
                        state.empty()
                        t = nil
                    }
                    let table: Int
                    if let t {
                        table = t
                    } else {
                        table = state.tables.count
                        state.index[style] = table
                        state.tables.append(WordTable(splittable: true))
                    }
                    let (held, heldCount) = state.tables.withUnsafeBufferPointer { ($0[table].bytes, $0[table].count) }
                    for k in chosen {
                        // No more words than the capacity, even from one item.
                        guard state.count + state.tables[table].count - heldCount < capacity else { break }
                        let word = words[k]
                        let key = UnsafeBufferPointer(rebasing: units[word.range])
                        // One probe: whether it is kept, else where it would go. Kept from its
                        // second sight (a kept word is not noted as seen again).
                        let place = state.tables.withUnsafeBufferPointer {
                            $0[table].place(of: key, edges: word.edges, hash: word.hash)
                        }
                        if place.found != nil || !state.seen.sawBefore(word.hash) { continue }
                        // The run in visual order (a right-to-left word's glyphs stay visual).
                        let visual =
                            rtl ? glyphs.count - runs[k].upperBound..<glyphs.count - runs[k].lowerBound : runs[k]
                        _ = state.tables[table].insert(
                            key, edges: word.edges, hash: word.hash,
                            glyphs: UnsafeBufferPointer(rebasing: glyphs[visual]),
                            shift: Int32(truncatingIfNeeded: base - word.range.lowerBound), at: place)
                    }
                    let (bytes, count) = state.tables.withUnsafeBufferPointer { ($0[table].bytes, $0[table].count) }
                    state.bytes += bytes - held
                    state.count += count - heldCount
                    // A table past the limit on its own (one item's words over the whole budget)
                    // is not kept.
                    if state.bytes > byteLimit { state.empty() }
                }
            }
        }
    }
}
