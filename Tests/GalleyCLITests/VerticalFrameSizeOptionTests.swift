// Tests of the frame size of `--writing-mode vertical-rl|vertical-lr`: the mirror of horizontal
// lines. `--height` is the column length, 400 by default as `--width` is for horizontal lines;
// without `--width` the frame is as wide as the columns need (the suggested size), with it the
// width is fixed; a shaped `--path` box without `--width` is square; `--exclude` works. Numbers: DroidSansFallback's ideographs advance one em down the column
// (hb-shape --direction=ttb: y advance −256 of 256 units per em, 20 pt at size 20) and a column
// of upright ideographs is one em wide (its em halves either side of the centre line), with no
// leading between columns (hhea.lineGap 0).
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("Vertical frame size options")
struct VerticalFrameSizeOptionTests {
    static let droidPath = TestFonts.dejaVuSans.replacingOccurrences(
        of: "DejaVuSans.ttf", with: "DroidSansFallbackFull.ttf")
    /// 45 ideographs: 20 to a default column 400 pt long, so 3 columns (20, 20, 5), 60 pt wide.
    static let text = String(repeating: "縦", count: 45)
    static let em: Double = 20

    static func layout(_ extra: [String]) throws -> [String: Any] {
        let run = CLITestSupport.run(
            ["layout", "--font", droidPath, "--size", "20"] + extra + ["--text", text])
        #expect(run.status == 0, "\(run.stderr)")
        return try run.json()
    }

    /// Without --height and --width: columns 400 pt long, the frame 3 columns wide; right to
    /// left the first centre line is half an em in from the right edge, left to right from the
    /// left edge.
    @Test(arguments: ["vertical-rl", "vertical-lr"])
    func defaultSize(mode: String) throws {
        let json = try Self.layout(["--writing-mode", mode])
        #expect(TypographyOptionTests.nums(json["size"]) == [3 * Self.em, 400])
        #expect(TypographyOptionTests.nums(json["visibleStringRange"]) == [0, 45])
        let lines = try TypographyOptionTests.lines(json)
        #expect(lines.map { TypographyOptionTests.nums($0["stringRange"]) } == [[0, 20], [20, 20], [40, 5]])
        let firstX = mode == "vertical-rl" ? 3 * Self.em - Self.em / 2 : Self.em / 2
        #expect(TypographyOptionTests.nums(lines[0]["origin"]) == [firstX, 400])
    }

    /// --height sets the column length (300 pt: 15 per column, 3 columns); an explicit --width
    /// fixes the frame's width (100 pt: room for 5 columns, 3 used).
    @Test func heightAndExplicitWidth() throws {
        let short = try Self.layout(["--writing-mode", "vertical-rl", "--height", "300"])
        #expect(TypographyOptionTests.nums(short["size"]) == [3 * Self.em, 300])
        #expect(try TypographyOptionTests.lines(short).count == 3)
        let wide = try Self.layout(["--writing-mode", "vertical-rl", "--width", "100"])
        #expect(TypographyOptionTests.nums(wide["size"]) == [100, 400])
        let narrow = try Self.layout(["--writing-mode", "vertical-rl", "--width", "50"])
        #expect(TypographyOptionTests.nums(narrow["size"]) == [50, 400])
        #expect(TypographyOptionTests.nums(narrow["visibleStringRange"]) == [0, 40])
    }

    /// With --max-lines and no --width the frame is as wide as the columns it keeps (2 columns,
    /// 40 pt), as a horizontal frame is as tall as the lines it keeps. With the default "…"
    /// token (set rotated in DejaVu Sans) the last column is as wide as DejaVu Sans's hhea
    /// ascender + descender (2384 of 2048 units: 23.28 pt), so the frame is 20 + 23.28 pt,
    /// rounded up to 44.
    @Test(arguments: [("none", 40.0), ("end", 44.0)])
    func maxLinesShrinksTheWidth(ellipsize: String, width: Double) throws {
        let json = try Self.layout(["--writing-mode", "vertical-lr", "--max-lines", "2", "--ellipsize", ellipsize])
        #expect(TypographyOptionTests.nums(json["size"]) == [width, 400])
        #expect(try TypographyOptionTests.lines(json).count == 2)
    }

    /// A lopsided column (its first ideographs raised 5 pt, `rise`: 5 pt further right of the
    /// centre line) kept alone by --max-lines: the frame is as wide as that column, its ascent
    /// (right of the centre line) plus its descent (left), rounded up, in both progressions —
    /// the far side being the descent right to left and the ascent left to right.
    @Test(arguments: ["vertical-rl", "vertical-lr"])
    func lopsidedColumnSetsTheWidth(mode: String) throws {
        let text = "<span rise=\"5120\">縦縦縦縦縦</span>" + String(repeating: "縦", count: 40)
        let run = CLITestSupport.run([
            "layout", "--font", Self.droidPath, "--size", "20", "--writing-mode", mode, "--max-lines", "1",
            "--ellipsize", "none", "--markup", "--text", text,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try run.json()
        let lines = try TypographyOptionTests.lines(json)
        try #require(lines.count == 1)
        let ascent = try #require(lines[0]["ascent"] as? Double)
        let descent = try #require(lines[0]["descent"] as? Double)
        #expect(abs(ascent - (Self.em / 2 + 5)) < 1e-9)
        #expect(abs(descent - Self.em / 2) < 1e-9)
        #expect(TypographyOptionTests.nums(json["size"]) == [(ascent + descent).rounded(.up), 400])
    }

    /// `galley render` without --height: the image is the margins (10 pt each side, scale 1)
    /// around the three columns, 80 × 420 pixels, and the rightmost column has ink.
    @Test func renderWithoutHeight() throws {
        let run = CLITestSupport.run([
            "render", "--font", Self.droidPath, "--size", "20", "--writing-mode", "vertical-rl", "--text", Self.text,
            "-o", "-",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let ppm = try CLITestSupport.parsePPM(run.stdout)
        #expect(ppm.width == 10 + 3 * 20 + 10 && ppm.height == 10 + 400 + 10)
        let inked = (0..<ppm.height).contains { y in
            (50..<70).contains { x in ppm.pixel(x, y) != (255, 255, 255) }
        }
        #expect(inked)
    }

    /// --path ellipse without --width: the box is square (the column length, 200 pt), as a
    /// shaped horizontal box without --height; the columns follow the circle's chords (the first
    /// band moves 1 pt in until its outer chord, 2·√(100² − 99²) ≈ 28.2 pt, holds an ideograph:
    /// its centre line at 200 − 1 − 10 = 189, its top at 100 + √199). The image is that box with
    /// 10-pt margins.
    @Test func shapedPathIsSquare() throws {
        let json = try Self.layout(["--writing-mode", "vertical-rl", "--path", "ellipse", "--height", "200"])
        #expect(TypographyOptionTests.nums(json["size"]) == [200, 200])
        let first = try #require(try TypographyOptionTests.lines(json).first)
        let origin = TypographyOptionTests.nums(first["origin"])
        #expect(origin.count == 2 && origin[0] == 189 && abs(origin[1] - (100 + 199.0.squareRoot())) < 1e-3)
        #expect(TypographyOptionTests.nums(first["stringRange"]) == [0, 1])
        let run = CLITestSupport.run([
            "render", "--font", Self.droidPath, "--size", "20", "--writing-mode", "vertical-rl", "--path", "ellipse",
            "--height", "200", "--text", Self.text, "-o", "-",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let ppm = try CLITestSupport.parsePPM(run.stdout)
        #expect(ppm.width == 220 && ppm.height == 220)
    }

    /// --exclude without --width: an exclusion over the top 100 pt of the first vertical-lr
    /// column (x 0…20, y 300…400 from the box's bottom-left) leaves it 300 pt (15 ideographs);
    /// the other 30 take a whole column and half of one, so the frame is 3 columns wide.
    @Test func exclusionWithoutWidth() throws {
        let json = try Self.layout(["--writing-mode", "vertical-lr", "--exclude", "rect:0,300,20,100"])
        #expect(TypographyOptionTests.nums(json["size"]) == [3 * Self.em, 400])
        let lines = try TypographyOptionTests.lines(json)
        #expect(lines.map { TypographyOptionTests.nums($0["stringRange"]) } == [[0, 15], [15, 20], [35, 10]])
        #expect(TypographyOptionTests.nums(lines[0]["origin"]) == [Self.em / 2, 300])
        #expect(TypographyOptionTests.nums(lines[1]["origin"]) == [3 * Self.em / 2, 400])
    }

    /// A polygon point outside the vertical box (400 × 400 without --width) is an error.
    @Test func polygonOutsideTheBox() {
        let run = CLITestSupport.run([
            "layout", "--writing-mode", "vertical-rl", "--path", "polygon:0,0,500,0,0,400", "--text", "x",
        ])
        #expect(run.status != 0)
        #expect(run.stderr.contains("lies outside the 400.0×400.0 frame"), "\(run.stderr)")
    }

    /// PDF pages mirror horizontal ones: with --width 50 (two columns, 40 ideographs) the 45
    /// ideographs continue on a second page; without --width the frame holds them all on one.
    @Test(.enabled(if: Poppler.isInstalled))
    func pdfPagesContinueOnlyWithWidth() throws {
        let dir = try TemporaryDirectory.make()
        for (width, pages) in [(["--width", "50"], 2), ([], 1)] {
            let out = dir.appendingPathComponent("vertical-\(pages).pdf").path
            let run = CLITestSupport.run(
                ["render", "--font", Self.droidPath, "--size", "20", "--writing-mode", "vertical-rl"] + width + [
                    "--text", Self.text, "-o", out,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            let info = try #require(Poppler.run("pdfinfo", [out]))
            let count = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
                Int($0.split(separator: " ").last ?? "")
            }
            #expect(count == pages, "\(info)")
        }
    }

    /// Parsing: --width is recorded as given; a vertical mode without it has no fixed width and
    /// a 400-pt column length; horizontal lines keep the 400-pt default width.
    @Test func parsedSizes() throws {
        let vertical = try TypographyOptionTests.options(["--writing-mode", "vertical-rl"])
        #expect(vertical.fixedWidth == nil && vertical.columnLength == 400)
        let fixed = try TypographyOptionTests.options(["--writing-mode", "vertical-rl", "--width", "120"])
        #expect(fixed.fixedWidth == 120 && fixed.widthIsGiven)
        #expect(try TypographyOptionTests.options([]).fixedWidth == 400)
    }
}
