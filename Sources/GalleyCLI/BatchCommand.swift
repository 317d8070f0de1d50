// `galley render --batch DIR -o OUTDIR` and `galley layout --batch DIR -o OUTDIR`: every .txt and
// .markup file of a folder, in parallel on all cores, with the same outputs and messages whatever
// order the threads finish in.
import Foundation
import GalleySync

/// Batch rendering (or layout), as `make demo` does it one file at a time: each `NAME.txt` or
/// `NAME.markup` of the folder is run with the batch command's own options, then the options in
/// `NAME.flags` when that file exists (split at white space, without quote handling, exactly
/// as `make demo` passes `$(cat NAME.flags)` to the shell), then `--markup` for a `.markup`
/// file, into `OUTDIR/NAME.png` (or the `--format`'s extension; `.json` for `layout`).
///
/// Deterministic: each file's output is what a run on that file alone writes, whichever thread
/// takes it and whenever; errors are reported in the order of the file names. Before anything
/// is written the batch is refused (status 2) when two inputs would write the same output or
/// an existing output is a file some input reads (its text, flags, font or images).
enum BatchCommand {
    /// One input file of the batch and where its output goes.
    struct Item: Sendable {
        /// The input's name in the folder, e.g. `a.markup`.
        let name: String
        /// The input's path.
        let input: String
        /// The path of `NAME.flags`, when that file exists.
        let flags: String?
        /// The output's path.
        let output: String
    }

    /// The per-file warnings and errors and the progress line, shared by the threads. They are
    /// written in the order of the items, each file's as soon as every earlier item has finished,
    /// so standard error is the same from run to run.
    final class Progress: Sendable {
        struct State {
            var done = 0
            /// Per item: nil while running, then `.some(nil)` for success or the error.
            var results: [CLIError??]
            /// Per item: its warning lines (`galley: warning: …`), once it has finished.
            var warnings: [String]
            var nextToReport = 0
            var failures: [CLIError] = []
            var lastLineLength = 0
        }
        let state: Locked<State>
        let items: [Item]
        let showsProgress: Bool
        let standardError: @Sendable (String) -> Void

        init(items: [Item], showsProgress: Bool, standardError: @escaping @Sendable (String) -> Void) {
            self.items = items
            self.showsProgress = showsProgress
            self.standardError = standardError
            state = Locked(
                State(
                    results: Array(repeating: nil, count: items.count),
                    warnings: Array(repeating: "", count: items.count)))
        }

        /// Records that item `index` finished (with `error` when it failed, and the warning lines
        /// it gave), writes the warnings and errors now due in order, each line naming its file
        /// (`galley: a.markup: warning: no font family …`), and, on a terminal, the progress line.
        func finished(_ index: Int, error: CLIError?, warnings: String = "") {
            state.withLock { state in
                state.done += 1
                state.results[index] = .some(error)
                state.warnings[index] = warnings
                while state.nextToReport < items.count, let result = state.results[state.nextToReport] {
                    let name = items[state.nextToReport].name
                    for warning in state.warnings[state.nextToReport].split(separator: "\n") {
                        let line = "galley: \(name): " + warning.trimmingPrefix("galley: ")
                        standardError(showsProgress ? "\r" + padded(line, &state) + "\n" : line + "\n")
                        state.lastLineLength = 0
                    }
                    if let result {
                        state.failures.append(result)
                        let line = "galley: \(items[state.nextToReport].name): \(result.message)"
                        standardError(showsProgress ? "\r" + padded(line, &state) + "\n" : line + "\n")
                        state.lastLineLength = 0
                    }
                    state.nextToReport += 1
                }
                guard showsProgress else { return }
                let progress = "[\(state.done)/\(items.count)] \(items[index].name)"
                standardError("\r" + padded(progress, &state))
                state.lastLineLength = progress.count
            }
        }

        /// `line` padded with spaces over what is left of the progress line it overwrites.
        private func padded(_ line: String, _ state: inout State) -> String {
            line + String(repeating: " ", count: max(0, state.lastLineLength - line.count))
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

    /// The items for `files` of `directory`, writing `NAME.fileExtension` into `outputDirectory`.
    /// - Throws: status 2 when two inputs (`a.txt` and `a.markup`) would write the same output.
    static func items(
        _ files: [String], directory: String, outputDirectory: String, fileExtension: String
    ) throws(CLIError) -> [Item] {
        var writer: [String: String] = [:]
        var items: [Item] = []
        for file in files {
            let base = (file as NSString).deletingPathExtension
            let output = (outputDirectory as NSString).appendingPathComponent(base + "." + fileExtension)
            if let other = writer[output] {
                throw CLIError("--batch: '\(other)' and '\(file)' would both write '\(output)'")
            }
            writer[output] = file
            let flags = (directory as NSString).appendingPathComponent(base + ".flags")
            items.append(
                Item(
                    name: file, input: (directory as NSString).appendingPathComponent(file),
                    flags: FileManager.default.fileExists(atPath: flags) ? flags : nil, output: output))
        }
        return items
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

    /// The command line that runs `item` alone: `command`, the `shared` options, the item's flags,
    /// `--markup` for a `.markup` file, its output and its input.
    static func arguments(for item: Item, command: String, shared: [String]) throws(CLIError) -> [String] {
        var arguments = [command] + shared
        if let flags = item.flags {
            let text = try InputDocument.decodeUTF8(try InputDocument.readFile(flags), name: flags)
            arguments += text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        }
        if item.name.hasSuffix(".markup") { arguments.append("--markup") }
        return arguments + ["-o", item.output, "--", item.input]
    }

    /// The files `item`'s run reads: its input, its flags, and the font and images its document loads.
    static func inputFiles(of item: Item, arguments: [String]) throws(CLIError) -> [String] {
        var files = [item.input] + (item.flags.map { [$0] } ?? [])
        switch try CommandLineParser.parse(arguments) {
        case .render(let options), .layout(let options):
            files += try InputDocument.load(options, standardInput: { [] }).inputFiles
        default: break
        }
        return files
    }

    /// Throws (status 2) when an existing output is one of the files some item reads.
    static func refuseOverwritingInputs(_ items: [Item], inputs: [[String]]) throws(CLIError) {
        var outputs: [FileIdentity: String] = [:]
        for item in items {
            if let identity = FileIdentity(path: item.output) { outputs[identity] = item.output }
        }
        guard !outputs.isEmpty else { return }
        for (item, files) in zip(items, inputs) {
            for file in files {
                if let identity = FileIdentity(path: file), let output = outputs[identity] {
                    throw CLIError(
                        "--batch: refusing to write '\(output)': it is '\(file)', an input of '\(item.name)'")
                }
            }
        }
    }

    /// Runs the folder; throws a summary error when any file failed: status 1 when one of them
    /// failed through no fault of its input, else 2.
    /// - Parameters:
    ///   - command: `render` or `layout`.
    ///   - arguments: the command's arguments (after the command).
    static func run(
        _ command: String, _ arguments: [String], options: Options,
        standardError: @escaping @Sendable (String) -> Void, showsProgress: Bool = false
    ) throws(CLIError) {
        guard let directory = options.batchDirectory else { return }
        guard let outputDirectory = options.output, outputDirectory != "-" else {
            throw CLIError("\(command) --batch needs -o OUTDIR, the folder for the outputs")
        }
        let files = try inputs(in: directory)
        guard !files.isEmpty else { throw CLIError("--batch: no .txt or .markup files in '\(directory)'") }
        let fileExtension = command == "layout" ? "json" : options.format?.rawValue ?? OutputFormat.png.rawValue
        let items = try items(
            files, directory: directory, outputDirectory: outputDirectory, fileExtension: fileExtension)
        let prepared = prepare(items, command: command, shared: sharedArguments(arguments))
        // A file that fails before its document is read still has its input and flags.
        let inputs = zip(items, prepared).map { item, result in
            (try? result.get().inputs) ?? [item.input] + (item.flags.map { [$0] } ?? [])
        }
        try refuseOverwritingInputs(items, inputs: inputs)
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create output folder '\(outputDirectory)': \(error.localizedDescription)")
        }
        let progress = Progress(items: items, showsProgress: showsProgress, standardError: standardError)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            var warnings = ""
            do throws(CLIError) {
                _ = try GalleyTool.execute(
                    try prepared[index].get().arguments, standardInput: { [] }, warn: { warnings += $0 })
                progress.finished(index, error: nil, warnings: warnings)
            } catch {
                progress.finished(index, error: error, warnings: warnings)
            }
        }
        if showsProgress { standardError("\n") }
        let failures = progress.state.withLock { $0.failures }
        guard !failures.isEmpty else { return }
        let status =
            failures.contains { $0.status == CLIError.internalFailure } ? CLIError.internalFailure : CLIError.usage
        throw CLIError("--batch: \(failures.count) of \(items.count) files failed", status: status)
    }

    /// Each item's command line and input files (in parallel), or the error that stops it.
    static func prepare(_ items: [Item], command: String, shared: [String])
        -> [Result<(arguments: [String], inputs: [String]), CLIError>]
    {
        let results = Locked(
            [Result<(arguments: [String], inputs: [String]), CLIError>?](
                repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let result = Result { () throws(CLIError) -> (arguments: [String], inputs: [String]) in
                let arguments = try arguments(for: items[index], command: command, shared: shared)
                return (arguments, try inputFiles(of: items[index], arguments: arguments))
            }
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }
}
