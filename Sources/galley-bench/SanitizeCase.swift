// Sanitize (issue 30): what passing a font through the OpenType Sanitizer costs — DejaVu Sans,
// Inter (variable) and Noto Color Emoji from Fonts/, on first use (SHA-256 of the bytes, a private
// temporary file, ots-sanitize run through prlimit, its output read back) and cached (the SHA-256
// and a cache hit), beside loading the same bytes trusted.
import Foundation
import GalleyFonts

/// One font's figures, in milliseconds (medians).
struct SanitizeRow: Sendable {
    let name: String
    let kilobytes: Double
    let firstMs: Double
    let cachedMs: Double
    let hashMs: Double
    let trustedLoadMs: Double
    let untrustedLoadMs: Double
}

/// Runs the sanitize case; returns its rows (empty when ots-sanitize is missing).
func runSanitizeCase(_ settings: Settings, _ paths: BenchPaths) -> [SanitizeRow] {
    guard FontSanitizer.shared.isAvailable else {
        note("  sanitize: skipped (ots-sanitize or prlimit missing: apt-get install \(FontSanitizer.debianPackage))")
        return []
    }
    var rows: [SanitizeRow] = []
    for file in ["DejaVuSans.ttf", "Inter-roman.var.ttf", "NotoColorEmoji.ttf"] {
        note("  sanitize \(file)…")
        let path = paths.fonts + "/" + file
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        rows.append(sanitizeRow(file, [UInt8](data), runs: settings.quick ? 3 : 7))
    }
    printSanitize(settings, rows)
    return rows
}

/// The figures of one font: each first use with a new sanitizer (an empty cache), each cached use
/// with one that has seen the bytes, and `Font(data:)` trusted and (cached) untrusted.
func sanitizeRow(_ name: String, _ bytes: [UInt8], runs: Int) -> SanitizeRow {
    var first: [Double] = []
    var cached: [Double] = []
    var hash: [Double] = []
    var trusted: [Double] = []
    var untrusted: [Double] = []
    let warm = FontSanitizer()
    do {
        _ = try warm.sanitize(bytes)
        for _ in 0..<runs {
            let fresh = FontSanitizer()
            first.append(try seconds { _ = try fresh.sanitize(bytes) })
            cached.append(try seconds { _ = try warm.sanitize(bytes) })
            hash.append(seconds { _ = SHA256Digest(of: bytes) })
            trusted.append(try seconds { _ = try Font(data: bytes, size: 16, sanitization: .trusted) })
            untrusted.append(try seconds { _ = try Font(data: bytes, size: 16, sanitization: .sanitized(by: warm)) })
        }
    } catch {
        fail("sanitizing \(name) failed: \(error)")
    }
    return SanitizeRow(
        name: name, kilobytes: Double(bytes.count) / 1024, firstMs: medianOf(first) * 1e3,
        cachedMs: medianOf(cached) * 1e3, hashMs: medianOf(hash) * 1e3, trustedLoadMs: medianOf(trusted) * 1e3,
        untrustedLoadMs: medianOf(untrusted) * 1e3)
}

/// The case's table and JSON objects.
func printSanitize(_ settings: Settings, _ rows: [SanitizeRow]) {
    settings.text(
        "== Sanitize: untrusted font bytes through ots-sanitize (out of process, under prlimit), ms (median);"
            + " load average \(loadAverage(1))")
    settings.text(
        "   font                       KB   first use    cached   SHA-256   Font(data:) trusted   untrusted, cached")
    for row in rows {
        settings.text(
            "   " + row.name.padding(toLength: 22, withPad: " ", startingAt: 0) + pad(fmt(row.kilobytes, 0), 7)
                + pad(fmt(row.firstMs, 1), 12) + pad(fmt(row.cachedMs, 2), 10) + pad(fmt(row.hashMs, 2), 10)
                + pad(fmt(row.trustedLoadMs, 1), 22) + pad(fmt(row.untrustedLoadMs, 1), 20))
        settings.object([
            ("case", Settings.quoted("sanitize")), ("font", Settings.quoted(row.name)), ("kb", json(row.kilobytes, 0)),
            ("first_ms", json(row.firstMs)), ("cached_ms", json(row.cachedMs)), ("sha256_ms", json(row.hashMs)),
            ("trusted_load_ms", json(row.trustedLoadMs)), ("untrusted_cached_load_ms", json(row.untrustedLoadMs)),
        ])
    }
    settings.text(
        "   (first use: SHA-256, the bytes to a private temp file, ots-sanitize, its output read back; cached: SHA-256"
            + " and a cache hit)")
    settings.text()
}
