// Soak (issue 26, part 2): a service's card loop run long. 100 000 cards, each with its font made
// from bytes (as a service taking brand-font uploads does: four uploads, in turn) and a title and
// body (30 words of mixed.txt) in mixed scripts (Latin, Japanese, emoji, Arabic, Devanagari,
// Hebrew, Chinese), laid out and drawn to pixels, with the resident memory sampled along the way.
// RSS must plateau (the samples of the last 50 000 cards within 5 % of each other) and stay under
// the memory budget. Run with other cases, the soak is a process of its own (this executable with
// `--only soak --json`): a service's card loop does not start with the heap the layout cases left.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleySync
import GalleyText

/// The soak's figures.
struct SoakRow: Sendable {
    var cards = 0
    /// (cards drawn, RSS in bytes) after each sampling interval; the first is before any card.
    var samples: [(cards: Int, rss: Int)] = []
    /// The memory budget the caches ran under (``GalleyMemory/budget``).
    var budget = 0
    /// The caches' accounted bytes at the end.
    var cacheBytes = 0
    /// Each cache's accounted bytes at the end.
    var usage: [SoakCacheUsage] = []
    var seconds = Double.nan

    /// The largest sample of the last 50 000 cards (or the second half) over the smallest.
    var plateau: Double {
        let from = max(0, cards - 50_000)
        let tail = samples.filter { $0.cards >= from && $0.cards > 0 }.map { Double($0.rss) }
        return (tail.max() ?? .nan) / (tail.min() ?? .nan)
    }
    var peak: Int { samples.map(\.rss).max() ?? 0 }
}

/// One cache's figures at the end of the soak (``GalleyMemory/Usage``, as the child process reports them).
struct SoakCacheUsage: Sendable {
    var name: String
    var bytes: Int
    var limit: Int
    var entries: Int
}

/// Runs the soak in a process of its own when other cases ran (or will run) in this one, else here.
@discardableResult
func runSoak(_ settings: Settings, _ paths: BenchPaths) -> SoakRow {
    guard settings.only != ["soak"] else { return runSoakCase(settings, paths) }
    var arguments = ["--only", "soak", "--json", "--repo", paths.repo]
    if settings.quick { arguments.append("--quick") }
    if let cards = settings.soakCards { arguments += ["--soak-cards", "\(cards)"] }
    note("  soak: in a process of its own (galley-bench \(arguments.joined(separator: " ")))")
    let result = need(run("/proc/self/exe", arguments), "cannot start the soak's process")
    guard result.status == 0 else { fail("the soak's process failed (status \(result.status)):\n\(result.stderr)") }
    let row = parseSoakJSON(result.stdout)
    printSoakRow(settings, row)
    return row
}

/// The soak's figures from the JSON lines of `galley-bench --only soak --json`.
func parseSoakJSON(_ output: String) -> SoakRow {
    var row = SoakRow()
    for line in output.split(separator: "\n") {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
        let int = { (key: String) in (object[key] as? NSNumber)?.intValue ?? 0 }
        switch object["case"] as? String {
        case "soak": row.samples.append((int("cards"), int("rss_bytes")))
        case "soak_summary":
            row.cards = int("cards")
            row.budget = int("budget_bytes")
            row.cacheBytes = int("cache_bytes")
            row.seconds = (object["seconds"] as? NSNumber)?.doubleValue ?? .nan
            for entry in object["cache_usage"] as? [[String: Any]] ?? [] {
                let value = { (key: String) in (entry[key] as? NSNumber)?.intValue ?? 0 }
                row.usage.append(
                    SoakCacheUsage(
                        name: entry["cache"] as? String ?? "?", bytes: value("bytes"), limit: value("limit"),
                        entries: value("entries")))
            }
        default: continue
        }
    }
    guard row.cards > 0, !row.samples.isEmpty else { fail("the soak's process reported no figures:\n\(output)") }
    return row
}

/// Mixed-script titles; each card puts its number in one (a new word each time).
private let soakTitles = [
    "Order %d — 東京の新しいカフェ ☕️ مرحبا بكم",
    "Invoice %d: नमस्ते दुनिया 🎉 お買い上げありがとうございます",
    "Ticket %d · שלום עולם · 欢迎光临 🚀 Welcome",
    "Receipt %d — Grüße aus Köln 👋 ありがとう · धन्यवाद",
    "Card %d: مساء الخير 🌙 おやすみなさい — Good night",
]

/// Runs the soak: `settings.soakCards` cards (100 000 by default, 10 000 with `--quick`).
@discardableResult
func runSoakCase(_ settings: Settings, _ paths: BenchPaths) -> SoakRow {
    let uploads = ["DejaVuSans.ttf", "DejaVuSerif.ttf", "Inter-roman.var.ttf", "DejaVuSans-Bold.ttf"].map { name in
        need(FileManager.default.contents(atPath: paths.fonts + "/" + name), "cannot read \(name)").map { $0 }
    }
    // A card's body: the first 30 words of a paragraph of mixed.txt (as long as a card shows).
    let bodies = need(try? String(contentsOfFile: paths.corpus("mixed"), encoding: .utf8), "cannot read mixed.txt")
        .split(separator: "\n").map { $0.split(separator: " ").prefix(30).joined(separator: " ") }
    var row = SoakRow()
    row.cards = settings.soakCards ?? (settings.quick ? 10_000 : 100_000)
    row.budget = GalleyMemory.budget
    let interval = row.cards >= 50_000 ? 10_000 : 500
    note("  soak: \(row.cards) cards, font from bytes each, budget \(row.budget >> 20) MiB…")
    trimHeap()
    row.samples.append((0, currentRSSBytes() ?? 0))
    let started = ContinuousClock.now
    for n in 0..<row.cards {
        do {
            let title = try Font(data: uploads[n % uploads.count], size: 22)
            let body = try title.withSize(13)
            var builder = AttributedTextBuilder()
            builder.append(String(format: soakTitles[n % soakTitles.count], n) + "\n", attributes: [.font(title)])
            builder.append(bodies[n % bodies.count], attributes: [.font(body)])
            let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 12, y: 12, width: 456, height: 136))
            var bitmap = try Bitmap(width: 480, height: 160)
            Renderer().draw(frame, into: &bitmap)
        } catch {
            fail("soak card \(n): \(error)")
        }
        if (n + 1) % interval == 0 {
            trimHeap()
            row.samples.append((n + 1, currentRSSBytes() ?? 0))
        }
    }
    row.seconds = seconds(since: started)
    row.usage = GalleyMemory.usage.map {
        SoakCacheUsage(name: $0.cache.rawValue, bytes: $0.bytes, limit: $0.limit, entries: $0.entries)
    }
    row.cacheBytes = row.usage.reduce(0) { $0 + $1.bytes }
    printSoakRow(settings, row)
    return row
}

/// Seconds from `start` to now.
private func seconds(since start: ContinuousClock.Instant) -> Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

/// The soak's RSS curve and verdict (or JSON objects: one per sample, then the summary).
func printSoakRow(_ settings: Settings, _ row: SoakRow) {
    let mb = { (bytes: Int) in fmt(Double(bytes) / 1_048_576, 1) }
    settings.text(
        "== Soak: \(row.cards) cards 480×160, font from bytes each card (4 uploads in turn), mixed scripts;"
            + " budget \(mb(row.budget)) MB; RSS after malloc_trim")
    settings.text("  " + row.samples.map { "\($0.cards): \(mb($0.rss))" }.joined(separator: "  "))
    let plateauOK = row.plateau <= 1.05
    let underBudget = row.peak <= row.budget
    settings.text(
        "  plateau (last 50 000 cards, max/min) \(fmt(row.plateau, 3)) \(plateauOK ? "≤" : ">") 1.05;"
            + " peak \(mb(row.peak)) MB \(underBudget ? "≤" : ">") budget; caches hold \(mb(row.cacheBytes)) MB;"
            + " \(fmt(row.seconds, 1)) s (\(fmt(row.seconds * 1e3 / Double(max(row.cards, 1)), 2)) ms a card)")
    settings.text(
        "  caches: "
            + row.usage.map { "\($0.name) \(mb($0.bytes))/\(mb($0.limit)) MB (\($0.entries))" }
            .joined(separator: ", "))
    settings.text()
    for sample in row.samples {
        settings.object([
            ("case", Settings.quoted("soak")), ("cards", "\(sample.cards)"), ("rss_bytes", "\(sample.rss)"),
        ])
    }
    settings.object([
        ("case", Settings.quoted("soak_summary")), ("cards", "\(row.cards)"), ("budget_bytes", "\(row.budget)"),
        ("peak_rss_bytes", "\(row.peak)"), ("cache_bytes", "\(row.cacheBytes)"),
        ("plateau", json(row.plateau, 4)), ("plateau_met", "\(plateauOK)"), ("under_budget", "\(underBudget)"),
        ("seconds", json(row.seconds, 1)),
        ("caches", "{" + row.usage.map { "\"\($0.name)\":\($0.bytes)" }.joined(separator: ",") + "}"),
        (
            "cache_usage",
            "["
                + row.usage.map {
                    "{\"cache\":\"\($0.name)\",\"bytes\":\($0.bytes),\"limit\":\($0.limit),\"entries\":\($0.entries)}"
                }.joined(separator: ",") + "]"
        ),
    ])
}
