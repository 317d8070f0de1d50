// Markup's <a href="…"> (GtkLabel's link element: href, title and class) becomes Galley's link
// (the custom attribute NSLink) with GTK's single underline, and `galley layout` shows a run's
// custom attributes under `custom`; runs without any have no such member.
import Foundation
import GalleyCLI
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Links in markup and layout JSON")
struct LinkMarkupJSONTests {
    @Test func anchorBecomesALinkRunInTheJSON() throws {
        let run = CLITestSupport.run([
            "layout", "--font", TestFonts.dejaVuSans, "--markup",
            "--text", "see <a href=\"https://example.com/x\" title=\"X\">the site</a> now",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try run.json()
        let line = try #require((json["lines"] as? [[String: Any]])?.first)
        let runs = try #require(line["runs"] as? [[String: Any]])
        #expect(runs.count == 3)
        let custom = runs.map { $0["custom"] as? [String: Any] }
        #expect(custom[0] == nil && custom[2] == nil)
        #expect(custom[1]?["NSLink"] as? String == "https://example.com/x")
        let attributes = try #require(runs[1]["attributes"] as? [String: Any])
        #expect(attributes["underline"] != nil)
    }

    @Test func anchorNeedsAnHref() throws {
        #expect(throws: MarkupError.self) { try Markup.parse("<a>x</a>", base: []) }
        #expect(throws: MarkupError.self) { try Markup.parse("<a href=\"u\" target=\"_blank\">x</a>", base: []) }
        let text = try Markup.parse("<a href=\"not a url\">x</a><a href=\"http://a.b/\">y</a>", base: [])
        #expect(text.runs.map { $0.attributes.link } == [.string("not a url"), .url(URL(string: "http://a.b/")!)])
    }
}

/// `--fit-lines N --min-size PT`: the layout's runs are set at the size Framesetter.fit chooses,
/// which an exhaustive search over whole sizes confirms: it fits in N lines, one point more does not.
@Suite("galley --fit-lines")
struct FitLinesOptionTests {
    static func lines(size: String, extra: [String]) throws -> (count: Int, size: Double) {
        let run = CLITestSupport.run(
            [
                "layout", "--font", TestFonts.dejaVuSans, "--size", size, "--width", "400", "--text",
                "The quick brown fox jumps over the lazy dog",
            ] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try run.json()
        let lines = try #require(json["lines"] as? [[String: Any]])
        let runs = try #require(lines.first?["runs"] as? [[String: Any]])
        return (lines.count, (runs.first?["size"] as? NSNumber)?.doubleValue ?? 0)
    }

    @Test func fitsTwoLines() throws {
        let fitted = try Self.lines(size: "72", extra: ["--fit-lines", "2", "--min-size", "28"])
        #expect(fitted.count <= 2)
        #expect(fitted.size >= 28 && fitted.size <= 72 && fitted.size < 72)
        // One point larger needs more than two lines.
        let larger = try Self.lines(size: "\(Int(fitted.size) + 1)", extra: [])
        #expect(larger.count > 2)
        let same = try Self.lines(size: "\(Int(fitted.size))", extra: [])
        #expect(same.count <= 2)
    }

    @Test func badValues() {
        #expect(CLITestSupport.run(["layout", "--fit-lines", "-1", "--text", "x"]).status != 0)
        #expect(
            CLITestSupport.run(["layout", "--fit-lines", "1", "--min-size", "20", "--size", "10", "--text", "x"]).status
                != 0)
    }
}
