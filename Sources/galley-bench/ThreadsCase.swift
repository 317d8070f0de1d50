// Threads: the same layout work (passes over en.txt, every paragraph its own Framesetter, one
// Font shared by every thread) done by 1, 2, 4, … N threads, N the number of cores: each row's
// wall time, CPU time, speed-up over one thread and CPU time over one thread's, and how often a
// lock was found held by another thread (LockContention), so a machine with more cores shows the
// curve and names the lock that stops it.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyShaping
import GalleySync
import GalleyText
import Synchronization

/// One row of the threads curve: the same passes shared by `tasks` threads.
struct ThreadsRow: Sendable {
    let tasks: Int
    /// Median wall seconds of the whole work.
    let wall: Double
    /// Median process CPU seconds (user + system) of the whole work.
    let cpu: Double
    /// Contended lock acquisitions in all runs of this row, the most contended sites first.
    let contention: [LockContention.Count]
}

/// 1, 2, 4, … up to `cores`, always ending with `cores` itself (and at least 2 tasks).
func threadCounts(cores: Int) -> [Int] {
    let top = max(2, cores)
    var counts: [Int] = []
    var k = 1
    while k < top {
        counts.append(k)
        k *= 2
    }
    return counts + [top]
}

/// Runs `passes` layout passes over `texts` on `tasks` threads of its own (each takes the next
/// pass until none is left) and waits for them.
/// With `privateTexts`, thread k lays out `privateTexts[k % count]` instead (texts and fonts of
/// its own), and with `privateCaches` through a shaped-word cache of its own.
func layoutPasses(
    _ texts: [AttributedText], passes: Int, tasks: Int, privateTexts: [[AttributedText]] = [],
    privateCaches: [ShapingCache] = []
) {
    let next = Atomic<Int>(0)
    let done = DispatchSemaphore(value: 0)
    withExtendedLifetime(next) {
        for task in 0..<tasks {
            let own = privateTexts.isEmpty ? texts : privateTexts[task % privateTexts.count]
            let cache = privateCaches.isEmpty ? ShapingCache.shared : privateCaches[task % privateCaches.count]
            let thread = Thread {
                while next.add(1, ordering: .relaxed).oldValue < passes {
                    _ = layoutPass(own, width: 300, cache: cache)
                }
                done.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        for _ in 0..<tasks { done.wait() }
    }
}

/// Runs the threads case; returns the speed-up and the CPU ratio of the row with one thread per
/// core, and the machine's own speed-up on as many threads (`computeLoopSeconds`).
func runThreadsCase(
    _ settings: Settings, _ paths: BenchPaths, font: Font
) -> (speedup: Double, cpuRatio: Double, machine: Double) {
    let texts = Corpus(path: paths.corpus("en"), name: "en", font: font).texts
    let cores = ProcessInfo.processInfo.activeProcessorCount
    // GALLEY_BENCH_TASKS=1,2 runs only those rows (to profile one of them); the first is the base.
    let counts =
        ProcessInfo.processInfo.environment["GALLEY_BENCH_TASKS"].map {
            $0.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
        }.flatMap { $0.isEmpty ? nil : $0 } ?? threadCounts(cores: cores)
    let passes = max(8, 4 * (counts.max() ?? 1)) * (settings.quick ? 1 : 2)
    // GALLEY_BENCH_PRIVATE=1 gives every thread its own Font object and texts, and =2 also its
    // own shaped-word cache (a diagnosis: what sharing them costs), made once, outside the timing.
    let privacy = Int(ProcessInfo.processInfo.environment["GALLEY_BENCH_PRIVATE"] ?? "") ?? 0
    let privateTexts: [[AttributedText]] =
        privacy >= 1
        ? (0..<(counts.max() ?? 1)).map { _ in
            let own = (try? Font(path: paths.font, size: font.size)) ?? font
            return Corpus(path: paths.corpus("en"), name: "en", font: own).texts
        } : []
    let privateCaches: [ShapingCache] =
        privacy >= 2
        ? privateTexts.map { texts in
            let cache = CacheState.fresh.cache()
            _ = layoutPass(texts, width: 300, cache: cache)
            return cache
        } : []
    note("  threads: \(passes) passes over en.txt on \(counts.map(String.init).joined(separator: ", ")) threads…")
    // Warm-up: fonts, caches, arenas.
    layoutPasses(
        texts, passes: counts.last!, tasks: counts.last!, privateTexts: privateTexts, privateCaches: privateCaches)
    // The rows' runs alternate (1, 2, …, N threads, then again), so that load from other
    // processes falls on every row alike.
    var walls = [[Double]](repeating: [], count: counts.count)
    var cpus = [[Double]](repeating: [], count: counts.count)
    var contention = [[LockContention.Count]](repeating: [], count: counts.count)
    // The machine's own scaling, in the same rounds: a loop about as long as a one-thread row.
    let steps = computeLoopSteps(for: 0.05)
    var machine: (one: [Double], all: [Double]) = ([], [])
    for _ in 0..<(settings.quick ? 3 : 7) {
        machine.one.append(computeLoopSeconds(tasks: 1, steps: steps))
        machine.all.append(computeLoopSeconds(tasks: counts.last!, steps: steps))
        for (row, tasks) in counts.enumerated() {
            let before = LockContention.snapshot()
            let cpu = processCPUSeconds()
            walls[row].append(
                seconds {
                    layoutPasses(
                        texts, passes: passes, tasks: tasks, privateTexts: privateTexts, privateCaches: privateCaches)
                })
            cpus[row].append(processCPUSeconds() - cpu)
            contention[row] += LockContention.difference(from: before, to: LockContention.snapshot())
        }
    }
    let rows = counts.indices.map { row in
        ThreadsRow(
            tasks: counts[row], wall: medianOf(walls[row]), cpu: medianOf(cpus[row]),
            contention: merged(contention[row]))
    }
    let machineSpeedup = Double(counts.last!) * medianOf(machine.one) / medianOf(machine.all)
    // The same work in separate processes: what the machine gives Galley's layout itself.
    let arguments = [
        "--font", paths.font, "--size", "\(Int(font.size))", "--width", "300", "--iterations", "\(passes * 4)",
        "--cache", "warm", paths.corpus("en"),
    ]
    var processes: (one: [Double], all: [Double]) = ([], [])
    for _ in 0..<(settings.quick ? 3 : 5) {
        guard let one = processLayoutSeconds(tasks: 1, arguments: arguments),
            let all = processLayoutSeconds(tasks: counts.last!, arguments: arguments)
        else { break }
        processes.one += one
        processes.all.append(all.reduce(0, +) / Double(all.count))
    }
    let processSpeedup =
        processes.one.isEmpty ? Double.nan : Double(counts.last!) * medianOf(processes.one) / medianOf(processes.all)
    reportThreads(
        settings, rows, passes: passes, cores: cores, baselines: (loop: machineSpeedup, processes: processSpeedup))
    return (rows[0].wall / rows.last!.wall, rows.last!.cpu / rows[0].cpu, processSpeedup)
}

/// The counts of several runs added up by site, the most contended first.
func merged(_ counts: [LockContention.Count]) -> [LockContention.Count] {
    Dictionary(counts.map { ($0.site, $0.contended) }, uniquingKeysWith: +)
        .map { LockContention.Count(site: $0.key, contended: $0.value) }
        .sorted { ($0.contended, $1.site) > ($1.contended, $0.site) }
}

/// Prints the threads table (or its JSON rows).
func reportThreads(
    _ settings: Settings, _ rows: [ThreadsRow], passes: Int, cores: Int, baselines: (loop: Double, processes: Double)
) {
    let one = rows[0]
    settings.text(
        "== Threads: \(passes) passes over en.txt (every paragraph a Framesetter, width 300), one Font shared,"
            + " on 1…\(rows.last!.tasks) threads (\(cores) cores; load average \(loadAverage(1)))")
    settings.text(
        "   target on 2 cores: speed-up ≥ 1.85×, CPU ratio ≤ 1.10 (CPU time over one thread's: ≈ 1 means the same"
            + " work; > 1 means time lost in-process, e.g. waiting on a lock or cache lines bouncing)")
    settings.text("   threads    wall ms     CPU ms   speed-up   CPU ratio   contended locks (most: site)")
    for row in rows {
        let total = row.contention.reduce(0) { $0 + $1.contended }
        let top = row.contention.first.map { "  \($0.contended): \($0.site)" } ?? ""
        settings.text(
            "   \(pad(String(row.tasks), 7)) \(pad(fmt(row.wall * 1e3, 1), 10)) \(pad(fmt(row.cpu * 1e3, 1), 10))"
                + " \(pad(fmt(one.wall / row.wall, 2) + "×", 10)) \(pad(fmt(row.cpu / one.cpu, 2), 11))"
                + " \(pad(String(total), 9))\(top)")
        settings.object([
            ("case", Settings.quoted("threads")), ("cores", "\(cores)"), ("tasks", "\(row.tasks)"),
            ("passes", "\(passes)"), ("wall_ms", json(row.wall * 1e3)), ("cpu_ms", json(row.cpu * 1e3)),
            ("speedup", json(one.wall / row.wall)), ("cpu_ratio", json(row.cpu / one.cpu)),
            ("contended", "\(total)"), ("machine_loop_speedup", json(baselines.loop)),
            ("process_speedup", json(baselines.processes)),
        ])
    }
    let n = rows.last!.tasks
    let galley = one.wall / rows.last!.wall
    settings.text(
        "   this machine now: \(n) threads of a loop that shares nothing run \(fmt(baselines.loop, 2))× one's;"
            + " \(n) processes of this layout (galley-bench file, nothing shared) \(fmt(baselines.processes, 2))× one's"
    )
    settings.text(
        "   Galley's \(n) threads: \(fmt(galley, 2))×, \(fmt(galley / baselines.processes, 2)) of the processes'"
            + " (1.00: nothing lost to sharing one process)")
    settings.text()
}
