// `galley layout` on mixed-script, mixed-direction text: the runs carry the right fonts (the
// requested one where it covers the text, a fallback where it does not), the right direction,
// and come in visual order (UAX #9 rule L2).
import Foundation
import Testing

@Suite("Mixed scripts in galley layout")
struct MixedScriptLayoutTests {
    struct Run: Equatable, CustomStringConvertible {
        let range: Range<Int>
        let font: String
        let rightToLeft: Bool
        var description: String { "\(range) \(font) \(rightToLeft ? "RTL" : "LTR")" }
    }

    func runs(_ arguments: [String]) throws -> [[Run]] {
        let result = CLITestSupport.run(["layout", "--width", "2000"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        let lines = try #require(try result.json()["lines"] as? [[String: Any]])
        return try lines.map { line in
            let runs = try #require(line["runs"] as? [[String: Any]])
            var previousX = -Double.infinity
            return try runs.map { run in
                let r = try #require(run["stringRange"] as? [Int])
                let positions = try #require(run["positions"] as? [[Double]])
                // Runs are listed left to right: each starts at or after the previous one.
                if let x = positions.first?[0] {
                    #expect(x >= previousX - 1e-6)
                    previousX = x
                }
                return Run(
                    range: r[0]..<(r[0] + r[1]), font: try #require(run["font"] as? String),
                    rightToLeft: try #require(run["rightToLeft"] as? Bool))
            }
        }
    }

    /// "abc שלום 中文 😀!" in DejaVu Sans, left-to-right paragraph. UAX #9: "abc " is L (level 0),
    /// "שלום" is R (level 1); the space after it sits between R and L ("中") so takes the embedding
    /// level 0 (N1/N2). Fonts: DejaVu Sans covers Latin and Hebrew (its cmap has U+05D0–U+05EA), not
    /// CJK (→ Droid Sans Fallback, PostScript name DroidSansFallback per `fc-query -f %{postscriptname}`, first in the cascade to cover U+4E2D) nor the Emoji_Presentation
    /// U+1F600 (→ Noto Color Emoji). The space after "中文" stays in its fallback font: a space
    /// never chooses a font (Pango's `Pango.itemize` gives the item "中文 " too).
    @Test func leftToRightParagraph() throws {
        let lines = try runs(["--text", "abc שלום 中文 😀!"])
        try #require(lines.count == 1)
        #expect(
            lines[0] == [
                Run(range: 0..<4, font: "DejaVuSans", rightToLeft: false),
                Run(range: 4..<8, font: "DejaVuSans", rightToLeft: true),
                Run(range: 8..<9, font: "DejaVuSans", rightToLeft: false),
                Run(range: 9..<12, font: "DroidSansFallback", rightToLeft: false),
                Run(range: 12..<14, font: "NotoColorEmoji", rightToLeft: false),
                Run(range: 14..<15, font: "DejaVuSans", rightToLeft: false),
            ])
    }

    /// The same text with a right-to-left base direction: now the neutral spaces between the
    /// Hebrew and its neighbours resolve per N1/N2 to level 1 where both sides are R or the
    /// embedding is R, and the runs at level 0 (Latin, CJK, emoji) are reversed as whole runs by
    /// L2: visually the last logical run ("!") is leftmost and "abc" is at the right.
    @Test func rightToLeftParagraph() throws {
        let lines = try runs(["--direction", "rtl", "--text", "abc שלום 中文 😀!"])
        try #require(lines.count == 1)
        let line = lines[0]
        // Visual order is the reverse of logical order for the top-level runs.
        let firstLogical = try #require(line.first { $0.range.lowerBound == 0 })
        let lastLogical = try #require(line.first { $0.range.upperBound == 15 })
        #expect(line.last == firstLogical, "\(line)")
        #expect(line.first == lastLogical, "\(line)")
        #expect(firstLogical.rightToLeft == false)  // "abc" stays LTR inside (level 2)
        let hebrew = try #require(line.first { $0.range.contains(5) })
        #expect(hebrew.rightToLeft && hebrew.font == "DejaVuSans")
        #expect(line.contains { $0.font == "DroidSansFallback" && $0.range == 9..<11 })
        #expect(line.contains { $0.font == "NotoColorEmoji" && $0.range == 12..<14 })
    }
}
