// `galley render -o page.pdf` / `.ps`: the document read back by poppler (pdftotext, pdfinfo),
// overflowing text continued on further pages, and bad outputs refused with one line and status 2.
import Foundation
import GalleyTestSupport
import Testing

@Suite("galley render to PDF and PostScript")
struct PDFOutputTests {
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static let paragraph =
        "Galley continues a frame of fixed height on the next page, as CTFramesetter makes frame after frame from each visible range's end, until every word is placed."

    @Test("-o page.pdf writes a PDF whose text pdftotext gives back", .enabled(if: Poppler.isInstalled))
    func writesPDF() throws {
        let dir = try TemporaryDirectory.make()
        let out = dir.appendingPathComponent("page.pdf").path
        let run = CLITestSupport.run(["render", "--text", "Hello, PDF world", "--size", "18", "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: out))
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        #expect(Self.words(try #require(Poppler.run("pdftotext", [out, "-"]))) == "Hello, PDF world")
        // Nothing but the output in the directory (no temporary file left).
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["page.pdf"])
    }

    @Test("--format ps and -o -: PostScript and PDF on standard output")
    func formats() throws {
        let ps = CLITestSupport.run(["render", "--text", "PostScript", "--format", "ps", "-o", "-"])
        #expect(ps.status == 0)
        #expect(ps.stdout.starts(with: Array("%!PS-Adobe-3.0".utf8)))
        let pdf = CLITestSupport.run(["render", "--text", "PDF", "--format", "pdf", "-o", "-"])
        #expect(pdf.status == 0)
        #expect(pdf.stdout.starts(with: Array("%PDF-".utf8)))
    }

    @Test(
        "with --height, text that overflows continues on further pages, none lost or repeated",
        .enabled(if: Poppler.isInstalled)
    )
    func continuesOnPages() throws {
        let dir = try TemporaryDirectory.make()
        let out = dir.appendingPathComponent("pages.pdf").path
        let run = CLITestSupport.run([
            "render", "--text", Self.paragraph, "--size", "14", "--width", "200", "--height", "40", "-o", out,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let info = try #require(Poppler.run("pdfinfo", [out]))
        let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
            Int($0.split(separator: " ").last ?? "")
        }
        #expect((pages ?? 0) >= 3, "\(info)")
        #expect(Self.words(try #require(Poppler.run("pdftotext", [out, "-"]))) == Self.paragraph)
        // Without --height: one page as tall as the text.
        let single = dir.appendingPathComponent("single.pdf").path
        #expect(CLITestSupport.run(["render", "--text", Self.paragraph, "--width", "200", "-o", single]).status == 0)
        #expect(try #require(Poppler.run("pdfinfo", [single])).contains("Pages:           1"))
    }

    @Test(
        "bad outputs: one error line, status 2, no file (and an existing file kept)",
        arguments: [
            (["--width", "20000"], "outside PDF's limits"),
            (["--height", "15000"], "outside PDF's limits"),
        ])
    func pageTooLarge(_ flags: [String], _ message: String) throws {
        let dir = try TemporaryDirectory.make()
        let out = dir.appendingPathComponent("big.pdf").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        let run = CLITestSupport.run(["render", "--text", "Too large a page"] + flags + ["-o", out])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("galley: cannot write '\(out)': page size"))
        #expect(run.stderr.contains(message) && run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: out) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["big.pdf"])
    }

    @Test("an unwritable path: one error line, status 2, no file")
    func unwritable() throws {
        let dir = try TemporaryDirectory.make()
        let missing = dir.appendingPathComponent("no/such/page.pdf").path
        let run = CLITestSupport.run(["render", "--text", "x", "-o", missing])
        #expect(run.status == 2)
        #expect(run.stderr.filter { $0 == "\n" }.count == 1 && run.stderr.hasPrefix("galley: cannot write"))
        #expect(!FileManager.default.fileExists(atPath: missing))
        let readOnly = dir.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
        // Root may write anywhere: the check only means something for other users.
        guard getuid() != 0 else { return }
        let inReadOnly = readOnly.appendingPathComponent("page.pdf").path
        let second = CLITestSupport.run(["render", "--text", "x", "-o", inReadOnly])
        #expect(second.status == 2)
        #expect(!FileManager.default.fileExists(atPath: inReadOnly))
    }
}
