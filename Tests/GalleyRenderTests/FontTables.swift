// Reads decoration metrics straight from a font file's tables (an independent reference for the
// renderer's underline and strikethrough positions): head.unitsPerEm, post.underlinePosition and
// underlineThickness, OS/2 yStrikeoutSize and yStrikeoutPosition.
import Foundation

/// The decoration metrics of a TrueType/OpenType file, in font units, as the tables store them.
struct FontTables {
    let unitsPerEm: Int
    /// post offset 8 (FWORD): the top of the underline, negative below the baseline (OpenType spec).
    let underlinePosition: Int
    /// post offset 10 (FWORD).
    let underlineThickness: Int
    /// OS/2 offset 26 (FWORD).
    let strikeoutSize: Int
    /// OS/2 offset 28 (FWORD): the top of the strikeout stroke above the baseline.
    let strikeoutPosition: Int

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        func i16(_ o: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(o)))) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        // The table directory: numTables at 4, 16-byte records from 12 (tag, checksum, offset, length).
        var tables: [String: Int] = [:]
        for i in 0..<u16(4) {
            let r = 12 + 16 * i
            tables[String(decoding: bytes[r..<r + 4], as: UTF8.self)] = u32(r + 8)
        }
        guard let head = tables["head"], let post = tables["post"], let os2 = tables["OS/2"] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        unitsPerEm = u16(head + 18)
        underlinePosition = i16(post + 8)
        underlineThickness = i16(post + 10)
        strikeoutSize = i16(os2 + 26)
        strikeoutPosition = i16(os2 + 28)
    }
}
