// Tests of the character attributes, baseline shifts, truncation fields and placed metrics in
// `galley layout`'s JSON, against the markup's documented meaning and the font's own tables.
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("Layout JSON attributes")
struct LayoutJSONAttributeTests {
    static func runs(_ markup: String, size: Int = 12) throws -> [[String: Any]] {
        let run = CLITestSupport.run([
            "layout", "--markup", "--font", TestFonts.dejaVuSans, "--size", "\(size)",
            "--width", "1000", "--text", markup,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try #require(try run.json()["lines"] as? [[String: Any]])
        return lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
    }

    static func attributes(_ run: [String: Any]) -> [String: Any] { run["attributes"] as? [String: Any] ?? [:] }
    static func num(_ any: Any?) -> Double { (any as? NSNumber)?.doubleValue ?? .nan }

    /// A big-endian Int16 of a font table, read from the font file (OpenType spec: table directory
    /// of 16-byte records after a 12-byte header).
    static func fontInt16(table: String, offset: Int) throws -> Int {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans)))
        let count = Int(data[4]) << 8 | Int(data[5])
        for i in 0..<count {
            let record = 12 + 16 * i
            if String(decoding: data[record..<record + 4], as: UTF8.self) == table {
                let start = data[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) }
                let raw = UInt16(data[start + offset]) << 8 | UInt16(data[start + offset + 1])
                return Int(Int16(bitPattern: raw))
            }
        }
        throw CLIError("no \(table) table")
    }

    @Test("runs without attributes have an empty object, no shift, and are not tokens")
    func plain() throws {
        let runs = try Self.runs("plain")
        #expect(runs.count == 1)
        #expect(Self.attributes(runs[0]).isEmpty)
        #expect(Self.num(runs[0]["baselineShift"]) == 0)
        #expect(runs[0]["isTruncationToken"] as? Bool == false)
    }

    /// Pango markup: underline="double"; underline_color and background are CSS colours (blue =
    /// #0000ff, yellow = #ffff00); strikethrough="true" is a single line; letter_spacing is in
    /// Pango units (1024 per point); font_features is a CSS list ("liga=0" turns liga off).
    @Test("markup decorations, colours, tracking and features appear as set")
    func decorations() throws {
        let runs = try Self.runs(
            ##"<span underline="double" underline_color="blue" background="yellow">a</span><span strikethrough="true" strikethrough_color="#ff0000">b</span><span letter_spacing="2048" font_features="smcp, liga=0">c</span><u>d</u>"##
        )
        #expect(runs.count == 4)
        let a = Self.attributes(runs[0])
        let underline = try #require(a["underline"] as? [String: Any])
        #expect(underline["style"] as? String == "double")
        #expect(underline["pattern"] as? String == "solid")
        #expect(underline["color"] as? String == "#0000ffff")
        #expect(a["backgroundColor"] as? String == "#ffff00ff")
        #expect(a["strikethrough"] == nil)
        let strike = try #require(Self.attributes(runs[1])["strikethrough"] as? [String: Any])
        #expect(strike["style"] as? String == "single")
        #expect(strike["color"] as? String == "#ff0000ff")
        let c = Self.attributes(runs[2])
        #expect(Self.num(c["tracking"]) == 2)
        let features = try #require(c["fontFeatures"] as? [[String: Any]])
        #expect(features.map { $0["tag"] as? String } == ["smcp", "liga"])
        #expect(features.map { Self.num($0["value"]) } == [1, 0])
        // <u> is a single underline without its own colour (null: the text colour).
        let u = try #require(Self.attributes(runs[3])["underline"] as? [String: Any])
        #expect(u["style"] as? String == "single")
        #expect(u["color"] is NSNull)
        // Key order is fixed (documented): the new keys follow the existing ones.
        let run = CLITestSupport.run(["layout", "--markup", "--text", "<u>x</u>"])
        let text = run.stdoutText
        let order = [
            "\"color\"", "\"placeholder\"", "\"baselineShift\"", "\"isTruncationToken\"", "\"attributes\"",
            "\"isTruncated\"", "\"truncationTokenRange\"", "\"placedMetrics\"",
        ]
        let positions = order.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
    }

    /// rise is a baseline offset in points (Pango: rise="5pt"), and the run's baselineShift is it.
    /// <sup> sets superscript level 1, whose shift is the OS/2 ySuperscriptYOffset (offset 24 of
    /// the table) scaled to the size: DejaVu Sans has 983 units of 2048 (head.unitsPerEm, offset 18).
    @Test("rise and superscript shift the baseline as the font's tables say")
    func baselineShifts() throws {
        let runs = try Self.runs(#"a<span rise="5pt">b</span>c<sup>2</sup>"#, size: 12)
        #expect(runs.count == 4)
        #expect(Self.num(Self.attributes(runs[1])["baselineOffset"]) == 5)
        #expect(Self.num(runs[1]["baselineShift"]) == 5)
        #expect(Self.num(Self.attributes(runs[3])["superscript"]) == 1)
        let offset = try Self.fontInt16(table: "OS/2", offset: 24)
        let unitsPerEm = try Self.fontInt16(table: "head", offset: 18)
        let expected = (Double(offset) * 12 / Double(unitsPerEm) * 1000).rounded() / 1000
        #expect(Self.num(runs[3]["baselineShift"]) == expected)
        #expect(expected > 0)
    }

    @Test("placed metrics equal the line's own without line-height settings")
    func placedMetricsDefault() throws {
        let run = CLITestSupport.run(["layout", "--text", "one\ntwo"])
        let lines = try #require(try run.json()["lines"] as? [[String: Any]])
        for line in lines {
            let placed = try #require(line["placedMetrics"] as? [String: Any])
            #expect(Self.num(placed["ascent"]) == Self.num(line["ascent"]))
            #expect(Self.num(placed["descent"]) == Self.num(line["descent"]))
            #expect(Self.num(placed["leading"]) == Self.num(line["leading"]))
            #expect(line["isTruncated"] as? Bool == false)
        }
    }

    /// The keys a run's JSON shows outside its `attributes` object, and where.
    static let shownElsewhere: [Attribute.Key: [String]] = [
        .font: ["font", "size"], .foregroundColor: ["color"], .runDelegate: ["placeholder"],
        .paragraphStyle: [], .writingDirection: ["rightToLeft"],  // and the line origins and widths
    ]

    /// Completeness: every Attribute.Key is in a run's `attributes`, under its own name, or is
    /// one of the keys shown elsewhere; the failure names the keys the JSON forgets (or shows twice).
    @Test("every attribute key is in the layout JSON")
    func everyKeyIsInTheJSON() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 12)
        var forgotten: [String] = []
        for key in Attribute.Key.allCases {
            let names = LayoutJSON.characterAttributeNames(Attributes([try key.example(font: font)]))
            let expected = Self.shownElsewhere[key] == nil ? [key.rawValue] : []
            if names != expected {
                forgotten.append("\(key.rawValue) (written as \(names))")
            }
        }
        #expect(forgotten.isEmpty, "keys the layout JSON does not show as documented: \(forgotten)")
        let run = try #require(try Self.runs("plain").first)
        for member in Self.shownElsewhere.values.joined() {
            #expect(run[member] != nil, "\(member)")
        }
    }
}
