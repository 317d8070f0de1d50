// Tests of ruby in `galley layout` JSON: each line with ruby has "ruby" entries with the base
// range, text, base rect and rect in frame coordinates (the line's rects offset by its origin,
// y up) and the annotation's glyph runs; lines without ruby have no "ruby" member.

import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("galley layout: ruby")
struct RubyLayoutJSONTests {
    static var droidPath: String {
        URL(fileURLWithPath: TestFonts.dejaVuSans).deletingLastPathComponent()
            .appendingPathComponent("DroidSansFallbackFull.ttf").path
    }

    static func numbers(_ any: Any?) -> [Double] { LayoutCommandTests.numbers(any) }

    @Test func rubyMembers() throws {
        let run = CLITestSupport.run([
            "layout", "--markup", "--font", Self.droidPath, "--size", "40", "--width", "400", "--margin", "0",
            "--text", "<ruby>漢字<rt>かんじ</rt></ruby>の\u{2028}の",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try #require(try run.json()["lines"] as? [[String: Any]])
        try #require(lines.count == 2)
        #expect(lines[1]["ruby"] == nil)
        let rubies = try #require(lines[0]["ruby"] as? [[String: Any]])
        try #require(rubies.count == 1)
        let ruby = rubies[0]
        #expect(Self.numbers(ruby["baseRange"]) == [0, 2])
        #expect(ruby["text"] as? String == "かんじ")
        #expect(ruby["position"] as? String == "before")
        let origin = Self.numbers(lines[0]["origin"])
        let descent = try #require((lines[0]["descent"] as? NSNumber)?.doubleValue)
        let base = Self.numbers(ruby["baseRect"])
        let rect = Self.numbers(ruby["rect"])
        try #require(base.count == 4 && rect.count == 4 && origin.count == 2)
        // Frame coordinates: the base box starts at the line origin, 80 points wide (two ems).
        #expect(base[0] == origin[0] && base[2] == 80)
        #expect(abs(base[1] - (origin[1] - descent)) < 0.002)
        // Before: the ruby stands on the base; auto (1-2-1) leaves equal space at both ends.
        #expect(abs(rect[1] - (base[1] + base[3])) < 0.002)
        #expect(abs((rect[0] - base[0]) - (base[0] + base[2] - rect[0] - rect[2])) < 0.002)
        let runs = try #require(ruby["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect((runs.first?["glyphs"] as? [Any])?.count == 3)
        #expect((runs.first?["size"] as? NSNumber)?.doubleValue == 20)
    }
}
