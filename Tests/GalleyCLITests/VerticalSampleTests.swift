// The vertical Japanese sample (samples/vertical-japanese.txt with its .flags, vertical-rl):
// every line is a vertical column, and each run's orientation is UAX #50's for its characters
// (kanji, kana and U+3000 are U: upright; ASCII letters, digits and spaces are R: rotated).
// The sample avoids 「」、。ー, whose vertical alternates in the bundled DroidSansFallbackFull
// are broken.
import Foundation
import Testing

@Suite("Vertical Japanese sample")
struct VerticalSampleTests {
    @Test func columnsAreVerticalAndRunsOrientedByUAX50() throws {
        let root = CLITestSupport.packageRoot.appendingPathComponent("samples")
        let flags = try String(contentsOf: root.appendingPathComponent("vertical-japanese.flags"), encoding: .utf8)
        let path = root.appendingPathComponent("vertical-japanese.txt").path
        let text = Array(try String(contentsOfFile: path, encoding: .utf8).utf16)
        let run = CLITestSupport.run(["layout"] + flags.split(whereSeparator: \.isWhitespace).map(String.init) + [path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try TypographyOptionTests.lines(try run.json())
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0["vertical"] as? Bool == true })
        let runs = lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
        var rotated = 0
        for r in runs {
            let range = TypographyOptionTests.nums(r["stringRange"]).map { Int($0) }
            try #require(range.count == 2)
            let units = text[range[0]..<range[0] + range[1]].filter { $0 != 0x0A }
            let ascii = units.allSatisfy { $0 < 0x80 }
            #expect(r["rotated"] as? Bool == ascii, "run \(range)")
            #expect(ascii || units.allSatisfy { $0 >= 0x80 }, "run \(range) mixes orientations")
            if ascii { rotated += 1 }
        }
        #expect(rotated >= 1)
    }
}
