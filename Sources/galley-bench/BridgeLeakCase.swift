// Bridge leak (issue 29, item 8): the resident memory gained per `NSAttributedString(text)` and
// `NSMutableAttributedString(text)`. swift-corelibs-foundation never frees an attributed string's
// run array (CFRunArray, with the attribute dictionaries its runs hold), so each string object
// made leaks it; the bridge makes one string object per result.
import Foundation
import GalleyText

/// Runs the bridge leak case: `calls` conversions of a three-run and a one-run text, immutable and
/// mutable, after a warm-up of 200 each, RSS before and after (the heap trimmed first).
func runBridgeLeakCase(_ settings: Settings) {
    let calls = settings.quick ? 5_000 : 30_000
    var builder = AttributedTextBuilder("Leaks in the bridge, again and again", attributes: [.tracking(0.5)])
    try? builder.setForegroundColor(.red, range: 0..<5)
    try? builder.setForegroundColor(.blue, range: 12..<18)
    let threeRuns = builder.build()
    let oneRun = AttributedText("Leaks in the bridge, again and again", attributes: [.foregroundColor(.red)])
    let cases: [(String, AttributedText, Bool)] = [
        ("immutable, 3 runs", threeRuns, false), ("mutable, 3 runs", threeRuns, true),
        ("immutable, 1 run", oneRun, false),
    ]
    if !settings.json { print("== Bridge leak: \(calls) calls each") }
    for (name, text, mutable) in cases {
        func convert() -> Int {
            mutable ? NSMutableAttributedString(text).length : NSAttributedString(text).length
        }
        var total = 0
        for _ in 0..<200 { total &+= convert() }
        trimHeap()
        let before = currentRSSBytes() ?? 0
        for _ in 0..<calls { total &+= convert() }
        trimHeap()
        let after = currentRSSBytes() ?? 0
        let perCall = Double(after - before) / Double(calls)
        if settings.json {
            print(
                "{\"case\": \"bridgeleak\", \"variant\": \"\(name)\", \"calls\": \(calls), \"rss_before\": \(before), "
                    + "\"rss_after\": \(after), \"bytes_per_call\": \(fmt(perCall, 1)), \"checksum\": \(total)}")
        } else {
            print("  \(name): RSS \(before / 1024) KiB → \(after / 1024) KiB: \(fmt(perCall, 1)) bytes per call")
        }
    }
}
