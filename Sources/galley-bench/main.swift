// galley-bench: lays out every paragraph of a text file with Galley, the way ../shared/bench's
// pango-ref does (one font, a width, paragraphs split at '\n', offsets in UTF-16 from the file's
// start), and prints the time per paragraph, or the lines (--lines) to compare breaks with Pango.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("galley-bench: \(message)\n".utf8))
    exit(2)
}

func need<T>(_ value: T?, _ message: @autoclosure () -> String) -> T {
    guard let value else { fail(message()) }
    return value
}

var fontPath: String? = nil
var size: CGFloat = 16
var width: CGFloat = 400
var iterations = 1
var printLines = false
var file: String? = nil
var args = CommandLine.arguments.dropFirst()
while let arg = args.popFirst() {
    func value() -> String { need(args.popFirst(), "\(arg) needs a value") }
    switch arg {
    case "--font": fontPath = value()
    case "--size": size = CGFloat(need(Double(value()), "bad --size"))
    case "--width": width = CGFloat(need(Double(value()), "bad --width"))
    case "--iterations": iterations = need(Int(value()), "bad --iterations")
    case "--lines": printLines = true
    case "--help", "-h":
        print("usage: galley-bench --font FILE --size PX --width PX [--iterations N] [--lines] TEXTFILE")
        exit(0)
    default:
        if arg.hasPrefix("-") { fail("unknown option \(arg)") }
        file = arg
    }
}
guard let file, let data = FileManager.default.contents(atPath: file) else { fail("cannot read the text file") }
guard let content = String(validating: data, as: UTF8.self) else { fail("\(file) is not valid UTF-8") }
let font: Font
do {
    font = try fontPath.map { try Font(path: $0, size: size) } ?? Font(family: "DejaVu Sans", size: size)
} catch {
    fail("\(error)")
}

// Paragraphs at '\n', with their UTF-16 offsets in the file; a final '\n' starts no paragraph.
var paragraphs: [(offset: Int, text: String)] = []
var offset = 0
var parts = content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
if content.hasSuffix("\n") { parts.removeLast() }
for part in parts {
    paragraphs.append((offset, part))
    offset += part.utf16.count + 1
}
let texts = paragraphs.map { AttributedText($0.text, attributes: [.font(font)]) }

@MainActor func layoutAll() throws -> (lines: Int, glyphs: Int) {
    var lines = 0
    var glyphs = 0
    for text in texts {
        let frame = try Framesetter(text).frame(
            in: CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude / 4))
        lines += max(frame.lines.count, 1)
        for line in frame.lines { glyphs += line.glyphCount }
    }
    return (lines, glyphs)
}

do {
    if printLines {
        for (paragraph, text) in zip(paragraphs, texts) {
            let frame = try Framesetter(text).frame(
                in: CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude / 4))
            if frame.lines.isEmpty { print("\(paragraph.offset)\t0.0000") }
            for line in frame.lines {
                let w = line.stringRange.upperBound == text.length ? line.width : line.width - line.trailingWhitespaceWidth
                print("\(paragraph.offset + line.stringRange.lowerBound)\t\(String(format: "%.4f", Double(w)))")
            }
        }
        exit(0)
    }
    _ = try layoutAll()  // warm-up: fonts, caches
    let clock = ContinuousClock()
    var result = (lines: 0, glyphs: 0)
    let elapsed = try clock.measure {
        for _ in 0..<iterations { result = try layoutAll() }
    }
    let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    let perParagraph = ms * 1000 / Double(iterations * max(paragraphs.count, 1))
    print(
        "galley: \(iterations) iterations, \(String(format: "%.1f", ms)) ms total, "
            + "\(String(format: "%.2f", perParagraph)) us per paragraph, \(result.lines) lines, \(result.glyphs) glyphs")
} catch {
    fail("\(error)")
}
