// Font families in `--font` resolved through fontconfig's rules: the JSON's requestedFamily and
// family, one warning per unknown family, and --strict-fonts making an unknown family an error.
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("Font substitution in the tool")
struct FontSubstitutionTests {
    /// The first run of the first line of `galley layout`'s JSON.
    static func firstRun(_ r: ToolRun) throws -> [String: Any] {
        let lines = try #require(try r.json()["lines"] as? [[String: Any]])
        let runs = try #require(lines.first?["runs"] as? [[String: Any]])
        return try #require(runs.first)
    }

    @Test("an unknown family lays out with the default font, one warning line, and names both families in the JSON")
    func unknownFamilyWarns() throws {
        let r = CLITestSupport.run(["layout", "--font", "Cantarelx Bold 14", "--text", "Hello"])
        #expect(r.status == 0)
        #expect(r.stderr == "galley: warning: no font family 'Cantarelx'; using 'DejaVu Sans'\n")
        let run = try Self.firstRun(r)
        #expect(run["requestedFamily"] as? String == "Cantarelx")
        #expect(run["family"] as? String == "DejaVu Sans")
        #expect(run["font"] as? String == "DejaVuSans-Bold")
        // The same glyphs and advances as the default family asked for by name.
        let reference = try Self.firstRun(
            CLITestSupport.run(["layout", "--font", "DejaVu Sans Bold 14", "--text", "Hello"]))
        #expect(reference["requestedFamily"] == nil)
        #expect(run["glyphs"] as? [Int] == reference["glyphs"] as? [Int])
        #expect(run["advances"] as? [[Double]] == reference["advances"] as? [[Double]])
    }

    /// fontconfig files Cantarell (when it is not installed) under system-ui and Comic Sans MS
    /// under cursive, and reaches DejaVu Sans only through those classes: a substitution, so it
    /// warns as an unknown family does (fc-match answers DejaVu Sans for both here).
    @Test(arguments: ["Cantarell", "Comic Sans MS"])
    func familyKnownOnlyThroughAClassWarns(_ family: String) throws {
        let answer = try GalleyTestSupport.Fontconfig.match(Fontconfig.escaped(family), .system)
        try #require(answer.family == "DejaVu Sans", "fc-match gives \(answer) for \(family) here")
        let r = CLITestSupport.run(["layout", "--font", "\(family) 14", "--text", "Hello"])
        #expect(r.status == 0)
        #expect(r.stderr == "galley: warning: no font family '\(family)'; using 'DejaVu Sans'\n")
    }

    @Test("render warns once per unknown family, however many runs use it")
    func renderWarnsOnce() throws {
        let r = CLITestSupport.run([
            "render", "--markup", "-o", "-", "--font", "Zzyzx Qwerty 12", "--text", "a <u>b</u> c <s>d</s> e",
        ])
        #expect(r.status == 0)
        #expect(r.stderr == "galley: warning: no font family 'Zzyzx Qwerty'; using 'DejaVu Sans'\n")
        #expect(!r.stdout.isEmpty)
    }

    @Test("warnings list each distinct unknown family once, in order of first use; known ones are silent")
    func warningsPerFamily() throws {
        func font(_ family: String) throws -> Font {
            try FontCollection.shared.font(matching: FontRequest(family: family, size: 12))
        }
        var b = AttributedTextBuilder("one", attributes: [.font(try font("Foo Unknown"))])
        b.append(" two", attributes: [.font(try font("Bar Unknown"))])
        b.append(" three", attributes: [.font(try font("Foo Unknown").withSize(20))])
        b.append(" four", attributes: [.font(try font("Sans"))])
        let lines = GalleyTool.fontWarnings(font: try font("DejaVu Sans"), text: b.build())
        #expect(
            lines == [
                "galley: warning: no font family 'Foo Unknown'; using 'DejaVu Sans'\n",
                "galley: warning: no font family 'Bar Unknown'; using 'DejaVu Sans'\n",
            ])
    }

    @Test(
        "--strict-fonts makes an unknown family an error with status 2",
        arguments: [
            ["layout", "--text", "x"], ["render", "-o", "-", "--text", "x"], ["shape", "--text", "x"],
        ])
    func strictFonts(_ command: [String]) {
        let r = CLITestSupport.run(command + ["--strict-fonts", "--font", "Cantarelx 12"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("galley: no font family 'Cantarelx'"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("--strict-fonts is stored in the options and accepts generic names and fontconfig aliases")
    func strictAcceptsKnownNames() throws {
        guard case .layout(let options) = try CommandLineParser.parse(["layout", "--strict-fonts", "--text", "x"])
        else {
            Issue.record("not layout")
            return
        }
        #expect(options.strictFonts)
        guard case .render(let plain) = try CommandLineParser.parse(["render", "-o", "a.png", "--text", "x"]) else {
            Issue.record("not render")
            return
        }
        #expect(!plain.strictFonts)
        for name in ["Sans", "Monospace", "Times", "Helvetica", "DejaVu Serif"] {
            let r = CLITestSupport.run(["layout", "--strict-fonts", "--font", "\(name) 12", "--text", "x"])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let silent = try Self.silent(name)
            #expect(r.stderr.isEmpty || !silent, "\(name): \(r.stderr)")
        }
    }

    /// Whether `--font NAME` should lay out without a warning: a name that is no alias, or one
    /// fontconfig answers with a metric-compatible family (Liberation Serif for Times when it
    /// is installed). A face of the name's generic class (DejaVu Serif for Times here) warns.
    static func silent(_ name: String) throws -> Bool {
        let metric = try Fontconfig.metricAliasFamilies()
        if !metric.contains(name.lowercased()) { return true }
        return try Fontconfig.answersWithMetricAlias(name)
    }

    /// The family and requestedFamily of `galley layout --font "NAME 12"`'s first run.
    static func families(_ name: String, text: String = "x") throws -> (family: String, requested: String?) {
        let r = CLITestSupport.run(["layout", "--font", "\(name) 12", "--text", text])
        #expect(r.status == 0, "\(r.stderr)")
        let silent = try Self.silent(name)
        #expect(r.stderr.isEmpty == silent, "\(name): \(r.stderr)")
        let run = try Self.firstRun(r)
        return (try #require(run["family"] as? String), run["requestedFamily"] as? String)
    }

    @Test(
        "aliases: family as fc-match resolves the name, requestedFamily the name when it differs",
        arguments: ["Times", "Helvetica", "Courier", "Arial", "DejaVu Sans", "dejavu serif"])
    func aliasFamilies(_ name: String) throws {
        let (family, requested) = try Self.families(name)
        let expected = try Fontconfig.match(format: "%{family[0]}", name)
        #expect(family == expected)
        // A name that is the family itself (fontconfig ignores case and spaces) is no substitution.
        let same = family.lowercased().filter { $0 != " " } == name.lowercased().filter { $0 != " " }
        #expect(requested == (same ? nil : name))
    }

    @Test(
        "generic names: the bundled family of their class, whatever fontconfig prefers, with requestedFamily",
        arguments: [
            ("Sans", "DejaVu Sans"), ("sans-serif", "DejaVu Sans"), ("Serif", "DejaVu Serif"),
            ("Monospace", "DejaVu Sans Mono"), ("system-ui", "DejaVu Sans"), ("Emoji", "Noto Color Emoji"),
        ])
    func genericFamilies(_ name: String, _ bundled: String) throws {
        // (Noto Color Emoji has no "x": its run would be a fallback font's.)
        let (family, requested) = try Self.families(name, text: name == "Emoji" ? "\u{1F600}" : "x")
        #expect(family == bundled)
        #expect(requested == name)
    }

    @Test("stretch words set the width: Condensed picks the face fontconfig picks for width 75")
    func condensed() throws {
        let r = CLITestSupport.run(["layout", "--font", "DejaVu Sans Condensed 12", "--text", "x"])
        #expect(r.status == 0)
        let run = try Self.firstRun(r)
        let expected = try Fontconfig.match(format: "%{postscriptname}", "DejaVu Sans:width=75")
        #expect(run["font"] as? String == expected)
        #expect(try FontDescription.parse("Sans Ultra-Condensed 9").width == .ultraCondensed)
        #expect(try FontDescription.parse("Sans Expanded Bold 9").width == .expanded)
    }

    @Test("a family list uses the first known family; unknown names before it are skipped silently")
    func familyList() throws {
        let font = try FontDescription.parse("Cantarelx, Serif, Emoji 12").font(size: 12)
        #expect(font.familyName == "DejaVu Serif")
        #expect(font.substitution == FontSubstitution(requestedFamily: "Serif", kind: .generic))
        #expect(font.cascadeList == ["Noto Color Emoji"])
        #expect(throws: CLIError.self) { try FontDescription.parse("Cantarelx, Serif 12").font(size: 12, strict: true) }
    }
}
