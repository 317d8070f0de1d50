// The whole benchmark run: every case in turn, then the targets checked against the figures.
import Foundation
import GalleyFonts
import GalleyText

/// The figures of every case that ran (empty or NaN for a case left out).
struct SuiteResults {
    var layout: [LayoutRow] = []
    var relayout: [RelayoutRow] = []
    var hitUs = Double.nan
    var render = RenderRow(drawUs: .nan, pageUs: .nan, layoutUs: .nan, encodeUs: .nan, pangoUs: .nan, lines: 0)
    var speedup = Double.nan
    /// The threads case's CPU time with one thread per core over one thread's.
    var cpuRatio = Double.nan
    /// The speed-up of the same layout in as many separate processes (nothing shared).
    var machineSpeedup = Double.nan
    var scaling: [ScalingRow] = []
    var editUs = Double.nan
    var noBreak: [NoBreakRow] = []
    var breaking: [BreakingRow] = []
    var canvas = CanvasRow()
    var startup = StartupRow()
    /// The soak's figures (a service's card loop; nil when it did not run).
    var soak: SoakRow?
}

/// Runs every case and prints the summary of targets.
func runSuite(_ settings: Settings) {
    warnOfDebugBuild(settings)
    let started = ContinuousClock.now
    let paths = BenchPaths.locate(override: settings.repo)
    let font: Font
    do {
        font = try Font(path: paths.font, size: CGFloat(settings.size))
    } catch {
        fail("cannot load \(paths.font): \(error)")
    }
    let tools = ReferenceTools.prepare(paths)
    printHeader(settings, paths, tools)
    let results = runCases(settings, paths, tools, font: font)
    printMemory(settings, scaling: results.scaling)
    printTargets(settings, results)
    let total = ContinuousClock.now - started
    settings.text("total run time \(total.components.seconds) s")
}

/// A warning, in a debug build, that its times mean nothing.
func warnOfDebugBuild(_ settings: Settings) {
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
}

/// The run's first lines: date, machine, repository, font and reference tools.
func printHeader(_ settings: Settings, _ paths: BenchPaths, _ tools: ReferenceTools) {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let loadavg = loadAverage(3)
    settings.text("galley-bench — \(Date()) — \(cores) cores, load average \(loadavg) — repo \(paths.repo)")
    settings.text(
        "font \(paths.font) at \(fmt(settings.size, 0)) px for Galley, pango-ref and hb-ref; corpora \(paths.shared)/corpus"
    )
    if let problem = tools.problem {
        let message = "NOTE: pango-ref/hb-ref unavailable (\(problem)); only Galley's figures are reported."
        note(message)
        settings.text(message)
        settings.object([("case", Settings.quoted("note")), ("reference_tools", "false")])
    } else {
        settings.text("reference tools: \(tools.pangoRef), \(tools.hbRef)")
    }
    settings.text()
}

/// Runs the cases `settings` asks for, in order.
func runCases(_ settings: Settings, _ paths: BenchPaths, _ tools: ReferenceTools, font: Font) -> SuiteResults {
    var results = SuiteResults()
    if settings.wants("layout") { results.layout = runLayoutCase(settings, tools, font: font) }
    if settings.wants("relayout") { results.relayout = runRelayoutCase(settings, paths, font: font) }
    if settings.wants("hittest") { results.hitUs = runHitTestCase(settings, paths, font: font) }
    if settings.wants("render") { results.render = runRenderCase(settings, tools, font: font) }
    if settings.wants("canvas") { results.canvas = runCanvasCase(settings, paths) }
    if settings.wants("threads") {
        (results.speedup, results.cpuRatio, results.machineSpeedup) = runThreadsCase(settings, paths, font: font)
    }
    var megabyte: AttributedText? = nil
    if settings.wants("linear") { (results.scaling, megabyte) = runScalingCase(settings, paths, font: font) }
    if settings.wants("edit") {
        let text =
            megabyte
            ?? AttributedText(
                repeated(Corpus(path: paths.corpus("en"), name: "en", font: font).content, toAtLeast: 1024 * 1024),
                attributes: [.font(font)])
        results.editUs = runEditCase(settings, text)
    }
    if settings.wants("nobreak") { results.noBreak = runNoBreakCase(settings, paths, font: font) }
    if settings.wants("breaking") { results.breaking = runBreakingCase(settings, paths, font: font) }
    if settings.wants("pathological") { _ = runPathologicalCase(settings, font: font) }
    if settings.wants("sanitize") { _ = runSanitizeCase(settings, paths) }
    if settings.wants("fit") { runFitCase(settings, font: font) }
    if settings.wants("pdfleak") { runPDFLeakCase(settings, paths) }
    if settings.wants("png") { runPNGCase(settings, paths, font: font) }
    if settings.wants("bridgeleak") { runBridgeLeakCase(settings) }
    if settings.wants("soak") { results.soak = runSoak(settings, paths) }
    if settings.wants("startup") { results.startup = runStartupCase(settings) }
    return results
}

/// The memory figures: peak RSS of the whole run, bytes per laid-out glyph of the largest text.
func printMemory(_ settings: Settings, scaling: [ScalingRow]) {
    let peak = peakRSSBytes()
    let perGlyph =
        scaling.first { !$0.estimated && $0.kb > 1000 }?.bytesPerGlyph ?? scaling.first?.bytesPerGlyph ?? .nan
    settings.text(
        "== Memory: peak RSS \(fmt(Double(peak) / 1_048_576, 1)) MB (getrusage ru_maxrss, whole run);"
            + " \(fmt(perGlyph, 0)) bytes per laid-out glyph (1 MB text: framesetter + frame resident)")
    settings.text()
    settings.object([
        ("case", Settings.quoted("memory")), ("max_rss_bytes", "\(peak)"), ("bytes_per_glyph", json(perGlyph, 1)),
    ])
}
