// `galley render --rotate`, `--annotate` and `--waterfall`. The rotated canvas follows pango-view's
// rule (checked on pango-view itself first): the content's bounding box after the turn, each side
// rounded up to whole pixels, plus the margins; a rotated PDF keeps its text (pdftotext). The
// annotations lie on the layout's own rects and lines: each is found again in the pixels by its
// colour, its centre line within a quarter pixel of the rect's edge. The waterfall is pango-view's
// series of sizes, 8 to 48 points in steps of 4, smallest on top.
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("galley render: --rotate, --annotate, --waterfall")
struct CanvasCommandTests {
    static let text = "Hello rotated world"

    /// The canvas of `size` (margins `margin` on every side) turned by `degrees`, as the rule says.
    static func turned(_ size: (width: Int, height: Int), degrees: Double, margin: Int) -> (width: Int, height: Int) {
        let w = Double(size.width - 2 * margin), h = Double(size.height - 2 * margin)
        let a = degrees * .pi / 180
        let c = abs(cos(a)), s = abs(sin(a))
        return (Int((w * c + h * s).rounded(.up)) + 2 * margin, Int((w * s + h * c).rounded(.up)) + 2 * margin)
    }

    static func pngSize(_ path: String) throws -> (width: Int, height: Int) {
        let image = try ImageLoader.load(path: path)
        return (image.width, image.height)
    }

    @Test(
        "the rotated canvas is pango-view's: the turned content's box plus the margins",
        arguments: [30.0, 45, 90, -20, 150])
    func canvasRule(degrees: Double) throws {
        let pango = ["--dpi=72", "--font=DejaVu Sans 20", "--margin=10", "--text=\(Self.text)"]
        if let flat = try PangoView.pngSize(pango), let turned = try PangoView.pngSize(pango + ["--rotate=\(degrees)"])
        {
            // pango-view snaps the turned box's corners outward to pixel edges
            // (pango_matrix_transform_pixel_rectangle), which can add a pixel to a side.
            let rule = Self.turned(flat, degrees: degrees, margin: 10)
            #expect((0...1).contains(turned.width - rule.width) && (0...1).contains(turned.height - rule.height))
        }
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let flat = dir.appendingPathComponent("flat.png").path, turned = dir.appendingPathComponent("turned.png").path
        let common = ["--font", TestFonts.dejaVuSans, "--size", "20", "--width", "260", "--text", Self.text]
        #expect(CLITestSupport.run(["render", "-o", flat] + common).status == 0)
        let run = CLITestSupport.run(["render", "-o", turned, "--rotate", "\(degrees)"] + common)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.pngSize(turned) == Self.turned(try Self.pngSize(flat), degrees: degrees, margin: 10))
    }

    @Test("--rotate writes every format; the PDF's page is the PNG's canvas and pdftotext reads the line")
    func everyFormat() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = [
            "--font", TestFonts.dejaVuSans, "--size", "20", "--width", "260", "--rotate", "30", "--text", Self.text,
        ]
        for name in ["t.png", "t.jpg", "t.webp", "t.ppm", "t.svg", "t.pdf", "t.ps"] {
            let path = dir.appendingPathComponent(name).path
            let run = CLITestSupport.run(["render", "-o", path] + common)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect((try? Data(contentsOf: URL(fileURLWithPath: path)).count) ?? 0 > 100, "\(name)")
        }
        let png = try Self.pngSize(dir.appendingPathComponent("t.png").path)
        guard Poppler.isInstalled else { return }
        let pdf = dir.appendingPathComponent("t.pdf").path
        let info = try #require(Poppler.run("pdfinfo", [pdf]))
        #expect(info.contains(" \(png.width) x \(png.height) pts"), "\(info)")
        let text = try #require(Poppler.run("pdftotext", ["-raw", pdf, "-"]))
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == Self.text)
        let svg = try String(contentsOfFile: dir.appendingPathComponent("t.svg").path, encoding: .utf8)
        #expect(svg.contains("width=\"\(png.width)pt\"") || svg.contains("width=\"\(png.width)\""))
    }

    @Test("--waterfall: the text at 8, 12, … 48 points, smallest on top, as pango-view's waterfall")
    func waterfall() throws {
        #expect(CanvasOutput.waterfallSizes == [8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48])
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("w.pdf").path
        let run = CLITestSupport.run([
            "render", "--waterfall", "-o", pdf, "--font", TestFonts.dejaVuSans, "--text", "Wf",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        guard Poppler.isInstalled else { return }
        // pdftotext -bbox: each word's box; the heights grow with the size, top to bottom.
        let html = try #require(Poppler.run("pdftotext", ["-bbox", pdf, "-"]))
        let boxes = html.split(separator: "\n").filter { $0.contains("<word") }.compactMap {
            line -> (Double, Double)? in
            func value(_ key: String) -> Double? {
                guard let r = line.range(of: key + "=\"") else { return nil }
                return Double(line[r.upperBound...].prefix { $0 != "\"" })
            }
            guard let yMin = value("yMin"), let yMax = value("yMax") else { return nil }
            return (yMin, yMax - yMin)
        }
        #expect(boxes.count == 11, "\(html)")
        #expect(boxes.map(\.0) == boxes.map(\.0).sorted(), "top to bottom")
        let heights = boxes.map(\.1)
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 < $1 }, "\(heights)")
        // A word's box is the font's height at its size: the ratio of the last to the first is 48 / 8.
        if let first = heights.first, let last = heights.last { #expect(abs(last / first - 6) < 0.1) }
    }

    @Test("--annotate writes the six colours and a legend below the text")
    func annotateCommand() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = dir.appendingPathComponent("p.png").path, annotated = dir.appendingPathComponent("a.png").path
        let common = [
            "--font", TestFonts.dejaVuSans, "--markup", "--text",
            "Base <ruby>漢字<rt>かんじ</rt></ruby> and <placeholder width=\"20\" ascent=\"12\" descent=\"3\"/> <b>bold</b>",
        ]
        #expect(CLITestSupport.run(["render", "-o", plain] + common).status == 0)
        let run = CLITestSupport.run(["render", "--annotate", "-o", annotated] + common)
        #expect(run.status == 0, "\(run.stderr)")
        let a = try ImageLoader.load(path: annotated), p = try ImageLoader.load(path: plain)
        #expect(a.width == p.width && a.height == p.height + Int(Annotation.legendHeight))
        for kind in Annotation.allCases {
            #expect(AnnotationPixels.count(a, kind) > 20, "\(kind.label)")
        }
    }
}
