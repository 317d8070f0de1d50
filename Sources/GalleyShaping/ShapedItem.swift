// The output of shaping one item: a stretch of a paragraph with one font, one attribute set, one
// bidi level and one script, as HarfBuzz positioned it (or one placeholder with a run delegate).
// A paragraph's items keep their glyphs in one shared GlyphStorage, each item a range of it.
import Foundation
import GalleyFonts
import GalleyText

/// The glyphs of a paragraph's items (or of one item shaped again), in one array: an item's
/// glyphs are `ShapedItem.glyphRange` of it. Immutable. One array per paragraph rather than some
/// per item: a paragraph with font fallback has dozens of items, and each array is an allocation
/// to make and to free.
package final class GlyphStorage: Sendable {
    /// The glyphs, each item's in visual order.
    package let glyphs: [ShapedGlyph]
    /// The offset in the whole text that the glyphs' clusters count from (the paragraph
    /// content's start).
    package let base: Int

    /// Takes the glyphs of `shaped`.
    package init(_ shaped: ShapedGlyphs) {
        glyphs = shaped.glyphs
        base = shaped.base
    }

    private init(glyphs: [ShapedGlyph], base: Int) {
        self.glyphs = glyphs
        self.base = base
    }

    /// The same glyphs for the paragraph moved by `delta` code units (an edit before it): the
    /// array is shared, only the base moves.
    package func shifted(by delta: Int) -> GlyphStorage {
        GlyphStorage(glyphs: glyphs, base: base + delta)
    }
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
    /// How its glyphs stand on their line: `.upright` items were shaped with direction TTB, each
    /// glyph's advance its extent down the line (see `ShapingRequest.orientation`); `.sideways`
    /// items are horizontal glyphs a vertical line turns a quarter.
    package let orientation: GlyphOrientation

    /// An item over `range`, whose glyphs are `glyphRange` of `storage`.
    package init(
        range: Range<Int>, font: Font, attributes: Attributes, level: UInt8, script: String, storage: GlyphStorage,
        glyphRange: Range<Int>, orientation: GlyphOrientation = .horizontal
    ) {
        self.orientation = orientation
        self.range = range
        self.font = font
        self.attributes = attributes
        self.level = level
        self.script = script
        self.storage = storage
        self.glyphRange = glyphRange
        self.isPlaceholder = attributes.hasRunDelegate
    }

    /// Whether the item runs right to left (an odd level).
    package var isRightToLeft: Bool { level & 1 == 1 }
}
