// Tests of the fine-typography options of `render` and `layout` (--line-breaking, --hyphenate,
// --lang): what each parses to, its one-line error, and what the layout JSON shows (a line's
// "hyphenated" flag and its TeX adjustment ratio).
import Foundation
import Galley
import GalleyCLI
import Testing

@Suite("Line-breaking options")
struct LineBreakingOptionTests {
    @Test("--line-breaking, --hyphenate and --lang reach the paragraph style and the text")
    func parsing() throws {
        let options = try TypographyOptionTests.options([
            "--line-breaking", "optimal", "--hyphenate", "--lang", "en-GB",
        ])
        #expect(options.paragraphStyle.lineBreakStrategy == .optimal)
        #expect(options.paragraphStyle.hyphenationFactor == 1)
        #expect(options.language == "en-GB")
        #expect(try TypographyOptionTests.options([]).paragraphStyle.lineBreakStrategy == .greedy)
        #expect(try TypographyOptionTests.options([]).paragraphStyle.hyphenationFactor == 0)
        for strategy in ["greedy", "optimal", "balanced", "pretty"] {
            #expect(
                try TypographyOptionTests.options(["--line-breaking", strategy]).lineBreakStrategy.rawValue == strategy)
        }
    }

    @Test(
        "bad values get one line naming the option",
        arguments: [
            (["--line-breaking", "best"], "--line-breaking must be greedy, optimal, balanced or pretty, got 'best'"),
            (["--lang", "english!"], "--lang needs a BCP 47 language tag such as en, en-GB or de-CH, got 'english!'"),
            (["--lang", "e"], "--lang needs a BCP 47 language tag such as en, en-GB or de-CH, got 'e'"),
            (["--hyphenate=yes"], "option --hyphenate takes no value"),
        ])
    func errors(arguments: [String], message: String) {
        let run = CLITestSupport.run(["layout", "--text", "x"] + arguments)
        #expect(run.status != 0)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// "a hyphenation" at the width of "hyphenation" plus 1 (hb-shape: 12844/128 at 16 pt):
    /// with --hyphenate --lang en the first line is "a hyphen‐" (hy-phen-ation in the en_US
    /// patterns), flagged hyphenated; its adjustment ratio is null on the last line.
    @Test("layout JSON shows hyphenated lines and adjustment ratios")
    func json() throws {
        let width = String(12844.0 / 128 + 1)
        let json = try TypographyOptionTests.layout(
            ["--size", "16", "--width", width, "--hyphenate", "--lang", "en", "--justify"], text: "a hyphenation")
        let lines = try TypographyOptionTests.lines(json)
        #expect(lines.count == 2)
        #expect(lines.map { $0["hyphenated"] as? Bool } == [true, false])
        #expect(lines.map { TypographyOptionTests.nums($0["stringRange"]) } == [[0, 8], [8, 5]])
        #expect(lines[1]["adjustmentRatio"] is NSNull)
        // One space (651/128), stretched by the slack: r = (width − 10311/128) / (space / 2).
        let expected = ((12844.0 - 10311.0) / 128 + 1) / (651.0 / 256)
        // JSON rounds numbers to 1/1000.
        #expect(abs(TypographyOptionTests.num(lines[0]["adjustmentRatio"]) - expected) <= 0.0005)
    }
}
