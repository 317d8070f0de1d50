// Tests of `galley shape`, `galley fonts`, Pango font descriptions, --hinting, --format and SVG output.
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("shape, fonts, font descriptions and formats")
struct NewCommandTests {
    /// A description case: text, expected families, weight, italic and size.
    struct DescriptionCase: Sendable, CustomTestStringConvertible {
        let text: String
        let families: [String]
        let weight: Int
        let italic: Bool
        let size: Double?
        var testDescription: String { text }
    }

    // Expected values follow pango_font_description_from_string's grammar
    // "[FAMILY-LIST] [STYLE-OPTIONS] [SIZE]" and its weight table (Light 300, Bold 700, Heavy 900).
    static let descriptions: [DescriptionCase] = [
        .init(text: "DejaVu Sans Bold 16", families: ["DejaVu Sans"], weight: 700, italic: false, size: 16),
        .init(text: "Sans Italic 12", families: ["Sans"], weight: 400, italic: true, size: 12),
        .init(text: "Serif", families: ["Serif"], weight: 400, italic: false, size: nil),
        .init(
            text: "DejaVu Serif,Noto Sans Arabic 10", families: ["DejaVu Serif", "Noto Sans Arabic"], weight: 400,
            italic: false, size: 10),
        .init(
            text: "Sans, Monospace Light Oblique 9.5", families: ["Sans", "Monospace"], weight: 300, italic: true,
            size: 9.5),
        .init(
            text: "DejaVu Sans Semi-Bold Condensed 20px", families: ["DejaVu Sans"], weight: 600, italic: false,
            size: 20),
        .init(text: "Sans Heavy", families: ["Sans"], weight: 900, italic: false, size: nil),
        .init(text: "14", families: [], weight: 400, italic: false, size: 14),
        .init(text: "Bold", families: [], weight: 700, italic: false, size: nil),
        // Where the tool's former reader differed from markup's and Pango's: Ultra-Heavy is 1000,
        // exponents are sizes, any ASCII space separates words, a non-number last word is a family.
        .init(text: "Sans Ultraheavy 12", families: ["Sans"], weight: 1000, italic: false, size: 12),
        .init(text: "Sans Extra-Heavy", families: ["Sans"], weight: 1000, italic: false, size: nil),
        .init(text: "DejaVu Sans Condensed 9", families: ["DejaVu Sans"], weight: 400, italic: false, size: 9),
        .init(text: "Sans 1e1", families: ["Sans"], weight: 400, italic: false, size: 10),
        .init(text: "Sans\tBold\t12", families: ["Sans"], weight: 700, italic: false, size: 12),
        .init(text: "Sans 12abc", families: ["Sans 12abc"], weight: 400, italic: false, size: nil),
    ]

    @Test("Pango font descriptions", arguments: descriptions)
    func descriptionParsing(_ c: DescriptionCase) throws {
        let d = try FontDescription.parse(c.text)
        #expect(d.families == c.families)
        #expect(d.weight.rawValue == c.weight)
        #expect(d.italic == c.italic)
        #expect(d.size.map(Double.init) == c.size)
    }

    @Test(
        "bad font descriptions give the tool's messages",
        arguments: [
            ("Sans 0", "bad font description 'Sans 0': size '0' must be a positive number of points"),
            ("Sans -3px", "bad font description 'Sans -3px': size '-3px' must be a positive number of points"),
            ("Sans,,Serif 12", "bad font description 'Sans,,Serif 12': empty family name in the list 'Sans,,Serif'"),
            ("  ", "--font needs a font description or a font file"),
        ])
    func badDescriptions(_ text: String, message: String) {
        #expect(throws: CLIError(message)) { try FontDescription.parse(text) }
    }

    @Test("an <img> inside a markup comment is no image: a placeholder with that value is not loaded")
    func imageInComment() throws {
        let commented =
            #"<!-- <img src="missing.ppm" width="4" height="4"/> -->a<placeholder width="5" value="missing.ppm"/>"#
        let r = CLITestSupport.run([
            "render", "--markup", "--font", TestFonts.dejaVuSans, "--text", commented, "-o", "-",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        // The same element outside the comment is an image, and its file is missing.
        let real = #"<img src="missing.ppm" width="4" height="4"/>"#
        let failed = CLITestSupport.run([
            "render", "--markup", "--font", TestFonts.dejaVuSans, "--text", real, "-o", "-",
        ])
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("cannot load image 'missing.ppm'"))
    }

    @Test("--font with a size sets --size; a later --size wins; a path stays a path")
    func fontSizes() throws {
        guard case .render(let o) = try CommandLineParser.parse(["render", "--font", "Sans Bold 16", "-o", "a.png"])
        else {
            Issue.record("not render"); return
        }
        #expect(o.size == 16)
        guard
            case .render(let o2) = try CommandLineParser.parse([
                "render", "--font", "Sans 16", "--size", "9", "-o", "a.png",
            ])
        else {
            Issue.record("not render"); return
        }
        #expect(o2.size == 9)
        guard
            case .render(let o3) = try CommandLineParser.parse([
                "render", "--font", "fonts/My Font Bold 12.ttf", "-o", "a.png",
            ])
        else {
            Issue.record("not render"); return
        }
        #expect(o3.font == .path("fonts/My Font Bold 12.ttf"))
    }

    @Test("a bold description picks the bold face; bold on a family without one is synthesized")
    func boldFaces() throws {
        // Fonts/ holds DejaVuSans-Bold.ttf (usWeightClass 700), but DejaVu Serif only in Book weight.
        let sansBold = try FontDescription.parse("DejaVu Sans Bold 12").font(size: 12)
        #expect(sansBold.postScriptName == "DejaVuSans-Bold")
        #expect(sansBold.syntheticTraits.isEmpty)
        // Fonts/ has DejaVuSansMono.ttf only (not italic): italic is synthesized as oblique.
        let monoItalic = try FontDescription.parse("Monospace Italic 12").font(size: 12)
        #expect(monoItalic.familyName == "DejaVu Sans Mono")
        #expect(monoItalic.isItalic || monoItalic.syntheticTraits.contains(Font.SyntheticTraits.oblique))
        // The bundled serif is Book weight only; Bold is synthesized.
        let serifBold = try FontDescription.parse("DejaVu Serif Bold 12").font(size: 12)
        #expect(serifBold.familyName == "DejaVu Serif")
        #expect(serifBold.weight >= .semibold || serifBold.syntheticTraits.contains(Font.SyntheticTraits.bold))
    }

    @Test(
        "shape prints hb-shape's glyph=cluster+advance with advances in points", arguments: ["AV", "office", "Wa.ffi"])
    func shape(_ sample: String) throws {
        let r = CLITestSupport.run(["shape", "--font", TestFonts.dejaVuSans, "--size", "20.48", "--text", sample])
        #expect(r.status == 0, "\(r.stderr)")
        // The reference is hb-shape on the same font file: ids, clusters (ASCII, so UTF-8 bytes are
        // UTF-16 offsets) and advances in font units; DejaVu has 2048 units/em, so at 20.48 pt one
        // unit is 0.01 pt.
        let hb = try HBShape.shape(sample, fontPath: TestFonts.dejaVuSans)
        let text = r.stdoutText
        #expect(text.hasPrefix("[") && text.hasSuffix("]\n"))
        let items = text.dropFirst().dropLast(2).split(separator: "|").map(String.init)
        try #require(items.count == hb.count, "galley \(text) vs hb-shape \(hb)")
        for (item, ref) in zip(items, hb) {
            let parts = item.split(separator: "+")
            let idCluster = parts[0].split(separator: "=")
            #expect(Int(idCluster[0]) == Int(ref.g) && Int(idCluster[1]) == ref.cl, "\(item) vs \(ref)")
            let advance = try #require(Double(parts[1]))
            #expect(abs(advance - Double(ref.ax) / 100) < 0.011, "\(item) vs \(ref)")
        }
    }

    @Test("shape --json gives one array per line with g, cl, dx, dy, ax, ay, font")
    func shapeJSON() throws {
        let r = CLITestSupport.run(["shape", "--json", "--font", TestFonts.dejaVuSans, "--text", "ab\ncd e"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdoutText.split(separator: "\n")
        #expect(lines.count == 2)
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [[String: Any]])
        // "cd e" starts at UTF-16 offset 3 (after "ab\n"): clusters 3, 4, 5, 6.
        #expect(second.map { $0["cl"] as? Int } == [3, 4, 5, 6])
        #expect(second.allSatisfy { $0["font"] as? String == "DejaVuSans" })
    }

    @Test("fonts lists bundled families with their files")
    func fonts() throws {
        let r = CLITestSupport.run(["fonts"])
        #expect(r.status == 0)
        let lines = r.stdoutText.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        let sans = try #require(lines.first { $0.first == "DejaVu Sans" })
        #expect(sans.count == 3)
        #expect(sans[1].hasSuffix("/Galley_GalleyFontFiles.resources/DejaVuSans.ttf"))
        #expect(sans[2] == "bundled")
        let json = CLITestSupport.run(["fonts", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [[String: Any]])
        #expect(array.count == lines.count)
    }

    @Test("render picks the format from --format or the extension, including SVG")
    func formats() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("a.svg").path
        var r = CLITestSupport.run([
            "render", "--font", TestFonts.dejaVuSans, "--text", "Hi there", "--width", "100", "-o", svg,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: svg)))
        #expect(parser.parse())
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        // "Hi there": 7 visible glyphs, one path each.
        #expect(text.components(separatedBy: "<path ").count - 1 == 7)
        // Canvas: 10 + 100 + 10 points wide.
        #expect(text.contains("viewBox=\"0 0 120 "))
        r = CLITestSupport.run([
            "render", "--font", TestFonts.dejaVuSans, "--text", "Hi", "--format", "svg", "-o", "-",
        ])
        #expect(r.status == 0)
        #expect(r.stdoutText.hasPrefix("<?xml"))
        r = CLITestSupport.run([
            "render", "--font", TestFonts.dejaVuSans, "--text", "Hi", "--format", "png", "-o", "-",
        ])
        #expect(Array(r.stdout.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let odd = dir.appendingPathComponent("image.out").path
        r = CLITestSupport.run(["render", "--text", "Hi", "--format", "ppm", "-o", odd])
        #expect(r.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: odd)).prefix(2) == Data("P6".utf8))
    }

    @Test("--hinting and --subpixel-positions change the pixels; --foreground is --color")
    func hintingAndForeground() throws {
        func ppm(_ extra: [String]) throws -> [UInt8] {
            let r = CLITestSupport.run(
                ["render", "--font", TestFonts.dejaVuSans, "--size", "11", "--text", "Hamburg", "-o", "-"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        #expect(try ppm(["--hinting", "full"]) != ppm([]))
        #expect(try ppm(["--hinting", "light"]) == ppm([]))
        #expect(try ppm(["--hinting", "none"]) != ppm([]))
        #expect(try ppm(["--foreground", "red"]) == ppm(["--color", "red"]))
        // "Hamburg" at 11 pt has fractional advances (DejaVu's hmtx × 11/2048), so some glyphs sit at
        // non-zero 1/4-pixel phases that --subpixel-positions off rounds away.
        #expect(try ppm(["--subpixel-positions", "off"]) != ppm([]))
        #expect(try ppm(["--subpixel-positions", "on"]) == ppm([]))
    }

    @Test("SVG placeholders reference PNG files by path and embed other images as PNG data URIs")
    func svgImages() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 2×1 P3 image (red, blue) and the same pixels as a PNG written by the renderer's encoder.
        try Data("P3 2 1 255 255 0 0 0 0 255".utf8).write(to: dir.appendingPathComponent("a.ppm"))
        let png = try Bitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255]).pngBytes()
        try Data(png).write(to: dir.appendingPathComponent("b.png"))
        let out = dir.appendingPathComponent("out.svg").path
        let markup = #"A <img src="a.ppm" width="20" height="10"/> B <img src="b.png" width="8" height="8"/>"#
        try Data(markup.utf8).write(to: dir.appendingPathComponent("in.txt"))
        let r = CLITestSupport.run([
            "render", "--markup", "--font", TestFonts.dejaVuSans, "-o", out,
            dir.appendingPathComponent("in.txt").path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("xlink:href=\"\(dir.appendingPathComponent("b.png").path)\""))
        let dataURI = try #require(text.range(of: "xlink:href=\"data:image/png;base64,"))
        let rest = text[dataURI.upperBound...]
        let base64 = String(rest[..<rest.firstIndex(of: "\"")!])
        let decoded = try ImageLoader.decode([UInt8](try #require(Data(base64Encoded: base64))))
        #expect(decoded.width == 2 && decoded.height == 1)
        #expect(decoded.pixel(x: 0, y: 0) == Bitmap.Pixel(red: 255, green: 0, blue: 0))
    }

    @Test("--background transparent gives a PNG with alpha 0 where there is no ink")
    func transparentBackground() throws {
        let r = CLITestSupport.run([
            "render", "--font", TestFonts.dejaVuSans, "--size", "40", "--text", "Hi", "--background",
            "transparent",
            "--format", "png", "-o", "-",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try ImageLoader.decode(r.stdout)
        // The top-left corner lies in the 10-pt margin: no ink, so fully transparent; the 40-pt
        // stems (about 4 px wide) have wholly covered, opaque pixels.
        #expect(image.pixel(x: 0, y: 0)?.alpha == 0)
        #expect(image.count(where: { $0.alpha == 255 }) > 0)
    }

    @Test("every command's help has examples", arguments: ["render", "layout", "shape", "fonts"])
    func commandHelp(_ command: String) {
        for arguments in [[command, "--help"], ["help", command]] {
            let r = CLITestSupport.run(arguments)
            #expect(r.status == 0)
            #expect(r.stdoutText.hasPrefix("usage: galley \(command)"))
            #expect(r.stdoutText.contains("examples:\n  galley \(command)"))
        }
    }
}
