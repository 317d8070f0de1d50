// The main case: every paragraph of a corpus laid out with a new Framesetter (as pango-ref makes a
// new PangoLayout per paragraph per pass), beside pango-ref and hb-ref on the same file and font,
// in each of three states of the shaped-word cache (warm, fresh, none), so that no figure hides
// behind a warm cache.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyShaping
import GalleyText

/// The state of the shaped-word cache a layout pass runs with.
enum CacheState: String, CaseIterable, Sendable {
    /// `ShapingCache.shared`, already holding the corpus's words (a service's steady state).
    case warm
    /// A new cache of the shared one's capacity for each pass, filled on the way (text seen for
    /// the first time: a service's first request).
    case fresh
    /// A cache of capacity 0: every item shaped by HarfBuzz.
    case none

    /// The cache one pass uses.
    func cache() -> ShapingCache {
        switch self {
        case .warm: return .shared
        case .fresh: return ShapingCache(capacity: ShapingCache.shared.capacity)
        case .none: return ShapingCache(capacity: 0)
        }
    }
}

/// The frame rectangle for laying out everything at `width`: tall enough for any text.
func unboundedRect(width: Double) -> CGRect {
    CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude / 4)
}

/// Lays out each of `texts` with its own framesetter at `width`; counts lines (at least one per
/// paragraph, as Pango gives an empty paragraph one line) and glyphs.
func layoutPass(_ texts: [AttributedText], width: Double, cache: ShapingCache = .shared) -> (lines: Int, glyphs: Int) {
    var lines = 0
    var glyphs = 0
    do {
        for text in texts {
            let frame = try Framesetter(text, shapingCache: cache).frame(in: unboundedRect(width: width))
            lines += max(frame.lines.count, 1)
            for line in frame.lines { glyphs += line.glyphCount }
        }
    } catch {
        fail("layout failed: \(error)")
    }
    return (lines, glyphs)
}

/// Seconds `passes` runs of `pass` take, each given its own cache in `state`. Each cache is made
/// before its pass and freed after it, outside the timing: a service has one cache, so the
/// passes must not hold `passes` filled caches at once (each pass would then touch new memory,
/// and time the kernel's first-touch page faults of a heap that only grows), and freeing a
/// filled cache is not part of filling it.
func timedPasses(_ passes: Int, _ state: CacheState, _ pass: (ShapingCache) -> Void) -> Double {
    var total = 0.0
    for _ in 0..<passes {
        let cache = state.cache()
        withExtendedLifetime(cache) { total += seconds { pass(cache) } }
    }
    return total
}

/// One row of the layout table.
struct LayoutRow: Sendable {
    let corpus: String
    /// The font file given to every tool, without extension.
    let font: String
    let width: Double
    let paragraphs: Int
    let lines: Int
    let glyphs: Int
    /// The shaped-word cache's state for `galleyUs` (Pango's and HarfBuzz's figures are the same
    /// runs' for all three rows of a corpus and width).
    var cache = CacheState.warm
    /// The fastest run's µs per paragraph, every tool alike (`fastestOf`); the medians beside
    /// them go into the JSON.
    let galleyUs: Double
    var galleyMedianUs = Double.nan
    var pangoUs = Double.nan
    var pangoMedianUs = Double.nan
    var pangoLines: Int? = nil
    var hbUs = Double.nan
    var hbMedianUs = Double.nan
    var hbGlyphs: Int? = nil
}

/// Runs the layout case for every corpus and width in DejaVu Sans, then zh.txt again with every
/// tool given the bundled Droid Sans Fallback (the font Galley falls back to for Han), so that one
/// Chinese figure compares the same work.
func runLayoutCase(_ settings: Settings, _ tools: ReferenceTools, font: Font) -> [LayoutRow] {
    var rows: [LayoutRow] = []
    for name in settings.corpora {
        rows += measureCorpus(name, fontPath: tools.paths.font, font: font, label: "DejaVuSans", settings, tools)
    }
    if settings.corpora.contains("zh") {
        let cjkPath = tools.paths.fonts + "/DroidSansFallbackFull.ttf"
        if let cjk = try? Font(path: cjkPath, size: CGFloat(settings.size)) {
            rows += measureCorpus("zh", fontPath: cjkPath, font: cjk, label: "DroidSansFallbackFull", settings, tools)
        }
    }
    printLayoutRows(rows, settings)
    return rows
}

/// The rows of one corpus in one font (a font file given to all three tools). Galley, pango-ref
/// and hb-ref runs are interleaved, so that all three see the same load on a shared machine.
func measureCorpus(
    _ name: String, fontPath: String, font: Font, label: String, _ settings: Settings, _ tools: ReferenceTools
) -> [LayoutRow] {
    var rows: [LayoutRow] = []
    let path = tools.paths.corpus(name)
    let corpus = Corpus(path: path, name: name, font: font)
    let size = fmt(settings.size, 0)
    let hbArguments = ["--font", fontPath, "--size", size, path]
    // hb-ref shapes whole paragraphs with no width: its iterations are chosen once per corpus.
    let hbIterations = tools.available ? tools.iterations(tools.hbRef, hbArguments, target: settings.target) : nil
    for width in settings.widths {
        note("  \(name) @\(Int(width)) (\(label)): Galley, pango-ref, hb-ref…")
        let pangoArguments = ["--font", fontPath, "--size", size, "--width", fmt(width, 0), path]
        let pangoIterations =
            tools.available ? tools.iterations(tools.pangoRef, pangoArguments, target: settings.target) : nil
        var counts = (lines: 0, glyphs: 0)
        let warm = seconds { counts = layoutPass(corpus.texts, width: width) }
        let passes = passCount(warm: warm, target: settings.target)
        var galley: [CacheState: [Double]] = [:]
        var pango: [ReferenceSummary] = []
        var hb: [ReferenceSummary] = []
        for run in 0..<settings.runs {
            // Each run starts with another cache state, so that no state is always timed first.
            let states = CacheState.allCases
            for k in states.indices {
                let state = states[(k + run) % states.count]
                let t = timedPasses(passes, state) { counts = layoutPass(corpus.texts, width: width, cache: $0) }
                galley[state, default: []].append(t / Double(passes))
            }
            if let n = pangoIterations,
                let s = tools.summary(tools.pangoRef, pangoArguments + ["--iterations", "\(n)"])
            {
                pango.append(s)
            }
            if let n = hbIterations, let s = tools.summary(tools.hbRef, hbArguments + ["--iterations", "\(n)"]) {
                hb.append(s)
            }
        }
        let perParagraph = 1e6 / Double(max(corpus.texts.count, 1))
        for state in CacheState.allCases {
            var row = LayoutRow(
                corpus: name, font: label, width: width, paragraphs: corpus.texts.count, lines: counts.lines,
                glyphs: counts.glyphs, cache: state, galleyUs: fastestOf(galley[state] ?? []) * perParagraph)
            row.galleyMedianUs = medianOf(galley[state] ?? []) * perParagraph
            row.pangoUs = fastestOf(pango.map(\.usPerParagraph))
            row.pangoMedianUs = medianOf(pango.map(\.usPerParagraph))
            row.pangoLines = pango.first?.lines
            row.hbUs = fastestOf(hb.map(\.usPerParagraph))
            row.hbMedianUs = medianOf(hb.map(\.usPerParagraph))
            row.hbGlyphs = hb.first?.glyphs
            rows.append(row)
        }
    }
    return rows
}

/// The layout table (or JSON objects).
func printLayoutRows(_ rows: [LayoutRow], _ settings: Settings) {
    settings.text(
        "== Layout: each paragraph a new Framesetter + frame; shaped-word cache warm (shared, filled), fresh (new"
            + " each pass, filled on the way) or none (capacity 0); Pango and HB figures are the same runs' for all three"
    )
    settings.text(
        "   DejaVu Sans \(fmt(settings.size, 0)) px; µs per paragraph (the fastest of \(settings.runs) runs, every tool alike;"
            + " medians in --json)"
    )
    settings.text(
        pad("corpus", 9) + pad("width", 6) + pad("cache", 6) + pad("paras", 6) + pad("lines", 7) + pad("glyphs", 8)
            + pad("Galley", 9) + pad("Pango", 9) + pad("p.lines", 8) + pad("HB", 8) + pad("hb.glyphs", 10)
            + pad("G/Pango", 8) + pad("G/HB", 7))
    for r in rows {
        settings.text(
            pad(r.corpus + (r.font == "DejaVuSans" ? "" : "+cjk"), 9) + pad(fmt(r.width, 0), 6)
                + pad(r.cache.rawValue, 6) + pad("\(r.paragraphs)", 6) + pad("\(r.lines)", 7)
                + pad("\(r.glyphs)", 8) + pad(fmt(r.galleyUs, 1), 9) + pad(fmt(r.pangoUs, 1), 9)
                + pad(r.pangoLines.map(String.init) ?? "-", 8) + pad(fmt(r.hbUs, 1), 8)
                + pad(r.hbGlyphs.map(String.init) ?? "-", 10)
                + pad(fmt(r.galleyUs / r.pangoUs, 2), 8) + pad(fmt(r.galleyUs / r.hbUs, 2), 7))
        settings.object([
            ("case", Settings.quoted("layout")), ("corpus", Settings.quoted(r.corpus)),
            ("font", Settings.quoted(r.font)), ("width", fmt(r.width, 0)), ("cache", Settings.quoted(r.cache.rawValue)),
            ("paragraphs", "\(r.paragraphs)"), ("lines", "\(r.lines)"), ("glyphs", "\(r.glyphs)"),
            ("galley_us", json(r.galleyUs)), ("pango_us", json(r.pangoUs)), ("hb_us", json(r.hbUs)),
            ("galley_median_us", json(r.galleyMedianUs)), ("pango_median_us", json(r.pangoMedianUs)),
            ("hb_median_us", json(r.hbMedianUs)),
            ("pango_lines", r.pangoLines.map(String.init) ?? "null"),
            ("hb_glyphs", r.hbGlyphs.map(String.init) ?? "null"),
            ("galley_over_pango", json(r.galleyUs / r.pangoUs)), ("galley_over_hb", json(r.galleyUs / r.hbUs)),
        ])
    }
    if rows.contains(where: { $0.corpus != "en" }) {
        settings.text(
            "note: pango-ref and hb-ref use exactly one font (DejaVu Sans): characters it lacks (all CJK in zh,\n"
                + "      CJK/Devanagari/emoji in mixed) are hex boxes (Pango) or .notdef (HB), while Galley falls back to\n"
                + "      its other bundled fonts (Droid Sans Fallback, Noto…), shaping more fonts and runs. On zh/mixed\n"
                + "      the ratios compare different work; glyph counts differ for the same reason. hb-ref shapes each\n"
                + "      paragraph as one buffer (no itemization, bidi, fallback or breaking) and has no width.\n"
                + "      zh+cjk: zh.txt with all three tools given Fonts/DroidSansFallbackFull.ttf (Galley's Han\n"
                + "      fallback), the like-for-like Chinese figure (Galley still falls back for the few characters it lacks)."
        )
    }
    settings.text()
}
