// Tests of `galley render`: image size, ink where the layout says, inline images and bad input.
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("galley render")
struct RenderCommandTests {
    static let font = TestFonts.dejaVuSans

    @Test("PPM on stdout is (margins + frame) in size and its ink lies on the laid-out lines")
    func inkOnLines() throws {
        let common = [
            "--font", Self.font, "--size", "16", "--width", "150", "--margin", "10,20,30,40",
            "--text", "Sphinx of black quartz, judge my vow.",
        ]
        let layout = try CLITestSupport.run(["layout"] + common).json()
        let render = CLITestSupport.run(["render", "-o", "-"] + common)
        #expect(render.status == 0, "\(render.stderr)")
        let ppm = try CLITestSupport.parsePPM(render.stdout)
        let size = LayoutCommandTests.numbers(layout["size"])
        // Canvas = left + width + right by top + height + bottom, at scale 1.
        #expect(ppm.width == 40 + 150 + 20)
        #expect(ppm.height == 10 + Int(size[1]) + 30)
        let lines = try #require(layout["lines"] as? [[String: Any]])
        #expect(lines.count >= 2)
        // Each line's box in pixels: the frame sits at x = 40, y = 30 (y up); y flips about the height.
        var bands: [(x0: Double, x1: Double, y0: Double, y1: Double)] = []
        for line in lines {
            let o = LayoutCommandTests.numbers(line["origin"])
            let width = (line["width"] as? NSNumber)?.doubleValue ?? 0
            let ascent = (line["ascent"] as? NSNumber)?.doubleValue ?? 0
            let descent = (line["descent"] as? NSNumber)?.doubleValue ?? 0
            let baseline = Double(ppm.height) - (30 + o[1])
            bands.append((40 + o[0], 40 + o[0] + width, baseline - ascent, baseline + descent))
        }
        var inkPerLine = [Int](repeating: 0, count: bands.count)
        for y in 0..<ppm.height {
            for x in 0..<ppm.width where ppm.pixel(x, y) != (255, 255, 255) {
                // Latin glyphs of DejaVu stay inside the line's ascent/descent and advance box;
                // one pixel of slack for anti-aliasing.
                let index = bands.firstIndex {
                    Double(x) + 1 >= $0.x0 - 1 && Double(x) <= $0.x1 + 1
                        && Double(y) + 1 >= $0.y0 - 1 && Double(y) <= $0.y1 + 1
                }
                #expect(index != nil, "ink at (\(x), \(y)) outside every line")
                if let index { inkPerLine[index] += 1 }
            }
        }
        #expect(inkPerLine.allSatisfy { $0 > 30 }, "\(inkPerLine)")
    }

    @Test("PNG file output, --scale and colours")
    func pngWithScale() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("text.png").path
        let r = CLITestSupport.run([
            "render", "--font", Self.font, "--width", "60", "--height", "20", "--margin=5",
            "--scale=2", "--color", "#0000ff", "--background", "#ffff00", "--text", "Hi", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        let image = try ImageLoader.load(path: out)
        // (5 + 60 + 5) × 2 by (5 + 20 + 5) × 2.
        #expect(image.width == 140)
        #expect(image.height == 60)
        #expect(image.pixel(x: 0, y: 0) == Bitmap.Pixel(red: 255, green: 255, blue: 0))
        // Fully covered pixels of blue text are exactly blue.
        #expect(image.count(where: { $0 == Bitmap.Pixel(red: 0, green: 0, blue: 255) }) > 10)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["text.png"])
    }

    /// A directory holding a 2×2 opaque red PPM and a markup file that shows it.
    static func imageDocument() throws -> (dir: URL, markup: URL) {
        let dir = try TemporaryDirectory.make()
        try Data(
            Array("P6\n2 2\n255\n".utf8)
                + [UInt8](repeating: 0, count: 12).enumerated().map { $0.offset % 3 == 0 ? 255 : 0 }
        )
        .write(to: dir.appendingPathComponent("red.ppm"))
        let markup = dir.appendingPathComponent("doc.txt")
        try Data("A<img src=\"red.ppm\" width=\"24\" height=\"16\"/>B".utf8).write(to: markup)
        return (dir, markup)
    }

    @Test("<img> draws the PPM file, found relative to the markup file, into its rect")
    func inlineImage() throws {
        let (dir, markup) = try Self.imageDocument()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["--font", Self.font, "--size", "20", "--markup", markup.path]
        let layout = CLITestSupport.run(["layout"] + common)
        #expect(layout.status == 0, "\(layout.stderr)")
        let json = try layout.json()
        let line = try #require((json["lines"] as? [[String: Any]])?.first)
        let run = try #require((line["runs"] as? [[String: Any]])?.first { !($0["placeholder"] is NSNull) })
        let placeholder = try #require(run["placeholder"] as? [String: Any])
        let rect = LayoutCommandTests.numbers(placeholder["rect"])
        // <img width="24" height="16"/>: ascent = height, descent 0.
        #expect(rect.count == 4 && rect[2] == 24 && rect[3] == 16)
        let render = CLITestSupport.run(["render", "-o", "-"] + common)
        #expect(render.status == 0, "\(render.stderr)")
        let ppm = try CLITestSupport.parsePPM(render.stdout)
        // Frame origin at the default margins (10, 10); y flips about the image height.
        let x0 = 10 + rect[0], x1 = x0 + rect[2]
        let y0 = Double(ppm.height) - (10 + rect[1] + rect[3]), y1 = y0 + rect[3]
        var red = 0
        for y in 0..<ppm.height {
            for x in 0..<ppm.width
            where Double(x) >= x0 && Double(x) + 1 <= x1 && Double(y) >= y0 && Double(y) + 1 <= y1 {
                #expect(ppm.pixel(x, y) == (255, 0, 0), "(\(x), \(y))")
                red += 1
            }
        }
        #expect(red >= 23 * 15)
    }

    @Test("a missing <img> file is an error naming it")
    func missingImage() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let markup = dir.appendingPathComponent("doc.txt")
        try Data("x<img src='absent.png' width='5' height='5'/>".utf8).write(to: markup)
        for command in ["render", "layout"] {
            let r = CLITestSupport.run([command, "--markup", "-o", "-", markup.path])
            #expect(r.status == 2)
            #expect(r.stderr.contains("absent.png"))
            #expect(r.stderr.filter { $0 == "\n" }.count == 1)
        }
    }

    static let invalidUTF8: [[UInt8]] = [
        [0x41, 0xFF, 0x42],  // 0xFF never appears in UTF-8
        [0xC3],  // truncated two-byte sequence
        [0xED, 0xA0, 0x80],  // an encoded surrogate (U+D800) is ill-formed
        [0xC0, 0xAF],  // overlong encoding of '/'
    ]

    @Test("input that is not UTF-8 is rejected", arguments: invalidUTF8)
    func notUTF8(_ bytes: [UInt8]) throws {
        let stdinRun = CLITestSupport.run(["layout", "--font", Self.font], stdin: bytes)
        #expect(stdinRun.status == 2)
        #expect(stdinRun.stderr.contains("UTF-8"))
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.txt")
        try Data(bytes).write(to: file)
        let fileRun = CLITestSupport.run(["render", "-o", "-", "--font", Self.font, file.path])
        #expect(fileRun.status == 2)
        #expect(fileRun.stderr.contains(file.path))
    }

    static let badInputs: [(name: String, arguments: [String])] = [
        ("malformed markup", ["--markup", "--text", "<b>never closed"]),
        ("unknown element", ["--markup", "--text", "<blink>x</blink>"]),
        ("bad entity", ["--markup", "--text", "a &bogus; b"]),
        ("missing input file", ["/nonexistent/galley-input.txt"]),
        ("directory as input", ["/tmp"]),
        ("unreadable font file", ["--font", "/nonexistent/font.ttf", "--text", "x"]),
        (
            "not a font",
            ["--font", TestPackage.root.appendingPathComponent("Package.swift").path, "--text", "x"]
        ),
        ("unknown family", ["--strict-fonts", "--font", "No Such Family Anywhere", "--text", "x"]),
        ("canvas too large", ["--width", "20000", "--text", "x"]),
    ]

    @Test("bad inputs give status 2 and one line on stderr", arguments: badInputs)
    func badInput(_ name: String, _ arguments: [String]) {
        let r = CLITestSupport.run(["render", "-o", "-", "--font", Self.font] + arguments)
        #expect(r.status == 2, "\(name)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("galley: "))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
    }

    @Test("a failed write leaves no file and reports the path")
    func unwritableOutput() {
        let r = CLITestSupport.run(["render", "--font", Self.font, "--text", "x", "-o", "/nonexistent-dir/x.png"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("/nonexistent-dir/x.png"))
    }
}
