// Tests of `galley render --batch DIR -o OUTDIR`: every input rendered with its flags, a failing
// file reported on its own line without stopping the others, status 2 when any failed.
import Foundation
import GalleyCLI
import GalleySync
import Testing

@Suite("render --batch")
struct BatchCommandTests {
    /// Collects what the tool streams to standard error (from several threads).
    final class ErrorStream: Sendable {
        let text = Locked("")
        var contents: String { text.withLock { $0 } }
        func append(_ s: String) { text.withLock { $0 += s } }
    }

    static func run(_ arguments: [String]) -> (status: Int32, stderr: String, streamed: String) {
        let stream = ErrorStream()
        let r = GalleyTool.run(arguments, standardInput: { [] }, standardError: { stream.append($0) })
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
        let dir = try CLITestSupport.temporaryDirectory()
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
        let result = Self.run([
            "render", "--batch", input.path, "-o", out, "--font", CLITestSupport.dejaVuPath, "--width", "80",
        ])
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
        let dir = try CLITestSupport.temporaryDirectory()
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
            (["layout", "--batch", "/tmp"], "does not apply"),
        ])
    func badInvocations(arguments: [String], message: String) {
        let result = Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("a folder without inputs is an error")
    func emptyFolder() throws {
        let dir = try CLITestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = Self.run(["render", "--batch", dir.path, "-o", dir.appendingPathComponent("o").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no .txt or .markup files"))
    }
}
