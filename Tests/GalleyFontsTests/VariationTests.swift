// Variable fonts in GalleyFonts: fvar axes, instances (withVariations), clamping, unknown tags,
// non-variable fonts, identity — checked against the font's own fvar/name tables and hb-shape.

import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

/// The bundled variable font and its reference numbers.
///
/// Advances and extents below come from HarfBuzz's command-line tool (HarfBuzz 6.0.0), in font
/// units, regenerated with (kerning off, so the advances are the nominal hmtx + HVAR ones that
/// `Font.advance(for:)` reports):
///   hb-shape --features=-kern --no-glyph-names --variations=wght=W Fonts/Inter-roman.var.ttf Hamburgefonstiv
///   hb-shape --features=-kern --no-glyph-names --show-extents --variations=wght=W Fonts/Inter-roman.var.ttf Ho
enum InterReference {
    static let path = TestFonts.path("Inter-roman.var.ttf")
    static let text = "Hamburgefonstiv"
    /// Glyph ids, identical at every weight (this text has no weight-dependent substitutions).
    static let glyphs: [UInt32] = [161, 504, 752, 575, 900, 837, 650, 612, 645, 775, 759, 867, 885, 679, 933]
    /// x_advance of each glyph, wght=400 (the default instance).
    static let advances400 = [2084, 1588, 2448, 1748, 1636, 1048, 1716, 1640, 1016, 1680, 1648, 1472, 1024, 668, 1568]
    /// x_advance of each glyph, wght=800.
    static let advances800 = [2106, 1649, 2608, 1802, 1790, 1186, 1806, 1698, 1109, 1744, 1786, 1619, 1117, 799, 1677]
    /// x_advance of "H" (glyph 161) at wght=100 and 900, the axis ends; hb-shape gives the same
    /// numbers for wght=50 and wght=2000, since HarfBuzz clamps to the axis range.
    static let advanceH100 = 2072
    static let advanceH900 = 2112
    /// Extents of "o" (glyph 775): x_bearing, y_bearing, width, height (height negative: downward).
    static let extentsO400 = (144, 1556, 1392, -1588)
    static let extentsO800 = (96, 1556, 1552, -1585)
}

/// The `fvar` axis records and axis names, read straight from the bytes (OpenType spec, fvar and
/// name chapters), independent of HarfBuzz.
struct FvarAxis {
    let tag: String
    let minimum: Double
    let defaultValue: Double
    let maximum: Double
    let flags: Int
    let nameID: Int

    static func read(_ tables: SFNTTables) -> [FvarAxis] {
        guard let fvar = tables.tables["fvar"] else { return [] }
        let b = tables.bytes, o = fvar.offset
        // fvar header: majorVersion, minorVersion, axesArrayOffset, reserved, axisCount, axisSize, …
        let axesOffset = Int(SFNTTables.u16(b, o + 4)), count = Int(SFNTTables.u16(b, o + 8))
        let size = Int(SFNTTables.u16(b, o + 10))
        func fixed(_ at: Int) -> Double { Double(Int32(bitPattern: SFNTTables.u32(b, at))) / 65536 }
        return (0..<count).map { i in
            let a = o + axesOffset + i * size
            // VariationAxisRecord: axisTag, minValue, defaultValue, maxValue (Fixed), flags, axisNameID.
            return FvarAxis(
                tag: String(decoding: b[a..<a + 4], as: UTF8.self), minimum: fixed(a + 4),
                defaultValue: fixed(a + 8), maximum: fixed(a + 12),
                flags: Int(SFNTTables.u16(b, a + 16)), nameID: Int(SFNTTables.u16(b, a + 18)))
        }
    }

    /// The Windows English (platform 3, encoding 1, language 0x409) UTF-16BE name `id`.
    static func name(_ tables: SFNTTables, id: Int) -> String? {
        guard let table = tables.tables["name"] else { return nil }
        let b = tables.bytes, o = table.offset
        let count = Int(SFNTTables.u16(b, o + 2)), storage = o + Int(SFNTTables.u16(b, o + 4))
        for i in 0..<count {
            let r = o + 6 + 12 * i
            let (platform, encoding, language, nameID) = (
                SFNTTables.u16(b, r), SFNTTables.u16(b, r + 2),
                SFNTTables.u16(b, r + 4), SFNTTables.u16(b, r + 6)
            )
            guard platform == 3, encoding == 1, language == 0x409, Int(nameID) == id else { continue }
            let length = Int(SFNTTables.u16(b, r + 8)), start = storage + Int(SFNTTables.u16(b, r + 10))
            let units = stride(from: start, to: start + length, by: 2).map { SFNTTables.u16(b, $0) }
            return String(decoding: units, as: UTF16.self)
        }
        return nil
    }
}

@Suite("Variable fonts")
struct VariationTests {
    static let size: CGFloat = 20

    func inter() throws -> Font { try Font(path: InterReference.path, size: Self.size) }
    func upem() throws -> CGFloat { CGFloat(try SFNTTables(path: InterReference.path).uint16("head", 18)) }
    func wght(_ value: CGFloat) -> [Font.Variation] { [Font.Variation(tag: "wght", value: value)] }

    @Test("variationAxes lists the fvar axes with their range and name")
    func axesMatchFvar() throws {
        let tables = try SFNTTables(path: InterReference.path)
        let expected = FvarAxis.read(tables)
        // Inter's roman file has a weight axis; the test derives every number from the table.
        #expect(expected.contains { $0.tag == "wght" })
        let axes = try inter().variationAxes
        #expect(axes.map(\.tag) == expected.map(\.tag))
        for (axis, record) in zip(axes, expected) {
            #expect(Double(axis.minimum) == record.minimum)
            #expect(Double(axis.defaultValue) == record.defaultValue)
            #expect(Double(axis.maximum) == record.maximum)
            #expect(axis.isHidden == (record.flags & 1 != 0))
            #expect(axis.name == FvarAxis.name(tables, id: record.nameID))
        }
    }

    @Test("a font without fvar has no axes and ignores variations")
    func nonVariableFont() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: Self.size)
        #expect(try SFNTTables(path: TestFonts.dejaVuSans).tables["fvar"] == nil)
        #expect(font.variationAxes.isEmpty)
        let varied = font.withVariations(wght(800))
        #expect(varied.variations.isEmpty)
        #expect(varied == font)
        #expect(varied.hashValue == font.hashValue)
        let glyph = try #require(font.glyph(for: "H"))
        #expect(varied.advance(for: glyph) == font.advance(for: glyph))
        #expect(varied.ascent == font.ascent)
    }

    @Test("advances at wght 400 and 800 equal hb-shape's, and differ")
    func advancesMatchHBShape() throws {
        let base = try inter()
        let scale = Self.size / (try upem())
        let regular = base.withVariations(wght(400))
        let heavy = base.withVariations(wght(800))
        for (i, glyph) in InterReference.glyphs.enumerated() {
            #expect(base.advance(for: glyph) == CGFloat(InterReference.advances400[i]) * scale)
            #expect(regular.advance(for: glyph) == CGFloat(InterReference.advances400[i]) * scale)
            #expect(heavy.advance(for: glyph) == CGFloat(InterReference.advances800[i]) * scale)
            #expect(heavy.advance(for: glyph) != regular.advance(for: glyph))
        }
    }

    @Test("glyph bounds follow gvar, as hb-shape --show-extents reports")
    func boundsMatchHBShape() throws {
        let scale = Self.size / (try upem())
        for (font, e) in [
            (try inter(), InterReference.extentsO400),
            (try inter().withVariations(wght(800)), InterReference.extentsO800),
        ] {
            let rect = font.boundingRect(for: 775)
            #expect(abs(rect.minX - CGFloat(e.0) * scale) < 1e-9)
            #expect(abs(rect.maxY - CGFloat(e.1) * scale) < 1e-9)
            #expect(abs(rect.width - CGFloat(e.2) * scale) < 1e-9)
            #expect(abs(rect.height - CGFloat(-e.3) * scale) < 1e-9)
        }
    }

    @Test(
        "values outside the axis range clamp to its ends", arguments: [(50.0, 100.0), (2000.0, 900.0), (-1e9, 100.0)])
    func clamping(requested: Double, clamped: Double) throws {
        let scale = Self.size / (try upem())
        let font = try inter().withVariations(wght(CGFloat(requested)))
        #expect(font.variations == wght(CGFloat(clamped)))
        #expect(font == (try inter().withVariations(wght(CGFloat(clamped)))))
        let expected = clamped == 100 ? InterReference.advanceH100 : InterReference.advanceH900
        #expect(font.advance(for: 161) == CGFloat(expected) * scale)
    }

    @Test("unknown tags and non-finite values are ignored; the default value is the default instance")
    func ignoredValues() throws {
        let base = try inter()
        for list in [
            [Font.Variation(tag: "wdth", value: 75)], [Font.Variation(tag: "wght", value: .nan)],
            [Font.Variation(tag: "wght", value: .infinity)], [Font.Variation(tag: "", value: 1)],
            wght(400), [],
        ] {
            let font = base.withVariations(list)
            #expect(font.variations.isEmpty)
            #expect(font == base)
            #expect(font.hashValue == base.hashValue)
        }
        // Known and unknown together: only the known axis is kept.
        let mixed = base.withVariations([Font.Variation(tag: "wdth", value: 75)] + wght(700))
        #expect(mixed.variations == wght(700))
    }

    @Test("the last value of a repeated tag wins; withVariations replaces, other modifiers keep")
    func identityAndReplacement() throws {
        let base = try inter()
        let heavy = base.withVariations(wght(800))
        #expect(base.withVariations(wght(300) + wght(800)) == heavy)
        #expect(heavy != base.withVariations(wght(700)))
        #expect(heavy.hashValue == base.withVariations(wght(800)).hashValue)
        #expect(heavy.withVariations([]) == base)
        #expect(try heavy.withSize(30).variations == wght(800))
        #expect(heavy.withCascadeList(["DejaVu Sans"]).variations == wght(800))
        #expect(heavy.withSyntheticTraits(.oblique).variations == wght(800))
        #expect(heavy.description.contains("wght=800"))
    }

    @Test("weight reports the wght value of the instance")
    func weightFollowsWght() throws {
        // The wght axis is on the OS/2 usWeightClass scale (OpenType axis registry, "wght"), so an
        // instance at 800 is as heavy as usWeightClass 800; the default instance reports the face's
        // own usWeightClass (offset 4 of OS/2).
        let base = try inter()
        let weightClass = try SFNTTables(path: InterReference.path).uint16("OS/2", 4)
        #expect(base.weight.rawValue == weightClass)
        #expect(base.withVariations(wght(800)).weight == .heavy)
        #expect(base.withVariations(wght(349.6)).weight.rawValue == 350)
    }

    @Test("metrics without MVAR stay the default instance's")
    func metricsWithoutMVAR() throws {
        // Inter-roman.var.ttf has no MVAR table, so its line metrics do not vary (OpenType MVAR
        // chapter: only MVAR varies hhea/OS/2/post values).
        #expect(try SFNTTables(path: InterReference.path).tables["MVAR"] == nil)
        let base = try inter(), heavy = base.withVariations(wght(900))
        #expect(heavy.ascent == base.ascent)
        #expect(heavy.descent == base.descent)
        #expect(heavy.xHeight == base.xHeight)
        #expect(heavy.underlineThickness == base.underlineThickness)
        // No variation table applies to head, so every instance's bounding box is head's.
        let tables = try SFNTTables(path: InterReference.path), scale = Self.size / CGFloat(tables.unitsPerEm)
        let box = heavy.boundingBox
        #expect(abs(box.minX - CGFloat(tables.xMin) * scale) < 1e-9)
        #expect(abs(box.minY - CGFloat(tables.yMin) * scale) < 1e-9)
        #expect(abs(box.maxX - CGFloat(tables.xMax) * scale) < 1e-9)
        #expect(abs(box.maxY - CGFloat(tables.yMax) * scale) < 1e-9)
    }

    @Test("instances may be made and used from many threads at once")
    func concurrentInstances() async throws {
        let base = try inter()
        let scale = Self.size / (try upem())
        await withTaskGroup(of: Bool.self) { group in
            for i in 0..<16 {
                group.addTask {
                    let font = base.withVariations(self.wght(i % 2 == 0 ? 800 : 400))
                    let expected = i % 2 == 0 ? InterReference.advances800 : InterReference.advances400
                    return zip(InterReference.glyphs, expected).allSatisfy {
                        font.advance(for: $0) == CGFloat($1) * scale
                    }
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}

@Suite("Variable fonts by family")
struct VariableFamilyTests {
    /// Inter (bundled, one `wght` axis 100…900, default 400) asked for by family at weight bold
    /// comes back as the wght = 700 instance; at the default weight, as the default instance.
    @Test func familyLookupInstantiatesTheWeight() throws {
        let bold = try Font(family: "Inter", weight: .bold, size: 20)
        #expect(bold.variations == [Font.Variation(tag: "wght", value: 700)])
        #expect(bold.weight == .bold)
        let regular = try Font(family: "Inter", size: 20)
        #expect(regular.variations.isEmpty)
        let a = try #require(bold.glyph(for: "a"))
        #expect(bold.advance(for: a) > regular.advance(for: a))
    }
}
