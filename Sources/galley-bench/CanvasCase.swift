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
//
// How it is timed: the Python peer stays running (canvas-ref.py --serve) and the two sides take
// turns, round by round, each timing its own loop of N cards by the wall clock and by its process's
// CPU time (getrusage, user + system). The CPU ratio is the figure that decides "no slower": on
// this shared machine wall time also counts whatever else was running, in different amounts for
// the two sides; CPU time does not. (The old figure timed the two sides minutes apart, the Galley
// side by few passes after a single warm-up card: quiet and loaded runs gave 2.7× and 0.7×.)
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyText

/// The canvas figures, µs per card: medians over alternating rounds (a round of Galley cards,
/// then a round of cairo cards, or the other way round), wall and CPU time on each side.
struct CanvasRow: Sendable {
    var galleyUs = Double.nan
    var cairoUs = Double.nan
    var galleyCPUUs = Double.nan
    var cairoCPUUs = Double.nan
    /// The median over rounds of Galley's CPU time per card over cairo's in the same round.
    var cpuRatio = Double.nan
    /// The same for wall time.
    var wallRatio = Double.nan
    var rounds = 0
    var cardsPerRound = 0
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

/// Runs the canvas case: one warm-up card on each side, then `settings.runs + 2` rounds; in each,
/// Galley draws N cards and canvas-ref.py (kept running, `--serve`) draws N cards, the side that
/// goes first alternating from round to round. Each side times its own loop: wall clock and CPU
/// time (getrusage of its process, user + system), so that a loaded machine, which stretches wall
/// times by whatever else runs, still gives a readable ratio.
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
    func galleyCard() {
        do { row.lines = try drawBenchCard(avatar: avatar, title: title, byline: byline).1 } catch {
            fail("canvas failed: \(error)")
        }
    }
    note("  canvas (Galley, alternating with cairo + pango-cairo, Benchmarks/canvas-ref.py)…")
    let warm = seconds(galleyCard)
    let cards = max(5, passCount(warm: warm, target: settings.target, maxPasses: 200))
    row.cardsPerRound = cards
    let peer = CanvasPeer(settings, paths, avatar: avatar, fontsDirectory: fontsDirectory)
    if peer == nil {
        note("  canvas: canvas-ref.py did not run (needs python3-cairo, python3-gi, gir1.2-pango-1.0)")
    }
    var galley: [(wall: Double, cpu: Double)] = []
    var cairo: [(wall: Double, cpu: Double)] = []
    for round in 0..<(settings.runs + 2) {
        func galleyRound() {
            let cpu = processCPUSeconds()
            let wall = seconds { for _ in 0..<cards { galleyCard() } }
            galley.append((wall / Double(cards) * 1e6, (processCPUSeconds() - cpu) / Double(cards) * 1e6))
        }
        func cairoRound() {
            if let peer, let r = peer.draw(cards) { cairo.append(r) }
        }
        if round % 2 == 0 {
            galleyRound(); cairoRound()
        } else {
            cairoRound(); galleyRound()
        }
    }
    peer?.close()
    row.rounds = galley.count
    row.galleyUs = medianOf(galley.map(\.wall))
    row.galleyCPUUs = medianOf(galley.map(\.cpu))
    if cairo.count == galley.count {
        row.cairoUs = medianOf(cairo.map(\.wall))
        row.cairoCPUUs = medianOf(cairo.map(\.cpu))
        row.cpuRatio = medianOf(zip(galley, cairo).map { $0.cpu / $1.cpu })
        row.wallRatio = medianOf(zip(galley, cairo).map { $0.wall / $1.wall })
    }
    printCanvasRow(settings, row)
    return row
}

/// canvas-ref.py running in its `--serve` mode (/usr/bin/python3 with cairo and Pango's
/// introspection data: python3-cairo, python3-gi, gir1.2-pango-1.0), fontconfig shown the bundled
/// fonts: each ``draw(_:)`` asks it for N cards and reads back its own wall and CPU µs per card.
final class CanvasPeer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let directory: String
    private var pending = Data()

    /// Starts the peer and waits for its warm-up card; nil when it cannot run.
    init?(_ settings: Settings, _ paths: BenchPaths, avatar: Bitmap, fontsDirectory: String) {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("galley-bench-canvas-\(getpid())")
            .path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let conf = """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>
            <include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>\(fontsDirectory)</dir>
            <cachedir>\(directory)/fc-cache</cachedir></fontconfig>
            """
        guard (try? Data(conf.utf8).write(to: URL(fileURLWithPath: directory + "/fonts.conf"))) != nil,
            (try? avatar.write(to: directory + "/avatar.png")) != nil
        else {
            try? FileManager.default.removeItem(atPath: directory)
            return nil
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [paths.repo + "/Benchmarks/canvas-ref.py", directory + "/avatar.png", "--serve"]
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = directory + "/fonts.conf"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil, readObject()?["ready"] as? Bool == true else {
            close()
            return nil
        }
    }

    /// Draws `cards` cards in the peer: its wall and CPU µs per card, or nil when it failed.
    func draw(_ cards: Int) -> (wall: Double, cpu: Double)? {
        guard process.isRunning, (try? input.fileHandleForWriting.write(contentsOf: Data("\(cards)\n".utf8))) != nil,
            let object = readObject(), let wall = object["wall_us"] as? Double, let cpu = object["cpu_us"] as? Double
        else { return nil }
        return (wall, cpu)
    }

    /// The next JSON line the peer prints, or nil at its end.
    private func readObject() -> [String: Any]? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[pending.index(after: newline)...])
                return (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { return nil }
            pending.append(chunk)
        }
    }

    /// Ends the peer (the end of its stdin) and removes its files.
    func close() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// The canvas figures as a table (or one JSON object).
func printCanvasRow(_ settings: Settings, _ row: CanvasRow) {
    settings.text(
        "== Canvas: one 1200×630 card (gradient, clipped JPEG avatar, ring, \(row.lines)-line title with an offset shadow, byline); µs per card,"
            + " medians of \(row.rounds) alternating rounds of \(row.cardsPerRound) cards (load average \(loadAverage(1)))"
    )
    settings.text("                                                          wall        CPU")
    settings.text(
        "   Galley (GraphicsContext + Framesetter + makeImage):   \(pad(fmt(row.galleyUs, 0), 8)) µs \(pad(fmt(row.galleyCPUUs, 0), 8)) µs"
    )
    settings.text(
        "   cairo + pango-cairo (pycairo, PangoCairo layouts):     \(pad(fmt(row.cairoUs, 0), 8)) µs \(pad(fmt(row.cairoCPUUs, 0), 8)) µs"
    )
    settings.text(
        "   Galley / cairo (median of the rounds' ratios):        \(pad(fmt(row.wallRatio, 2), 8))    \(pad(fmt(row.cpuRatio, 2), 8))"
    )
    settings.text()
    settings.object([
        ("case", Settings.quoted("canvas")), ("galley_us", json(row.galleyUs, 1)), ("cairo_us", json(row.cairoUs, 1)),
        ("galley_cpu_us", json(row.galleyCPUUs, 1)), ("cairo_cpu_us", json(row.cairoCPUUs, 1)),
        ("wall_ratio", json(row.wallRatio, 3)), ("cpu_ratio", json(row.cpuRatio, 3)),
        ("rounds", "\(row.rounds)"), ("cards", "\(row.cardsPerRound)"), ("lines", "\(row.lines)"),
    ])
}
