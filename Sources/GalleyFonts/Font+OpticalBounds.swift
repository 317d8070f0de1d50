// Optical edges of one glyph, from the font's AAT `opbd` table (OpticalBoundsTable.swift), for
// CoreText's kCTLineBoundsUseOpticalBounds: nil where the font has no optical data for it.
import Foundation

extension Font {
    /// Whether the face has an `opbd` (optical bounds) table Galley reads (distance format).
    public var hasOpticalBoundsTable: Bool { face.opticalBoundsTable != nil }

    /// The optical left and right edges of `glyph`, in points from its origin along the
    /// baseline (`minX`, `maxX`; y and height are 0), from the font's `opbd` table in its
    /// distance format: a left delta of −50 units means the glyph moves 50 units left at a line's
    /// start, so its optical left edge is at +50 units; the right edge is the advance minus the
    /// right delta. nil when the face has no such table or the table does not list the glyph;
    /// callers then use the advance box, as CoreText's kCTLineBoundsUseOpticalBounds does
    /// without optical data. (`opticalBounds(for:)` of a glyph array gives whole boxes, advance
    /// boxes included, as CTFontGetOpticalBoundsForGlyphs does.)
    public func opticalBounds(for glyph: GlyphID) -> CGRect? {
        guard let deltas = face.opticalBoundsTable?.deltas(for: glyph) else { return nil }
        let scale = size / CGFloat(unitsPerEm)
        let minX = -CGFloat(deltas.0) * scale
        let maxX = advance(for: glyph) - CGFloat(deltas.2) * scale
        return CGRect(x: minX, y: 0, width: max(0, maxX - minX), height: 0)
    }
}
