// Re-layout at a new width: one Framesetter over a whole corpus (its Typesetter caches each
// paragraph's analysis: itemization, bidi, shaping, break opportunities, and the lines of the last
// width each paragraph was laid out at), a first frame at one width, then frames at another width
// reusing that analysis; the ratio to a first layout. Each timed frame at the new width follows an
// untimed one at the first width, so it never finds its lines cached; a frame at the same width
// again, which does, is reported beside it.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// One re-layout measurement.
struct RelayoutRow: Sendable {
    let corpus: String
    let from: Double
    let to: Double
    /// A first layout (new framesetter, cold analysis) at `from`, µs per paragraph.
    let firstUs: Double
    /// A frame at `to` on the framesetter last used at `from`, µs per paragraph.
    let relayoutUs: Double
    /// A frame at `to` on the framesetter last used at `to` (every paragraph's lines cached), µs per paragraph.
    let sameWidthUs: Double
}

/// Median seconds of `timed` over `runs` runs of about `target` seconds, each call of `timed`
/// preceded by an untimed call of `untimed`.
func medianAlternatingSeconds(runs: Int, target: Double, untimed: () throws -> Void, timed: () throws -> Void) rethrows
    -> Double
{
    try untimed()
    let warm = try seconds(timed)
    let passes = passCount(warm: warm, target: target)
    var perPass: [Double] = []
    for _ in 0..<runs {
        var total = 0.0
        for _ in 0..<passes {
            try untimed()
            total += try seconds(timed)
        }
        perPass.append(total / Double(passes))
    }
    return medianOf(perPass)
}

/// Runs the re-layout case for every corpus, 300 → 800 and 800 → 300.
func runRelayoutCase(_ settings: Settings, _ paths: BenchPaths, font: Font) -> [RelayoutRow] {
    var rows: [RelayoutRow] = []
    for name in settings.corpora {
        let corpus = Corpus(path: paths.corpus(name), name: name, font: font)
        let text = corpus.whole(font: font)
        let n = Double(max(corpus.paragraphs.count, 1))
        let pairs = [
            (settings.widths[0], settings.widths[settings.widths.count - 1]),
            (settings.widths[settings.widths.count - 1], settings.widths[0]),
        ]
        for (from, to) in pairs {
            note("  relayout \(name) \(Int(from))→\(Int(to))…")
            do {
                let first = try medianPassSeconds(runs: settings.runs, target: settings.target) {
                    _ = try Framesetter(text).frame(in: unboundedRect(width: from))
                }
                let framesetter = try Framesetter(text)
                _ = try framesetter.frame(in: unboundedRect(width: from))
                let again = try medianAlternatingSeconds(
                    runs: settings.runs, target: settings.target,
                    untimed: { _ = try framesetter.frame(in: unboundedRect(width: from)) },
                    timed: { _ = try framesetter.frame(in: unboundedRect(width: to)) })
                let same = try medianPassSeconds(runs: settings.runs, target: settings.target) {
                    _ = try framesetter.frame(in: unboundedRect(width: to))
                }
                rows.append(
                    RelayoutRow(
                        corpus: name, from: from, to: to, firstUs: first * 1e6 / n, relayoutUs: again * 1e6 / n,
                        sameWidthUs: same * 1e6 / n))
            } catch {
                fail("relayout failed: \(error)")
            }
        }
    }
    settings.text("== Re-layout at a new width: one Framesetter over the whole corpus; µs per paragraph")
    settings.text(
        pad("corpus", 6) + pad("from→to", 10) + pad("first", 9) + pad("relayout", 10) + pad("ratio", 7) + pad("same", 8)
            + "   (target ≤ 0.30)")
    for r in rows {
        settings.text(
            pad(r.corpus, 6) + pad("\(Int(r.from))→\(Int(r.to))", 10) + pad(fmt(r.firstUs, 1), 9)
                + pad(fmt(r.relayoutUs, 1), 10) + pad(fmt(r.relayoutUs / r.firstUs, 2), 7)
                + pad(fmt(r.sameWidthUs, 1), 8))
        settings.object([
            ("case", Settings.quoted("relayout")), ("corpus", Settings.quoted(r.corpus)), ("from", fmt(r.from, 0)),
            ("to", fmt(r.to, 0)), ("first_us", json(r.firstUs)), ("relayout_us", json(r.relayoutUs)),
            ("ratio", json(r.relayoutUs / r.firstUs)), ("same_width_us", json(r.sameWidthUs)),
        ])
    }
    settings.text(
        "first = new Framesetter + frame (paragraph analysis and shaping included); relayout = frame at the\n"
            + "other width on the same Framesetter (analysis cached, lines not: each timed frame follows one at the\n"
            + "first width); same = that frame again at the same width (every paragraph's lines cached).\n"
            + "All for the whole corpus as one text.")
    settings.text()
    return rows
}
