// Optical bounds of glyphs: the edges that line up with the margin, from the font's AAT `opbd`
// table (distance format), for CoreText's kCTLineBoundsUseOpticalBounds.
import CHarfBuzz
import Foundation

extension Font {
    /// Whether the face has an `opbd` (optical bounds) table.
    public var hasOpticalBoundsTable: Bool { !opticalBoundsTable().isEmpty }

    /// The optical left and right edges of `glyph`, in points from its origin along the
    /// baseline (`minX`, `maxX`; y and height are 0), from the font's `opbd` table in its
    /// distance format (format 0): a left delta of −50 units means the glyph moves 50 units left
    /// at a line's start, so its optical left edge is at +50 units; the right edge is the advance
    /// minus the right delta. nil when the face has no such table, the table uses control points
    /// (format 1, not read) or does not list the glyph; callers then use the advance box, as
    /// CoreText's kCTLineBoundsUseOpticalBounds does without optical data.
    public func opticalBounds(for glyph: GlyphID) -> CGRect? {
        let table = opticalBoundsTable()
        guard table.count >= 8, Self.u16(table, 4) == 0,
            let offset = Self.aatLookup(table, at: 6, glyph: UInt16(truncatingIfNeeded: glyph)),
            Int(offset) + 8 <= table.count
        else { return nil }
        let scale = size / CGFloat(unitsPerEm)
        let left = CGFloat(Int16(bitPattern: Self.u16(table, Int(offset)))) * scale
        let right = CGFloat(Int16(bitPattern: Self.u16(table, Int(offset) + 4))) * scale
        let minX = -left
        let maxX = advance(for: glyph) - right
        return CGRect(x: minX, y: 0, width: max(0, maxX - minX), height: 0)
    }

    /// The bytes of the face's `opbd` table (empty when it has none).
    private func opticalBoundsTable() -> [UInt8] {
        let tag: hb_tag_t = 0x6F70_6264  // 'opbd'
        guard let blob = hb_face_reference_table(face.hbFace, tag) else { return [] }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    private static func u16(_ b: [UInt8], _ at: Int) -> UInt16 {
        guard at >= 0, at + 2 <= b.count else { return 0 }
        return UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }

    /// The 16-bit value an AAT lookup table at `start` gives `glyph` (formats 0, 2, 4, 6 and 8).
    static func aatLookup(_ b: [UInt8], at start: Int, glyph: UInt16) -> UInt16? {
        let format = u16(b, start)
        switch format {
        case 0:
            let at = start + 2 + Int(glyph) * 2
            return at + 2 <= b.count ? u16(b, at) : nil
        case 2, 4, 6:
            let unit = Int(u16(b, start + 2))
            let count = Int(u16(b, start + 4))
            let first = start + 12
            guard unit >= (format == 6 ? 4 : 6) else { return nil }
            for k in 0..<count {
                let at = first + k * unit
                guard at + unit <= b.count else { return nil }
                if format == 6 {
                    if u16(b, at) == glyph { return u16(b, at + 2) }
                    continue
                }
                let last = u16(b, at)
                let firstGlyph = u16(b, at + 2)
                guard last != 0xFFFF, firstGlyph <= glyph, glyph <= last else { continue }
                if format == 2 { return u16(b, at + 4) }
                return u16(b, start + Int(u16(b, at + 4)) + Int(glyph - firstGlyph) * 2)
            }
            return nil
        case 8:
            let first = u16(b, start + 2)
            let count = u16(b, start + 4)
            guard glyph >= first, glyph - first < count else { return nil }
            return u16(b, start + 6 + Int(glyph - first) * 2)
        default:
            return nil
        }
    }
}
