// Tests of `galley render --batch DIR -o OUTDIR` and `galley layout --batch`: every input rendered
// with its flags, a failing file reported on its own line (in file-name order) without stopping
// the others, status 2 when any failed; refusals before anything is written.
import Foundation
import GalleyCLI
import GalleySync
import GalleyTestSupport
import Testing

@Suite("render --batch")
struct BatchCommandTests {
    /// Collects what the tool streams to standard error (from several threads).
    final class ErrorStream: Sendable {
        let text = Locked("")
        var contents: String { text.withLock { $0 } }
        func append(_ s: String) { text.withLock { $0 += s } }
    }

    static func run(_ arguments: [String], progress: Bool = false) -> (status: Int32, stderr: String, streamed: String)
    {
        let stream = ErrorStream()
        let r = GalleyTool.run(
            arguments, standardInput: { [] }, standardError: { stream.append($0) }, showsProgress: progress)
        return (r.status, r.stderr, stream.contents)
    }

    /// The width and height of a PNG file: big-endian at bytes 16 and 20 (the IHDR chunk, PNG spec 11.2.2).
    static func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        func be(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    static func write(_ text: String, _ dir: URL, _ name: String) throws {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }

    @Test("renders every file with its flags; one bad file fails alone with status 2")
    func batchWithFailure() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Self.write("Hello", input, "a.txt")
        try Self.write("<b>bold</b>", input, "b.markup")
        try Self.write("--width 100 --margin 20\n", input, "b.flags")
        try Self.write("<b>unclosed", input, "bad.markup")
        try Self.write("--width 50", input, "c.txt")  // text that looks like flags is just text
        try Self.write("ignored", input, "notes.md")
        let out = dir.appendingPathComponent("out").path  // created by the tool
        let result = Self.run(
            ["render", "--batch", input.path, "-o", out, "--font", TestFonts.dejaVuSans, "--width", "80"],
            progress: true)
        #expect(result.status == 2)
        #expect(result.stderr == "galley: --batch: 1 of 4 files failed\n")
        let made = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(made == ["a.png", "b.png", "c.png"])
        // a: the batch's --width 80 and the default margin 10 → 100 pixels wide; b: its flags
        // override the width and margin → 20 + 100 + 20 = 140.
        #expect(try Self.pngSize(out + "/a.png").0 == 100)
        #expect(try Self.pngSize(out + "/b.png").0 == 140)
        // One error line naming the file, a progress line per file ending at [4/4].
        let errorLines = result.streamed.split(separator: "\n").filter { $0.contains("galley: bad.markup: ") }
        #expect(errorLines.count == 1)
        #expect(errorLines.first?.contains("malformed markup") == true)
        #expect(result.streamed.contains("[4/4] "))
        for k in 1...4 { #expect(result.streamed.contains("\r[\(k)/4] ")) }
    }

    @Test("all files good: status 0, outputs in the chosen format")
    func batchSuccess() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 0..<6 { try Self.write("text \(i)", dir, "t\(i).txt") }
        let out = dir.appendingPathComponent("svg").path
        let result = Self.run(["render", "--batch", dir.path, "-o", out, "--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let made = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(made == (0..<6).map { "t\($0).svg" })
        let svg = try String(contentsOfFile: out + "/t3.svg", encoding: .utf8)
        #expect(svg.contains("<svg"))
    }

    @Test(
        "bad batch invocations give one line and status 2",
        arguments: [
            (["render", "--batch", "/nonexistent-galley-dir", "-o", "/tmp/x"], "does not exist"),
            (["render", "--batch", "/tmp"], "needs -o OUTDIR"),
            (["render", "--batch", "/tmp", "-o", "/tmp/x", "file.txt"], "not an input file"),
            (["render", "--batch", "/tmp", "-o", "/tmp/x", "--text", "hi"], "either --text or --batch"),
            (["layout", "--batch", "/tmp"], "needs -o OUTDIR"),
            (["shape", "--batch", "/tmp"], "does not apply"),
        ])
    func badInvocations(arguments: [String], message: String) {
        let result = Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("a folder without inputs is an error")
    func emptyFolder() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = Self.run(["render", "--batch", dir.path, "-o", dir.appendingPathComponent("o").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no .txt or .markup files"))
    }

    @Test("without a progress line, the errors come in file-name order, whatever finishes first")
    func errorsInOrder() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Files that fail at once (malformed markup) between files that take longer to render.
        let long = String(repeating: "words to lay out and draw ", count: 200)
        for i in 0..<8 {
            try Self.write(i % 2 == 0 ? long : "<b>broken \(i)", dir, "f\(i)." + (i % 2 == 0 ? "txt" : "markup"))
        }
        let out = dir.appendingPathComponent("out").path
        let result = Self.run(["render", "--batch", dir.path, "-o", out, "--font", TestFonts.dejaVuSans])
        #expect(result.status == 2)
        let expected = [1, 3, 5, 7].map {
            "galley: f\($0).markup: malformed markup: line 1, column 1: <b> is never closed\n"
        }.joined()
        #expect(result.streamed == expected)
        #expect(result.stderr == "galley: --batch: 4 of 8 files failed\n")
    }

    /// Unknown families are warnings (the default family stands in), one line per family and file,
    /// in file-name order like the errors; with --strict-fonts they fail their file.
    @Test("font warnings name their file, in order; --strict-fonts makes them errors")
    func fontWarnings() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let long = String(repeating: "words to lay out and draw ", count: 200)
        try Self.write("<span face='Nope One'>\(long)</span>", dir, "a.markup")
        try Self.write("<span face='Nope Two'>x</span> <span face='Nope Two'>y</span>", dir, "b.markup")
        try Self.write("plain", dir, "c.txt")
        let out = dir.appendingPathComponent("out").path
        let result = Self.run(["render", "--batch", dir.path, "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.streamed
                == "galley: a.markup: warning: no font family 'Nope One'; using 'DejaVu Sans'\n"
                + "galley: b.markup: warning: no font family 'Nope Two'; using 'DejaVu Sans'\n")
        let strict = Self.run(["render", "--batch", dir.path, "-o", out, "--strict-fonts"])
        #expect(strict.status == 2)
        #expect(strict.stderr == "galley: --batch: 2 of 3 files failed\n")
        #expect(strict.streamed.contains("galley: a.markup: markup asks for the font family 'Nope One'"))
    }

    @Test("layout --batch writes each file's JSON, the same bytes as layout -o on that file alone")
    func layoutBatch() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write("first file", dir, "a.txt")
        try Self.write("<i>second</i> file", dir, "b.markup")
        try Self.write("--width 60", dir, "b.flags")
        let out = dir.appendingPathComponent("json").path
        let result = Self.run(["layout", "--batch", dir.path, "-o", out, "--font", TestFonts.dejaVuSans])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["a.json", "b.json"])
        let alone = CLITestSupport.run([
            "layout", "--font", TestFonts.dejaVuSans, "--width", "60", "--markup", dir.path + "/b.markup",
        ])
        #expect(alone.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/b.json")) == Data(alone.stdout))
    }

    @Test("two inputs that would write one output: refused with status 2 before anything is written")
    func sameOutputTwice() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write("plain", dir, "a.txt")
        try Self.write("<b>marked</b>", dir, "a.markup")
        let out = dir.appendingPathComponent("out").path
        let result = Self.run(["render", "--batch", dir.path, "-o", out])
        #expect(result.status == 2)
        #expect(result.stderr == "galley: --batch: 'a.markup' and 'a.txt' would both write '\(out)/a.png'\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("an output that is another file's image, or its own input: the batch is refused, nothing written")
    func outputIsAnInput() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        // logo.ppm: a 1×1 red PPM that pic.markup draws; logo.txt would be rendered into logo.ppm.
        let logo = Data("P6\n1 1\n255\n".utf8) + Data([255, 0, 0])
        try logo.write(to: dir.appendingPathComponent("logo.ppm"))
        try Self.write("a<img src=\"logo.ppm\" width=\"4\" height=\"4\"/>b", dir, "pic.markup")
        try Self.write("text", dir, "logo.txt")
        let result = Self.run(["render", "--batch", dir.path, "-o", dir.path, "--format", "ppm"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("refusing to write '\(dir.path)/logo.ppm'"), "\(result.stderr)")
        #expect(result.stderr.contains("an input of 'pic.markup'"), "\(result.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("logo.ppm")) == logo)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/pic.ppm"))
        // Layout outputs NAME.json: an input called x.json is refused the same way.
        let other = dir.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Self.write("a", other, "x.txt")
        try FileManager.default.createSymbolicLink(
            atPath: other.path + "/x.json", withDestinationPath: other.path + "/x.txt")
        let layout = Self.run(["layout", "--batch", other.path, "-o", other.path])
        #expect(layout.status == 2)
        #expect(layout.stderr.contains("an input of 'x.txt'"), "\(layout.stderr)")
        #expect(try String(contentsOfFile: other.path + "/x.txt", encoding: .utf8) == "a")
    }
}
