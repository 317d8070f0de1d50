// How dark Galley's text is next to pango-cairo's: total ink of one line of DejaVu Sans
// drawn by the renderer against the same line drawn by pango-view (cairo), at several sizes and
// colours. pango-view runs as a subprocess; its PNG is decoded with Galley's own decoder.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Ink weight against pango-cairo")
struct InkWeightTests {
    static let sample = "The quick brown fox jumps over the lazy dog 0123456789"
    static let sizes = [10, 13, 16, 24]

    /// A text colour on a background, as hex for pango-view and as colours for Galley.
    struct Scheme: Sendable, CustomStringConvertible {
        let name: String
        let foreground: String
        let background: String
        var description: String { name }
    }

    static let schemes = [
        Scheme(name: "black on white", foreground: "#000000", background: "#ffffff"),
        Scheme(name: "white on black", foreground: "#ffffff", background: "#000000"),
        Scheme(name: "red on white", foreground: "#ff0000", background: "#ffffff"),
        Scheme(name: "yellow on dark blue", foreground: "#ffff00", background: "#000080"),
    ]

    static func color(_ hex: String) -> Color {
        let v = Int(hex.dropFirst(), radix: 16)!
        return Color(
            red: Double((v >> 16) & 255) / 255, green: Double((v >> 8) & 255) / 255, blue: Double(v & 255) / 255)
    }

    /// Luma of sRGB-encoded bytes (ITU-R BT.709 weights on the encoded values, 0...1), the measure
    /// of these tests: what a reader's eye sees as ink is the difference in encoded luminance.
    static func luma(_ p: Bitmap.Pixel) -> Double {
        (0.2126 * Double(p.red) + 0.7152 * Double(p.green) + 0.0722 * Double(p.blue)) / 255
    }

    /// Σ |luma(pixel) − luma(background)| over the whole image.
    static func ink(_ bitmap: Bitmap, background: Color) -> Double {
        let b = luma(Bitmap.Pixel(background))
        var total = 0.0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width { total += abs(luma(bitmap.pixel(x: x, y: y)!) - b) }
        }
        return total
    }

    /// Galley's image of the sample: DejaVu Sans (the bundled file, the same bytes as the system
    /// font pango-view finds through fontconfig) at `pixels` px, whole-pixel glyph positions as
    /// cairo 1.16 places them.
    static func galley(pixels: Int, scheme: Scheme, renderer: Renderer) throws -> Bitmap {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: CGFloat(pixels))
        var attributes: Attributes = [.font(font)]
        attributes.foregroundColor = color(scheme.foreground)
        let frame = try Framesetter(AttributedText(sample, attributes: attributes))
            .frame(in: CGRect(x: 10, y: 10, width: 2000, height: CGFloat(pixels) * 2))
        var bitmap = try Bitmap(width: 2020, height: pixels * 2 + 20, background: color(scheme.background))
        renderer.draw(frame, into: &bitmap)
        return bitmap
    }

    /// Whether fontconfig's "DejaVu Sans" (what pango-view draws with) is the very file Galley
    /// bundles, so that both draw the same outlines.
    static func sameFontAsPango() -> Bool {
        let system = FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let bundled = FileManager.default.contents(atPath: TestFonts.path("DejaVuSans.ttf"))
        return system != nil && system == bundled
    }

    /// Galley's ink over pango-cairo's for every size and scheme (nil, with an issue recorded, when
    /// pango-view is missing or fails, or draws another DejaVu Sans):
    /// Galley unhinted with `blending` against `pango-view --hinting=none`, or, with `defaults`,
    /// Galley's default renderer (light hinting) against pango-view's `--hinting=slight`.
    static func ratios(_ blending: Renderer.TextBlending, defaults: Bool = false) throws -> [[Double]]? {
        let renderer =
            defaults
            // The default renderer as it is, 1/4-pixel x positions included (pango-cairo 1.16
            // places glyphs on whole pixels, so the ink differs a little there).
            ? Renderer()
            : Renderer(hinting: .none, subpixelPositioning: false, textBlending: blending)
        guard sameFontAsPango() else {
            Issue.record("pango-view must draw the bundled DejaVu Sans: install Debian's fonts-dejavu-core")
            return nil
        }
        var table: [[Double]] = []
        for size in sizes {
            var row: [Double] = []
            for scheme in schemes {
                guard
                    let png = try PangoView.png(
                        sample, pixels: size, foreground: scheme.foreground, background: scheme.background,
                        hinting: defaults ? "slight" : "none")
                else {
                    Issue.record(
                        "pango-view (Debian's pango1.0-tools) is needed and failed: make test-deps installs it")
                    return nil
                }
                let pango = try ImageLoader.decode(png, source: "pango-view's PNG")
                let ours = try galley(pixels: size, scheme: scheme, renderer: renderer)
                let bg = color(scheme.background)
                row.append(ink(ours, background: bg) / ink(pango, background: bg))
            }
            table.append(row)
        }
        return table
    }

    static func printTable(_ table: [[Double]], title: String) {
        var lines = [
            "ink Galley / pango-cairo, \(title)", "| size | " + schemes.map(\.name).joined(separator: " | ") + " |",
        ]
        for (size, row) in zip(sizes, table) {
            lines.append("| \(size) px | " + row.map { String(format: "%.3f×", $0) }.joined(separator: " | ") + " |")
        }
        print(lines.joined(separator: "\n"))
    }

    @Test("the default blending puts every cell within 0.90–1.10 of pango-cairo's ink")
    func platformBlendingMatchesPangoCairo() throws {
        guard let table = try InkWeightTests.ratios(.platform) else { return }
        InkWeightTests.printTable(
            table, title: "text blending platform (the default), unhinted, vs pango-view --hinting=none")
        for (size, row) in zip(InkWeightTests.sizes, table) {
            for (scheme, ratio) in zip(InkWeightTests.schemes, row) {
                #expect((0.90...1.10).contains(ratio), "\(size) px \(scheme.name): \(ratio)")
            }
        }
    }

    @Test("the default renderer (light hinting) has pango-cairo's ink with its slight hinting")
    func defaultRendererMatchesPangoCairoSlight() throws {
        guard let table = try InkWeightTests.ratios(.platform, defaults: true) else { return }
        InkWeightTests.printTable(table, title: "Renderer() defaults (platform, light) vs pango-view --hinting=slight")
        for (size, row) in zip(InkWeightTests.sizes, table) {
            for (scheme, ratio) in zip(InkWeightTests.schemes, row) {
                #expect((0.90...1.10).contains(ratio), "\(size) px \(scheme.name): \(ratio)")
            }
        }
    }

    @Test("linear blending stays lighter dark-on-light and heavier light-on-dark, as the issue measured")
    func linearBlendingIsThinOnLightAndHeavyOnDark() throws {
        guard let table = try InkWeightTests.ratios(.linear) else { return }
        InkWeightTests.printTable(
            table, title: "text blending linear (the older default), unhinted, vs pango-view --hinting=none")
        for (size, row) in zip(InkWeightTests.sizes, table) {
            #expect(row[0] < 0.9, "\(size) px black on white: \(row[0])")
            #expect(row[1] > 1.1, "\(size) px white on black: \(row[1])")
        }
    }
}
