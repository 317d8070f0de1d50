// Where a paragraph's shaping may be cut without shaping again, read off its glyphs once: the
// breakers ask this of every line edge they try, and the answer, one flag per code unit, costs a
// read instead of two searches (the item holding the offset, then its glyph there).
import Foundation

extension ParagraphAnalysis {
    /// Whether a line may start or end at each offset of `content` (index `offset −
    /// content.lowerBound`, count `content.count + 1`) without its shaping changing there: the
    /// ends of every item; inside an item, each offset where a glyph cluster starts whose
    /// logically first glyph HarfBuzz did not flag unsafe to break (in a right-to-left item, the
    /// visually last glyph of the cluster); every offset of a placeholder. Anywhere else (inside
    /// a cluster, at a kerning pair or joining letters) a line edge is shaped again.
    static func safeBreaks(of items: [ShapedItem], content: Range<Int>) -> [Bool] {
        let base = content.lowerBound
        let count = content.count + 1
        var safe = [Bool](repeating: false, count: count)
        // Raw buffers throughout: this runs over every glyph of every paragraph analysed.
        safe.withUnsafeMutableBufferPointer { safe in
            guard let flags = safe.baseAddress else { return }
            // Sets offset `base + k`, when inside the content (a cluster always is).
            @inline(__always) func set(_ k: Int, _ value: Bool) {
                if UInt(bitPattern: k) < UInt(count) { flags[k] = value }
            }
            items.withUnsafeBufferPointer { items in
                for item in items {
                    let range = item.range
                    if item.isPlaceholder {
                        for offset in range { set(offset - base, true) }
                    } else {
                        // Clusters count from the storage's base.
                        let shift = item.storage.base - base
                        let glyphRange = item.glyphRange
                        let rightToLeft = item.isRightToLeft
                        item.storage.glyphs.withUnsafeBufferPointer { all in
                            // In logical order (a right-to-left item's glyphs are stored right to
                            // left), the first glyph met of each cluster is its logically first;
                            // `flags & 1` is its unsafe-to-break flag.
                            var previous = Int32.min
                            if rightToLeft {
                                for g in glyphRange.reversed() where all[g].cluster != previous {
                                    previous = all[g].cluster
                                    set(Int(previous) + shift, all[g].flags & 1 == 0)
                                }
                            } else {
                                for g in glyphRange where all[g].cluster != previous {
                                    previous = all[g].cluster
                                    set(Int(previous) + shift, all[g].flags & 1 == 0)
                                }
                            }
                        }
                    }
                    // The item's own ends last: its first cluster's flag does not count there.
                    set(range.lowerBound - base, true)
                    set(range.upperBound - base, true)
                }
            }
        }
        return safe
    }
}
