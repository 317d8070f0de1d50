// Test helpers: paths of the bundled fonts and an independent reader of a font's own SFNT tables.

import Foundation

/// Paths used by the GalleyFonts tests, found from this source file (independent of the library's search).
enum TestFonts {
    /// `<package>/Fonts`.
    static let directory: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fonts").path
    }()

    /// The bundled file `name`.
    static func path(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    static let dejaVuSans = path("DejaVuSans.ttf")
    static let dejaVuSansBold = path("DejaVuSans-Bold.ttf")
    static let notoSansArabic = path("NotoSansArabic-Regular.ttf")
    static let droidSansFallback = path("DroidSansFallbackFull.ttf")
    static let notoColorEmoji = path("NotoColorEmoji.ttf")

    /// A fresh empty temporary directory for files a test creates.
    static func temporaryDirectory() throws -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "galley-fonts-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A deliberately tiny, separate reader of the fields the metric tests need, straight from the
/// OpenType specification's table layouts (head, hhea, OS/2, post), so the tests do not trust
/// the library's own parsing, FreeType or HarfBuzz.
struct SFNTTables {
    let bytes: [UInt8]
    /// tag → (offset, length)
    let tables: [String: (offset: Int, length: Int)]

    init(path: String) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var tables: [String: (Int, Int)] = [:]
        let numTables = Int(SFNTTables.u16(bytes, 4))
        for i in 0..<numTables {
            let entry = 12 + 16 * i
            let tag = String(decoding: bytes[entry..<entry + 4], as: UTF8.self)
            tables[tag] = (Int(SFNTTables.u32(bytes, entry + 8)), Int(SFNTTables.u32(bytes, entry + 12)))
        }
        self.tables = tables
    }

    static func u16(_ b: [UInt8], _ o: Int) -> UInt16 { UInt16(b[o]) << 8 | UInt16(b[o + 1]) }
    static func u32(_ b: [UInt8], _ o: Int) -> UInt32 { UInt32(u16(b, o)) << 16 | UInt32(u16(b, o + 2)) }

    /// Unsigned 16-bit field at `offset` within `table`.
    func uint16(_ table: String, _ offset: Int) -> Int { Int(SFNTTables.u16(bytes, tables[table]!.offset + offset)) }
    /// Signed 16-bit (FWORD) field at `offset` within `table`.
    func int16(_ table: String, _ offset: Int) -> Int {
        Int(Int16(bitPattern: SFNTTables.u16(bytes, tables[table]!.offset + offset)))
    }

    // head (OpenType spec, 'head'): unitsPerEm @18, xMin @36, yMin @38, xMax @40, yMax @42, macStyle @44.
    var unitsPerEm: Int { uint16("head", 18) }
    var xMin: Int { int16("head", 36) }
    var yMin: Int { int16("head", 38) }
    var xMax: Int { int16("head", 40) }
    var yMax: Int { int16("head", 42) }
    // hhea: ascender @4, descender @6, lineGap @8.
    var hheaAscender: Int { int16("hhea", 4) }
    var hheaDescender: Int { int16("hhea", 6) }
    var hheaLineGap: Int { int16("hhea", 8) }
    // OS/2: version @0, usWeightClass @4, fsSelection @62, sTypoAscender @68, sTypoDescender @70,
    // sTypoLineGap @72, sxHeight @86 and sCapHeight @88 (version >= 2).
    var os2Version: Int { uint16("OS/2", 0) }
    var weightClass: Int { uint16("OS/2", 4) }
    var fsSelection: Int { uint16("OS/2", 62) }
    var typoAscender: Int { int16("OS/2", 68) }
    var typoDescender: Int { int16("OS/2", 70) }
    var typoLineGap: Int { int16("OS/2", 72) }
    var xHeight: Int? { os2Version >= 2 ? int16("OS/2", 86) : nil }
    var capHeight: Int? { os2Version >= 2 ? int16("OS/2", 88) : nil }
    // OS/2: ySubscriptYSize @12, ySubscriptYOffset @16, ySuperscriptYSize @20, ySuperscriptYOffset @24,
    // yStrikeoutSize @26, yStrikeoutPosition @28 (all versions).
    var subscriptYSize: Int { int16("OS/2", 12) }
    var subscriptYOffset: Int { int16("OS/2", 16) }
    var superscriptYSize: Int { int16("OS/2", 20) }
    var superscriptYOffset: Int { int16("OS/2", 24) }
    var strikeoutSize: Int { int16("OS/2", 26) }
    var strikeoutPosition: Int { int16("OS/2", 28) }
    // post: underlinePosition @8, underlineThickness @10.
    var underlinePosition: Int { int16("post", 8) }
    var underlineThickness: Int { int16("post", 10) }

    /// USE_TYPO_METRICS is fsSelection bit 7.
    var useTypoMetrics: Bool { fsSelection & 0x80 != 0 }
    /// The line metrics the OpenType spec says to use: typo values with USE_TYPO_METRICS, else hhea.
    var lineAscender: Int { useTypoMetrics ? typoAscender : hheaAscender }
    var lineDescender: Int { useTypoMetrics ? typoDescender : hheaDescender }
    var lineGap: Int { useTypoMetrics ? typoLineGap : hheaLineGap }
}
