// A cache of shaped words, kept across paragraphs and texts, as Blink and Minikin keep one:
// running text repeats its words, and looking a word up costs far less than shaping it again.
// An item is split into words (each with the spaces after it); when every word is known, the
// item's glyphs are put together from the cache without HarfBuzz; otherwise the item is shaped
// whole, as always, and its words are cut out of the result and kept. Used only where the
// lookups HarfBuzz applies never involve the space glyph (`SpaceIndependence`), so that no glyph
// depends on text across a space, and only for words whose neighbours outside the item are spaces or the
// paragraph's ends; a word is kept only when HarfBuzz's clusters start exactly at its ends. The
// glyphs are then identical to shaping the item whole (a test compares both over whole corpora).
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
/// A word's bytes are estimated from capacities (``MemoryCost``): its code units (2 bytes each)
/// and glyphs (40 bytes each), its dictionary entry at the 3/4 load factor, and for the first
/// word of an item the headers of the two arrays its item's new words share.
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

    /// A word's code units, and whether it starts and ends the paragraph (HarfBuzz's BOT and EOT flags).
    struct Word: Hashable {
        let units: ArraySlice<UInt16>
        let edges: UInt8
        /// The hash of both, computed once (`WordHash`: SipHash-1-3 with a key drawn once per
        /// process, as `Hasher`'s, so text chosen to collide cannot be written without knowing
        /// the key): a word is hashed for its lookup, and its insertion and each growth of its
        /// table reuse it.
        let hash: Int

        /// The word `units` with `edges`.
        init(units: ArraySlice<UInt16>, edges: UInt8) {
            self.units = units
            self.edges = edges
            hash = units.withUnsafeBytes { WordHash.word($0, edges: edges) }
        }

        /// The word `units` with `edges`, whose `hash` a word of the same units and edges had
        /// (a missed word is stored with the hash its lookup computed).
        init(units: ArraySlice<UInt16>, edges: UInt8, hash: Int) {
            self.units = units
            self.edges = edges
            self.hash = hash
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        /// What the dictionary places the word by: the SipHash above, mixed with the table's
        /// seed by a bijective 64-bit finaliser (MurmurHash3's `fmix64`), instead of hashing the
        /// hash again through a second `Hasher` (whose fixed cost is most of a word's). Buckets
        /// still depend on every bit of the seeded hash, so colliding words stay unpredictable.
        /// (`Hashable`'s own requirement for this, underscored in the standard library.)
        // swift-format-ignore: NoLeadingUnderscores
        func _rawHashValue(seed: Int) -> Int {
            var x = UInt64(bitPattern: Int64(hash ^ seed))
            x ^= x >> 33
            x &*= 0xFF51_AFD7_ED55_8CCD
            x ^= x >> 33
            x &*= 0xC4CE_B9FE_1A85_EC53
            x ^= x >> 33
            return Int(Int64(bitPattern: x))
        }

        static func == (a: Word, b: Word) -> Bool {
            guard a.hash == b.hash, a.edges == b.edges, a.units.count == b.units.count else { return false }
            // Through buffers: the slices' own `==` went through a generic element loop.
            return a.units.withUnsafeBufferPointer { x in
                b.units.withUnsafeBufferPointer { y in
                    for i in 0..<x.count where x[i] != y[i] { return false }
                    return true
                }
            }
        }
    }

    /// The words of one style, and whether the style may be split at spaces at all.
    private struct Table {
        let splittable: Bool
        var words: [Word: ArraySlice<ShapedGlyph>] = [:]
    }

    private struct State {
        var tables: [Style: Table] = [:]
        var count = 0
        var bytes = 0

        mutating func empty() {
            tables = [:]
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
        state.write { $0.empty() }
    }

    /// Whether any style of the face with ``FontFace/id`` `faceID` is kept (for tests).
    package func holdsStyles(ofFace faceID: UInt64) -> Bool {
        state.read { state, _ in state.tables.keys.contains { $0.font.faceID == faceID } }
    }

    /// Shapes `request` into `out` (whose base is the start of `request.context`): from cached
    /// words when the item allows it and all its words are known, else with HarfBuzz.
    package func shape(_ request: ShapingRequest, into out: inout ShapedGlyphs) {
        // Text drawn differently from how it is stored is shaped apart from the words of the cache.
        guard capacity > 0, request.transform == nil, request.show.isEmpty, request.expansion == 1,
            request.orientation != .upright,
            ShapingCache.neighboursAreSpaces(request)
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
        guard case .miss(let words, let missing) = outcome else {
            if case .hit = outcome { return }
            HarfBuzzShaper.shape(request, into: &out)
            return
        }
        let first = out.count
        // Stand-in glyphs of a failed allocation are not the words' shaping: not kept.
        guard HarfBuzzShaper.shape(request, into: &out) == .shaped else { return }
        keep(out.glyphs[first...], base: out.base, words: words, missing: missing, style: style, units: request.text)
    }

    /// What a lookup found.
    private enum Outcome {
        /// Every word was kept: the glyphs were appended.
        case hit
        /// Some word was not kept: the request's words, and the hash of each that was not (nil for
        /// those kept).
        case miss(words: [(range: Range<Int>, edges: UInt8)], missing: [Int?])
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
            guard let t = state.tables.index(forKey: style) else { return .newStyle }
            guard state.tables.values[t].splittable, let words = ShapingCache.words(of: request) else {
                return .unsplittable
            }
            switch ShapingCache.lookup(words, in: state.tables.values[t].words, units: request.text) {
            case .found(let indices):
                tally.first += 1
                ShapingCache.append(
                    indices, from: state.tables.values[t].words, words: words, rightToLeft: request.rightToLeft,
                    into: &out)
                return .hit
            case .missing(let missing):
                tally.second += 1
                return .miss(words: words, missing: missing)
            }
        }
    }

    /// The table of a style not seen before: whether it may be split at spaces is found out
    /// (`SpaceIndependence`) and kept.
    /// Returns whether the style may be split.
    private func newTable(_ style: Style, font: Font) -> Bool {
        let table = Table(splittable: SpaceIndependence.allowsSplitting(style, font: font))
        return state.write { state in
            if let known = state.tables[style] { return known.splittable }
            if state.tables.count >= ShapingCache.mostStyles { state.empty() }
            state.tables[style] = table
            return table.splittable
        }
    }

    /// Whether the characters just outside the request's range in its paragraph are spaces (or
    /// the paragraph's ends): HarfBuzz may look at them through the context otherwise.
    static func neighboursAreSpaces(_ request: ShapingRequest) -> Bool {
        let (text, range, context) = (request.text, request.range, request.context)
        guard !range.isEmpty else { return false }
        if range.lowerBound > context.lowerBound, text[range.lowerBound - 1] != 0x20 { return false }
        if range.upperBound < context.upperBound, text[range.upperBound] != 0x20 { return false }
        return true
    }

    /// The words of the request's range — each a run of characters other than U+0020 and the
    /// spaces after it, with its paragraph-edge flags — or nil when a word is too long to keep.
    static func words(of request: ShapingRequest) -> [(range: Range<Int>, edges: UInt8)]? {
        let (text, range, context) = (request.text, request.range, request.context)
        var words: [(range: Range<Int>, edges: UInt8)] = []
        // About a word per five code units of prose (growing the array a doubling at a time cost
        // more than the scan).
        words.reserveCapacity(range.count / 5 + 1)
        var start = range.lowerBound
        var i = range.lowerBound
        return text.withUnsafeBufferPointer { units -> [(range: Range<Int>, edges: UInt8)]? in
            while i < range.upperBound {
                // The word's characters, then its spaces.
                while i < range.upperBound, units[i] != 0x20 { i += 1 }
                while i < range.upperBound, units[i] == 0x20 { i += 1 }
                if i - start > longestWord { return nil }
                var edges: UInt8 = 0
                if start == context.lowerBound { edges |= 1 }
                if i == context.upperBound { edges |= 2 }
                words.append((start..<i, edges))
                start = i
            }
            return words
        }
    }

    /// What ``lookup(_:in:units:)`` found.
    private enum Lookup {
        /// Where every word is.
        case found([Dictionary<Word, ArraySlice<ShapedGlyph>>.Index])
        /// The hash of each word not kept, nil for those kept (not all are): a miss then stores
        /// only the others, with these hashes.
        case missing([Int?])
    }

    /// Where every word is in `table`, or which words are kept when one is not.
    ///
    /// Positions, not the glyph arrays themselves: every thread reads the same arrays, and
    /// copying one out (a retain, then a release) writes its reference count, so two threads
    /// looking up the same words kept taking the cache line from each other (the threads case
    /// spent a third more CPU time on two threads than on one, most of it here).
    private static func lookup(
        _ words: [(range: Range<Int>, edges: UInt8)], in table: borrowing [Word: ArraySlice<ShapedGlyph>],
        units: [UInt16]
    ) -> Lookup {
        // Each word hashed from the paragraph's buffer (through the slice, the copy took a retain).
        let secret = WordHash.key
        return units.withUnsafeBufferPointer { buffer in
            func key(_ word: (range: Range<Int>, edges: UInt8)) -> Word {
                let hash = WordHash.word(
                    UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[word.range])), edges: word.edges,
                    key: secret)
                return Word(units: units[word.range], edges: word.edges, hash: hash)
            }
            guard !table.isEmpty else { return .missing(words.map { key($0).hash }) }
            var found: [Dictionary<Word, ArraySlice<ShapedGlyph>>.Index] = []
            found.reserveCapacity(words.count)
            for (k, word) in words.enumerated() {
                let first = key(word)
                guard let index = table.index(forKey: first) else {
                    // The rest are looked up too, so that the store that follows makes arrays only
                    // for new words (a missed item is mostly known words).
                    var missing = [Int?](repeating: nil, count: k)
                    missing.reserveCapacity(words.count)
                    missing.append(first.hash)
                    for later in words[(k + 1)...] {
                        let laterKey = key(later)
                        missing.append(table.index(forKey: laterKey) == nil ? laterKey.hash : nil)
                    }
                    return .missing(missing)
                }
                found.append(index)
            }
            return .found(found)
        }
    }

    /// Appends the words' glyphs (clusters counted from each word's start) in visual order: the
    /// words in logical order, or reversed for a right-to-left item (each word's glyphs are
    /// already in visual order). The glyphs are read where `table` keeps them.
    private static func append(
        _ found: [Dictionary<Word, ArraySlice<ShapedGlyph>>.Index],
        from table: borrowing [Word: ArraySlice<ShapedGlyph>],
        words: [(range: Range<Int>, edges: UInt8)], rightToLeft: Bool, into out: inout ShapedGlyphs
    ) {
        let values = table.values
        // Each word's glyphs copied in one go, then their clusters shifted through one buffer (a
        // glyph appended at a time checked the array's uniqueness per glyph).
        var shifts: [(from: Int, shift: Int32)] = []
        shifts.reserveCapacity(found.count)
        for k in 0..<found.count {
            let w = rightToLeft ? found.count - 1 - k : k
            shifts.append((out.glyphs.count, Int32(words[w].range.lowerBound - out.base)))
            values[found[w]].withUnsafeBufferPointer { out.glyphs.append(contentsOf: $0) }
        }
        out.glyphs.withUnsafeMutableBufferPointer { glyphs in
            for (n, word) in shifts.enumerated() {
                let end = n + 1 < shifts.count ? shifts[n + 1].from : glyphs.count
                for i in word.from..<end { glyphs[i].cluster += word.shift }
            }
        }
    }

    /// Each word's glyphs, in logical order, as one run: `runs[w]` is its range of logical glyph
    /// indices (backwards through a right-to-left item's glyphs), and `startsClean[w]` whether
    /// its first glyph's cluster is the word's start and none before it in the run is earlier.
    private static func runs(
        _ glyphs: ArraySlice<ShapedGlyph>, base: Int, words: [(range: Range<Int>, edges: UInt8)], rightToLeft rtl: Bool
    ) -> (runs: [Range<Int>], startsClean: [Bool]) {
        var runs = [Range<Int>](repeating: 0..<0, count: words.count)
        var startsClean = [Bool](repeating: false, count: words.count)
        guard !words.isEmpty else { return (runs, startsClean) }
        // Through buffers: subscripting the arrays checked bounds and uniqueness for every glyph.
        runs.withUnsafeMutableBufferPointer { runs in
            startsClean.withUnsafeMutableBufferPointer { startsClean in
                words.withUnsafeBufferPointer { words in
                    glyphs.withUnsafeBufferPointer { glyphs in
                        let last = words.count - 1
                        var w = 0
                        var (start, end) = (words[0].range.lowerBound, words[0].range.upperBound)
                        // Where word w's run began (-1: no glyph yet), and whether it is clean so
                        // far. Words only move forward, so each word's glyphs are contiguous; its
                        // run is written once, when the next word's glyphs begin.
                        var (runStart, clean) = (-1, false)
                        for n in 0..<glyphs.count {
                            let cluster = base + Int(glyphs[rtl ? glyphs.count - 1 - n : n].cluster)
                            if cluster >= end, w < last {
                                if runStart >= 0 { (runs[w], startsClean[w]) = (runStart..<n, clean) }
                                repeat { w += 1 } while w < last && cluster >= words[w].range.upperBound
                                (start, end) = (words[w].range.lowerBound, words[w].range.upperBound)
                                runStart = -1
                            }
                            if runStart < 0 { (runStart, clean) = (n, cluster == start) }
                            if cluster < start { clean = false }
                        }
                        if runStart >= 0 { (runs[w], startsClean[w]) = (runStart..<glyphs.count, clean) }
                    }
                }
            }
        }
        return (runs, startsClean)
    }

    /// Cuts the item's glyphs (`glyphs`, visual order, clusters counted from `base`) into its
    /// words and keeps each word whose ends are cluster boundaries: its first glyph in logical
    /// order has the word's start as its cluster, and so does the next word's, so no cluster
    /// spans an end.
    private func keep(
        _ glyphs: ArraySlice<ShapedGlyph>, base: Int, words: [(range: Range<Int>, edges: UInt8)], missing: [Int?],
        style: Style, units: [UInt16]
    ) {
        let rtl = style.rightToLeft
        let (runs, startsClean) = ShapingCache.runs(glyphs, base: base, words: words, rightToLeft: rtl)
        // The new words (those not kept already) whose ends are cluster boundaries.
        var chosen: [Int] = []
        chosen.reserveCapacity(words.count)
        var unitTotal = 0
        var glyphTotal = 0
        for k in words.indices
        where missing[k] != nil && startsClean[k] && !runs[k].isEmpty && (k == words.count - 1 || startsClean[k + 1]) {
            chosen.append(k)
            unitTotal += words[k].range.count
            glyphTotal += runs[k].count
        }
        guard !chosen.isEmpty else { return }
        // Their code units and glyphs go into one array each for the whole item, and every word's
        // key and glyphs are slices of them: two allocations per missed item, not two per word.
        var keys: [UInt16] = []
        keys.reserveCapacity(unitTotal)
        var blocks: [ShapedGlyph] = []
        blocks.reserveCapacity(glyphTotal)
        var spans: [(units: Range<Int>, glyphs: Range<Int>)] = []
        spans.reserveCapacity(chosen.count)
        // Copied from buffers (appending an array slice took a slower, generic path).
        units.withUnsafeBufferPointer { units in
            glyphs.withUnsafeBufferPointer { glyphs in
                for k in chosen {
                    let word = words[k]
                    let u = keys.count
                    keys.append(contentsOf: UnsafeBufferPointer(rebasing: units[word.range]))
                    // The run in visual order (a right-to-left word's glyphs stay visual).
                    let visual =
                        rtl ? glyphs.count - runs[k].upperBound..<glyphs.count - runs[k].lowerBound : runs[k]
                    let g = blocks.count
                    blocks.append(contentsOf: UnsafeBufferPointer(rebasing: glyphs[visual]))
                    let shift = Int32(truncatingIfNeeded: base - word.range.lowerBound)
                    blocks.withUnsafeMutableBufferPointer { blocks in
                        for i in g..<blocks.count { blocks[i].cluster &+= shift }
                    }
                    spans.append((u..<keys.count, g..<blocks.count))
                }
            }
        }
        // Each word costs its code units, its glyphs and its dictionary entry; the first one stored
        // also the two arrays' headers and rounding.
        let entry = MemoryCost.dictionaryEntry(Word.self, ArraySlice<ShapedGlyph>.self)
        let glyphStride = MemoryLayout<ShapedGlyph>.stride
        let overhead =
            MemoryCost.array(keys) + MemoryCost.array(blocks) - unitTotal * MemoryLayout<UInt16>.stride
            - glyphTotal * glyphStride
        let total = MemoryCost.array(keys) + MemoryCost.array(blocks) + chosen.count * entry
        let byteLimit = self.byteLimit
        state.write { state in
            if state.count + chosen.count > capacity || state.bytes + total > byteLimit {
                // Full: forget every word and style.
                state.empty()
            }
            var table = state.tables.removeValue(forKey: style) ?? Table(splittable: true)
            var first = true
            for (n, k) in chosen.enumerated() {
                let span = spans[n]
                let cost =
                    span.units.count * MemoryLayout<UInt16>.stride + span.glyphs.count * glyphStride + entry
                    + (first ? overhead : 0)
                guard state.count < capacity, state.bytes + cost <= byteLimit else { break }
                let word = Word(units: keys[span.units], edges: words[k].edges, hash: missing[k]!)
                if table.words.updateValue(blocks[span.glyphs], forKey: word) == nil {
                    state.count += 1
                    state.bytes += cost
                    first = false
                }
            }
            state.tables[style] = table
        }
    }
}
