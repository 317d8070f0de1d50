// PDF leak (issue 29, item 8): the resident memory a long-running writer gains per PDF document
// drawn with a variable font at a named instance (Inter at wght 700). cairo 1.16 leaks the
// FT_MM_Var of every cairo-ft face made over a variable font, so Galley makes one cairo face per
// face and instance for all documents; before, each document made its own and RSS grew by about
// that much per document.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyText

/// Runs the PDF leak case: `documents` documents after a warm-up of 50, RSS before and after
/// (the heap trimmed first); returns the growth per document in bytes.
@discardableResult
func runPDFLeakCase(_ settings: Settings, _ paths: BenchPaths) -> Double {
    let documents = settings.quick ? 500 : 3000
    guard let base = try? Font(path: paths.fonts + "/Inter-roman.var.ttf", size: 18) else {
        fail("cannot load Fonts/Inter-roman.var.ttf")
    }
    let font = base.withVariations([Font.Variation(tag: "wght", value: 700)])
    let text = AttributedText("Variable fonts in PDF, again and again", attributes: [.font(font)])
    guard let frame = try? Framesetter(text).frame(in: CGRect(x: 10, y: 10, width: 400, height: 40)) else {
        fail("cannot lay out the PDF leak case's text")
    }
    func write() {
        let document = PDFDocument()
        do {
            try document.beginPage(size: CGSize(width: 420, height: 60))
            try document.draw(frame)
            try document.endPage()
            _ = try document.finishBytes()
        } catch {
            fail("PDF leak case: \(error)")
        }
    }
    for _ in 0..<50 { write() }
    trimHeap()
    let before = currentRSSBytes() ?? 0
    for _ in 0..<documents { write() }
    trimHeap()
    let after = currentRSSBytes() ?? 0
    let perDocument = Double(after - before) / Double(documents)
    if settings.json {
        print(
            "{\"case\": \"pdfleak\", \"documents\": \(documents), \"rss_before\": \(before), "
                + "\"rss_after\": \(after), \"bytes_per_document\": \(fmt(perDocument, 1))}")
    } else {
        print("== PDF leak: \(documents) documents in Inter wght 700")
        print("  RSS \(before / 1024) KiB → \(after / 1024) KiB: \(fmt(perDocument, 1)) bytes per document")
    }
    return perDocument
}
