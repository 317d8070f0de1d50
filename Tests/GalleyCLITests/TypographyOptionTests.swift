// Tests of the paragraph and frame options of `render` and `layout` (--justify, --indent,
// --line-height, --line-spacing, --paragraph-spacing, --tabs, --max-lines, --ellipsize, --wrap,
// --path, --exclude): what each parses to, its one-line error, and its effect on the layout JSON.
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("Typography options")
struct TypographyOptionTests {
    static func options(_ extra: [String]) throws -> Options {
        guard case .layout(let options) = try CommandLineParser.parse(["layout"] + extra) else {
            Issue.record("not a layout command")
            return Options()
        }
        return options
    }

    /// `galley layout` with DejaVu Sans and `extra`, as parsed JSON.
    static func layout(_ extra: [String], text: String) throws -> [String: Any] {
        let run = CLITestSupport.run(["layout", "--font", TestFonts.dejaVuSans] + extra + ["--text", text])
        #expect(run.status == 0, "\(run.stderr)")
        return try run.json()
    }

    static func lines(_ json: [String: Any]) throws -> [[String: Any]] {
        try #require(json["lines"] as? [[String: Any]])
    }

    static func num(_ any: Any?) -> Double { (any as? NSNumber)?.doubleValue ?? .nan }
    static func nums(_ any: Any?) -> [Double] { (any as? [Any])?.map { num($0) } ?? [] }

    static let paragraph = "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs."

    // MARK: Parsing

    @Test("--justify is --align justify")
    func justify() throws {
        #expect(try Self.options(["--justify"]).alignment == .justified)
        #expect(try Self.options(["--justify"]).paragraphStyle.alignment == .justified)
    }

    /// pango-view's --indent: positive indents the first line, negative is a hanging indent.
    @Test(
        "--indent: positive first-line indent, negative hanging indent",
        arguments: [
            ("24", 24.0, 0.0), ("-24", 0.0, 24.0), ("0", 0.0, 0.0), ("12.5", 12.5, 0.0),
        ])
    func indent(value: String, firstLine: Double, others: Double) throws {
        let style = try Self.options(["--indent", value]).paragraphStyle
        #expect(style.firstLineHeadIndent == CGFloat(firstLine))
        #expect(style.headIndent == CGFloat(others))
    }

    @Test("spacing options map to the paragraph style's specifiers")
    func spacing() throws {
        let style = try Self.options(["--line-height", "1.5", "--line-spacing", "-2", "--paragraph-spacing=8"])
            .paragraphStyle
        #expect(style.lineHeightMultiple == 1.5)
        #expect(style.lineSpacingAdjustment == -2)
        #expect(style.paragraphSpacing == 8)
        // Defaults when not given: CoreText's (0 for all three).
        let plain = try Self.options([]).paragraphStyle
        #expect(plain.lineHeightMultiple == 0 && plain.lineSpacingAdjustment == 0 && plain.paragraphSpacing == 0)
        #expect(plain.tabStops == ParagraphStyle.defaultTabStops)
    }

    @Test("--tabs: alignment letters and bare numbers")
    func tabs() throws {
        let style = try Self.options(["--tabs", "L100,R200,C300,D400"]).paragraphStyle
        #expect(
            style.tabStops == [
                TextTab(alignment: .left, location: 100), TextTab(alignment: .right, location: 200),
                TextTab(alignment: .center, location: 300), TextTab(alignment: .decimal, location: 400),
            ])
        let bare = try Self.options(["--tabs", "50, d75.5 ,r 90"]).paragraphStyle
        #expect(
            bare.tabStops == [
                TextTab(alignment: .left, location: 50), TextTab(alignment: .decimal, location: 75.5),
                TextTab(alignment: .right, location: 90),
            ])
    }

    @Test("--max-lines and --ellipsize give frame options; --ellipsize alone makes single-line paragraphs")
    func truncationOptions() throws {
        let maxOnly = try Self.options(["--max-lines", "3"])
        #expect(maxOnly.frameOptions.maximumNumberOfLines == 3)
        #expect(maxOnly.frameOptions.truncation == .end)  // documented default with --max-lines
        #expect(maxOnly.paragraphStyle.lineBreakMode == .wordWrapping)
        let middle = try Self.options(["--max-lines", "2", "--ellipsize", "middle"])
        #expect(middle.frameOptions.truncation == .middle)
        #expect(middle.paragraphStyle.lineBreakMode == .wordWrapping)
        let none = try Self.options(["--max-lines", "2", "--ellipsize", "none"])
        #expect(none.frameOptions.truncation == nil)
        let heightOnly = try Self.options(["--height", "50"])
        #expect(heightOnly.frameOptions.truncation == nil)  // existing behaviour kept
        #expect(try Self.options(["--height", "50", "--ellipsize", "start"]).frameOptions.truncation == .start)
        let modes: [(String, LineBreakMode)] = [
            ("start", .truncatingHead), ("middle", .truncatingMiddle), ("end", .truncatingTail),
            ("none", .wordWrapping),
        ]
        for (value, mode) in modes {
            let o = try Self.options(["--ellipsize", value])
            #expect(o.paragraphStyle.lineBreakMode == mode, "\(value)")
            #expect(o.frameOptions.maximumNumberOfLines == 0)
        }
        #expect(try Self.options(["--wrap", "none"]).paragraphStyle.lineBreakMode == .clipping)
        #expect(try Self.options(["--wrap", "char"]).paragraphStyle.lineBreakMode == .charWrapping)
    }

    @Test("--path and --exclude shapes; --exclude adds")
    func shapes() throws {
        #expect(try Self.options([]).path == .rectangle(nil))
        #expect(try Self.options(["--path", "ellipse"]).path == .ellipse(nil))
        #expect(try Self.options(["--path", "rounded:12"]).path == .rounded(nil, radius: 12))
        #expect(
            try Self.options(["--path", "polygon:0,0,100,0,50,80"]).path
                == .polygon([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 50, y: 80)]))
        let o = try Self.options([
            "--exclude", "rect:1,2,3,4", "--exclude=ellipse:5,6,7,8", "--exclude", "rounded:0,0,10,10,2",
        ])
        #expect(
            o.exclusions == [
                .rectangle(CGRect(x: 1, y: 2, width: 3, height: 4)), .ellipse(CGRect(x: 5, y: 6, width: 7, height: 8)),
                .rounded(CGRect(x: 0, y: 0, width: 10, height: 10), radius: 2),
            ])
        // Coordinates are the box's (y up from its bottom-left); the path is placed at the margins.
        #expect(
            ShapeOption.ellipse(CGRect(x: 1, y: 2, width: 3, height: 4)).framePath(
                box: CGRect(x: 10, y: 20, width: 100, height: 100))
                == .ellipse(in: CGRect(x: 11, y: 22, width: 3, height: 4)))
    }

    static let badValues: [(String, String)] = [
        ("--indent", "x"), ("--indent", "nan"), ("--indent", "2000000"),
        ("--line-height", "0"), ("--line-height", "-1"), ("--line-height", "abc"), ("--line-height", "101"),
        ("--line-spacing", "inf"), ("--paragraph-spacing", "-1"),
        ("--tabs", ""), ("--tabs", "X100"), ("--tabs", "L"), ("--tabs", "100,,200"), ("--tabs", "-5"),
        ("--max-lines", "-1"), ("--max-lines", "2.5"), ("--max-lines", "many"),
        ("--ellipsize", "both"), ("--wrap", "line"),
        ("--path", "circle"), ("--path", "rounded"), ("--path", "rounded:-3"), ("--path", "polygon:0,0,1,1"),
        ("--path", "polygon:0,0,1,1,2"), ("--path", "rect:1,2,3,4"), ("--path", "ellipse:x"),
        ("--exclude", "rect"), ("--exclude", "rect:1,2,3"), ("--exclude", "ellipse:0,0,-1,5"),
        ("--exclude", "rounded:0,0,5,5,-1"), ("--exclude", "star:1,2"),
    ]

    @Test("each bad value: one line on standard error, status 2", arguments: badValues)
    func badValue(option: String, value: String) {
        for command in ["layout", "render"] {
            let run = CLITestSupport.run([command, option, value, "--text", "x", "-o", "/tmp/unused-galley-test.png"])
            #expect(run.status == 2, "\(command) \(option) \(value)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("galley: ") && run.stderr.hasSuffix("\n"))
            #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
            #expect(run.stderr.contains(option), "the message names the option: \(run.stderr)")
        }
    }

    @Test("--justify takes no value; the new options do not apply to shape")
    func misuse() {
        #expect(CLITestSupport.run(["layout", "--justify=yes", "--text", "x"]).status == 2)
        #expect(CLITestSupport.run(["shape", "--tabs", "L10", "--text", "x"]).status == 2)
        #expect(CLITestSupport.run(["layout", "--max-lines"]).stderr == "galley: option --max-lines needs a value\n")
    }

    // MARK: Effects on the layout

    /// CoreText: firstLineHeadIndent is the first line's distance from the leading margin,
    /// headIndent the other lines'; an LTR natural paragraph's lines start there (x = indent).
    @Test("--indent moves the first line, or every line but the first")
    func indentLayout() throws {
        let first = try Self.lines(
            Self.layout(["--size", "12", "--width", "200", "--indent", "24"], text: Self.paragraph))
        #expect(first.count >= 3)
        #expect(Self.nums(first[0]["origin"])[0] == 24)
        for line in first.dropFirst() { #expect(Self.nums(line["origin"])[0] == 0) }
        let hanging = try Self.lines(
            Self.layout(["--size", "12", "--width", "200", "--indent", "-24"], text: Self.paragraph))
        #expect(Self.nums(hanging[0]["origin"])[0] == 0)
        for line in hanging.dropFirst() { #expect(Self.nums(line["origin"])[0] == 24) }
    }

    /// ParagraphStyle's documented arithmetic: h = a + d; h' = h × multiple; the difference
    /// goes to the ascent. So placed ascent = a + (a + d)(m − 1), descent and leading unchanged.
    @Test("--line-height multiplies the line height, the extra going above the glyphs")
    func lineHeight() throws {
        let lines = try Self.lines(
            Self.layout(["--size", "20", "--width", "150", "--line-height", "1.5"], text: Self.paragraph))
        #expect(lines.count >= 2)
        for line in lines {
            let a = Self.num(line["ascent"]), d = Self.num(line["descent"])
            let placed = try #require(line["placedMetrics"] as? [String: Any])
            #expect(abs(Self.num(placed["ascent"]) - (a + (a + d) * 0.5)) < 0.002)
            #expect(Self.num(placed["descent"]) == d)
            #expect(Self.num(placed["leading"]) == Self.num(line["leading"]))
        }
        // Baseline pitch = previous descent + leading + this line's placed ascent.
        let y0 = Self.nums(lines[0]["origin"])[1], y1 = Self.nums(lines[1]["origin"])[1]
        let p1 = try #require(lines[1]["placedMetrics"] as? [String: Any])
        #expect(
            abs((y0 - y1) - (Self.num(lines[0]["descent"]) + Self.num(lines[0]["leading"]) + Self.num(p1["ascent"])))
                < 0.003)
    }

    /// lineSpacingAdjustment adds to the leading below each line (DejaVu Sans's line gap is 0 in
    /// hhea, so the leading becomes exactly the adjustment); paragraphSpacing goes between paragraphs.
    @Test("--line-spacing adds leading; --paragraph-spacing separates paragraphs")
    func lineAndParagraphSpacing() throws {
        let lines = try Self.lines(
            Self.layout(
                ["--size", "12", "--width", "400", "--line-spacing", "5", "--paragraph-spacing", "10"],
                text: "first\nsecond"))
        #expect(lines.count == 2)
        let placed0 = try #require(lines[0]["placedMetrics"] as? [String: Any])
        #expect(Self.num(lines[0]["leading"]) == 0)
        #expect(Self.num(placed0["leading"]) == 5)
        let y0 = Self.nums(lines[0]["origin"])[1], y1 = Self.nums(lines[1]["origin"])[1]
        let expected = Self.num(lines[0]["descent"]) + 5 + 10 + Self.num(lines[1]["ascent"])
        #expect(abs((y0 - y1) - expected) < 0.003)
    }

    /// TextTab: a right stop's text ends at the stop; a decimal stop's "." starts at it. Stops
    /// are measured from the leading margin (the line origin here, x = 0).
    @Test("--tabs places text at right and decimal stops")
    func tabLayout() throws {
        let text = "a\tbb\t12.5"
        let json = try Self.layout(["--size", "12", "--width", "400", "--tabs", "R100,D200"], text: text)
        let line = try #require(Self.lines(json).first)
        let runs = try #require(line["runs"] as? [[String: Any]])
        var x: [Int: (start: Double, end: Double)] = [:]
        for run in runs {
            let positions = (run["positions"] as? [Any] ?? []).map { Self.nums($0) }
            let advances = (run["advances"] as? [Any] ?? []).map { Self.nums($0) }
            for (g, index) in Self.nums(run["stringIndices"]).enumerated() {
                x[Int(index)] = (positions[g][0], positions[g][0] + advances[g][0])
            }
        }
        // "bb" is indices 2–3: its end at the right stop 100.
        #expect(abs(try #require(x[3]).end - 100) < 0.002)
        // "12.5" is indices 5–8; the "." (index 7) starts at the decimal stop 200.
        #expect(abs(try #require(x[7]).start - 200) < 0.002)
    }

    @Test("--max-lines keeps N lines, truncates the last with a token, and sizes the frame to them")
    func maxLines() throws {
        let json = try Self.layout(["--size", "12", "--width", "150", "--max-lines", "2"], text: Self.paragraph)
        let lines = try Self.lines(json)
        #expect(lines.count == 2)
        #expect(lines[0]["isTruncated"] as? Bool == false)
        #expect(lines[0]["truncationTokenRange"] is NSNull)
        #expect(lines[1]["isTruncated"] as? Bool == true)
        // The last line is laid out to its paragraph's end and its end replaced: the token stands
        // for text running to the end of the string (FrameOptions).
        let token = Self.nums(lines[1]["truncationTokenRange"])
        #expect(token.count == 2 && token[0] + token[1] == Double(Self.paragraph.utf16.count))
        let runs = try #require(lines[1]["runs"] as? [[String: Any]])
        let tokenRuns = runs.filter { $0["isTruncationToken"] as? Bool == true }
        #expect(tokenRuns.count == 1)
        // hb-shape Fonts/DejaVuSans.ttf "…" prints [2825=0+2048]: the ellipsis is glyph 2825.
        #expect(Self.nums(tokenRuns.first?["glyphs"]) == [2825])
        #expect(Self.num(lines[1]["width"]) <= 150)
        // Without --height the frame is as tall as the two lines: the second line's origin is
        // its placed descent above the bottom (rounded up to a whole point).
        let height = Self.nums(json["size"])[1]
        let placed = try #require(lines[1]["placedMetrics"] as? [String: Any])
        let bottom = Self.nums(lines[1]["origin"])[1] - Self.num(placed["descent"])
        #expect(bottom >= 0 && bottom < 1)
        #expect(height < 3 * 15)  // far less than the 5 lines the paragraph needs at 150 pt
    }

    @Test(
        "--ellipsize alone: one truncated line per paragraph, the token where the mode says",
        arguments: ["start", "middle", "end"])
    func ellipsize(mode: String) throws {
        let text = Self.paragraph + "\n" + Self.paragraph
        let lines = try Self.lines(Self.layout(["--size", "12", "--width", "150", "--ellipsize", mode], text: text))
        #expect(lines.count == 2)
        let length = Self.paragraph.utf16.count
        for (i, line) in lines.enumerated() {
            #expect(line["isTruncated"] as? Bool == true)
            #expect(Self.num(line["width"]) <= 150)
            let range = Self.nums(line["truncationTokenRange"])
            let start = Double(i * (length + 1))
            switch mode {
            case "start": #expect(range[0] == start)  // the paragraph's start is cut
            case "end": #expect(range[0] + range[1] == start + Double(length))  // up to its end
            default: #expect(range[0] > start && range[0] + range[1] < start + Double(length))
            }
            // In a left-to-right line the token's visual place follows the logical one.
            let runs = try #require(line["runs"] as? [[String: Any]])
            let index = try #require(runs.firstIndex { $0["isTruncationToken"] as? Bool == true })
            switch mode {
            case "start": #expect(index == 0)
            case "end": #expect(index == runs.count - 1)
            default: #expect(index > 0 && index < runs.count - 1)
            }
        }
    }

    @Test("--wrap none: one clipped line per paragraph, no token")
    func wrapNone() throws {
        let lines = try Self.lines(
            Self.layout(["--size", "12", "--width", "150", "--wrap", "none"], text: Self.paragraph + "\nshort"))
        #expect(lines.count == 2)
        // Clipping cuts the end of the long paragraph (the cut range runs to its end, as
        // LineBreakMode.clipping documents: the cluster crossing the width stays, overflowing it
        // by less than one cluster, and the rest is dropped) without a token run; the short
        // paragraph fits and is not cut.
        #expect(Self.num(lines[0]["width"]) < 150 + 12)
        #expect(lines[0]["isTruncated"] as? Bool == true)
        let cut = Self.nums(lines[0]["truncationTokenRange"])
        #expect(cut.count == 2 && cut[0] + cut[1] == Double(Self.paragraph.utf16.count))
        let runs = lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
        #expect(runs.allSatisfy { $0["isTruncationToken"] as? Bool == false })
        #expect(lines[1]["isTruncated"] as? Bool == false)
        #expect(Self.nums(lines[1]["stringRange"]) == [Double(Self.paragraph.utf16.count + 1), 5])
    }

    /// An ellipse inscribed in the 300 × 200 box: at height y from its centre its half-chord is
    /// a·√(1 − (y/b)²) (a = 150, b = 100); every line's band (baseline − descent to baseline +
    /// ascent) must lie inside the chord at the band's y farthest from the centre.
    @Test("--path ellipse keeps every line inside the ellipse; --exclude keeps lines off the hole")
    func ellipseWithExclusion() throws {
        let text = String(repeating: Self.paragraph + " ", count: 3)
        let json = try Self.layout(
            [
                "--size", "10", "--width", "300", "--height", "200", "--margin", "0",
                "--path", "ellipse", "--exclude", "rect:120,80,60,40",
            ], text: text)
        let lines = try Self.lines(json)
        #expect(lines.count >= 8)
        let rect = Self.nums(json["rect"])
        #expect(rect == [0, 0, 300, 200])
        var splitBands = 0
        var previousY = Double.nan
        for line in lines {
            let origin = Self.nums(line["origin"])
            let width = Self.num(line["width"]) - Self.num(line["trailingWhitespaceWidth"])
            let top = origin[1] + Self.num(line["ascent"]) - 100, bottom = origin[1] - Self.num(line["descent"]) - 100
            let far = max(abs(top), abs(bottom))
            let half = 150 * (1 - (far / 100) * (far / 100)).squareRoot()
            #expect(origin[0] >= 150 - half - 0.01 && origin[0] + width <= 150 + half + 0.01, "line at y \(origin[1])")
            // The exclusion spans x 120–180, y 80–120: a line whose band meets it stays off it.
            if top + 100 > 80 && bottom + 100 < 120 {
                #expect(origin[0] + width <= 120.01 || origin[0] >= 179.99, "line at y \(origin[1]) overlaps the hole")
            }
            if origin[1] == previousY { splitBands += 1 }
            previousY = origin[1]
        }
        #expect(splitBands >= 1, "the hole splits at least one band in two lines")
    }

    @Test("a polygon path outside the box is an error")
    func polygonOutside() {
        let run = CLITestSupport.run([
            "layout", "--width", "100", "--height", "50", "--path", "polygon:0,0,100,0,50,80", "--text", "x",
        ])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--path polygon point 50.0,80.0"))
    }

    @Test("a shaped frame without --height is square; the canvas holds the box")
    func squareBox() throws {
        let json = try Self.layout(["--width", "120", "--path", "ellipse"], text: "Hello")
        #expect(Self.nums(json["size"]) == [120, 120])
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("e.ppm").path
        let run = CLITestSupport.run([
            "render", "--width", "120", "--margin", "5", "--path", "polygon:0,0,60,0,30,40", "--text", "Hi", "-o", out,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let ppm = try CLITestSupport.parsePPM([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
        // The box is 120 × 120 (square), margins 5: 130 × 130 pixels at scale 1.
        #expect(ppm.width == 130 && ppm.height == 130)
    }

    // MARK: CJK spacing

    /// `--text-spacing-trim` and `--text-autospace` take CSS's keywords; without them Japanese
    /// and Chinese text (`--lang ja`, `zh-Hant`) gets CSS's initial values (`normal`), other text
    /// none (CoreText's behaviour, the library's default).
    @Test(arguments: [
        ([String](), TextSpacingTrim.spaceAll, TextAutospace.noAutospace),
        (["--lang", "ja"], .normal, .normal),
        (["--lang", "zh-Hant"], .normal, .normal),
        (["--lang", "en"], .spaceAll, .noAutospace),
        (
            ["--lang", "ja", "--text-spacing-trim", "space-all", "--text-autospace", "no-autospace"], .spaceAll,
            .noAutospace
        ),
        (["--text-spacing-trim", "trim-both", "--text-autospace=ideograph-numeric"], .trimBoth, .ideographNumeric),
    ])
    func cjkSpacingDefaults(_ extra: [String], _ trim: TextSpacingTrim, _ autospace: TextAutospace) throws {
        let defaults = try Self.options(extra).spacingDefaults
        #expect(defaults.trim == trim)
        #expect(defaults.autospace == autospace)
    }

    /// A value CSS does not have is a one-line error naming the option.
    @Test func cjkSpacingRejectsUnknownValues() {
        for option in ["--text-spacing-trim", "--text-autospace"] {
            let run = CLITestSupport.run(["layout", "--font", TestFonts.dejaVuSans, option, "half", "--text", "x"])
            #expect(run.status == 2)
            #expect(run.stderr.contains(option))
        }
    }

    /// The attributes reach the layout: with `--lang ja` the 「 after 」 collapses to half its
    /// width, so the line is half an em shorter than with `--text-spacing-trim space-all`.
    @Test func cjkSpacingReachesTheLayout() throws {
        let font = TestFonts.droidSansFallback
        func width(_ extra: [String]) throws -> Double {
            let run = CLITestSupport.run(["layout", "--font", font, "--size", "20"] + extra + ["--text", "あ」「い"])
            #expect(run.status == 0, "\(run.stderr)")
            return Self.num(try Self.lines(try run.json()).first?["width"])
        }
        let trimmed = try width(["--lang", "ja"])
        let full = try width(["--lang", "ja", "--text-spacing-trim", "space-all"])
        #expect(abs(full - trimmed - 10) < 1e-6)
    }
}
