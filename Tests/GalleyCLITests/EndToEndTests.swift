// End-to-end runs of the built `galley` executable: arguments, standard input, output and exit status.
import Foundation
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("galley executable")
struct EndToEndTests {
    /// The `galley` binary built next to the test bundle (same build directory).
    static func executable() throws -> URL {
        var candidates: [URL] = []
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("galley"))
            dir.deleteLastPathComponent()
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("galley"))
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "galley executable not found near \(CommandLine.arguments[0])")
    }

    static func launch(_ arguments: [String], stdin: [UInt8]) throws -> (status: Int32, stdout: [UInt8], stderr: String)
    {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](out), String(decoding: err, as: UTF8.self))
    }

    @Test("rendering standard input to a PPM on standard output matches the in-process run")
    func renderThroughPipes() throws {
        let arguments = ["render", "--font", TestFonts.dejaVuSans, "--width", "120", "-o", "-"]
        let text = Array("Piped text\nover two lines".utf8)
        let result = try Self.launch(arguments, stdin: text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == GalleyTool.run(arguments, standardInput: { text }).stdout)
        let ppm = try CLITestSupport.parsePPM(result.stdout)
        #expect(ppm.width == 140)
    }

    @Test("an error exits with status 2 and one stderr line")
    func errorStatus() throws {
        let result = try Self.launch(["layout", "--size", "-1"], stdin: [])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("galley: ") && result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
