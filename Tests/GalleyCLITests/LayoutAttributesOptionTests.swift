// Tests of `galley layout --attributes`: the text's attribute runs listed in Pango's terms (the
// attribute type names and value spellings of pango_attr_list_to_string, Pango's markup
// reference for what each tag means), over UTF-16 ranges that tile the text.
import Foundation
import GalleyCLI
import Testing

@Suite("layout --attributes")
struct LayoutAttributesOptionTests {
    /// The `attributes` member of `galley layout --attributes --markup` on `markup`.
    static func segments(_ markup: String) throws -> [(range: [Int], pango: [String: String])] {
        let run = CLITestSupport.run([
            "layout", "--markup", "--attributes", "--font", "DejaVu Sans", "--size", "12", "--text", markup,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let list = try #require(try run.json()["attributes"] as? [[String: Any]])
        return try list.map { entry in
            (try #require(entry["range"] as? [Int]), try #require(entry["pango"] as? [String: String]))
        }
    }

    @Test("<b>, a coloured double underline: Pango's names and spellings, one entry per stretch")
    func seedExample() throws {
        let segments = try Self.segments(
            "<b>Be bold!</b> And a <span foreground=\"#f80\" underline=\"double\">little</span> color")
        #expect(segments.map(\.range) == [[0, 8], [8, 7], [15, 6], [21, 6]])
        #expect(segments[0].pango["weight"] == "700")
        #expect(segments[0].pango["family"] == "DejaVu Sans")
        #expect(segments[0].pango["size"] == "12")
        #expect(segments[1].pango["weight"] == "400")
        #expect(segments[2].pango["foreground"] == "#ff8800")
        #expect(segments[2].pango["underline"] == "double")
        #expect(segments[3].pango["underline"] == nil)
    }

    @Test("lengths in Pango units, <big> as 12 × 1.2 pt, <i> italic, <sup> as Pango 1.50's pair")
    func units() throws {
        let segments = try Self.segments(
            "<span letter_spacing=\"2048\" rise=\"3pt\">a</span><big>b</big><i>c</i><sup>d</sup>")
        #expect(segments.count == 4)
        #expect(segments[0].pango["letter-spacing"] == "2048")
        #expect(segments[0].pango["rise"] == "3072")
        #expect(segments[1].pango["size"] == "14.4")
        #expect(segments[2].pango["style"] == "italic")
        #expect(segments[3].pango["baseline-shift"] == "superscript")
        #expect(segments[3].pango["font-scale"] == "superscript")
    }

    @Test("ranges are UTF-16 offsets that tile the text")
    func utf16Ranges() throws {
        // U+1F600 is two UTF-16 units.
        let segments = try Self.segments("\u{1F600}<u>\u{E9}x</u>\u{1F600}")
        #expect(segments.map(\.range) == [[0, 2], [2, 2], [4, 2]])
        #expect(segments[1].pango["underline"] == "single")
    }

    @Test("without --attributes there is no attributes member; render does not take the flag")
    func optIn() throws {
        let plain = CLITestSupport.run(["layout", "--markup", "--text", "<b>x</b>"])
        #expect(plain.status == 0)
        #expect(try plain.json()["attributes"] == nil)
        let render = CLITestSupport.run(["render", "--attributes", "--text", "x", "-o", "-"])
        #expect(render.status != 0)
        #expect(render.stderr.contains("--attributes"))
    }
}
