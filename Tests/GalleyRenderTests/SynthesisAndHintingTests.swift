// Tests of synthetic bold and oblique (outline emboldening and shear) and of the hinting modes.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Synthetic styles and hinting")
struct SynthesisAndHintingTests {
    static let dejaVu = TestFonts.path("DejaVuSans.ttf")

    static func render(
        _ text: String, font: Font, hinting: Renderer.Hinting = .none, x: CGFloat = 20,
        width: Int = 120, height: Int = 90
    ) throws -> Bitmap {
        let frame = try Framesetter(AttributedText(text, attributes: [.font(font)]))
            .frame(in: CGRect(x: x, y: 15, width: CGFloat(width) - x, height: CGFloat(height) - 20))
        var bitmap = try Bitmap(width: width, height: height)
        Renderer(hinting: hinting).draw(frame, into: &bitmap)
        return bitmap
    }

    /// The coverage-weighted mean x of the ink in `rows`.
    static func meanX(_ bitmap: Bitmap, rows: Range<Int>) -> Double {
        var sx = 0.0, total = 0.0
        for y in rows {
            for x in 0..<bitmap.width {
                let w = TestSupport.coverage(bitmap.pixel(x: x, y: y)!.green)
                sx += w * (Double(x) + 0.5)
                total += w
            }
        }
        return sx / total
    }

    @Test("synthetic bold has more ink and a box wider by about size / 24")
    func bold() throws {
        let plain = try Font(path: Self.dejaVu, size: 48)
        let bold = plain.withSyntheticTraits(.bold)
        let a = try Self.render("I", font: plain), b = try Self.render("I", font: bold)
        // FT_Outline_Embolden(strength s) moves every edge out by s/2: the I's stem (a rectangle)
        // grows by s = 48/24 = 2 px in width and height, so its area grows by about 2·(w + h) px².
        let boxA = try #require(inkBox(a)), boxB = try #require(inkBox(b))
        let widthA = boxA.2 - boxA.0 + 1, widthB = boxB.2 - boxB.0 + 1
        #expect(widthB - widthA >= 1 && widthB - widthA <= 3, "widths \(widthA) → \(widthB)")
        let heightA = Double(boxA.3 - boxA.1 + 1)
        let grow = TestSupport.ink(b) - TestSupport.ink(a)
        #expect(grow > 1.5 * heightA, "ink \(TestSupport.ink(a)) → \(TestSupport.ink(b))")
        #expect(grow < 2 * (Double(widthA) + heightA) + 10)
    }

    @Test("synthetic oblique shears the ink: the top moves right by 0.2 × its height above the bottom")
    func oblique() throws {
        let plain = try Font(path: Self.dejaVu, size: 48)
        let slanted = plain.withSyntheticTraits(.oblique)
        for (font, shear) in [(plain, 0.0), (slanted, 0.2)] {
            let bitmap = try Self.render("I", font: font)
            let box = try #require(inkBox(bitmap))
            // The I is a vertical bar: the mean x of its top rows and bottom rows differ by the
            // shear times the vertical distance between them (x' = x + 0.2·y).
            let top = Self.meanX(bitmap, rows: box.1 + 1..<box.1 + 4)
            let bottom = Self.meanX(bitmap, rows: box.3 - 3..<box.3)
            let expected = shear * Double(box.3 - box.1 - 3)
            #expect(abs((top - bottom) - expected) < 0.75, "shear \(shear): top \(top), bottom \(bottom)")
        }
    }

    @Test("traits are part of the glyph cache key")
    func cacheKey() throws {
        let plain = try Font(path: Self.dejaVu, size: 30)
        let first = try Self.render("Hi", font: plain)
        _ = try Self.render("Hi", font: plain.withSyntheticTraits([.bold, .oblique]))
        let again = try Self.render("Hi", font: plain)
        #expect(first.pixels == again.pixels)
        #expect(try Self.render("Hi", font: plain.withSyntheticTraits(.bold)).pixels != first.pixels)
    }

    /// The coverage of row `y` between columns `xs`.
    static func rowInk(_ bitmap: Bitmap, _ y: Int, _ xs: ClosedRange<Int>) -> Double {
        xs.reduce(0) { $0 + TestSupport.coverage(bitmap.pixel(x: $1, y: y)!.green) }
    }

    @Test(
        "hinting snaps the cap height to a pixel row; no hinting leaves a partial top row",
        arguments: [Renderer.Hinting.light, .full])
    func hinting(_ mode: Renderer.Hinting) throws {
        // DejaVu Sans at 13 px: cap height 1493/2048 · 13 = 9.48 px, ascent 1901/2048 · 13 = 12.07 px.
        // The frame's top is at y = 35 (pixel row 5), so the baseline is near pixel row 5 + 12.07 ≈ 17 and
        // the unhinted "H" top edge at row ≈ 7.6: its top ink row is about 40 % covered compared with
        // the row below. Hinting (FreeType's auto-hinter for .light, the font's TrueType instructions
        // for .full; FreeType's v40 interpreter fits only the vertical axis) moves the top edge and
        // the baseline onto pixel boundaries, so the top row is as covered as the next one.
        let font = try Font(path: Self.dejaVu, size: 13)
        let none = try Self.render("H", font: font, hinting: .none, width: 40, height: 40)
        let hinted = try Self.render("H", font: font, hinting: mode, width: 40, height: 40)
        let a = try #require(inkBox(none)), b = try #require(inkBox(hinted))
        let ratioNone = Self.rowInk(none, a.1, a.0...a.2) / Self.rowInk(none, a.1 + 1, a.0...a.2)
        let ratioHinted = Self.rowInk(hinted, b.1, b.0...b.2) / Self.rowInk(hinted, b.1 + 1, b.0...b.2)
        #expect(ratioNone < 0.7, "unhinted top row ratio \(ratioNone)")
        #expect(ratioHinted > 0.85, "\(mode) top row ratio \(ratioHinted)")
        // Horizontally, the ink stays where the layout put it (within a pixel).
        #expect(abs(a.0 - b.0) <= 1 && abs(a.2 - b.2) <= 1)
    }

    @Test("the hinting mode is part of the glyph cache key")
    func hintingCacheKey() throws {
        let font = try Font(path: Self.dejaVu, size: 13)
        let before = try Self.render("Hamburg", font: font, hinting: .none)
        let light = try Self.render("Hamburg", font: font, hinting: .light)
        let full = try Self.render("Hamburg", font: font, hinting: .full)
        let after = try Self.render("Hamburg", font: font, hinting: .none)
        #expect(before.pixels == after.pixels)
        #expect(light.pixels != before.pixels)
        #expect(full.pixels != before.pixels)
        // Light (vertical-only, as fontconfig's "hintslight" that pango-cairo uses on Debian) is
        // the default: it reads best at 9–14 px and leaves advances and x positions alone.
        #expect(Renderer().hinting == .light)
    }
}
