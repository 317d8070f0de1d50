// PNG encoding (issue 26, part 6): the size and encode time of Galley's PNG presets beside cairo's
// `cairo_surface_write_to_png` (through Debian's python3-cairo) of the same pixels, on a text page,
// on a card with a gradient background and on a photograph (samples/avatar.jpg); the target: the
// default no larger than cairo's at no more than 1.5× its encode time.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyText

/// Runs the PNG case on the page of en.txt the render case draws, a 1200×630 gradient card and
/// the photograph of the samples.
func runPNGCase(_ settings: Settings, _ paths: BenchPaths, font: Font) {
    let text = Corpus(path: paths.corpus("en"), name: "en", font: font).whole(font: font)
    let images: [(String, Bitmap)]
    do {
        let frame = try Framesetter(text).frame(in: CGRect(origin: .zero, size: pageSize))
        var page = try Bitmap(width: Int(pageSize.width), height: Int(pageSize.height))
        Renderer().draw(frame, into: &page)
        images = [
            ("page", page), ("card", try gradientCard(font: font)),
            ("photo", try ImageLoader.load(path: paths.repo + "/samples/avatar.jpg")),
        ]
    } catch {
        fail("PNG case failed: \(error)")
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-bench-png-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let presets: [(String, PNGEncoding)] = [
        ("default", .default), ("fast", .fast), ("smallest", .smallest), ("cairo-settings", .cairo),
    ]
    for (name, image) in images {
        var line = "== PNG \(name) \(image.width)×\(image.height):"
        var fields: [(String, String)] = [("case", Settings.quoted("png")), ("image", Settings.quoted(name))]
        var defaultMs = Double.nan
        var defaultBytes = 0
        for (preset, encoding) in presets {
            var bytes: [UInt8] = []
            let seconds = medianPassSeconds(runs: settings.runs, target: settings.target) {
                do { bytes = try image.pngBytes(encoding) } catch { fail("PNG encoding failed: \(error)") }
            }
            if preset == "default" {
                defaultMs = seconds * 1e3
                defaultBytes = bytes.count
                FileManager.default.createFile(atPath: dir + "/\(name).png", contents: Data(bytes))
            }
            line += " \(preset) \(bytes.count / 1024) KB \(fmt(seconds * 1e3, 2)) ms;"
            fields += [("\(preset)_bytes", "\(bytes.count)"), ("\(preset)_ms", json(seconds * 1e3))]
        }
        if let cairo = cairoPNG(dir + "/\(name).png", runs: settings.quick ? 3 : 9) {
            let (size, time) = (Double(defaultBytes) / Double(cairo.bytes), defaultMs / cairo.ms)
            let met = size <= 1 && time <= 1.5
            line +=
                " cairo \(cairo.bytes / 1024) KB \(fmt(cairo.ms, 2)) ms = default \(fmt(size, 2))× cairo's size,"
                + " \(fmt(time, 2))× its time (≤ 1.0, ≤ 1.5: \(met ? "met" : "NOT met"))"
            fields += [
                ("cairo_bytes", "\(cairo.bytes)"), ("cairo_ms", json(cairo.ms)),
                ("size_ratio", json(size, 3)), ("time_ratio", json(time, 2)), ("met", met ? "true" : "false"),
            ]
        } else {
            line += " cairo: skipped (python3-cairo missing)"
        }
        settings.text(line)
        settings.object(fields)
    }
}

/// A social card's background: a diagonal two-colour gradient, a title, drawn by GraphicsContext.
private func gradientCard(font: Font) throws -> Bitmap {
    let context = try GraphicsContext(width: 1200, height: 630)
    let gradient = Gradient(colors: [
        Color(red: 0.11, green: 0.25, blue: 0.62), Color(red: 0.85, green: 0.33, blue: 0.45),
    ])
    context.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1200, y: 630))
    let big = try font.withSize(64)
    let title = AttributedText("Galley renders the card", attributes: [.font(big), .foregroundColor(.white)])
    try Framesetter(title).frame(in: CGRect(x: 80, y: 80, width: 1040, height: 400)).draw(in: context)
    return try context.makeImage()
}

/// cairo's size and median encode time (ms) for the pixels of the PNG at `path`: pycairo reads it
/// into an image surface and times `write_to_png`. Nil when /usr/bin/python3 has no cairo module.
private func cairoPNG(_ path: String, runs: Int) -> (bytes: Int, ms: Double)? {
    let script = """
        import cairo, os, statistics, sys, time
        s = cairo.ImageSurface.create_from_png(sys.argv[1]); out = sys.argv[1] + '.cairo.png'; t = []
        for _ in range(int(sys.argv[2])):
            a = time.perf_counter(); s.write_to_png(out); t.append(time.perf_counter() - a)
        print(os.path.getsize(out), statistics.median(t) * 1000)
        """
    guard let result = run("/usr/bin/python3", ["-c", script, path, "\(runs)"]), result.status == 0 else { return nil }
    let parts = result.stdout.split(whereSeparator: \.isWhitespace)
    guard parts.count == 2, let bytes = Int(parts[0]), let ms = Double(parts[1]) else { return nil }
    return (bytes, ms)
}
