// ../shared/bench's pango-ref and hb-ref: finding the repository, building the tools into
// <repo>/.build/bench when missing, running them as subprocesses and reading their summary lines.
import Foundation
import GalleyFonts

/// Where the repository, the shared bench folder and the built reference tools are.
struct BenchPaths: Sendable {
    /// The Galley package root (the folder with Package.swift and Fonts/).
    let repo: String
    /// ../shared/bench beside the repository.
    let shared: String
    /// Where pango-ref and hb-ref are built: <repo>/.build/bench.
    var toolDir: String { repo + "/.build/bench" }
    /// The bundled fonts as the library finds them (the resource bundle beside this executable),
    /// so files loaded by path are trusted as bundled, as in a deployment; else the sources.
    var fonts: String { FontCollection.defaultBundledFontsDirectory() ?? repo + "/Fonts" }
    /// The bundled DejaVu Sans, given to Galley, pango-ref and hb-ref alike.
    var font: String { fonts + "/DejaVuSans.ttf" }
    /// A corpus file of ../shared/bench/corpus.
    func corpus(_ name: String) -> String { shared + "/corpus/\(name).txt" }

    /// Finds the repository from the executable's path, then from the current directory, walking
    /// up to the first folder with Package.swift and Fonts/DejaVuSans.ttf; `override` wins.
    static func locate(override: String?) -> BenchPaths {
        let fm = FileManager.default
        func isRepo(_ dir: String) -> Bool {
            fm.fileExists(atPath: dir + "/Package.swift") && fm.fileExists(atPath: dir + "/Fonts/DejaVuSans.ttf")
        }
        var starts: [String] = []
        if let override { starts.append(override) }
        starts.append(
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path)
        starts.append(fm.currentDirectoryPath)
        for start in starts {
            var dir = URL(fileURLWithPath: start).standardizedFileURL
            while true {
                if isRepo(dir.path) {
                    let shared = dir.deletingLastPathComponent().appendingPathComponent("shared/bench").path
                    return BenchPaths(repo: dir.path, shared: shared)
                }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        fail("cannot find the Galley repository (Package.swift and Fonts/); run from inside it or pass --repo DIR")
    }
}

/// The result of one subprocess run.
struct ProcessResult: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Wall-clock seconds from launch to exit.
    let seconds: Double
}

/// Runs `executable` with `arguments`, capturing its output; nil when it cannot be started.
func run(_ executable: String, _ arguments: [String]) -> ProcessResult? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let start = ContinuousClock.now
    do { try process.run() } catch { return nil }
    // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
    let errData = LockedData()
    let errThread = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    errThread.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let d = ContinuousClock.now - start
    while !errData.isSet { usleep(100) }
    return ProcessResult(
        status: process.terminationStatus,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData.get(), as: UTF8.self),
        seconds: Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
}

/// Data handed from the stderr reader thread. Invariant: every access holds `lock`.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data? = nil
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data ?? Data() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return data != nil }
}

/// A summary line of pango-ref or hb-ref: `… N iterations, X ms total, Y us per paragraph, Z lines`
/// or `…, G glyphs per iteration, …`.
struct ReferenceSummary: Sendable {
    var iterations = 0
    var totalMs = Double.nan
    var usPerParagraph = Double.nan
    var lines: Int? = nil
    var glyphs: Int? = nil

    /// Parses the first line of `output` that has "us per paragraph".
    init?(_ output: String) {
        guard let line = output.split(separator: "\n").first(where: { $0.contains("us per paragraph") }) else {
            return nil
        }
        let body = line.split(separator: ":", maxSplits: 1).last ?? line[...]
        for part in body.split(separator: ",") {
            let words = part.split(separator: " ")
            guard let first = words.first else { continue }
            let rest = words.dropFirst().joined(separator: " ")
            switch rest {
            case "iterations": iterations = Int(first) ?? 0
            case "ms total": totalMs = Double(first) ?? .nan
            case "us per paragraph": usPerParagraph = Double(first) ?? .nan
            case "lines": lines = Int(first)
            case "glyphs per iteration": glyphs = Int(first)
            default: break
            }
        }
        if usPerParagraph.isNaN { return nil }
    }
}

/// pango-ref and hb-ref, built and ready, or the reason they are not.
struct ReferenceTools: Sendable {
    let paths: BenchPaths
    /// Why the tools are unavailable (nil when both run).
    let problem: String?

    var pangoRef: String { paths.toolDir + "/pango-ref" }
    var hbRef: String { paths.toolDir + "/hb-ref" }
    var available: Bool { problem == nil }

    /// Builds the tools with `make -C <shared> OUT=<repo>/.build/bench` when either is missing.
    static func prepare(_ paths: BenchPaths) -> ReferenceTools {
        let fm = FileManager.default
        let pango = paths.toolDir + "/pango-ref"
        let hb = paths.toolDir + "/hb-ref"
        if fm.isExecutableFile(atPath: pango) && fm.isExecutableFile(atPath: hb) {
            return ReferenceTools(paths: paths, problem: nil)
        }
        guard fm.fileExists(atPath: paths.shared + "/Makefile") else {
            return ReferenceTools(paths: paths, problem: "\(paths.shared)/Makefile not found")
        }
        note("building pango-ref and hb-ref: make -C \(paths.shared) OUT=\(paths.toolDir)")
        guard let r = run("/usr/bin/env", ["make", "-C", paths.shared, "OUT=\(paths.toolDir)"]) else {
            return ReferenceTools(paths: paths, problem: "could not start make")
        }
        if r.status != 0 || !fm.isExecutableFile(atPath: pango) || !fm.isExecutableFile(atPath: hb) {
            let tail = r.stderr.split(separator: "\n").suffix(3).joined(separator: " | ")
            return ReferenceTools(paths: paths, problem: "make failed (status \(r.status)): \(tail)")
        }
        return ReferenceTools(paths: paths, problem: nil)
    }

    /// Runs `tool` with `arguments`, returning its summary, or nil (with a note) on failure.
    func summary(_ tool: String, _ arguments: [String]) -> ReferenceSummary? {
        guard let r = run(tool, arguments), r.status == 0, let s = ReferenceSummary(r.stdout) else {
            note("warning: \(tool) \(arguments.joined(separator: " ")) failed")
            return nil
        }
        return s
    }

    /// How many iterations make one run of `tool` last about `target` seconds (from one
    /// 1-iteration run), or nil when the tool fails.
    func iterations(_ tool: String, _ arguments: [String], target: Double) -> Int? {
        guard let probe = summary(tool, arguments + ["--iterations", "1"]) else { return nil }
        return max(1, min(2000, Int(target * 1000 / max(probe.totalMs, 0.01))))
    }
}
