// The output of shaping one item: a stretch of a paragraph with one font, one attribute set, one
// bidi level and one script, as HarfBuzz positioned it (or one placeholder with a run delegate).
import Foundation
import GalleyFonts
import GalleyText

/// One shaped item. Glyphs are in visual order (for a right-to-left item HarfBuzz returns them
/// reversed, so `clusters` then decrease). All lengths are in points at the font's size.
package struct ShapedItem: Sendable {
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
    /// Glyph ids, visual order.
    package var glyphs: [GlyphID]
    /// For each glyph, the UTF-16 offset (in the whole text) of the first code unit of its cluster.
    package var clusters: [Int]
    /// Horizontal advance of each glyph, kern included.
    package var advances: [CGFloat]
    /// Offset of each glyph from its pen position (x right, y up).
    package var offsets: [CGPoint]
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: breaking the line before this glyph's cluster
    /// would change the shaping on either side, so the pieces must be shaped again.
    package var unsafeToBreak: [Bool]

    package init(
        range: Range<Int>, font: Font, attributes: Attributes, level: UInt8, script: String, glyphs: [GlyphID],
        clusters: [Int], advances: [CGFloat], offsets: [CGPoint], unsafeToBreak: [Bool]
    ) {
        self.range = range
        self.font = font
        self.attributes = attributes
        self.level = level
        self.script = script
        self.glyphs = glyphs
        self.clusters = clusters
        self.advances = advances
        self.offsets = offsets
        self.unsafeToBreak = unsafeToBreak
    }

    package var isRightToLeft: Bool { level & 1 == 1 }
    package var runDelegate: RunDelegate? { attributes.runDelegate }
    package var isPlaceholder: Bool { attributes.runDelegate != nil }
    package var totalAdvance: CGFloat { advances.reduce(0, +) }
}
