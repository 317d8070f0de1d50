// Rendering a 400×600 page of en.txt to pixels with GalleyRender, beside `pango-ref --png` on the
// same paragraphs (whose render time is the wall time of a run with --png minus one without).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyText

/// The render figures, µs per page.
struct RenderRow: Sendable {
    /// Bitmap + Renderer.draw of an already laid-out frame.
    let drawUs: Double
    /// Framesetter + frame + bitmap + draw + PNG encoding and file write: the same work as Pango's.
    let pageUs: Double
    /// Framesetter + frame of the page alone.
    let layoutUs: Double
    /// Bitmap.pngBytes() of the drawn page alone.
    let encodeUs: Double
    /// The drawn page encoded as level 3 unfiltered RGB, the default until issue 26 (so the page's
    /// figure before it is `pageUs - encodeUs + fastEncodeUs`).
    var fastEncodeUs = Double.nan
    /// pango-ref's time for the same page (see `measurePangoRender`), or NaN.
    var pangoUs: Double
    let lines: Int
    /// The end of the text on the page (UTF-16 offset).
    var visibleEnd = 0
}

/// Runs the render case.
func runRenderCase(_ settings: Settings, _ tools: ReferenceTools, font: Font) -> RenderRow {
    let corpus = Corpus(path: tools.paths.corpus("en"), name: "en", font: font)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-bench-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let text = corpus.whole(font: font)
    note("  render (Galley)…")
    var row = measureGalleyRender(settings, text, dir: dir)
    if tools.available {
        note("  render (pango-ref --png)…")
        row.pangoUs = measurePangoRender(settings, tools, corpus, visibleEnd: row.visibleEnd, dir: dir)
    }
    printRenderRow(settings, row)
    return row
}

/// Galley's render figures for a page of `text` (Pango's left NaN), writing its PNG into `dir`.
func measureGalleyRender(_ settings: Settings, _ text: AttributedText, dir: String) -> RenderRow {
    let rect = CGRect(origin: .zero, size: pageSize)
    var lines = 0
    var visibleEnd = 0
    func page(write: Bool) -> Bitmap {
        do {
            let frame = try Framesetter(text).frame(in: rect)
            lines = frame.lines.count
            visibleEnd = frame.visibleStringRange.upperBound
            var bitmap = try Bitmap(width: Int(pageSize.width), height: Int(pageSize.height))
            Renderer().draw(frame, into: &bitmap)
            if write { try bitmap.write(to: dir + "/galley.png") }
            return bitmap
        } catch {
            fail("render failed: \(error)")
        }
    }
    let pageSeconds = medianPassSeconds(runs: settings.runs, target: settings.target) { _ = page(write: true) }
    let frame: Frame
    do { frame = try Framesetter(text).frame(in: rect) } catch { fail("render layout failed: \(error)") }
    let drawSeconds = medianPassSeconds(runs: settings.runs, target: settings.target) {
        do {
            var bitmap = try Bitmap(width: Int(pageSize.width), height: Int(pageSize.height))
            Renderer().draw(frame, into: &bitmap)
        } catch {
            fail("render failed: \(error)")
        }
    }
    let drawn = page(write: false)
    let encodeSeconds = medianPassSeconds(runs: settings.runs, target: settings.target) {
        do { _ = try drawn.pngBytes() } catch { fail("PNG encoding failed: \(error)") }
    }
    let fastSeconds = medianPassSeconds(runs: settings.runs, target: settings.target) {
        do { _ = try drawn.pngBytes(oldDefault) } catch { fail("PNG encoding failed: \(error)") }
    }
    let layoutSeconds = medianPassSeconds(runs: settings.runs, target: settings.target) {
        do { _ = try Framesetter(text).frame(in: rect) } catch { fail("render layout failed: \(error)") }
    }
    var row = RenderRow(
        drawUs: drawSeconds * 1e6, pageUs: pageSeconds * 1e6, layoutUs: layoutSeconds * 1e6,
        encodeUs: encodeSeconds * 1e6, pangoUs: .nan, lines: lines, visibleEnd: visibleEnd)
    row.fastEncodeUs = fastSeconds * 1e6
    return row
}

/// The PNG default until issue 26: zlib level 3, no filter, RGB (libpng's `PNG_IMAGE_FLAG_FAST`).
let oldDefault = PNGEncoding(compressionLevel: 3, filter: .none, writesGrayscale: false)

/// pango-ref's time for Galley's page, µs: the paragraphs on the page (plus one, so the layout
/// part of each run is small), a run with --png minus one without.
func measurePangoRender(
    _ settings: Settings, _ tools: ReferenceTools, _ corpus: Corpus, visibleEnd: Int, dir: String
) -> Double {
    let count = min(corpus.paragraphs.count, (corpus.paragraphs.lastIndex { $0.offset < visibleEnd } ?? 0) + 2)
    let pageFile = dir + "/page.txt"
    let pageText = corpus.paragraphs.prefix(count).map(\.text).joined(separator: "\n") + "\n"
    _ = FileManager.default.createFile(atPath: pageFile, contents: Data(pageText.utf8))
    let common = [
        "--font", tools.paths.font, "--size", fmt(settings.size, 0), "--width", fmt(pageSize.width, 0), "--iterations",
        "1",
    ]
    var with: [Double] = []
    var without: [Double] = []
    for _ in 0..<(settings.quick ? 5 : 11) {
        if let r = run(
            tools.pangoRef, common + ["--png", dir + "/pango.png", "--png-height", fmt(pageSize.height, 0), pageFile]),
            r.status == 0
        {
            with.append(r.seconds)
        }
        if let r = run(tools.pangoRef, common + [pageFile]), r.status == 0 { without.append(r.seconds) }
    }
    return (medianOf(with) - medianOf(without)) * 1e6
}

/// The render figures as a table (or one JSON object).
func printRenderRow(_ settings: Settings, _ row: RenderRow) {
    settings.text("== Render: a 400×600 page of en.txt (\(row.lines) lines), DejaVu Sans 16 px; µs per page")
    settings.text("   Galley draw only (Bitmap + Renderer.draw of a laid-out frame): \(fmt(row.drawUs, 0)) µs")
    settings.text(
        "   Galley page (Framesetter + frame + draw + PNG encode + write):  \(fmt(row.pageUs, 0)) µs"
            + "  [layout \(fmt(row.layoutUs, 0)), PNG encode \(fmt(row.encodeUs, 0));"
            + " with the level-3 RGB encode of before issue 26 (\(fmt(row.fastEncodeUs, 0))):"
            + " \(fmt(row.pageUs - row.encodeUs + row.fastEncodeUs, 0))]")
    settings.text(
        "   Pango page (pango-ref wall time with --png minus without):      \(fmt(row.pangoUs, 0)) µs"
            + "   Galley page / Pango: \(fmt(row.pageUs / row.pangoUs, 2))")
    settings.text(
        "   (Pango's figure: its png pass lays the page's paragraphs out twice, paints with cairo and writes\n"
            + "    a ~420×600 RGB PNG; a difference of two process wall times, so it is noisy.)")
    settings.text()
    settings.object([
        ("case", Settings.quoted("render")), ("galley_us", json(row.pageUs)), ("galley_draw_us", json(row.drawUs)),
        ("galley_layout_us", json(row.layoutUs)), ("galley_png_us", json(row.encodeUs)),
        ("galley_png_fast_us", json(row.fastEncodeUs)),
        ("pango_us", json(row.pangoUs)),
    ])
}
