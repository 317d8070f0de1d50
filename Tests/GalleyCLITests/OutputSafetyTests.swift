// The tool's promises about its outputs and exit statuses: no partial output is ever left (a write
// that fails midway, a render that fails), an output that is one of the run's inputs is refused
// before anything is written, and the status says whose fault a failure is: 2 for the command line
// and its inputs, 1 for a failure that is not the input's (one line on standard error either way).
import Foundation
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("outputs and exit statuses")
struct OutputSafetyTests {
    static let font = TestFonts.dejaVuSans

    /// The names in `dir` other than `expected`: temporary files left behind would show here.
    static func strayFiles(_ dir: URL, expected: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !expected.contains($0) }.sorted()
    }

    /// Runs `executable` with `arguments`, standard output to `output` (a pipe when nil).
    static func launch(_ executable: String, _ arguments: [String], output: FileHandle? = nil) throws -> (
        status: Int32, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let error = Pipe()
        process.standardError = error
        process.standardOutput = output ?? Pipe()
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: err, as: UTF8.self))
    }

    static func isOneLine(_ stderr: String) -> Bool {
        stderr.hasPrefix("galley: ") && stderr.hasSuffix("\n") && stderr.filter { $0 == "\n" }.count == 1
    }

    // MARK: Partial output

    @Test("a write that fails midway (file size limit) exits 1 and leaves no file, old or temporary")
    func writeFailsMidway() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let galley = try EndToEndTests.executable().path
        let old = Data("old contents".utf8)
        try old.write(to: dir.appendingPathComponent("kept.png"))
        // `ulimit -f 1` (POSIX: 512-byte blocks) makes any write past 512 bytes fail with EFBIG;
        // a PNG of a line of text is larger, so the write fails after its first bytes.
        for name in ["new.png", "kept.png"] {
            let r = try Self.launch(
                "/bin/sh",
                [
                    "-c", "ulimit -f 1 && exec \"$0\" \"$@\"", galley, "render", "--font", Self.font, "--text",
                    "A line long enough to need more than 512 bytes of PNG", "-o", dir.path + "/" + name,
                ])
            #expect(r.status == 1, "\(r.stderr)")
            #expect(Self.isOneLine(r.stderr), "\(r.stderr)")
            #expect(r.stderr.contains("cannot write '\(dir.path)/\(name)'"), "\(r.stderr)")
        }
        #expect(try Self.strayFiles(dir, expected: ["kept.png"]) == [])
        #expect(try Data(contentsOf: dir.appendingPathComponent("kept.png")) == old)
    }

    @Test("a render that fails (canvas too large) exits 2 and leaves the old file as it was")
    func renderFails() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("out.png")
        let old = Data("old contents".utf8)
        try old.write(to: target)
        // 20 000 points wide plus margins at scale 1: wider than Bitmap.maximumDimension (16 384).
        let r = CLITestSupport.run([
            "render", "--font", Self.font, "--width", "20000", "--text", "x", "-o", target.path,
        ])
        #expect(r.status == 2)
        #expect(Self.isOneLine(r.stderr), "\(r.stderr)")
        #expect(try Data(contentsOf: target) == old)
        #expect(try Self.strayFiles(dir, expected: ["out.png"]) == [])
    }

    @Test("standard output that cannot be written (/dev/full) exits 1 with one line; standard error too: no crash")
    func standardOutputFull() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let galley = try EndToEndTests.executable().path
        let r = try Self.launch(galley, ["layout", "--font", Self.font, "--text", "hello"], output: full)
        #expect(r.status == 1)
        #expect(r.stderr == "galley: cannot write standard output: No space left on device\n")
        // With standard error full too, the status still says what happened.
        let process = Process()
        process.executableURL = try EndToEndTests.executable()
        process.arguments = ["layout", "--bogus"]
        process.standardError = full
        process.standardOutput = full
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
    }

    @Test("a successful write replaces the file through a symbolic link, keeping the link")
    func writesThroughLink() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("old".utf8).write(to: dir.appendingPathComponent("real.json"))
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/link.json", withDestinationPath: dir.path + "/real.json")
        let r = CLITestSupport.run(["layout", "--font", Self.font, "--text", "hi", "-o", dir.path + "/link.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path + "/link.json")
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let json = try String(contentsOfFile: dir.path + "/real.json", encoding: .utf8)
        #expect(json.hasPrefix("{\"size\":"))
        #expect(try Self.strayFiles(dir, expected: ["real.json", "link.json"]) == [])
    }

    // MARK: Outputs that are inputs

    /// A folder with `in.txt`, `pic.markup` drawing `red.ppm`, and a copy of the bundled font.
    static func inputs() throws -> URL {
        let dir = try TemporaryDirectory.make()
        try Data("some text".utf8).write(to: dir.appendingPathComponent("in.txt"))
        try (Data("P6\n1 1\n255\n".utf8) + Data([255, 0, 0])).write(to: dir.appendingPathComponent("red.ppm"))
        try Data("a<img src=\"red.ppm\" width=\"4\" height=\"4\"/>b".utf8).write(
            to: dir.appendingPathComponent("pic.markup"))
        try FileManager.default.copyItem(atPath: Self.font, toPath: dir.path + "/font.ttf")
        try FileManager.default.linkItem(atPath: dir.path + "/in.txt", toPath: dir.path + "/hard.txt")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/soft.png", withDestinationPath: "in.txt")
        return dir
    }

    @Test(
        "an output that is the same file as an input is refused with status 2 and left untouched",
        arguments: [
            // The text input, spelt another way, through a hard link and through a symbolic link.
            (["render", "--format", "png", "IN/in.txt", "-o", "IN/../IN_NAME/in.txt"], "in.txt"),
            (["render", "--format", "ppm", "IN/in.txt", "-o", "IN/hard.txt"], "hard.txt"),
            (["render", "IN/in.txt", "-o", "IN/soft.png"], "in.txt"),
            (["layout", "IN/in.txt", "-o", "IN/in.txt"], "in.txt"),
            // The image a markup file draws, and the font file.
            (["render", "--markup", "IN/pic.markup", "-o", "IN/red.ppm"], "red.ppm"),
            (["render", "--font", "IN/font.ttf", "--format", "png", "--text", "x", "-o", "IN/font.ttf"], "font.ttf"),
            (["layout", "--font", "IN/font.ttf", "--text", "x", "-o", "IN/font.ttf"], "font.ttf"),
        ])
    func refusesInput(arguments: [String], victim: String) throws {
        let dir = try Self.inputs()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try Data(contentsOf: dir.appendingPathComponent(victim))
        let resolved = arguments.map {
            $0.replacingOccurrences(of: "IN_NAME", with: dir.lastPathComponent)
                .replacingOccurrences(of: "IN/", with: dir.path + "/")
        }
        var full = resolved
        if !full.contains("--font") { full += ["--font", Self.font] }
        let r = CLITestSupport.run(full)
        #expect(r.status == 2)
        #expect(Self.isOneLine(r.stderr), "\(r.stderr)")
        #expect(r.stderr.contains("refusing to write"), "\(r.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent(victim)) == before)
        let expected: Set<String> = ["in.txt", "red.ppm", "pic.markup", "font.ttf", "hard.txt", "soft.png"]
        #expect(try Self.strayFiles(dir, expected: expected) == [])
    }

    @Test("standard input redirected from the output file (galley layout -o in.txt < in.txt) is refused")
    func refusesRedirectedInput() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("in.txt")
        try Data("some text".utf8).write(to: file)
        let process = Process()
        process.executableURL = try EndToEndTests.executable()
        process.arguments = ["layout", "--font", Self.font, "-o", file.path]
        process.standardInput = try FileHandle(forReadingFrom: file)
        let error = Pipe()
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message == "galley: refusing to write '\(file.path)': it is the input file '/dev/stdin'\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "some text")
    }

    @Test("a fallback font's file is an input too (render --format png -o that font file)")
    func refusesFallbackFont() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        // DejaVu Sans has no Thai: Thai text falls back to the bundled Noto Sans Thai (the
        // collection's cascade order), so that font's file is read by the run.
        let thai = TestFonts.path("NotoSansThai-Regular.ttf")
        let link = dir.path + "/thai.ttf"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: thai)
        let before = try Data(contentsOf: URL(fileURLWithPath: thai))
        let r = CLITestSupport.run(["render", "--font", Self.font, "--format", "png", "--text", "สวัสดี", "-o", link])
        #expect(r.status == 2)
        #expect(r.stderr.contains("refusing to write '\(link)'"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: thai)) == before)
    }

    // MARK: Exit statuses

    @Test(
        "problems with the command line or its inputs exit 2 with one line",
        arguments: [
            ["render", "--bogus"],  // unknown option
            ["render", "--size", "big", "--text", "x", "-o", "-"],  // bad value
            ["layout", "/nonexistent/in.txt"],  // missing input
            ["layout", "--markup", "--text", "<b>x"],  // malformed markup
            ["layout", "--strict-fonts", "--font", "No Such Family 12", "--text", "x"],  // unknown font
            ["layout", "--font", "/dev/zero", "--text", "x"],  // a font that is not a regular file
            ["render", "--text", "x", "-o", "/nonexistent/out.png"],  // unwritable output
            ["render", "--text", "x", "-o", "out.gif"],  // unknown output format
        ])
    func usageErrors(arguments: [String]) {
        let r = CLITestSupport.run(arguments)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(Self.isOneLine(r.stderr), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("inputs over 4 MiB (a file, standard input or --text) are refused with status 2")
    func oversizedInput() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: (4 << 20) + 1)
        try Data(big).write(to: dir.appendingPathComponent("big.txt"))
        let file = CLITestSupport.run(["layout", "--font", Self.font, dir.path + "/big.txt"])
        #expect(file.status == 2)
        #expect(file.stderr.contains("larger than the 4 MiB"), "\(file.stderr)")
        let stdin = CLITestSupport.run(["layout", "--font", Self.font], stdin: big)
        #expect(stdin.status == 2)
        #expect(stdin.stderr == "galley: standard input is larger than the 4 MiB an input may have\n")
        let text = CLITestSupport.run(["layout", "--font", Self.font, "--text", String(decoding: big, as: UTF8.self)])
        #expect(text.status == 2)
        #expect(text.stderr == "galley: --text is larger than the 4 MiB an input may have\n")
    }

    @Test("a canvas over 16 384 pixels a side or 64 Mi pixels in all is refused with status 2")
    func canvasLimits() {
        // 9000 + 2 × 10 margin = 9020 pixels a side: each side allowed, 81 360 400 pixels are not.
        let area = CLITestSupport.run([
            "render", "--font", Self.font, "--width", "9000", "--height", "9000", "--text", "x", "-o", "-",
        ])
        #expect(area.status == 2)
        #expect(area.stderr.hasPrefix("galley: cannot render a 9020×9020-pixel image:"), "\(area.stderr)")
        #expect(area.stderr.contains("the area at most 67108864 pixels"), "\(area.stderr)")
        let side = CLITestSupport.run(["render", "--font", Self.font, "--width", "16400", "--text", "x", "-o", "-"])
        #expect(side.status == 2)
        #expect(side.stderr.contains("each side must be at most 16384 pixels"), "\(side.stderr)")
    }
}

@Suite("relative file names")
struct RelativeFileNameTests {
    /// Foundation's `NSString.deletingLastPathComponent` traps (SIGILL) on a one-character name
    /// without a slash ("a"), which the tool once used on its input and output paths: `render
    /// -o a.png a` crashed. Run from the folder holding the input, as a user would.
    @Test(
        "one-letter input and output names in the working directory",
        arguments: [("a.png", [String]()), ("b", ["--format", "png"])])
    func oneLetterNames(_ output: String, _ format: [String]) throws {
        let dir = try TemporaryDirectory.make("relative-names")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("Hello, world\n".utf8).write(to: dir.appendingPathComponent("a"))
        let galley = try EndToEndTests.executable().path
        let run = try ToolProcess.run(
            "/usr/bin/env",
            ["-C", dir.path, galley, "render", "--font", TestFonts.dejaVuSans, "-o", output] + format + ["a"],
            timeout: 120)
        #expect(run.status == 0, "\(run.errorText)")
        let png = try Data(contentsOf: dir.appendingPathComponent(output))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
