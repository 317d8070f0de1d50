// Tests of `--writing-mode` and `--text-orientation`: what they parse to, their
// errors, and the layout JSON of vertical columns (origins at the top of each column's centre
// line, runs marked vertical and rotated, advances down the line negative as HarfBuzz's TTB).
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("Writing-mode options")
struct WritingModeOptionTests {
    static let droidPath = TestFonts.dejaVuSans.replacingOccurrences(
        of: "DejaVuSans.ttf", with: "DroidSansFallbackFull.ttf")

    @Test("--writing-mode gives the frame progression, --text-orientation the text's orientation")
    func parsing() throws {
        let modes: [(String, FrameProgression)] = [
            ("horizontal-tb", .topToBottom), ("vertical-rl", .rightToLeft), ("vertical-lr", .leftToRight),
        ]
        for (name, progression) in modes {
            #expect(
                try TypographyOptionTests.options(["--writing-mode", name]).frameOptions.progression == progression)
        }
        #expect(try TypographyOptionTests.options([]).frameOptions.progression == .topToBottom)
        for orientation in TextOrientation.allCases {
            #expect(
                try TypographyOptionTests.options(["--text-orientation", orientation.rawValue]).textOrientation
                    == orientation)
        }
    }

    @Test(
        "bad values get one line naming the option",
        arguments: [
            (["--writing-mode", "tb-rl"], "--writing-mode must be"),
            (["--text-orientation", "rotated"], "--text-orientation must be"),
        ])
    func errors(arguments: [String], message: String) {
        let run = CLITestSupport.run(["layout", "--text", "x"] + arguments)
        #expect(run.status != 0)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// Seven ideographs of one em (20 pt, DroidSansFallback's TTB advance) in columns 60 pt long:
    /// 3 per column; vertical-rl puts the first centre line half an em in from the right edge,
    /// at the top; each run is vertical and upright with advances (0, −20).
    @Test("layout JSON of vertical-rl columns")
    func verticalJSON() throws {
        let run = CLITestSupport.run([
            "layout", "--font", Self.droidPath, "--size", "20", "--width", "100", "--height", "60",
            "--writing-mode", "vertical-rl", "--text", "縦書きの組版です",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try TypographyOptionTests.lines(try run.json())
        #expect(lines.map { TypographyOptionTests.nums($0["stringRange"]) } == [[0, 3], [3, 3], [6, 2]])
        #expect(TypographyOptionTests.nums(lines[0]["origin"]) == [90, 60])
        #expect(lines.allSatisfy { $0["vertical"] as? Bool == true })
        let runs = lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
        #expect(runs.allSatisfy { $0["vertical"] as? Bool == true && $0["rotated"] as? Bool == false })
        let advances = runs.flatMap { ($0["advances"] as? [Any]) ?? [] }.map { TypographyOptionTests.nums($0) }
        #expect(advances.allSatisfy { $0 == [0, -20] })
    }

    /// --text-orientation sideways rotates every character; horizontal-tb output has no
    /// "vertical" member at all (horizontal JSON is unchanged).
    @Test("sideways runs are rotated; horizontal JSON has no vertical member")
    func sidewaysAndHorizontal() throws {
        let sideways = CLITestSupport.run([
            "layout", "--font", Self.droidPath, "--size", "20", "--width", "100", "--height", "60",
            "--writing-mode", "vertical-lr", "--text-orientation", "sideways", "--text", "縦書き",
        ])
        #expect(sideways.status == 0, "\(sideways.stderr)")
        let lines = try TypographyOptionTests.lines(try sideways.json())
        let runs = lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
        #expect(!runs.isEmpty && runs.allSatisfy { $0["rotated"] as? Bool == true })
        let horizontal = try TypographyOptionTests.layout([], text: "Hello")
        let hLines = try TypographyOptionTests.lines(horizontal)
        #expect(hLines.allSatisfy { $0["vertical"] == nil })
        #expect(hLines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }.allSatisfy { $0["vertical"] == nil })
    }
}
