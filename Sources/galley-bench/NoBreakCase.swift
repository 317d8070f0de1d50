// One long paragraph with no break opportunity (the letters of en.txt, nothing else), laid out at
// width 400: every line is cut between grapheme clusters. Layout should stay linear in its size.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// One size of the no-break case.
struct NoBreakRow: Sendable {
    let kb: Double
    let usPerKB: Double
    let lines: Int
    /// Nil when measured; otherwise why it was skipped.
    let skipped: String?
}

/// Runs the no-break case: 16 KB, 128 KB, then 1 MB when the first two predict it takes little time.
func runNoBreakCase(_ settings: Settings, _ paths: BenchPaths, font: Font) -> [NoBreakRow] {
    let en = Corpus(path: paths.corpus("en"), name: "en", font: font).content
    let letters = String(
        String.UnicodeScalarView(
            en.unicodeScalars.filter {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0)
            }))
    var rows: [NoBreakRow] = []
    for kb in [16, 128, 1024] {
        let content = String(repeated(letters, toAtLeast: kb * 1024).utf8.prefix(kb * 1024))!
        if rows.count == 2 {
            // Predict from the growth between the two smaller sizes (exponent of a power law).
            let a = rows[0], b = rows[1]
            let growth = log((b.usPerKB * b.kb) / (a.usPerKB * a.kb)) / log(b.kb / a.kb)
            let predicted = b.usPerKB * b.kb * pow(Double(kb) / b.kb, growth) / 1e6
            if settings.quick || (predicted > 20 && !settings.full) {
                rows.append(
                    NoBreakRow(
                        kb: Double(kb), usPerKB: .nan, lines: 0,
                        skipped: "skipped: predicted \(fmt(predicted, 1)) s (time ∝ size^\(fmt(growth, 2)))"))
                continue
            }
        }
        note("  no-break paragraph \(kb) KB…")
        let text = AttributedText(content, attributes: [.font(font)])
        var lines = 0
        var times: [Double] = []
        for _ in 0..<(kb >= 1024 ? 1 : 3) {
            do {
                times.append(
                    try seconds {
                        lines = try Framesetter(text).frame(in: unboundedRect(width: 400)).lines.count
                    })
            } catch {
                fail("no-break layout failed: \(error)")
            }
        }
        rows.append(NoBreakRow(kb: Double(kb), usPerKB: medianOf(times) * 1e6 / Double(kb), lines: lines, skipped: nil))
    }
    settings.text("== One paragraph with no break opportunity (letters of en.txt only), width 400")
    for r in rows {
        if let why = r.skipped {
            settings.text("   \(pad(fmt(r.kb, 0), 5)) KB: \(why)")
        } else {
            settings.text("   \(pad(fmt(r.kb, 0), 5)) KB: \(fmt(r.usPerKB, 1)) µs per KB, \(r.lines) lines")
        }
        settings.object([
            ("case", Settings.quoted("nobreak")), ("kb", fmt(r.kb, 0)), ("us_per_kb", json(r.usPerKB)),
            ("lines", "\(r.lines)"), ("skipped", r.skipped == nil ? "false" : "true"),
        ])
    }
    settings.text()
    return rows
}
