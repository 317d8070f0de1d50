// Threads: many frames laid out at once on all cores against the same work on one core, with
// one Font object shared by every thread.
import Dispatch
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// Runs the threads case; returns the speedup (one core's time over all cores' time).
func runThreadsCase(_ settings: Settings, _ paths: BenchPaths, font: Font) -> Double {
    let corpus = Corpus(path: paths.corpus("en"), name: "en", font: font)
    let texts = corpus.texts
    let cores = ProcessInfo.processInfo.activeProcessorCount
    // Work units: every paragraph of en.txt at width 300, each with its own Framesetter.
    let units = max(4, 4 * cores) * (settings.quick ? 1 : 2)
    note("  threads: \(units) passes over en.txt, 1 core vs \(cores)…")
    _ = layoutPass(texts, width: 300)
    var single: [Double] = []
    var parallel: [Double] = []
    var singleCPU: [Double] = []
    var parallelCPU: [Double] = []
    for _ in 0..<(settings.quick ? 2 : 3) {
        var cpu = processCPUSeconds()
        single.append(seconds { for _ in 0..<units { _ = layoutPass(texts, width: 300) } })
        singleCPU.append(processCPUSeconds() - cpu)
        cpu = processCPUSeconds()
        parallel.append(
            seconds {
                DispatchQueue.concurrentPerform(iterations: units) { _ in _ = layoutPass(texts, width: 300) }
            })
        parallelCPU.append(processCPUSeconds() - cpu)
    }
    let one = medianOf(single)
    let all = medianOf(parallel)
    let speedup = one / all
    let loadavg = loadAverage(1)
    settings.text("== Threads: \(units) passes over en.txt (every paragraph a Framesetter, width 300), one Font shared")
    settings.text(
        "   1 core: \(fmt(one * 1e3, 1)) ms; \(cores) cores (DispatchQueue.concurrentPerform): \(fmt(all * 1e3, 1)) ms;"
            + " speedup \(fmt(speedup, 2))×  (target ≥ 1.8 on 2 cores; load average \(loadavg))")
    let cpuOne = medianOf(singleCPU), cpuAll = medianOf(parallelCPU)
    settings.text(
        "   CPU time used: 1 core \(fmt(cpuOne * 1e3, 1)) ms, \(cores) cores \(fmt(cpuAll * 1e3, 1)) ms"
            + " (parallel CPU / wall = \(fmt(cpuAll / all, 2)) cores busy; CPU parallel / single = \(fmt(cpuAll / cpuOne, 2)):"
            + " ≈ 1 means the same work, so a low speedup is other load on the machine; > 1 means contention in-process)"
    )
    settings.text()
    settings.object([
        ("case", Settings.quoted("threads")), ("cores", "\(cores)"), ("single_ms", json(one * 1e3)),
        ("parallel_ms", json(all * 1e3)), ("speedup", json(speedup)), ("single_cpu_ms", json(cpuOne * 1e3)),
        ("parallel_cpu_ms", json(cpuAll * 1e3)),
    ])
    return speedup
}
