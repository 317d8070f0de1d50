// The shaped words of one style, as the shaped-word cache keeps them: the words' code units and
// glyphs in fixed-size chunks, and an open-addressing table of where each word is. A lookup
// reads them through buffers, so finding a word and copying its glyphs out touches no reference
// count and allocates nothing; a word kept costs a 20-byte slot (two at most, the table being at
// most half full), its units and its glyphs, not a dictionary entry and two array slices.
// Chunks of a fixed size, not one array each that doubles: a growing array moves everything it
// holds at each doubling, and its large blocks are the ones glibc gives back to the system and
// takes again (a page fault per page, on every cache that fills).
import Foundation
import GalleySync

/// One word of an item, as the cache looks it up: its code units' range in the paragraph's text
/// (its characters other than U+0020, then the spaces after them), its edges, and the hash of
/// both (`WordHash`).
struct ItemWord {
    let range: Range<Int>
    /// Bit 0: it starts the paragraph, bit 1: it ends it (HarfBuzz's BOT and EOT flags); bit 2:
    /// it starts its item, bit 3: it ends its item (the ends of HarfBuzz's buffer).
    let edges: UInt8
    let hash: UInt64
}

/// The words of one style: their code units, their glyphs (clusters counted from the word's
/// start), and a table of slots, linearly probed, that finds a word by its hash.
///
/// A word is found in at most ``longestProbe`` slots from its home slot: a word that would need
/// more is not kept (and a lookup stops there), so text written to make hashes collide costs a
/// bounded number of comparisons per word and only keeps its words out of the cache. The table
/// grows (doubling, the slots placed again by their hashes) when it would be more than half full.
struct WordTable {
    /// Whether the style may be split at spaces at all (`SpaceIndependence`); a table that may not
    /// keeps no words.
    let splittable: Bool
    /// Every kept word's code units, one word after another, in chunks of ``unitChunk`` (a word
    /// never straddles two), and how many the last chunk holds. Raw memory, freed by
    /// ``release()``: a chunk read is then a pointer, where an array read out of an array is a
    /// reference counted on every word (and a count written is a cache line two threads looking
    /// up words would take from each other).
    private var unitChunks: [UnsafeMutablePointer<UInt16>] = []
    private var unitsInLast = 0
    /// Every kept word's glyphs, in visual order, clusters counted from the word's start, in
    /// chunks of ``glyphChunk``, and how many the last chunk holds.
    private var glyphChunks: [UnsafeMutablePointer<ShapedGlyph>] = []
    private var glyphsInLast = 0
    /// A power of two of slots, or none before the first word.
    private var slots: [Slot] = []
    /// The number of words kept.
    private(set) var count = 0

    /// The most slots a lookup or an insertion probes from a word's home slot.
    static let longestProbe = 32
    /// The slots of a new table.
    private static let firstSlots = 64
    /// Code units per chunk (4 KiB), a power of two: a unit's place is chunk << 11 | offset.
    private static let unitShift = 11
    /// Glyphs per chunk (10 KiB), a power of two: a glyph's place is chunk << 8 | offset. Also
    /// the most glyphs a kept word may have. Small enough that a style with a few words (a
    /// service sees many styles: every uploaded font at every size) holds little.
    private static let glyphShift = 8
    private static var unitChunk: Int { 1 << unitShift }
    private static var glyphChunk: Int { 1 << glyphShift }

    /// Where one word is. Empty when `unitCount` is 0 (no kept word is empty).
    struct Slot {
        /// The hash's low 32 bits (they choose the home slot, in a table of any size up to 2³²).
        var home: UInt32 = 0
        /// The hash's high 32 bits.
        var check: UInt32 = 0
        /// Where the word's code units start: chunk << unitShift | offset.
        var units: UInt32 = 0
        /// Where the word's glyphs start: chunk << glyphShift | offset.
        var glyphs: UInt32 = 0
        var glyphCount: UInt16 = 0
        var unitCount: UInt8 = 0
        var edges: UInt8 = 0
    }

    /// An empty table.
    init(splittable: Bool) { self.splittable = splittable }

    /// The heap bytes the table holds (its arrays' storage, chunks included).
    var bytes: Int {
        MemoryCost.array(slots) + MemoryCost.array(unitChunks) + MemoryCost.array(glyphChunks)
            + unitChunks.count * Self.unitChunkBytes + glyphChunks.count * Self.glyphChunkBytes
    }

    private static var unitChunkBytes: Int { MemoryCost.block(unitChunk * MemoryLayout<UInt16>.stride) }
    private static var glyphChunkBytes: Int { MemoryCost.block(glyphChunk * MemoryLayout<ShapedGlyph>.stride) }

    /// Frees the chunks. The table must not be used after (the cache calls it on every table it
    /// forgets; a table is never copied, only kept in place in the cache's state).
    mutating func release() {
        for chunk in unitChunks { chunk.deallocate() }
        for chunk in glyphChunks { chunk.deallocate() }
        unitChunks = []
        glyphChunks = []
        slots = []
        count = 0
    }

    /// At most the bytes the table would hold after keeping `words` more words of `units` code
    /// units and `glyphs` glyphs in all (a bound: each word may start a chunk of its own).
    func bytes(adding words: Int, units newUnits: Int, glyphs newGlyphs: Int) -> Int {
        let unitChunks = min(words, (newUnits + Self.unitChunk - 1) / Self.unitChunk + 1)
        let glyphChunks = min(words, (newGlyphs + Self.glyphChunk - 1) / Self.glyphChunk + 1)
        var slotCount = max(slots.count, Self.firstSlots)
        while (count + words) * 2 > slotCount { slotCount *= 2 }
        let grownSlots = MemoryCost.block(32 + slotCount * MemoryLayout<Slot>.stride) - MemoryCost.array(slots)
        // The chunk lists themselves may double.
        let lists =
            MemoryCost.block(32 + (self.unitChunks.count + unitChunks) * 2 * MemoryLayout<UnsafeRawPointer>.stride)
            + MemoryCost.block(32 + (self.glyphChunks.count + glyphChunks) * 2 * MemoryLayout<UnsafeRawPointer>.stride)
        return bytes + grownSlots + lists + unitChunks * Self.unitChunkBytes + glyphChunks * Self.glyphChunkBytes
    }

    /// ``bytes(adding:units:glyphs:)`` of a table with no word yet.
    static func bytes(ofNewTableAdding words: Int, units: Int, glyphs: Int) -> Int {
        WordTable(splittable: true).bytes(adding: words, units: units, glyphs: glyphs)
    }

    /// Whether the word of `text` is kept.
    func contains(_ word: ItemWord, in text: UnsafeBufferPointer<UInt16>) -> Bool {
        place(of: UnsafeBufferPointer(rebasing: text[word.range]), edges: word.edges, hash: word.hash).found != nil
    }

    /// When every word of `words` (an item's, in logical order, ranges in `text`) is kept: appends
    /// their glyphs to `out` in visual order (the words reversed for a right-to-left item), each
    /// word's clusters counted from `base`, and returns true. Otherwise returns false and leaves
    /// `out` as it was.
    func appendAll(
        _ words: [ItemWord], text: [UInt16], base: Int, rightToLeft: Bool, into out: inout [ShapedGlyph]
    ) -> Bool {
        guard !slots.isEmpty, !words.isEmpty else { return words.isEmpty }
        return text.withUnsafeBufferPointer { text in
            appendAll(words, text: text, base: base, rightToLeft: rightToLeft, into: &out)
        }
    }

    /// ``appendAll(_:text:base:rightToLeft:into:)`` with the text's code units as a buffer.
    func appendAll(
        _ words: [ItemWord], text: UnsafeBufferPointer<UInt16>, base: Int, rightToLeft: Bool,
        into out: inout [ShapedGlyph]
    ) -> Bool {
        guard !slots.isEmpty, !words.isEmpty else { return words.isEmpty }
        // One pass in visual order, each word's glyphs appended as it is found; a word not kept
        // takes back what was appended. (No scratch list of the words found: the closure of a
        // temporary allocation held a copy of the table, three retains and releases a lookup.)
        let first = out.count
        let all = slots.withUnsafeBufferPointer { slots in
            unitChunks.withUnsafeBufferPointer { units in
                glyphChunks.withUnsafeBufferPointer { glyphs -> Bool in
                    for n in 0..<words.count {
                        let word = words[rightToLeft ? words.count - 1 - n : n]
                        let key = UnsafeBufferPointer(rebasing: text[word.range])
                        guard let s = Self.probe(slots, units, key, edges: word.edges, hash: word.hash).found else {
                            return false
                        }
                        let slot = slots[s]
                        let kept =
                            glyphs[Int(slot.glyphs) >> Self.glyphShift] + (Int(slot.glyphs) & (Self.glyphChunk - 1))
                        let at = out.count
                        out.append(contentsOf: UnsafeBufferPointer(start: kept, count: Int(slot.glyphCount)))
                        let shift = Int32(truncatingIfNeeded: word.range.lowerBound - base)
                        out.withUnsafeMutableBufferPointer { out in
                            for i in at..<out.count { out[i].cluster &+= shift }
                        }
                    }
                    return true
                }
            }
        }
        if !all { out.removeSubrange(first...) }
        return all
    }

    /// Where `word` is in `slots` (`found`), or else the first empty slot of its probe sequence
    /// (`free`, nil when the sequence is full for ``longestProbe`` slots). `slots` must not be
    /// empty; `chunks` are the table's unit chunks.
    @inline(__always)
    private static func probe(
        _ slots: UnsafeBufferPointer<Slot>, _ chunks: UnsafeBufferPointer<UnsafeMutablePointer<UInt16>>,
        _ word: UnsafeBufferPointer<UInt16>,
        edges: UInt8, hash: UInt64
    ) -> (found: Int?, free: Int?) {
        let mask = slots.count - 1
        let check = UInt32(truncatingIfNeeded: hash >> 32)
        var s = Int(UInt32(truncatingIfNeeded: hash)) & mask
        for _ in 0..<min(longestProbe, slots.count) {
            let slot = slots[s]
            if slot.unitCount == 0 { return (nil, s) }
            if slot.check == check, Int(slot.unitCount) == word.count, slot.edges == edges,
                same(chunks, slot.units, word)
            {
                return (s, nil)
            }
            s = (s + 1) & mask
        }
        return (nil, nil)
    }

    /// Whether the `word.count` code units kept at `place` are `word`'s.
    @inline(__always)
    private static func same(
        _ chunks: UnsafeBufferPointer<UnsafeMutablePointer<UInt16>>, _ place: UInt32,
        _ word: UnsafeBufferPointer<UInt16>
    ) -> Bool {
        let kept = chunks[Int(place) >> unitShift] + (Int(place) & (unitChunk - 1))
        for i in 0..<word.count where kept[i] != word[i] { return false }
        return true
    }

    /// Keeps the word `word` with `edges` and `hash`, its glyphs `wordGlyphs` with their clusters
    /// moved by `shift` (to count from the word's start), at `place` (what ``place(of:edges:hash:)``
    /// gave for it, the table unchanged since). Returns whether it was stored: false when it is
    /// kept already, too long (over 255 code units or 256 glyphs), or its probe sequence is full.
    /// The caller's probe is reused; the slots are probed again only when they grow.
    mutating func insert(
        _ word: UnsafeBufferPointer<UInt16>, edges: UInt8, hash: UInt64,
        glyphs wordGlyphs: UnsafeBufferPointer<ShapedGlyph>, shift: Int32, at place: (found: Int?, free: Int?)
    ) -> Bool {
        guard place.found == nil, splittable, !word.isEmpty, word.count <= Int(UInt8.max), !wordGlyphs.isEmpty,
            wordGlyphs.count <= Self.glyphChunk, unitChunks.count < 1 << (32 - Self.unitShift) - 1,
            glyphChunks.count < 1 << (32 - Self.glyphShift) - 1
        else { return false }
        var free = place.free
        if (count + 1) * 2 > slots.count {
            grow()
            free = self.place(of: word, edges: edges, hash: hash).free
        }
        guard let free else { return false }
        let units = Self.append(
            word, to: &unitChunks, filled: &unitsInLast, chunk: Self.unitChunk, shift: Self.unitShift)
        let glyphs = Self.append(
            wordGlyphs, to: &glyphChunks, filled: &glyphsInLast, chunk: Self.glyphChunk, shift: Self.glyphShift)
        let stored = glyphChunks[glyphChunks.count - 1] + (Int(glyphs) & (Self.glyphChunk - 1))
        for i in 0..<wordGlyphs.count { stored[i].cluster &+= shift }
        slots[free] = Slot(
            home: UInt32(truncatingIfNeeded: hash), check: UInt32(truncatingIfNeeded: hash >> 32), units: units,
            glyphs: glyphs,
            glyphCount: UInt16(wordGlyphs.count), unitCount: UInt8(word.count), edges: edges)
        count += 1
        return true
    }

    /// Where the word `word` with `edges` and `hash` is (`found`), or the empty slot it would
    /// take (`free`; nil when its probe sequence is full, or the table has no slots yet).
    @inline(__always)
    func place(of word: UnsafeBufferPointer<UInt16>, edges: UInt8, hash: UInt64) -> (found: Int?, free: Int?) {
        guard !slots.isEmpty else { return (nil, nil) }
        return slots.withUnsafeBufferPointer { slots in
            unitChunks.withUnsafeBufferPointer { chunks in Self.probe(slots, chunks, word, edges: edges, hash: hash) }
        }
    }

    /// Copies `elements` (at most a chunk of them) into the last of `chunks`, which holds
    /// `filled`, or into a new chunk when they do not fit in it; returns their place (chunk <<
    /// shift | offset).
    private static func append<Element>(
        _ elements: UnsafeBufferPointer<Element>, to chunks: inout [UnsafeMutablePointer<Element>], filled: inout Int,
        chunk: Int, shift: Int
    ) -> UInt32 {
        if chunks.isEmpty || filled + elements.count > chunk {
            chunks.append(.allocate(capacity: chunk))
            filled = 0
        }
        let offset = filled
        (chunks[chunks.count - 1] + offset).initialize(from: elements.baseAddress!, count: elements.count)
        filled += elements.count
        return UInt32((chunks.count - 1) << shift | offset)
    }

    /// Doubles the slots (or makes the first ones) and places every word again by its hash; a word
    /// whose probe sequence is full in the new slots is forgotten (its units and glyphs stay
    /// until the table is emptied).
    private mutating func grow() {
        var fresh = [Slot](repeating: Slot(), count: max(slots.count * 2, Self.firstSlots))
        var kept = 0
        slots.withUnsafeBufferPointer { old in
            fresh.withUnsafeMutableBufferPointer { fresh in
                let mask = fresh.count - 1
                for slot in old where slot.unitCount != 0 {
                    var s = Int(slot.home) & mask
                    for _ in 0..<min(Self.longestProbe, fresh.count) {
                        if fresh[s].unitCount == 0 {
                            fresh[s] = slot
                            kept += 1
                            break
                        }
                        s = (s + 1) & mask
                    }
                }
            }
        }
        slots = fresh
        count = kept
    }
}
