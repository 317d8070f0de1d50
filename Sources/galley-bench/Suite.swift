// The whole benchmark run: every case in turn, then the targets checked against the figures.
import Foundation
import GalleyFonts
import GalleyText

/// Runs every case and prints the summary of targets.
func runSuite(_ settings: Settings) {
    #if DEBUG
    let warning = """
        ************************************************************************
        *  WARNING: galley-bench was built in DEBUG. Its times mean nothing.   *
        *  Run:  swift run -c release galley-bench                             *
        ************************************************************************
        """
    if settings.json { note(warning) } else { settings.text(warning) }
    settings.object([("case", Settings.quoted("warning")), ("debug_build", "true")])
    #endif
    let started = ContinuousClock.now
    let paths = BenchPaths.locate(override: settings.repo)
    let font: Font
    do {
        font = try Font(path: paths.font, size: CGFloat(settings.size))
    } catch {
        fail("cannot load \(paths.font): \(error)")
    }
    let tools = ReferenceTools.prepare(paths)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let loadavg = loadAverage(3)
    settings.text("galley-bench — \(Date()) — \(cores) cores, load average \(loadavg) — repo \(paths.repo)")
    settings.text("font \(paths.font) at \(fmt(settings.size, 0)) px for Galley, pango-ref and hb-ref; corpora \(paths.shared)/corpus")
    if let problem = tools.problem {
        let message = "NOTE: pango-ref/hb-ref unavailable (\(problem)); only Galley's figures are reported."
        note(message)
        settings.text(message)
        settings.object([("case", Settings.quoted("note")), ("reference_tools", "false")])
    } else {
        settings.text("reference tools: \(tools.pangoRef), \(tools.hbRef)")
    }
    settings.text()

    let layout = settings.wants("layout") ? runLayoutCase(settings, tools, font: font) : []
    let relayout = settings.wants("relayout") ? runRelayoutCase(settings, paths, font: font) : []
    let hitUs = settings.wants("hittest") ? runHitTestCase(settings, paths, font: font) : .nan
    let render = settings.wants("render")
        ? runRenderCase(settings, tools, font: font)
        : RenderRow(drawUs: .nan, pageUs: .nan, layoutUs: .nan, encodeUs: .nan, pangoUs: .nan, lines: 0)
    let speedup = settings.wants("threads") ? runThreadsCase(settings, paths, font: font) : .nan
    var scaling: [ScalingRow] = []
    var megabyte: AttributedText? = nil
    if settings.wants("linear") { (scaling, megabyte) = runScalingCase(settings, paths, font: font) }
    var editUs = Double.nan
    if settings.wants("edit") {
        let text = megabyte ?? AttributedText(
            repeated(Corpus(path: paths.corpus("en"), name: "en", font: font).content, toAtLeast: 1024 * 1024),
            attributes: [.font(font)])
        editUs = runEditCase(settings, text)
    }
    let noBreak = settings.wants("nobreak") ? runNoBreakCase(settings, paths, font: font) : []

    // Memory.
    let peak = peakRSSBytes()
    let perGlyph = scaling.first { !$0.estimated && $0.kb > 1000 }?.bytesPerGlyph ?? scaling.first?.bytesPerGlyph ?? .nan
    settings.text("== Memory: peak RSS \(fmt(Double(peak) / 1048576, 1)) MB (getrusage ru_maxrss, whole run);"
                  + " \(fmt(perGlyph, 0)) bytes per laid-out glyph (1 MB text: framesetter + frame resident)")
    settings.text()
    settings.object([("case", Settings.quoted("memory")), ("max_rss_bytes", "\(peak)"), ("bytes_per_glyph", json(perGlyph, 1))])

    // Targets of issue 6.
    func verdict(_ ok: Bool?) -> String { ok.map { $0 ? "met" : "NOT met" } ?? "unknown" }
    func finite(_ x: Double) -> Bool? { x.isFinite ? true : nil }
    settings.text("== Targets (issue 6)")
    for (corpus, fontLabel) in settings.corpora.map({ ($0, "DejaVuSans") }) + [("zh", "DroidSansFallbackFull")] {
        let rows = layout.filter { $0.corpus == corpus && $0.font == fontLabel }
        guard !rows.isEmpty else { continue }
        let corpus = corpus + (fontLabel == "DejaVuSans" ? "" : "+cjk")
        let hb = rows.map { $0.galleyUs / $0.hbUs }.max() ?? .nan
        let pango = rows.map { $0.galleyUs / $0.pangoUs }.max() ?? .nan
        settings.text("   \(pad(corpus, 6)): Galley/HarfBuzz \(fmt(hb, 2)) (≤ 1.5: \(verdict(finite(hb).map { _ in hb <= 1.5 })));"
                      + " Galley/Pango \(fmt(pango, 2)) (≤ 0.5: \(verdict(finite(pango).map { _ in pango <= 0.5 })))  [worst width]")
    }
    let worstRelayout = relayout.map { $0.relayoutUs / $0.firstUs }.max() ?? .nan
    settings.text("   re-layout / first layout: worst \(fmt(worstRelayout, 2)) (≤ 0.3: \(verdict(finite(worstRelayout).map { _ in worstRelayout <= 0.3 })))")
    settings.text("   render page: Galley \(fmt(render.pageUs, 0)) µs vs Pango \(fmt(render.pangoUs, 0)) µs"
                  + " (faster: \(verdict(finite(render.pangoUs + render.pageUs).map { _ in render.pageUs < render.pangoUs })))")
    let measured = scaling.filter { !$0.estimated }.map(\.usPerKB)
    let spread = maxOverMin(measured)
    settings.text("   linear: max/min µs per KB \(fmt(spread, 2)) over \(measured.count) sizes (≤ 1.2: \(verdict(finite(spread).map { _ in spread <= 1.2 })))")
    let nb = noBreak.filter { $0.skipped == nil }.map(\.usPerKB)
    let nbSpread = maxOverMin(nb)
    settings.text("   no-break paragraph: max/min µs per KB \(fmt(nbSpread, 2)) over \(nb.count) sizes (≤ 1.2: \(verdict(finite(nbSpread).map { _ in nbSpread <= 1.2 })))")
    settings.text("   threads: speedup \(fmt(speedup, 2))× on \(ProcessInfo.processInfo.activeProcessorCount) cores (≥ 1.8: \(verdict(finite(speedup).map { _ in speedup >= 1.8 })))")
    settings.text("   hit test: \(fmt(hitUs, 2)) µs per point; edit latency on 1 MB: \(fmt(editUs / 1e3, 1)) ms (lines and shaping of unchanged paragraphs reused)")
    let total = ContinuousClock.now - started
    settings.text("total run time \(total.components.seconds) s")
}
