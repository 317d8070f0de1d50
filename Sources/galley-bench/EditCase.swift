// Edit latency: one paragraph of a 1 MB text edited with AttributedTextBuilder, then laid out
// again. Galley has no incremental relayout yet, so the figure is a full relayout of the text.
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
    var full: [Double] = []
    var page: [Double] = []
    var buildOnly: [Double] = []
    for _ in 0..<(settings.quick ? 2 : 3) {
        do {
            // The builder stands for the editor's persistent document: making it is not timed.
            var builder = AttributedTextBuilder(text)
            var edited = AttributedText()
            buildOnly.append(try seconds {
                try builder.replace(edit, with: "Edited")
                edited = builder.build()
            })
            full.append(try seconds {
                _ = try Framesetter(edited).frame(in: unboundedRect(width: 400))
            })
            page.append(try seconds {
                _ = try Framesetter(edited).frame(in: CGRect(origin: .zero, size: pageSize), range: start..<edited.length)
            })
        } catch {
            fail("edit case failed: \(error)")
        }
    }
    let editUs = (medianOf(buildOnly) + medianOf(full)) * 1e6
    settings.text("== Edit latency: replace 3 characters at the start of a middle paragraph of a 1 MB text")
    settings.text("   replace + build: \(fmt(medianOf(buildOnly) * 1e3, 2)) ms; full relayout (new Framesetter, whole text at width 400):"
                  + " \(fmt(medianOf(full) * 1e3, 1)) ms")
    settings.text("   edit latency (replace + build + full relayout): \(fmt(editUs / 1e3, 1)) ms — no incremental relayout yet,")
    settings.text("   so every edit lays out the whole text again. For comparison, a 400×600 page at the edited\n"
                  + "   paragraph (new Framesetter, frame with range from the paragraph; the Typesetter analyses lazily):"
                  + " \(fmt(medianOf(page) * 1e3, 2)) ms")
    settings.text()
    settings.object([("case", Settings.quoted("edit")), ("us", json(editUs)), ("build_us", json(medianOf(buildOnly) * 1e6)),
                     ("relayout_us", json(medianOf(full) * 1e6)), ("page_us", json(medianOf(page) * 1e6))])
    return editUs
}
