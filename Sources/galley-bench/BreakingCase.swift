// The quality of justified line breaking on en.txt: greedy (CoreText's), optimal (Knuth–Plass)
// and optimal with English hyphenation, at widths 300 and 400. For each, TeX's adjustment
// ratios of the non-final lines (mean square, worst, how many above 1), hyphenated lines, the
// line count and the layout time, so that the strategies compare on figures TeX users know.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// One strategy at one width.
struct BreakingRow: Sendable {
    let label: String
    let width: Double
    let meanSquare: Double
    let worst: Double
    let loose: Int
    let hyphenated: Int
    let lines: Int
    let ms: Double
}

/// The three settings compared: name, strategy, hyphenation factor.
private let breakingSettings: [(String, LineBreakStrategy, CGFloat)] = [
    ("greedy", .greedy, 0), ("optimal", .optimal, 0), ("optimal+hyphens", .optimal, 1),
]

/// Lays en.txt out justified with each setting at widths 300 and 400 and measures its lines.
func runBreakingCase(_ settings: Settings, _ paths: BenchPaths, font: Font) -> [BreakingRow] {
    let content = Corpus(path: paths.corpus("en"), name: "en", font: font).content
    var rows: [BreakingRow] = []
    for width in [300.0, 400.0] {
        for (label, strategy, factor) in breakingSettings {
            note("  breaking \(label) at \(Int(width))…")
            var style = ParagraphStyle(alignment: .justified)
            style.lineBreakStrategy = strategy
            style.hyphenationFactor = factor
            let text = AttributedText(
                content, attributes: [.font(font), .paragraphStyle(style), .language("en-US")])
            var frame: Frame? = nil
            var times: [Double] = []
            for _ in 0..<settings.runs {
                do {
                    times.append(try seconds { frame = try Framesetter(text).frame(in: unboundedRect(width: width)) })
                } catch {
                    fail("breaking layout failed: \(error)")
                }
            }
            guard let frame else { continue }
            rows.append(breakingRow(frame, label: label, width: width, ms: medianOf(times) * 1e3))
        }
    }
    printBreaking(settings, rows)
    return rows
}

/// The figures of one laid-out frame.
private func breakingRow(_ frame: Frame, label: String, width: Double, ms: Double) -> BreakingRow {
    let ratios = frame.lines.indices.compactMap { frame.adjustmentRatio(ofLine: $0) }.map { Double($0) }
    let meanSquare = ratios.isEmpty ? .nan : ratios.reduce(0) { $0 + $1 * $1 } / Double(ratios.count)
    let worst = ratios.max { abs($0) < abs($1) } ?? .nan
    return BreakingRow(
        label: label, width: width, meanSquare: meanSquare, worst: worst, loose: ratios.filter { $0 > 1 }.count,
        hyphenated: frame.lines.filter(\.isHyphenated).count, lines: frame.lines.count, ms: ms)
}

private func printBreaking(_ settings: Settings, _ rows: [BreakingRow]) {
    settings.text("== Justified line breaking, en.txt (TeX's adjustment ratio r of non-final lines)")
    settings.text(
        "   width  strategy          mean r²  worst r  r > 1  hyphenated  lines  layout ms  mean r² vs greedy")
    for r in rows {
        let greedy = rows.first { $0.width == r.width && $0.label == "greedy" }?.meanSquare ?? .nan
        let change = (r.meanSquare / greedy - 1) * 100
        settings.text(
            "   \(pad(fmt(r.width, 0), 5))  \(r.label.padding(toLength: 16, withPad: " ", startingAt: 0))"
                + "  \(pad(fmt(r.meanSquare, 3), 7))  \(pad(fmt(r.worst, 2), 7))  \(pad("\(r.loose)", 5))"
                + "  \(pad("\(r.hyphenated)", 10))  \(pad("\(r.lines)", 5))  \(pad(fmt(r.ms, 2), 9))"
                + "  \(r.label == "greedy" ? "" : (change >= 0 ? "+" : "") + fmt(change, 0) + "%")")
        settings.object([
            ("case", Settings.quoted("breaking")), ("strategy", Settings.quoted(r.label)), ("width", fmt(r.width, 0)),
            ("mean_r2", json(r.meanSquare)), ("worst_r", json(r.worst)), ("loose_lines", "\(r.loose)"),
            ("hyphenated", "\(r.hyphenated)"), ("lines", "\(r.lines)"), ("layout_ms", json(r.ms)),
        ])
    }
    settings.text()
}
