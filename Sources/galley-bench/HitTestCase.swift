// Hit testing: a thousand points over a laid-out page, each answered as a caret index with
// Line.stringIndex(for:) on the line at that y (found from Frame.lineOrigins, CoreText style).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// The page size used by the hit-test and render cases.
let pageSize = CGSize(width: 400, height: 600)

/// The index of the line of `frame` under `y` (y up, frame coordinates): the first line, from the
/// top, whose bottom (baseline minus descent and leading) is at or below `y`; the last line when
/// `y` is below them all.
func lineIndex(in frame: Frame, y: CGFloat) -> Int? {
    guard !frame.lines.isEmpty else { return nil }
    for (i, line) in frame.lines.enumerated() where y >= frame.lineOrigins[i].y - line.descent - line.leading {
        return i
    }
    return frame.lines.count - 1
}

/// Runs the hit-test case on a 400×600 page of en.txt; µs per point.
func runHitTestCase(_ settings: Settings, _ paths: BenchPaths, font: Font) -> Double {
    let corpus = Corpus(path: paths.corpus("en"), name: "en", font: font)
    let frame: Frame
    do {
        frame = try Framesetter(corpus.whole(font: font)).frame(in: CGRect(origin: .zero, size: pageSize))
    } catch {
        fail("hit-test layout failed: \(error)")
    }
    // Deterministic points (a linear congruential generator), uniform over the page.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    let points = (0..<1000).map { _ in CGPoint(x: next() * pageSize.width, y: next() * pageSize.height) }
    var checksum = 0
    note("  hit testing…")
    let pass = medianPassSeconds(runs: settings.runs, target: settings.target) {
        for p in points {
            guard let i = lineIndex(in: frame, y: p.y) else { continue }
            checksum &+= frame.lines[i].stringIndex(for: CGPoint(x: p.x - frame.lineOrigins[i].x, y: 0))
        }
    }
    let us = pass * 1e6 / Double(points.count)
    settings.text(
        "== Hit testing: 1000 points over a 400×600 page of en.txt (\(frame.lines.count) lines), line from lineOrigins + Line.stringIndex(for:)"
    )
    settings.text(
        "   \(fmt(us, 2)) µs per point, \(fmt(pass * 1e3, 2)) ms per 1000 points  (checksum \(checksum % 1000))")
    settings.text()
    settings.object([
        ("case", Settings.quoted("hittest")), ("points", "1000"), ("lines", "\(frame.lines.count)"), ("us", json(us)),
    ])
    return us
}
