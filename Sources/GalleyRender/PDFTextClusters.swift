// The text behind a glyph run as cairo wants it for `cairo_show_text_glyphs`: UTF-8 bytes and
// clusters (bytes ↔ glyphs), so that a PDF's text can be searched and copied in logical order.

/// The UTF-8 text of one run and its cluster map, in the form of `cairo_text_cluster_t`: each
/// cluster is some bytes of the text (in logical order) shown by some glyphs. With
/// ``isBackward`` (a right-to-left run, whose glyphs are in visual order), the clusters take
/// their glyphs from the end of the glyph array (`CAIRO_TEXT_CLUSTER_FLAG_BACKWARD`).
struct PDFTextClusters: Equatable {
    /// The run's text, UTF-8.
    let utf8: [UInt8]
    /// Each cluster's byte and glyph counts, in logical order.
    let clusters: [(bytes: Int, glyphs: Int)]
    /// Whether the clusters take glyphs from the end of the glyph array.
    let isBackward: Bool

    static func == (a: PDFTextClusters, b: PDFTextClusters) -> Bool {
        a.utf8 == b.utf8 && a.isBackward == b.isBackward && a.clusters.map(\.bytes) == b.clusters.map(\.bytes)
            && a.clusters.map(\.glyphs) == b.clusters.map(\.glyphs)
    }

    /// The clusters of a run of `glyphCount` glyphs (visual order) whose glyph `i` belongs to
    /// the cluster starting at UTF-16 index `stringIndices[i]` of `units`, showing `range`.
    /// A cluster runs from its first index to the next cluster's (the first one from the start of
    /// `range`, the last one to its end, less a trailing line break, which is the line's end and
    /// no glyph's). When the indices do not rise along the logical order (or fall outside
    /// `range`), the whole run is one cluster. Nil when the run shows no text and has no glyphs.
    init?(stringIndices: [Int], glyphCount: Int, range: Range<Int>, rightToLeft: Bool, units: [UInt16]) {
        let lower = max(0, min(range.lowerBound, units.count))
        var upper = max(lower, min(range.upperBound, units.count))
        while upper > lower, Self.isLineBreak(units[upper - 1]) { upper -= 1 }
        guard glyphCount > 0 else { return nil }
        // Glyph indices in logical order.
        let logical =
            rightToLeft ? Array(stringIndices.prefix(glyphCount).reversed()) : Array(stringIndices.prefix(glyphCount))
        var starts: [(index: Int, glyphs: Int)] = []
        var ordered = logical.count == glyphCount
        for index in logical {
            if let last = starts.last, last.index == index {
                starts[starts.count - 1].glyphs += 1
            } else if let last = starts.last, index < last.index {
                ordered = false
                break
            } else {
                starts.append((index, 1))
            }
        }
        if let first = starts.first, first.index < lower || (starts.last?.index ?? 0) > upper { ordered = false }
        if !ordered || starts.isEmpty { starts = [(lower, glyphCount)] }
        var utf8: [UInt8] = []
        var clusters: [(bytes: Int, glyphs: Int)] = []
        for (k, start) in starts.enumerated() {
            let from = k == 0 ? lower : start.index
            let to = k + 1 < starts.count ? starts[k + 1].index : upper
            let bytes = Self.textLayerUTF8(units[from..<max(from, to)])
            utf8 += bytes
            clusters.append((bytes.count, start.glyphs))
        }
        self.utf8 = utf8
        self.clusters = clusters
        self.isBackward = rightToLeft
    }

    /// The UTF-8 of `units` for the text layer: unpaired surrogates and noncharacters
    /// (U+FDD0…U+FDEF and the last two code points of every plane, U+FFFE, U+FFFF, U+1FFFE…)
    /// become U+FFFD REPLACEMENT CHARACTER. Noncharacters are valid scalars, which layout, PNG
    /// and SVG keep, but cairo's UTF-8 check (`UNICODE_VALID`) refuses them, and
    /// `cairo_show_text_glyphs` would fail the whole document for one.
    static func textLayerUTF8(_ units: ArraySlice<UInt16>) -> [UInt8] {
        let string = String(decoding: units, as: UTF16.self)
        guard string.unicodeScalars.contains(where: { isNoncharacter($0.value) }) else { return Array(string.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(units.count * 3)
        for scalar in string.unicodeScalars {
            UTF8.encode(isNoncharacter(scalar.value) ? "\u{FFFD}" : scalar) { out.append($0) }
        }
        return out
    }

    /// Whether `value` is one of Unicode's 66 noncharacters.
    static func isNoncharacter(_ value: UInt32) -> Bool {
        (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    /// LF, VT, FF, CR, NEL, U+2028 and U+2029: they end a line and no glyph shows them.
    static func isLineBreak(_ unit: UInt16) -> Bool {
        (0x0A...0x0D).contains(unit) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }
}
