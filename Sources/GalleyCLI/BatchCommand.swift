// `galley render --batch DIR -o OUTDIR`: renders every .txt and .markup file of a folder, in
// parallel on all cores, with a progress line on standard error.
import Foundation
import GalleySync

/// Batch rendering, as `make demo` does it one file at a time: each `NAME.txt` or `NAME.markup`
/// of the folder is rendered with the batch command's own options, then the options in
/// `NAME.flags` when that file exists (split at white space, without quote handling, exactly
/// as `make demo` passes `$(cat NAME.flags)` to the shell), then `--markup` for a `.markup`
/// file, into `OUTDIR/NAME.png` (or the `--format`'s extension).
enum BatchCommand {
    /// The counters and the standard-error stream shared by the rendering threads.
    final class Progress: Sendable {
        struct State {
            var done = 0
            var failures: [(name: String, message: String)] = []
            var lastLineLength = 0
        }
        let state = Locked(State())
        let total: Int
        let standardError: @Sendable (String) -> Void

        init(total: Int, standardError: @escaping @Sendable (String) -> Void) {
            self.total = total
            self.standardError = standardError
        }

        /// Records one finished file and writes the progress line (and its error on its own line).
        func finished(_ name: String, error: String?) {
            state.withLock { state in
                state.done += 1
                if let error {
                    state.failures.append((name, error))
                    // Overwrite the progress line, padding over what is left of it.
                    let line = "galley: \(name): \(error)"
                    let pad = String(repeating: " ", count: max(0, state.lastLineLength - line.count))
                    standardError("\r" + line + pad + "\n")
                    state.lastLineLength = 0
                }
                let progress = "[\(state.done)/\(total)] \(name)"
                let pad = String(repeating: " ", count: max(0, state.lastLineLength - progress.count))
                standardError("\r" + progress + pad)
                state.lastLineLength = progress.count
            }
        }
    }

    /// The input files of `directory`: its `.txt` and `.markup` files, sorted by name.
    static func inputs(in directory: String) throws(CLIError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw CLIError("--batch: folder '\(directory)' does not exist")
        }
        guard isDirectory.boolValue else { throw CLIError("--batch: '\(directory)' is not a folder") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw CLIError("--batch: cannot list '\(directory)': \(error.localizedDescription)")
        }
        return names.filter { $0.hasSuffix(".txt") || $0.hasSuffix(".markup") }.sorted()
    }

    /// The batch command's arguments without `--batch DIR`, `-o OUTDIR` and `--`, to repeat for each file.
    static func sharedArguments(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if ["--batch", "-o", "--output"].contains(argument) {
                index += 1
                continue
            }
            if argument == "--" || argument.hasPrefix("--batch=") || argument.hasPrefix("--output=") { continue }
            result.append(argument)
        }
        return result
    }

    /// Renders the folder; throws a summary error (status 2) when any file failed.
    /// - Parameter arguments: the `render` command's arguments (after "render").
    static func run(
        _ arguments: [String], options: Options,
        standardError: @escaping @Sendable (String) -> Void
    ) throws(CLIError) {
        guard let directory = options.batchDirectory else { return }
        guard let outputDirectory = options.output, outputDirectory != "-" else {
            throw CLIError("render --batch needs -o OUTDIR, the folder for the images")
        }
        let files = try inputs(in: directory)
        guard !files.isEmpty else { throw CLIError("--batch: no .txt or .markup files in '\(directory)'") }
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create output folder '\(outputDirectory)': \(error.localizedDescription)")
        }
        let shared = sharedArguments(arguments)
        let fileExtension = options.format?.rawValue ?? OutputFormat.png.rawValue
        let progress = Progress(total: files.count, standardError: standardError)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            let base = (file as NSString).deletingPathExtension
            let input = (directory as NSString).appendingPathComponent(file)
            let flagsPath = (directory as NSString).appendingPathComponent(base + ".flags")
            var perFile = shared
            do throws(CLIError) {
                if FileManager.default.fileExists(atPath: flagsPath) {
                    let text = try InputDocument.decodeUTF8(try InputDocument.readFile(flagsPath), name: flagsPath)
                    perFile += text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
                }
                if file.hasSuffix(".markup") { perFile.append("--markup") }
                let output = (outputDirectory as NSString).appendingPathComponent(base + "." + fileExtension)
                perFile += ["-o", output, "--", input]
                _ = try GalleyTool.execute(["render"] + perFile, standardInput: { [] })
                progress.finished(file, error: nil)
            } catch {
                progress.finished(file, error: error.message)
            }
        }
        let failures = progress.state.withLock { $0.failures.count }
        standardError("\n")
        if failures > 0 {
            throw CLIError("--batch: \(failures) of \(files.count) files failed")
        }
    }
}
