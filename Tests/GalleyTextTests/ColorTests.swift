// Tests of Color: clamping, hexadecimal forms and names. Hex expectations follow Pango's
// documented forms (#rgb … #rrrrggggbbbbaaaa, shorter groups widened by repeating digits);
// name values come from the CSS Color Module 4 named-colour table and, for the numbered X11
// variants, from X.Org's rgb.txt (/usr/share/X11/rgb.txt), which is what Pango 1.50 accepts.

import Foundation
import GalleyText
import Testing

@Suite("Color")
struct ColorTests {
    /// 8-bit components → Color.
    static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    @Test(arguments: [
        ("#f80", rgb(255, 0x88, 0)),  // each digit doubled: f→ff, 8→88
        ("#F80", rgb(255, 0x88, 0)),  // case-insensitive
        ("#ff8800", rgb(255, 0x88, 0)),
        ("ff8800", rgb(255, 0x88, 0)),  // init(hex:) allows leaving out '#'
        ("#f808", rgb(255, 0x88, 0, 0x88)),
        ("#ff880080", rgb(255, 0x88, 0, 0x80)),
        ("#fff000fff", rgb(255, 0, 255)),  // 12-bit groups: fff → ffff, 000 → 0000
        ("#ffff0000ffff", rgb(255, 0, 255)),
    ])
    func hex(_ spec: String, expected: Color) throws {
        let color = try #require(Color(hex: spec))
        #expect(abs(color.red - expected.red) < 1e-12)
        #expect(abs(color.green - expected.green) < 1e-12)
        #expect(abs(color.blue - expected.blue) < 1e-12)
        #expect(abs(color.alpha - expected.alpha) < 1e-12)
    }

    @Test func sixteenBitAlpha() throws {
        let color = try #require(Color(hex: "#ffff0000ffff8000"))
        #expect(color.alpha == Double(0x8000) / 65535)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#1234567", "#ggg", "#ff00zz", "red", "#ff 000", "#-12"])
    func invalidHex(_ spec: String) {
        #expect(Color(hex: spec) == nil)
    }

    @Test(arguments: [
        // The CSS basic colours (CSS Color 4, §6.1 named colours).
        ("black", 0x000000), ("silver", 0xc0c0c0), ("gray", 0x808080), ("white", 0xffffff),
        ("maroon", 0x800000), ("red", 0xff0000), ("purple", 0x800080), ("fuchsia", 0xff00ff),
        ("green", 0x008000), ("lime", 0x00ff00), ("olive", 0x808000), ("yellow", 0xffff00),
        ("navy", 0x000080), ("blue", 0x0000ff), ("teal", 0x008080), ("aqua", 0x00ffff),
        // Common extended ones.
        ("orange", 0xffa500), ("grey", 0x808080), ("rebeccapurple", 0x663399), ("aliceblue", 0xf0f8ff),
        // Case and spaces are ignored, as by pango_color_parse.
        ("Alice Blue", 0xf0f8ff), ("ALICEBLUE", 0xf0f8ff), ("Dark Orange", 0xff8c00),
        // Numbered X11 variants: rgb.txt has "127 127 127 gray50" and "79 148 205 SteelBlue3".
        ("gray50", 0x7f7f7f), ("grey50", 0x7f7f7f), ("SteelBlue3", 0x4f94cd),
        // rgb.txt spells the greys both ways: "47 79 79 DarkSlateGrey", "211 211 211 LightGrey",
        // "211 211 211 light grey", "105 105 105 DimGrey", "0 0 0 grey0", "255 255 255 grey100".
        ("DarkSlateGrey", 0x2f4f4f), ("lightgrey", 0xd3d3d3), ("light grey", 0xd3d3d3), ("DimGrey", 0x696969),
        ("grey0", 0x000000), ("grey100", 0xffffff),
        // Hex forms are accepted by name too.
        ("#0f0", 0x00ff00),
    ])
    func named(_ name: String, rgb: Int) throws {
        let color = try #require(Color(name: name))
        #expect(color == Self.rgb((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff))
    }

    // rgb.txt has SlateGray1…4 and DarkSlateGray1…4 but no "grey" spelling of them.
    @Test(arguments: [
        "", "notacolour", "light-blue", "redd", "transparent", "ff0000", "greyish", "grey101",
        "slategrey1", "SlateGrey4", "darkslategrey1", "Dark Slate Grey 4",
    ])
    func unknownNames(_ name: String) {
        #expect(Color(name: name) == nil)
    }

    /// Every name rgb.txt spells with "grey" has the value of its "gray" spelling: the numbered
    /// greys 0…100 and the named ones.
    @Test func greyIsGray() throws {
        let named = ["grey", "darkgrey", "dimgrey", "lightgrey", "slategrey", "darkslategrey", "lightslategrey"]
        for grey in named + (0...100).map({ "grey\($0)" }) {
            let gray = grey.replacingOccurrences(of: "grey", with: "gray")
            let expected = try #require(Color(name: gray), "\(gray)")
            #expect(Color(name: grey) == expected, "\(grey)")
            #expect(Color(name: grey.uppercased()) == expected, "\(grey.uppercased())")
        }
    }

    /// Each colour, its hex string, and the colour that string reads back as (the colour itself
    /// when its components are whole multiples of 1/255).
    @Test(arguments: [
        (Color(red: 1, green: 0.5, blue: 0), "#ff8000ff", rgb(255, 0x80, 0)),  // 0.5 × 255 = 127.5 rounds to 128
        (Color.clear, "#00000000", Color.clear),
        (Color.white, "#ffffffff", Color.white),
        (rgb(0x12, 0x34, 0x56, 0x78), "#12345678", rgb(0x12, 0x34, 0x56, 0x78)),
    ])
    func hexString(_ color: Color, expected: String, readBack: Color) {
        #expect(color.hexString == expected)
        #expect(color.description == expected)
        #expect(Color(hex: expected) == readBack)
    }

    @Test func clampsAndReplacesNaN() {
        let color = Color(red: 2, green: -1, blue: .nan, alpha: .infinity)
        #expect(color == Color(red: 1, green: 0, blue: 0, alpha: 1))
        var mutable = Color.black
        mutable.red = 7
        mutable.alpha = .nan
        #expect(mutable.red == 1)
        #expect(mutable.alpha == 0)
    }

    @Test func staticColoursFollowUIKit() {
        // UIColor.green is (0, 1, 0) and UIColor.gray is 0.5 white — unlike the CSS names.
        #expect(Color.green == Color(red: 0, green: 1, blue: 0))
        #expect(Color.gray == Color(red: 0.5, green: 0.5, blue: 0.5))
        #expect(Color.clear.alpha == 0)
        #expect(Color.red.hexString == "#ff0000ff")
        #expect(Color.blue.hexString == "#0000ffff")
        #expect(Color.black.hexString == "#000000ff")
    }
}
