// `--font FILE` through the OpenType Sanitizer (issue 30): the two malformed fonts exit 2 at once
// with one line naming the file and OTS's reason and write nothing; WOFF2 renders as its TTF does;
// --trust-font-file skips the sanitizer (and then cairo fails on the cmap font, as the issue
// says); a missing ots-sanitize is named, with its Debian package.
import Foundation
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("untrusted font files")
struct UntrustedFontTests {
    static func fixture(_ name: String) -> String {
        TestPackage.url("Tests/Fixtures/Fonts").appendingPathComponent(name).path
    }

    @Test(
        "a malformed font is refused before anything is drawn: status 2, one line with OTS's reason",
        arguments: [
            ("inter-directory-offsets.ttf", "GDff: invalid table offset"),
            ("inter-cmap-length.ttf", "cmap: Failed to parse table"),
        ])
    func malformedFontExits2(name: String, reason: String) throws {
        let folder = try TemporaryDirectory.make("cli-tests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = Self.fixture(name)
        for (command, output) in [("render", "out.pdf"), ("render", "out.png"), ("layout", "out.json")] {
            let path = folder.appendingPathComponent(output).path
            let start = Date()
            let run = CLITestSupport.run([command, "--font", font, "--text", "Hello", "-o", path])
            #expect(Date().timeIntervalSince(start) < 3)
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.filter { $0 == "\n" }.count == 1)
            #expect(run.stderr.hasPrefix("galley: cannot load font '\(font)'"))
            #expect(run.stderr.contains("refused by the OpenType Sanitizer") && run.stderr.contains(reason))
            #expect(!FileManager.default.fileExists(atPath: path) && run.stdout.isEmpty)
        }
    }

    @Test("a WOFF2 font file renders the pixels of its TTF")
    func woff2RendersAsTTF() throws {
        let text = "שָׁלוֹם 123"
        func render(_ font: String) -> ToolRun {
            CLITestSupport.run(["render", "--font", font, "--size", "20", "--text", text, "-o", "-", "--format", "ppm"])
        }
        let ttf = render(TestFonts.path("NotoSansHebrew-Regular.ttf"))
        let woff2 = render(Self.fixture("NotoSansHebrew-Regular.woff2"))
        #expect(ttf.status == 0 && woff2.status == 0, "\(woff2.stderr)")
        #expect(!ttf.stdout.isEmpty && woff2.stdout == ttf.stdout)
    }

    // The issue: "Changing 4 bytes in cmap gives a font that lays out and renders, but makes PDF
    // and PostScript output fail with cairo's 'out of memory'." Trusted, the fixture does that.
    @Test("--trust-font-file loads the file as it is: the cmap font renders a PNG and breaks cairo's PDF")
    func trustedCmapFont() throws {
        let folder = try TemporaryDirectory.make("cli-tests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = Self.fixture("inter-cmap-length.ttf")
        let base = ["render", "--trust-font-file", "--font", font, "--text", "Hello fil 123", "-o"]
        let png = CLITestSupport.run(base + [folder.appendingPathComponent("out.png").path])
        #expect(png.status == 0, "\(png.stderr)")
        let pdf = CLITestSupport.run(base + [folder.appendingPathComponent("out.pdf").path])
        #expect(pdf.status != 0 && pdf.stderr.contains("out of memory"), "\(pdf.stderr)")
    }

    @Test("without ots-sanitize a font file is refused with status 2, naming opentype-sanitizer")
    func missingSanitizer() throws {
        let process = Process()
        process.executableURL = try EndToEndTests.executable()
        process.arguments = ["layout", "--font", Self.fixture("NotoSansHebrew-Regular.woff2"), "--text", "שלום"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["GALLEY_OTS_SANITIZE": "/nonexistent/ots-sanitize"], uniquingKeysWith: { $1 })
        let error = Pipe(), output = Pipe()
        process.standardError = error
        process.standardOutput = output
        try process.run()
        let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(stderr.contains("opentype-sanitizer") && stderr.filter { $0 == "\n" }.count == 1, "\(stderr)")
        // A bundled font needs no sanitizer.
        let bundled = Process()
        bundled.executableURL = process.executableURL
        bundled.arguments = ["layout", "--font", TestFonts.dejaVuSans, "--text", "ok"]
        bundled.environment = process.environment
        bundled.standardOutput = Pipe()
        try bundled.run()
        bundled.waitUntilExit()
        #expect(bundled.terminationStatus == 0)
    }
}
