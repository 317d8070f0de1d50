// Tests of the command-line parser: every option in both spellings, defaults, and error reporting.
import Foundation
import Galley
import GalleyCLI
import Testing

@Suite("Argument parsing")
struct ArgumentParsingTests {
    /// The options of `layout` with `extra` arguments.
    static func options(_ extra: [String]) throws -> Options {
        guard case .layout(let options) = try CommandLineParser.parse(["layout"] + extra) else {
            Issue.record("not a layout command")
            return Options()
        }
        return options
    }

    @Test("defaults follow the documented values")
    func defaults() throws {
        let o = try Self.options([])
        #expect(o.font == .family("DejaVu Sans"))
        #expect(o.size == 12)
        #expect(o.width == 400)
        #expect(o.height == nil)
        #expect(o.margins == .all(10))
        #expect(o.scale == 1)
        #expect(o.color == .black)
        #expect(o.background == .white)
        #expect(o.alignment == .natural)
        #expect(o.lineBreakMode == .wordWrapping)
        #expect(o.markup == false)
        #expect(o.text == nil && o.inputPath == nil && o.output == nil)
    }

    /// Each option, its value, and a check of the parsed result.
    struct Case: Sendable, CustomTestStringConvertible {
        let option: String
        let value: String
        let check: @Sendable (Options) -> Bool
        var testDescription: String { "\(option) \(value)" }
    }

    static let cases: [Case] = [
        Case(option: "--font", value: "DejaVu Serif") { $0.font == .family("DejaVu Serif") },
        Case(option: "--font", value: "fonts/Some.otf") { $0.font == .path("fonts/Some.otf") },
        Case(option: "--font", value: "Local.TTF") { $0.font == .path("Local.TTF") },
        Case(option: "--font", value: "collection.ttc") { $0.font == .path("collection.ttc") },
        Case(option: "--size", value: "18.5") { $0.size == 18.5 },
        Case(option: "--width", value: "250") { $0.width == 250 },
        Case(option: "--height", value: "90") { $0.height == 90 },
        Case(option: "--align", value: "left") { $0.alignment == .left },
        Case(option: "--align", value: "right") { $0.alignment == .right },
        Case(option: "--align", value: "center") { $0.alignment == .center },
        Case(option: "--align", value: "justify") { $0.alignment == .justified },
        Case(option: "--align", value: "natural") { $0.alignment == .natural },
        Case(option: "--wrap", value: "char") { $0.lineBreakMode == .charWrapping },
        Case(option: "--wrap", value: "word") { $0.lineBreakMode == .wordWrapping },
        Case(option: "--direction", value: "rtl") { $0.direction == .rightToLeft },
        Case(option: "--direction", value: "ltr") { $0.direction == .leftToRight },
        Case(option: "--direction", value: "auto") { $0.direction == .natural },
        // #ff000080: alpha 0x80 / 255.
        Case(option: "--color", value: "#ff000080") {
            $0.color == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)
        },
        // CSS: navy is #000080.
        Case(option: "--color", value: "navy") { $0.color == Color(red: 0, green: 0, blue: 128.0 / 255) },
        Case(option: "--background", value: "#00ff00") { $0.background == Color(red: 0, green: 1, blue: 0) },
        Case(option: "--margin", value: "4") { $0.margins == .all(4) },
        // CSS order: top, right, bottom, left.
        Case(option: "--margin", value: "1,2,3,4") { $0.margins == Margins(top: 1, right: 2, bottom: 3, left: 4) },
        Case(option: "--margin", value: "1,2") { $0.margins == Margins(top: 1, right: 2, bottom: 1, left: 2) },
        Case(option: "--margin", value: "0,2,5") { $0.margins == Margins(top: 0, right: 2, bottom: 5, left: 2) },
        Case(option: "--scale", value: "2") { $0.scale == 2 },
        Case(option: "--text", value: "hello there") { $0.text == "hello there" },
        Case(option: "--text", value: "--not-an-option") { $0.text == "--not-an-option" },
        Case(option: "-o", value: "out.png") { $0.output == "out.png" },
        Case(option: "--output", value: "-") { $0.output == "-" },
    ]

    @Test("--key value", arguments: cases)
    func separateValue(_ c: Case) throws {
        #expect(c.check(try Self.options([c.option, c.value])))
    }

    @Test("--key=value", arguments: cases.filter { $0.option.hasPrefix("--") })
    func inlineValue(_ c: Case) throws {
        #expect(c.check(try Self.options(["\(c.option)=\(c.value)"])))
    }

    @Test("flags, positional input, '-' and '--'")
    func positional() throws {
        #expect(try Self.options(["--markup"]).markup)
        #expect(try Self.options(["in.txt"]).inputPath == "in.txt")
        #expect(try Self.options(["-"]).inputPath == "-")
        #expect(try Self.options(["--", "--size"]).inputPath == "--size")
        #expect(try Self.options(["--size", "9", "--size=11"]).size == 11)
        #expect(try CommandLineParser.parse(["render", "--help"]) == .help("render"))
        #expect(try CommandLineParser.parse(["--version"]) == .version)
        guard case .render(let o) = try CommandLineParser.parse(["render", "-o", "a.ppm", "f.txt"]) else {
            Issue.record("expected render")
            return
        }
        #expect(o.output == "a.ppm" && o.inputPath == "f.txt")
    }

    /// Bad command lines, each with what its message must name: the option, value or word at fault.
    static let badCommandLines: [([String], String)] = [
        ([], "command"),
        (["draw"], "draw"),
        (["--frobnicate"], "--frobnicate"),
        (["layout", "--frobnicate"], "--frobnicate"),
        (["layout", "--size"], "--size"),
        (["layout", "--size", "0"], "--size"),
        (["layout", "--size", "-4"], "--size"),
        (["layout", "--size", "nan"], "--size"),
        (["layout", "--size=inf"], "--size"),
        (["layout", "--size", "twelve"], "--size"),
        (["layout", "--width", "0"], "--width"),
        (["layout", "--width=-1"], "--width"),
        (["layout", "--height", "NaN"], "--height"),
        (["layout", "--scale", "0"], "--scale"),
        (["layout", "--scale", "1000"], "--scale"),
        (["layout", "--align", "middle"], "--align"),
        (["layout", "--wrap", "hyphen"], "--wrap"),
        (["layout", "--direction", "up"], "--direction"),
        (["layout", "--color", "not-a-colour"], "--color"),
        (["layout", "--background", "#12"], "--background"),
        (["layout", "--margin", "1,2,3,4,5"], "--margin"),
        (["layout", "--margin", "-1"], "--margin"),
        (["layout", "--margin", "1,,2"], "--margin"),
        (["layout", "--markup=yes"], "--markup"),
        (["layout", "--font="], "--font"),
        (["layout", "--text", "a", "file.txt"], "--text"),
        (["layout", "a.txt", "b.txt"], "b.txt"),
        (["layout", "-o"], "-o"),
        (["render", "--text", "hi"], "-o"),
        (["render", "--text", "hi", "-o", "out.gif"], "out.gif"),
        (["render", "--text", "hi", "--format", "gif", "-o", "out.png"], "--format"),
        (["render", "--text", "hi", "--hinting", "strong", "-o", "out.png"], "--hinting"),
        (["render", "--text", "hi", "--foreground", "#ggg", "-o", "out.png"], "--foreground"),
        (["render", "--text", "hi", "--font", "DejaVu Sans 0", "-o", "out.png"], "DejaVu Sans 0"),
        (["render", "--text", "hi", "--font", "DejaVu Sans -3", "-o", "out.png"], "DejaVu Sans -3"),
        (["render", "--text", "hi", "--font", "Sans,,Serif 12", "-o", "out.png"], "Sans,,Serif"),
        (
            [
                "render", "--strict-fonts", "--text", "hi", "--font", "No Such Family 12", "-o",
                "/tmp/galley-never-written.png",
            ],
            "No Such Family"
        ),
        (["render", "--text", "hi", "-o", "/nonexistent-galley-dir/out.png"], "/nonexistent-galley-dir"),
        (["layout", "--text", "hi", "-o", "/nonexistent-galley-dir/out.json"], "/nonexistent-galley-dir"),
        (["layout", "--hinting", "none"], "--hinting"),
        (["shape", "--width", "30", "--text", "a"], "--width"),
        (["fonts", "extra"], "extra"),
        (["fonts", "--size", "3"], "--size"),
        (["help", "frobnicate"], "frobnicate"),
        (["--version", "extra"], "--version"),
        (["render", "--text", "hi", "--subpixel-positions", "maybe", "-o", "out.png"], "--subpixel-positions"),
        (["render", "--text", "hi", "--background", "clear-ish", "-o", "out.png"], "--background"),
    ]

    @Test("errors print one line naming the culprit on stderr and exit with status 2", arguments: badCommandLines)
    func errors(_ arguments: [String], culprit: String) {
        let r = CLITestSupport.run(arguments)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("galley: "))
        #expect(r.stderr.hasSuffix("\n"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(culprit), "the message names \(culprit): \(r.stderr)")
    }

    @Test(
        "help prints on stdout with status 0",
        arguments: [["--help"], ["help"], ["-h"], ["render", "--help"], ["layout", "-h"]])
    func help(_ arguments: [String]) {
        let r = CLITestSupport.run(arguments)
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        #expect(r.stdoutText.contains("usage: galley \(arguments.count == 2 ? arguments[0] : "render")"))
        #expect(r.stdoutText.contains("examples:"))
    }

    @Test("--version prints the name and version")
    func version() {
        let r = CLITestSupport.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdoutText.hasPrefix("galley "))
        #expect(r.stdoutText.filter { $0 == "\n" }.count == 1)
    }
}
