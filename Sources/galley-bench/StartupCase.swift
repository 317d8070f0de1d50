// Start-up and memory of one line to PNG (issue 26, part 3): `galley render` of "Hello, world"
// against `pango-view`, alternating, each a fresh process; wall time and max RSS of each, the RSS
// from /usr/bin/time -f %M (Debian's `time`): a child spawned from this process would report this
// process's own peak, since exec records the peak of the memory it leaves.
// scripts/startup-vs-pango.py is the same method outside the benchmark.
import Foundation

/// The start-up figures: medians over the runs.
struct StartupRow: Sendable {
    var galleyMs = Double.nan
    var pangoMs = Double.nan
    var galleyRSSMB = Double.nan
    var pangoRSSMB = Double.nan
    /// The galley executable measured.
    var galley = ""
}

/// Runs the startup case with the `galley` beside this executable (or `settings.galley`).
func runStartupCase(_ settings: Settings) -> StartupRow {
    var row = StartupRow()
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    row.galley = settings.galley ?? here.appendingPathComponent("galley").path
    guard FileManager.default.isExecutableFile(atPath: row.galley) else {
        settings.text("== Startup: skipped (no galley at \(row.galley); `make build` or --galley PATH)")
        return row
    }
    let pangoView = ["/usr/bin/pango-view", "/usr/local/bin/pango-view"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-bench-startup-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let line = dir + "/line.txt"
    FileManager.default.createFile(atPath: line, contents: Data("Hello, world\n".utf8))
    let rssFile = dir + "/rss"
    let galley = [row.galley, "render", "--font", "DejaVu Sans 12", "-o", dir + "/g.png", line]
    let pango = pangoView.map { [$0, "-q", "--font=DejaVu Sans 12", "--text=Hello, world", "-o", dir + "/p.png"] }
    note("  startup (galley render, pango-view)…")
    var samples: [[(seconds: Double, rss: Int)]] = [[], []]
    let runs = settings.quick ? 9 : 21
    for i in 0...runs {
        for (k, command) in [galley, pango].enumerated() {
            guard let command, let sample = spawnMeasured(command, rssFile: rssFile) else { continue }
            if i > 0 { samples[k].append(sample) }  // the first round warms the page cache
        }
    }
    row.galleyMs = medianOf(samples[0].map(\.seconds)) * 1e3
    row.galleyRSSMB = medianOf(samples[0].map { Double($0.rss) }) / 1_048_576
    row.pangoMs = medianOf(samples[1].map(\.seconds)) * 1e3
    row.pangoRSSMB = medianOf(samples[1].map { Double($0.rss) }) / 1_048_576
    printStartupRow(settings, row, runs: runs)
    return row
}

/// The figures as text (or one JSON object).
private func printStartupRow(_ settings: Settings, _ row: StartupRow, runs: Int) {
    settings.text("== Startup: one line to PNG (\"Hello, world\", DejaVu Sans 12), \(runs) alternating runs, medians")
    settings.text(
        "   galley render: \(fmt(row.galleyMs, 1)) ms, max RSS \(fmt(row.galleyRSSMB, 1)) MB  (\(row.galley))")
    settings.text("   pango-view:    \(fmt(row.pangoMs, 1)) ms, max RSS \(fmt(row.pangoRSSMB, 1)) MB")
    settings.text("   galley / pango-view: \(fmt(row.galleyMs / row.pangoMs, 2))× the time")
    settings.text()
    settings.object([
        ("case", Settings.quoted("startup")), ("galley_ms", json(row.galleyMs)), ("pango_ms", json(row.pangoMs)),
        ("galley_max_rss_bytes", json(row.galleyRSSMB * 1_048_576, 0)),
        ("pango_max_rss_bytes", json(row.pangoRSSMB * 1_048_576, 0)),
        ("time_ratio", json(row.galleyMs / row.pangoMs, 3)),
    ])
}

/// Runs `command` (its output discarded) under /usr/bin/time, which writes its max RSS in KB to
/// `rssFile`; returns the wall time and that RSS in bytes (0 without /usr/bin/time), or nil when
/// it cannot start or does not exit with 0.
func spawnMeasured(_ command: [String], rssFile: String) -> (seconds: Double, rss: Int)? {
    let timer = "/usr/bin/time"
    let timed = FileManager.default.isExecutableFile(atPath: timer)
    let full = timed ? [timer, "-f", "%M", "-o", rssFile] + command : command
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = full.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    guard posix_spawn(&pid, full[0], &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    guard waitpid(pid, &status, 0) == pid else { return nil }
    let elapsed = ContinuousClock.now - start
    guard status == 0 else { return nil }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let text = timed ? (try? String(contentsOfFile: rssFile, encoding: .utf8)) ?? "" : ""
    let kilobytes = text.split(whereSeparator: \.isWhitespace).last.flatMap { Int($0) } ?? 0
    return (seconds, kilobytes * 1024)
}
