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
