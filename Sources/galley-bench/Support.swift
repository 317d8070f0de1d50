// Small helpers shared by every benchmark case: failing with a message, timing, pass counts,
// medians and spreads, number formatting, the process's memory use and the machine's load average.
import Foundation

/// Prints `message` on stderr and exits with status 2.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("galley-bench: \(message)\n".utf8))
    exit(2)
}

/// Prints `message` on stderr (notes that must not mix with `--json` output).
func note(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
}

/// `value`, or a failure with `message` when it is nil.
func need<T>(_ value: T?, _ message: @autoclosure () -> String) -> T {
    guard let value else { fail(message()) }
    return value
}

/// Seconds taken by `body`, on the monotonic clock.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

/// The median of `values` (the mean of the middle two for an even count; NaN when empty).
func medianOf(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// The smallest of `values` (NaN when empty): on a shared machine other load only adds time, so a
/// tool's fastest run is the nearest to its own cost.
func fastestOf(_ values: [Double]) -> Double { values.min() ?? .nan }

/// How many passes of `warm` seconds each make one run last about `target` seconds: at least 1,
/// at most `maxPasses`.
func passCount(warm: Double, target: Double, maxPasses: Int = 1000) -> Int {
    max(1, min(maxPasses, Int(target / max(warm, 1e-6))))
}

/// Median seconds per pass of `pass`: one untimed warm-up pass (also used to choose how many
/// passes make one run last about `target` seconds), then `runs` timed runs.
func medianPassSeconds(runs: Int, target: Double, maxPasses: Int = 1000, _ pass: () throws -> Void) rethrows -> Double {
    let warm = try seconds(pass)
    let passes = passCount(warm: warm, target: target, maxPasses: maxPasses)
    var perPass: [Double] = []
    for _ in 0..<runs {
        let t = try seconds { for _ in 0..<passes { try pass() } }
        perPass.append(t / Double(passes))
    }
    return medianOf(perPass)
}

/// The largest of `values` over the smallest (NaN when empty).
func maxOverMin(_ values: [Double]) -> Double {
    (values.max() ?? .nan) / (values.min() ?? .nan)
}

/// `value` with `digits` decimals, or "-" when it is not a number.
func fmt(_ value: Double, _ digits: Int = 2) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "-"
}

/// `value` as a JSON number with `digits` decimals, or `null` when it is not a number.
func json(_ value: Double, _ digits: Int = 3) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "null"
}

/// `text` padded with spaces on the left to `width` characters.
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

/// The process's peak resident set size in bytes (getrusage's ru_maxrss, which Linux gives in KiB).
func peakRSSBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

/// Returns freed heap memory to the system (glibc's malloc_trim, looked up at run time since the
/// Glibc module does not export malloc.h), so that the resident size reflects live memory.
func trimHeap() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

/// The process's current resident set size in bytes (/proc/self/statm), or nil when unreadable.
func currentRSSBytes() -> Int? {
    guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = s.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * sysconf(Int32(_SC_PAGESIZE))
}

/// CPU seconds in user mode the whole process has used so far, over all its threads.
func userCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
}

/// CPU seconds (user + system) the whole process has used so far, over all its threads.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return s(usage.ru_utime) + s(usage.ru_stime)
}

/// The first `count` fields of /proc/loadavg (the 1, 5 and 15 minute load averages, in that
/// order), separated by spaces; "?" when unreadable.
func loadAverage(_ count: Int) -> String {
    let fields =
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(count) ?? []
    return fields.isEmpty ? "?" : fields.joined(separator: " ")
}
