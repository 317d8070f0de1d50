// Linear scaling and memory: texts of 100 KB, 1 MB and 10 MB made by repeating en.txt, each laid
// out whole (one Framesetter, one frame of width 400 tall enough for everything); µs per KB, and
// the resident memory the laid-out frame and its framesetter hold, per glyph.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// One size of the scaling case.
struct ScalingRow: Sendable {
    let kb: Double
    let usPerKB: Double
    let glyphs: Int
    /// Resident bytes held by the framesetter and frame (current RSS after minus before), per glyph.
    let bytesPerGlyph: Double
    /// True when the figure is an estimate from the 1 MB run, not a measurement.
    let estimated: Bool
}

/// `content` repeated until it has at least `bytes` bytes of UTF-8 (whole copies).
func repeated(_ content: String, toAtLeast bytes: Int) -> String {
    let copies = max(1, (bytes + content.utf8.count - 1) / content.utf8.count)
    return String(repeating: content, count: copies)
}

/// Lays out `text` whole at width 400 once; seconds, glyphs and resident bytes held by the result.
func layoutWhole(_ text: AttributedText) -> (seconds: Double, glyphs: Int, heldBytes: Int?) {
    trimHeap()
    let before = currentRSSBytes()
    var glyphs = 0
    var held: Int? = nil
    do {
        var framesetter: Framesetter? = nil
        var frame: Frame? = nil
        let t = try seconds {
            framesetter = try Framesetter(text)
            frame = try framesetter!.frame(in: unboundedRect(width: 400))
        }
        for line in frame!.lines { glyphs += line.glyphCount }
        trimHeap()
        if let before, let after = currentRSSBytes() { held = after - before }
        withExtendedLifetime((framesetter, frame)) {}
        return (t, glyphs, held)
    } catch {
        fail("layout of the long text failed: \(error)")
    }
}

/// Runs the scaling case; returns its rows (the 1 MB text is returned too, for the edit case).
func runScalingCase(_ settings: Settings, _ paths: BenchPaths, font: Font) -> (
    rows: [ScalingRow], megabyte: AttributedText
) {
    let en = Corpus(path: paths.corpus("en"), name: "en", font: font).content
    var rows: [ScalingRow] = []
    var megabyte = AttributedText()
    let budget = settings.full ? Double.infinity : 45.0  // seconds the 10 MB run may take
    for (label, bytes) in [("100 KB", 100 * 1024), ("1 MB", 1024 * 1024), ("10 MB", 10 * 1024 * 1024)] {
        let content = repeated(en, toAtLeast: bytes)
        let kb = Double(content.utf8.count) / 1024
        if bytes > 1024 * 1024, let mb = rows.last {
            let estimate = mb.usPerKB * kb / 1e6
            if settings.quick || estimate > budget {
                note("  \(label): skipped (estimated \(fmt(estimate, 1)) s\(settings.quick ? ", --quick" : ""))")
                rows.append(
                    ScalingRow(
                        kb: kb, usPerKB: mb.usPerKB, glyphs: mb.glyphs * Int((kb / mb.kb).rounded()),
                        bytesPerGlyph: mb.bytesPerGlyph, estimated: true))
                continue
            }
        }
        note("  linear \(label)…")
        let text = AttributedText(content, attributes: [.font(font)])
        if bytes == 1024 * 1024 { megabyte = text }
        // Small texts: several runs (median); 10 MB: one run.
        let runs = bytes <= 1024 * 1024 ? (bytes <= 100 * 1024 ? settings.runs : 3) : 1
        var times: [Double] = []
        var glyphs = 0
        var held: [Int] = []
        if bytes <= 100 * 1024 { _ = layoutWhole(text) }  // warm-up: fonts and caches
        for _ in 0..<runs {
            let r = layoutWhole(text)
            times.append(r.seconds)
            glyphs = r.glyphs
            if let h = r.heldBytes { held.append(h) }
        }
        let heldBytes = held.isEmpty ? Double.nan : medianOf(held.map(Double.init))
        rows.append(
            ScalingRow(
                kb: kb, usPerKB: medianOf(times) * 1e6 / kb, glyphs: glyphs,
                bytesPerGlyph: heldBytes / Double(max(glyphs, 1)), estimated: false))
    }
    let measured = rows.filter { !$0.estimated }.map(\.usPerKB)
    let spread = maxOverMin(measured)
    settings.text("== Linear scaling: en.txt repeated, one Framesetter + one frame of width 400 for the whole text")
    settings.text(pad("size KB", 9) + pad("µs/KB", 9) + pad("glyphs", 10) + pad("B/glyph", 9) + "  ")
    for r in rows {
        settings.text(
            pad(fmt(r.kb, 0), 9) + pad(fmt(r.usPerKB, 1), 9) + pad("\(r.glyphs)", 10)
                + pad(fmt(r.bytesPerGlyph, 0), 9) + (r.estimated ? "  (not run: estimated from 1 MB)" : ""))
        settings.object([
            ("case", Settings.quoted("linear")), ("kb", fmt(r.kb, 0)), ("us_per_kb", json(r.usPerKB)),
            ("glyphs", "\(r.glyphs)"), ("bytes_per_glyph", json(r.bytesPerGlyph, 1)),
            ("estimated", r.estimated ? "true" : "false"),
        ])
    }
    settings.text(
        "max/min µs per KB over the measured sizes: \(fmt(spread, 2)) → "
            + (spread <= 1.2 ? "within 20% (linear)" : "NOT within 20%"))
    settings.text(
        "B/glyph = resident memory held by the framesetter (cached analyses) and the frame, per laid-out glyph")
    settings.text()
    settings.object([("case", Settings.quoted("linear_spread")), ("max_over_min", json(spread))])
    return (rows, megabyte)
}
