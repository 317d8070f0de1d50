// Edit latency: one paragraph of a 1 MB text edited with AttributedTextBuilder, then laid out
// again with a framesetter made from the previous one (`Framesetter(_:reusing:)`), which shapes
// and breaks only the edited paragraph again and takes the other paragraphs' lines from the
// previous layout (moved to their new offsets); a full relayout from scratch is reported beside it.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// Runs the edit case on `text` (the 1 MB text of the scaling case); µs per edit.
func runEditCase(_ settings: Settings, _ text: AttributedText) -> Double {
    // The paragraph that starts just after the middle of the text.
    let units = text.utf16
    var start = units.count / 2
    while start < units.count, units[start - 1] != 10 { start += 1 }
    let edit = start..<min(start + 3, units.count)
    note("  edit latency on \(units.count / 1024) K UTF-16 units…")
    var incremental: [Double] = []
    var full: [Double] = []
    var buildOnly: [Double] = []
    do {
        // The editor's persistent state: the document and the framesetter of its current layout,
        // laid out once in full (not timed).
        let rect = unboundedRect(width: 400)
        let original = try Framesetter(text)
        _ = try original.frame(in: rect)
        for _ in 0..<(settings.quick ? 2 : 3) {
            var builder = AttributedTextBuilder(text)
            var edited = AttributedText()
            buildOnly.append(
                try seconds {
                    try builder.replace(edit, with: "Edited")
                    edited = builder.build()
                })
            incremental.append(
                try seconds {
                    _ = try Framesetter(edited, reusing: original).frame(in: rect)
                })
            full.append(
                try seconds {
                    _ = try Framesetter(edited).frame(in: rect)
                })
        }
    } catch {
        fail("edit case failed: \(error)")
    }
    let editUs = (medianOf(buildOnly) + medianOf(incremental)) * 1e6
    settings.text("== Edit latency: replace 3 characters at the start of a middle paragraph of a 1 MB text")
    settings.text(
        "   replace + build: \(fmt(medianOf(buildOnly) * 1e3, 2)) ms; frame of the whole text at width 400"
            + " reusing the unchanged paragraphs' analyses and lines (only the edited paragraph shaped and broken):"
            + " \(fmt(medianOf(incremental) * 1e3, 1)) ms (from scratch: \(fmt(medianOf(full) * 1e3, 1)) ms)")
    settings.text("   edit latency (replace + build + incremental relayout): \(fmt(editUs / 1e3, 1)) ms")
    settings.text()
    settings.object([
        ("case", Settings.quoted("edit")), ("us", json(editUs)), ("build_us", json(medianOf(buildOnly) * 1e6)),
        ("relayout_us", json(medianOf(incremental) * 1e6)), ("full_relayout_us", json(medianOf(full) * 1e6)),
    ])
    return editUs
}
