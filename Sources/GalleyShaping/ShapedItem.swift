// The output of shaping one item: a stretch of a paragraph with one font, one attribute set, one
// bidi level and one script, as HarfBuzz positioned it (or one placeholder with a run delegate).
// A paragraph's items keep their glyphs in one shared GlyphStorage, each item a range of it.
import Foundation
import GalleyFonts
import GalleyText

/// The glyphs of a paragraph's items (or of one item shaped again), in one set of arrays: an
/// item's glyphs are `ShapedItem.glyphRange` of them. Immutable. One storage per paragraph rather
/// than five arrays per item: a paragraph with font fallback has dozens of items, and each array
/// is an allocation to make and to free.
package final class GlyphStorage: Sendable {
    /// Glyph ids.
    package let glyphs: [GlyphID]
    /// For each glyph, the UTF-16 offset (in the whole text) of the first code unit of its cluster.
    package let clusters: [Int]
    /// Horizontal advance of each glyph, kern included.
    package let advances: [CGFloat]
    /// Offset of each glyph from its pen position (x right, y up).
    package let offsets: [CGPoint]
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: breaking the line before this glyph's cluster
    /// would change the shaping on either side, so the pieces must be shaped again.
    package let unsafeToBreak: [Bool]

    /// Takes the arrays of `shaped`.
    package init(_ shaped: ShapedGlyphs) {
        glyphs = shaped.glyphs
        clusters = shaped.clusters
        advances = shaped.advances
        offsets = shaped.offsets
        unsafeToBreak = shaped.unsafeToBreak
    }

    /// The same glyphs with every cluster offset moved by `delta` (for a paragraph moved by an edit).
    package func shifted(by delta: Int) -> GlyphStorage {
        var moved = ShapedGlyphs()
        moved.glyphs = glyphs
        moved.clusters = clusters.map { $0 + delta }
        moved.advances = advances
        moved.offsets = offsets
        moved.unsafeToBreak = unsafeToBreak
        return GlyphStorage(moved)
    }

    package var count: Int { glyphs.count }
}

/// One shaped item. Glyphs are in visual order (for a right-to-left item HarfBuzz returns them
/// reversed, so `clusters` then decrease). All lengths are in points at the font's size.
/// Immutable; a final class because line building hands items around many times per line.
package final class ShapedItem: Sendable {
    /// The UTF-16 range of the whole text that this item covers.
    package let range: Range<Int>
    /// The font the glyphs come from (after fallback).
    package let font: Font
    /// The attributes of the characters (their `font` may differ from `font` after fallback).
    package let attributes: Attributes
    /// The UAX #9 embedding level: odd is right-to-left.
    package let level: UInt8
    /// ISO 15924 script code the item was shaped with.
    package let script: String
    /// Where the glyphs are: `glyphRange` of `storage` (shared with the paragraph's other items).
    package let storage: GlyphStorage
    /// The item's glyphs in `storage`, visual order.
    package let glyphRange: Range<Int>
    /// True for a placeholder (its attributes carry a run delegate).
    package let isPlaceholder: Bool

    package init(
        range: Range<Int>, font: Font, attributes: Attributes, level: UInt8, script: String, storage: GlyphStorage,
        glyphRange: Range<Int>
    ) {
        self.range = range
        self.font = font
        self.attributes = attributes
        self.level = level
        self.script = script
        self.storage = storage
        self.glyphRange = glyphRange
        self.isPlaceholder = attributes.runDelegate != nil
    }

    package var isRightToLeft: Bool { level & 1 == 1 }
    package var runDelegate: RunDelegate? { attributes.runDelegate }
    /// The number of glyphs.
    package var glyphCount: Int { glyphRange.count }
    /// The item's glyph ids (a copy; line building reads `storage` directly).
    package var glyphs: [GlyphID] { Array(storage.glyphs[glyphRange]) }
    /// The item's cluster offsets (a copy).
    package var clusters: [Int] { Array(storage.clusters[glyphRange]) }
    /// The item's advances (a copy).
    package var advances: [CGFloat] { Array(storage.advances[glyphRange]) }
    /// The item's glyph offsets (a copy).
    package var offsets: [CGPoint] { Array(storage.offsets[glyphRange]) }
    /// The item's unsafe-to-break flags (a copy).
    package var unsafeToBreak: [Bool] { Array(storage.unsafeToBreak[glyphRange]) }
    /// The sum of the item's advances.
    package var totalAdvance: CGFloat { storage.advances[glyphRange].reduce(0, +) }
}
