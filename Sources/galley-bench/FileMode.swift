// `galley-bench file …`: one text file, one font, one width, the way pango-ref does it: the time
// per paragraph, or the lines (`--lines`, "OFFSET<TAB>WIDTH") to compare breaks with pango-ref.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// The usage of the file mode.
let fileUsage =
    "usage: galley-bench file [--font FILE] [--size PX] [--width PX] [--iterations N] [--cache warm|fresh|none]"
    + " [--lines] TEXTFILE"

/// Runs the file mode with `arguments` (those after "file").
func runFileMode(_ arguments: [String]) {
    var fontPath: String? = nil
    var size: Double = 16
    var width: Double = 400
    var iterations = 1
    var printLines = false
    var cacheState = CacheState.warm
    var file: String? = nil
    var args = arguments[...]
    while let arg = args.popFirst() {
        func value() -> String { need(args.popFirst(), "\(arg) needs a value") }
        switch arg {
        case "--font": fontPath = value()
        case "--size": size = need(Double(value()), "bad --size")
        case "--width": width = need(Double(value()), "bad --width")
        case "--iterations": iterations = need(Int(value()), "bad --iterations")
        case "--lines": printLines = true
        case "--cache": cacheState = need(CacheState(rawValue: value()), "bad --cache (warm, fresh or none)")
        case "--help", "-h":
            print(fileUsage)
            exit(0)
        default:
            if arg.hasPrefix("-") { fail("unknown option \(arg)\n\(fileUsage)") }
            file = arg
        }
    }
    guard let file else { fail("no text file\n\(fileUsage)") }
    let font: Font
    do {
        font =
            try fontPath.map { try Font(path: $0, size: CGFloat(size)) }
            ?? Font(family: "DejaVu Sans", size: CGFloat(size))
    } catch {
        fail("\(error)")
    }
    let corpus = Corpus(path: file, font: font)
    if printLines {
        do {
            for (paragraph, text) in zip(corpus.paragraphs, corpus.texts) {
                let frame = try Framesetter(text).frame(in: unboundedRect(width: width))
                if frame.lines.isEmpty { print("\(paragraph.offset)\t0.0000") }
                for line in frame.lines {
                    // Like pango-ref: a wrapped line's trailing spaces do not count; a paragraph's last line's do.
                    let w =
                        line.stringRange.upperBound == text.length
                        ? line.width : line.width - line.trailingWhitespaceWidth
                    print("\(paragraph.offset + line.stringRange.lowerBound)\t\(String(format: "%.4f", Double(w)))")
                }
            }
        } catch {
            fail("\(error)")
        }
        return
    }
    _ = layoutPass(corpus.texts, width: width)  // warm-up: fonts, caches
    var result = (lines: 0, glyphs: 0)
    let elapsed = timedPasses(max(iterations, 1), cacheState) {
        result = layoutPass(corpus.texts, width: width, cache: $0)
    }
    let ms = elapsed * 1000
    let perParagraph = ms * 1000 / Double(max(iterations, 1) * max(corpus.paragraphs.count, 1))
    print(
        "galley: \(iterations) iterations, \(fmt(ms, 1)) ms total, \(fmt(perParagraph, 2)) us per paragraph, "
            + "\(result.lines) lines, \(result.glyphs) glyphs")
}
