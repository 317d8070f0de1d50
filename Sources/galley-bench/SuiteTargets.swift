// The end of the benchmark run: each speed target (Benchmarks/README.md) against the figures the cases measured.
import Foundation

/// "met", "NOT met", or "unknown" when the figure could not be measured (nil).
private func verdict(_ ok: Bool?) -> String { ok.map { $0 ? "met" : "NOT met" } ?? "unknown" }

/// True for a measured figure, nil for NaN (so `finite(x).map { _ in test }` is unknown then).
private func finite(_ x: Double) -> Bool? { x.isFinite ? true : nil }

/// Prints the speed targets with their verdicts.
func printTargets(_ settings: Settings, _ results: SuiteResults) {
    settings.text("== Targets")
    printLayoutTargets(settings, results.layout)
    let relayout = results.relayout
    let worstRelayout = relayout.map { $0.relayoutUs / $0.firstUs }.max() ?? .nan
    settings.text(
        "   re-layout / first layout: worst \(fmt(worstRelayout, 2)) (≤ 0.3: \(verdict(finite(worstRelayout).map { _ in worstRelayout <= 0.3 })))"
    )
    let render = results.render
    settings.text(
        "   render page: Galley \(fmt(render.pageUs, 0)) µs vs Pango \(fmt(render.pangoUs, 0)) µs"
            + " (faster: \(verdict(finite(render.pangoUs + render.pageUs).map { _ in render.pageUs < render.pangoUs })))"
    )
    let canvas = results.canvas
    settings.text(
        "   canvas card: Galley \(fmt(canvas.galleyCPUUs, 0)) µs vs cairo + pango-cairo \(fmt(canvas.cairoCPUUs, 0)) µs CPU,"
            + " ratio \(fmt(canvas.cpuRatio, 2)) (wall \(fmt(canvas.wallRatio, 2)))"
            + " (no slower in CPU time: \(verdict(finite(canvas.cpuRatio).map { _ in canvas.cpuRatio <= 1 })))"
    )
    let startup = results.startup
    let startupRatio = startup.galleyMs / startup.pangoMs
    settings.text(
        "   startup, one line to PNG: \(fmt(startupRatio, 2))× pango-view (≤ 1.2: \(verdict(finite(startupRatio).map { _ in startupRatio <= 1.2 })));"
            + " max RSS \(fmt(startup.galleyRSSMB, 1)) MB (≤ 16: \(verdict(finite(startup.galleyRSSMB).map { _ in startup.galleyRSSMB <= 16 })))"
    )
    let cardLoopMB = results.soak.map { Double($0.peak) / 1_048_576 } ?? .nan
    settings.text(
        "   card loop (soak): peak RSS \(fmt(cardLoopMB, 1)) MB (≤ 60: \(verdict(finite(cardLoopMB).map { _ in cardLoopMB <= 60 })))"
    )
    let measured = results.scaling.filter { !$0.estimated }.map(\.usPerKB)
    let spread = maxOverMin(measured)
    settings.text(
        "   linear: max/min µs per KB \(fmt(spread, 2)) over \(measured.count) sizes (≤ 1.2: \(verdict(finite(spread).map { _ in spread <= 1.2 })))"
    )
    let nb = results.noBreak.filter { $0.skipped == nil }.map(\.usPerKB)
    let nbSpread = maxOverMin(nb)
    settings.text(
        "   no-break paragraph: max/min µs per KB \(fmt(nbSpread, 2)) over \(nb.count) sizes (≤ 1.2: \(verdict(finite(nbSpread).map { _ in nbSpread <= 1.2 })))"
    )
    let (speedup, cpuRatio) = (results.speedup, results.cpuRatio)
    settings.text(
        "   threads: speedup \(fmt(speedup, 2))× on \(ProcessInfo.processInfo.activeProcessorCount) cores (≥ 1.85: \(verdict(finite(speedup).map { _ in speedup >= 1.85 })));"
            + " CPU \(fmt(cpuRatio, 2))× one thread's (≤ 1.10: \(verdict(finite(cpuRatio).map { _ in cpuRatio <= 1.10 })));"
            + " the same layout in separate processes: \(fmt(results.machineSpeedup, 2))×"
    )
    settings.text(
        "   hit test: \(fmt(results.hitUs, 2)) µs per point; edit latency on 1 MB: \(fmt(results.editUs / 1e3, 1)) ms (lines and shaping of unchanged paragraphs reused)"
    )
}

/// The layout targets, per corpus at its worst width: Galley against HarfBuzz and Pango.
private func printLayoutTargets(_ settings: Settings, _ layout: [LayoutRow]) {
    for (corpus, fontLabel) in settings.corpora.map({ ($0, "DejaVuSans") }) + [("zh", "DroidSansFallbackFull")] {
        let rows = layout.filter { $0.corpus == corpus && $0.font == fontLabel && $0.cache == .warm }
        guard !rows.isEmpty else { continue }
        let corpus = corpus + (fontLabel == "DejaVuSans" ? "" : "+cjk")
        let hb = rows.map { $0.galleyUs / $0.hbUs }.max() ?? .nan
        let pango = rows.map { $0.galleyUs / $0.pangoUs }.max() ?? .nan
        settings.text(
            "   \(pad(corpus, 6)): Galley/HarfBuzz \(fmt(hb, 2)) (≤ 1.5: \(verdict(finite(hb).map { _ in hb <= 1.5 })));"
                + " Galley/Pango \(fmt(pango, 2)) (≤ 0.5: \(verdict(finite(pango).map { _ in pango <= 0.5 })))  [worst width, warm]"
        )
    }
    printCacheStateTargets(settings, layout)
}

/// Issue 26, part 4: English prose ≤ 1.5× HarfBuzz fresh and with no cache and ≤ 0.7× warm;
/// mixed scripts ≤ 0.5× Pango in all three; filling the cache costs ≤ 10 % over none. Worst width.
private func printCacheStateTargets(_ settings: Settings, _ layout: [LayoutRow]) {
    func rows(_ corpus: String, _ state: CacheState) -> [LayoutRow] {
        layout.filter { $0.corpus == corpus && $0.font == "DejaVuSans" && $0.cache == state }
    }
    for state in CacheState.allCases where !rows("en", state).isEmpty {
        let hb = rows("en", state).map { $0.galleyUs / $0.hbUs }.max() ?? .nan
        let target = state == .warm ? 0.7 : 1.5
        settings.text(
            "   en \(pad(state.rawValue, 5)): Galley/HarfBuzz \(fmt(hb, 2)) (≤ \(target): \(verdict(finite(hb).map { _ in hb <= target })))"
        )
    }
    for state in CacheState.allCases where !rows("mixed", state).isEmpty {
        let pango = rows("mixed", state).map { $0.galleyUs / $0.pangoUs }.max() ?? .nan
        settings.text(
            "   mixed \(pad(state.rawValue, 5)): Galley/Pango \(fmt(pango, 2)) (≤ 0.5: \(verdict(finite(pango).map { _ in pango <= 0.5 })))"
        )
    }
    for corpus in settings.corpora {
        let fill = zip(rows(corpus, .fresh), rows(corpus, .none)).map { $0.galleyUs / $1.galleyUs }.max() ?? .nan
        guard fill.isFinite else { continue }
        settings.text(
            "   \(pad(corpus, 6)) fill: fresh / none \(fmt(fill, 2)) (≤ 1.10: \(verdict(fill <= 1.10)))  [worst width]")
    }
}
