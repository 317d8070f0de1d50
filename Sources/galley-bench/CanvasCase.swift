// The canvas case: one 1200×630 social card (samples/Canvas's card, with an unblurred shadow, since
// cairo has no blur) drawn through GraphicsContext, beside cairo drawing the same shapes with
// pango-cairo text (Benchmarks/canvas-ref.py: pycairo and PyGObject's PangoCairo).
//
// The work per card, each side. Galley: a Framesetter and frame of the two-line title (itemising,
// font fallback to Droid Sans Fallback and the colour emoji font, shaping) and a Line of the byline;
// a new 1200×630 bitmap context; the gradient; the avatar (decoded once, before the loop) clipped to
// a circle; the ring; the title with the context's offset shadow; the byline at the text position;
// makeImage() (a straight-alpha Bitmap copied out of the surface). cairo: a new 1200×630 ARGB32
// surface; the gradient; the avatar (a cairo surface loaded once) clipped to a circle; the ring; two
// PangoLayouts (itemising, fontconfig fallback, HarfBuzz shaping); the title shown twice (the shadow
// in 60 % black 5 points lower, then white); the byline; a flush (no copy out). Both make every
// layout per card; Galley's side does the one extra step, the copy into a Bitmap.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyText

/// The canvas figures, µs per card.
struct CanvasRow: Sendable {
    var galleyUs = Double.nan
    var cairoUs = Double.nan
    var lines = 0
}

/// The bench card's title: English with an emoji, then Japanese.
let canvasTitle = "One canvas, one card ✨\n組版もカードも、ひとつの文脈で"

/// Draws the bench card with `avatar`: layout of the title and byline, gradient, clipped avatar,
/// ring, the title's shadow (offset, unblurred) and the title, the byline; returns the pixels.
func drawBenchCard(avatar: Bitmap, title: Font, byline: Font) throws -> (Bitmap, Int) {
    let white: Attributes = [.font(title), .foregroundColor(.white)]
    let frame = try Framesetter(AttributedText(canvasTitle, attributes: white)).frame(
        in: CGRect(x: 320, y: 250, width: 840, height: 220))
    let canvas = try GraphicsContext(width: 1200, height: 630)
    canvas.drawLinearGradient(
        Gradient(colors: [Color(hex: "#1d2b64")!, Color(hex: "#f8cdda")!]),
        start: CGPoint(x: 0, y: 630), end: CGPoint(x: 1200, y: 0))
    let rect = CGRect(x: 80, y: 300, width: 200, height: 200)
    canvas.saveGState()
    canvas.addEllipse(in: rect)
    canvas.clip()
    canvas.draw(avatar, in: rect)
    canvas.restoreGState()
    canvas.setStrokeColor(.white)
    canvas.setLineWidth(6)
    canvas.strokeEllipse(in: rect)
    canvas.saveGState()
    canvas.setShadow(offset: CGSize(width: 0, height: -5), blur: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0.6))
    frame.draw(in: canvas)
    canvas.restoreGState()
    let line = try Line(AttributedText("by Galley · CoreText-style layout for Linux", attributes: [.font(byline)]))
    canvas.textPosition = CGPoint(x: 320, y: 285)
    line.draw(in: canvas)
    return (try canvas.makeImage(), frame.lines.count)
}

/// Runs the canvas case.
func runCanvasCase(_ settings: Settings, _ paths: BenchPaths) -> CanvasRow {
    var row = CanvasRow()
    let avatarPath = paths.repo + "/samples/avatar.jpg"
    let fontsDirectory = (paths.font as NSString).deletingLastPathComponent
    guard let avatar = try? ImageLoader.load(path: avatarPath),
        let title = try? FontCollection.shared.font(family: "DejaVu Sans", weight: .bold, size: 56)
            .withCascadeList(["Droid Sans Fallback"]),
        let byline = try? FontCollection.shared.font(family: "DejaVu Sans", size: 28)
    else {
        note("  canvas: cannot load \(avatarPath) or DejaVu Sans; skipped")
        return row
    }
    note("  canvas (Galley)…")
    row.galleyUs =
        medianPassSeconds(runs: settings.runs, target: settings.target) {
            do { row.lines = try drawBenchCard(avatar: avatar, title: title, byline: byline).1 } catch {
                fail("canvas failed: \(error)")
            }
        } * 1e6
    note("  canvas (cairo + pango-cairo, Benchmarks/canvas-ref.py)…")
    row.cairoUs = measureCairoCard(settings, paths, avatar: avatar, fontsDirectory: fontsDirectory)
    printCanvasRow(settings, row)
    return row
}

/// canvas-ref.py's µs per card (NaN when /usr/bin/python3 lacks cairo or Pango's introspection
/// data: python3-cairo, python3-gi, gir1.2-pango-1.0), with fontconfig shown the bundled fonts.
func measureCairoCard(_ settings: Settings, _ paths: BenchPaths, avatar: Bitmap, fontsDirectory: String) -> Double {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-bench-canvas-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let conf = """
        <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>
        <include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>\(fontsDirectory)</dir>
        <cachedir>\(dir)/fc-cache</cachedir></fontconfig>
        """
    guard (try? Data(conf.utf8).write(to: URL(fileURLWithPath: dir + "/fonts.conf"))) != nil,
        (try? avatar.write(to: dir + "/avatar.png")) != nil
    else { return .nan }
    setenv("FONTCONFIG_FILE", dir + "/fonts.conf", 1)
    defer { unsetenv("FONTCONFIG_FILE") }
    let iterations = settings.quick ? 20 : 50
    let script = paths.repo + "/Benchmarks/canvas-ref.py"
    guard let r = run("/usr/bin/python3", [script, dir + "/avatar.png", "\(iterations)", "\(settings.runs)"]),
        r.status == 0,
        let data = r.stdout.split(separator: "\n").last.map({ Data($0.utf8) }),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let us = object["us"] as? Double
    else {
        note("  canvas: canvas-ref.py did not run (needs python3-cairo, python3-gi, gir1.2-pango-1.0)")
        return .nan
    }
    return us
}

/// The canvas figures as a table (or one JSON object).
func printCanvasRow(_ settings: Settings, _ row: CanvasRow) {
    settings.text(
        "== Canvas: one 1200×630 card (gradient, clipped JPEG avatar, ring, \(row.lines)-line title with an offset shadow, byline); µs per card"
    )
    settings.text("   Galley (GraphicsContext + Framesetter + makeImage):   \(fmt(row.galleyUs, 0)) µs")
    settings.text(
        "   cairo + pango-cairo (pycairo, PangoCairo layouts):     \(fmt(row.cairoUs, 0)) µs"
            + "   Galley / cairo: \(fmt(row.galleyUs / row.cairoUs, 2))")
    settings.text()
    settings.object([
        ("case", Settings.quoted("canvas")), ("galley_us", json(row.galleyUs, 1)), ("cairo_us", json(row.cairoUs, 1)),
        ("lines", "\(row.lines)"),
    ])
}
