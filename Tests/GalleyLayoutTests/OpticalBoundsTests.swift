// Optical bounds from an AAT `opbd` table (kCTLineBoundsUseOpticalBounds with optical data): a
// copy of DejaVu Sans with an `opbd` table added, built here from Apple's TrueType Reference
// Manual ("The 'opbd' table": version 1.0, format 0 = distance, a lookup table whose values are
// offsets from the table's start to four FWord deltas left, top, right, bottom).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite struct OpticalBoundsTests {
    static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }

    /// `font` (an SFNT file) with `table` added under `tag`: a new table directory, sorted by tag.
    static func adding(_ tag: String, _ table: [UInt8], to font: [UInt8]) -> [UInt8] {
        func u16(_ at: Int) -> Int { Int(font[at]) << 8 | Int(font[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [(tag: [UInt8], data: [UInt8])] = (0..<u16(4)).map { i in
            let record = 12 + 16 * i
            let offset = u32(record + 8)
            return (Array(font[record..<(record + 4)]), Array(font[offset..<(offset + u32(record + 12))]))
        }
        tables.append((Array(tag.utf8), table))
        tables.sort { $0.tag.lexicographicallyPrecedes($1.tag) }
        var power = 1
        while power * 2 <= tables.count { power *= 2 }
        var out = Array(font[0..<4]) + be16(tables.count) + be16(power * 16)
        out += be16(power.trailingZeroBitCount) + be16(tables.count * 16 - power * 16)
        var offset = 12 + 16 * tables.count
        var body: [UInt8] = []
        for table in tables {
            out += table.tag + be32(0) + be32(offset) + be32(table.data.count)
            let padded = table.data + [UInt8](repeating: 0, count: (4 - table.data.count % 4) % 4)
            body += padded
            offset += padded.count
        }
        return out + body
    }

    /// An `opbd` table in distance format with a format-8 lookup (trimmed array) giving glyph
    /// `glyph` the deltas left −100, top 0, right 150, bottom 0 (font units).
    static func opbd(glyph: Int) -> [UInt8] {
        let lookup = be16(8) + be16(glyph) + be16(1) + be16(14)
        return be32(0x0001_0000) + be16(0) + lookup + be16(-100 & 0xFFFF) + be16(0) + be16(150) + be16(0)
    }

    /// "A left side delta of -50 units [...] means that for those lines that start with that
    /// [...] glyph, the glyph is to be shifted by 50 units to the left": its optical left edge is
    /// 50 units in. So with left −100 and right +150, the optical box of "x" runs from 100 units
    /// to its advance less 150 units, and a line "xx" measured with optical bounds spans from the
    /// first x's optical left edge to the second's optical right edge.
    @Test func opbdDeltasMoveTheEdges() throws {
        let plain = try Fonts.dejaVu(16)
        let x = try #require(plain.glyph(for: "x"))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: TestFonts.path("DejaVuSans.ttf"))))
        // Trusted: OTS drops the tables it does not know, opbd among them.
        let data = Self.adding("opbd", Self.opbd(glyph: Int(x)), to: bytes)
        let font = try Font(data: data, size: 16, sanitization: .trusted)
        #expect(font.hasOpticalBoundsTable)
        let unit: CGFloat = 16.0 / 2048
        let box = try #require(font.opticalBounds(for: x))
        #expect(abs(box.minX - 100 * unit) < 1e-9)
        #expect(abs(box.maxX - (Dv16.x - 150 * unit)) < 1e-9)
        #expect(font.opticalBounds(for: x + 1) == nil)
        let line = try Line(text("xx ", [.font(font)]))
        let optical = line.bounds(options: .useOpticalBounds)
        #expect(abs(optical.minX - 100 * unit) < 1e-9)
        #expect(abs(optical.maxX - (2 * Dv16.x - 150 * unit)) < 1e-9)
        // Paragraph line-bounds options with optical bounds: a left-aligned line starts so that
        // its optical edge is on the margin.
        var style = ParagraphStyle()
        style.lineBoundsOptions = .useOpticalBounds
        let frame = try Framesetter(text("xx", [.font(font), .paragraphStyle(style)]))
            .frame(in: CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(abs(try #require(frame.lineOrigins.first).x + 100 * unit) < 1e-9)
    }
}
