// Tests of the glyph effects among the character attributes: stroke (outline only, and fill plus
// stroke), shadow (offset direction with CoreText's y-up convention, blur) and obliqueness.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Glyph effects")
struct GlyphEffectsTests {
    static let dejaVu = TestFonts.path("DejaVuSans.ttf")
    static let white = Bitmap.Pixel(red: 255, green: 255, blue: 255)

    static func render(
        _ string: String, _ attributes: Attributes, size: CGFloat = 100,
        width: Int = 200, height: Int = 160
    ) throws -> Bitmap {
        var all = attributes
        all.font = try Font(path: dejaVu, size: size)
        let frame = try Framesetter(AttributedText(string, attributes: all))
            .frame(in: CGRect(x: 20, y: 20, width: width - 40, height: height - 40))
        var bitmap = try Bitmap(width: width, height: height)
        Renderer().draw(frame, into: &bitmap)
        return bitmap
    }

    /// The first horizontal run of ink [a, b) on row `y` (any non-white pixel).
    static func firstInkRun(_ bitmap: Bitmap, y: Int) -> Range<Int>? {
        guard let a = (0..<bitmap.width).first(where: { bitmap.pixel(x: $0, y: y) != white }) else { return nil }
        let b = (a..<bitmap.width).first(where: { bitmap.pixel(x: $0, y: y) == white }) ?? bitmap.width
        return a..<b
    }

    @Test("a positive stroke width outlines the glyph: the counter and the middle of the stem stay empty")
    func strokeOnly() throws {
        let blue = Color(red: 0, green: 0, blue: 1), red = Color(red: 1, green: 0, blue: 0)
        let plain = try Self.render("O", [.foregroundColor(blue)])
        let stroked = try Self.render("O", [.foregroundColor(blue), .stroke(TextStroke(width: 3, color: red))])
        let box = try #require(inkBox(plain))
        let midRow = (box.1 + box.3) / 2
        // The plain "O"'s left stem on the middle row; at 100 pt its stem is ~9 px wide, and a
        // 3 %-of-100-pt stroke is 3 px wide (1.5 px each side of each contour), so the stem's
        // middle is more than 3 px from both contours.
        let stem = try #require(Self.firstInkRun(plain, y: midRow))
        #expect(stem.count >= 7)
        let stemMiddle = (stem.lowerBound + stem.upperBound) / 2
        #expect(plain.pixel(x: stemMiddle, y: midRow) == Bitmap.Pixel(red: 0, green: 0, blue: 255))
        #expect(stroked.pixel(x: stemMiddle, y: midRow) == Self.white)
        // The counter (the centre of the box) is empty in both.
        let centre = ((box.0 + box.2) / 2, midRow)
        #expect(stroked.pixel(x: centre.0, y: centre.1) == Self.white)
        // The outer contour is painted in the stroke colour: red, never blue.
        let edge = try #require(Self.firstInkRun(stroked, y: midRow))
        #expect(edge.lowerBound <= stem.lowerBound && edge.lowerBound >= stem.lowerBound - 3)
        #expect(stroked.count(where: { $0 == Bitmap.Pixel(red: 255, green: 0, blue: 0) }) > 100)
        #expect(stroked.count(where: { $0.blue > $0.red }) == 0)
    }

    @Test("a negative stroke width fills in the foreground colour and strokes in the stroke colour")
    func fillAndStroke() throws {
        let plain = try Self.render("O", [.foregroundColor(Color(red: 0, green: 0, blue: 1))])
        let both = try Self.render(
            "O",
            [
                .foregroundColor(Color(red: 0, green: 0, blue: 1)),
                .stroke(TextStroke(width: -3, color: Color(red: 1, green: 0, blue: 0))),
            ])
        let box = try #require(inkBox(plain))
        let midRow = (box.1 + box.3) / 2
        let stem = try #require(Self.firstInkRun(plain, y: midRow))
        let stemMiddle = (stem.lowerBound + stem.upperBound) / 2
        #expect(both.pixel(x: stemMiddle, y: midRow) == Bitmap.Pixel(red: 0, green: 0, blue: 255))
        #expect(both.pixel(x: stem.lowerBound, y: midRow)?.red ?? 0 > 200)
        // The stroke reaches 1.5 px outside the fill.
        let bothBox = try #require(inkBox(both))
        #expect(bothBox.0 < box.0 && bothBox.0 >= box.0 - 3)
    }

    @Test("a stroke colour of nil uses the foreground colour")
    func strokeDefaultColour() throws {
        let stroked = try Self.render(
            "O", [.foregroundColor(Color(red: 0, green: 0.5, blue: 0)), .stroke(TextStroke(width: 4))])
        #expect(stroked.count(where: { $0 != Self.white && !($0.red == $0.blue && $0.green >= $0.red) }) == 0)
        #expect(stroked.count(where: { $0 != Self.white }) > 100)
    }

    @Test("a shadow offset (2, −2) is y-up: the shadow lies below and to the right", arguments: [false, true])
    func shadowDirection(flipped: Bool) throws {
        let offset = flipped ? CGSize(width: -2, height: 2) : CGSize(width: 2, height: -2)
        let plain = try Self.render("H", [], size: 60)
        let shadowed = try Self.render(
            "H", [.shadow(TextShadow(offset: offset, blurRadius: 0, color: Color(red: 0, green: 1, blue: 0)))], size: 60
        )
        let a = try #require(inkBox(plain)), b = try #require(inkBox(shadowed))
        if flipped {
            // (−2, +2): up and to the left.
            #expect(b.0 == a.0 - 2 && b.1 == a.1 - 2 && b.2 == a.2 && b.3 == a.3)
        } else {
            #expect(b.0 == a.0 && b.1 == a.1 && b.2 == a.2 + 2 && b.3 == a.3 + 2)
            // Under the right stem (the baseline row is whole, so the stem bottom is fully covered): pure shadow.
            #expect(shadowed.pixel(x: a.2 - 2, y: a.3 + 2) == Bitmap.Pixel(red: 0, green: 255, blue: 0))
        }
        // The glyphs are drawn over the shadow: black pixels remain.
        #expect(shadowed.count(where: { $0 == Bitmap.Pixel(red: 0, green: 0, blue: 0) }) > 50)
    }

    @Test("a blurred shadow spreads beyond the offset ink and is lighter at its edge")
    func shadowBlur() throws {
        let green = Color(red: 0, green: 1, blue: 0)
        let sharp = try Self.render(
            "H", [.shadow(TextShadow(offset: CGSize(width: 0, height: -10), blurRadius: 0, color: green))], size: 60)
        let blurred = try Self.render(
            "H", [.shadow(TextShadow(offset: CGSize(width: 0, height: -10), blurRadius: 8, color: green))], size: 60)
        let a = try #require(inkBox(sharp)), b = try #require(inkBox(blurred))
        // σ = 4 px: the blur reaches several pixels further on every side of the shadow.
        #expect(b.3 >= a.3 + 4 && b.0 <= a.0 - 4 && b.2 >= a.2 + 4)
        // At the shadow's bottom edge the blurred one is partly covered (lighter) rather than solid.
        let p = try #require(blurred.pixel(x: (a.0 + a.2) / 2, y: a.3))
        #expect(p.red > 20 && p.green == 255)
    }

    @Test("obliqueness shears the glyph: positive leans right, negative left", arguments: [0.3, -0.3])
    func obliqueness(_ factor: Double) throws {
        func centres(_ bitmap: Bitmap) throws -> (top: Double, bottom: Double) {
            let box = try #require(inkBox(bitmap))
            func centre(_ y: Int) throws -> Double {
                let run = try #require(Self.firstInkRun(bitmap, y: y))
                return Double(run.lowerBound + run.upperBound) / 2
            }
            return (try centre(box.1 + 3), try centre(box.3 - 3))
        }
        let upright = try centres(try Self.render("l", [], size: 80))
        let sheared = try centres(try Self.render("l", [.obliqueness(CGFloat(factor))], size: 80))
        let box = try #require(inkBox(try Self.render("l", [], size: 80)))
        // x += factor · y about the baseline: the top (higher y) moves by factor × height more than the bottom.
        let expectedLean = factor * Double(box.3 - box.1 - 6)
        let lean = (sheared.top - sheared.bottom) - (upright.top - upright.bottom)
        #expect(abs(lean - expectedLean) <= 2, "lean \(lean) vs \(expectedLean)")
    }
}
