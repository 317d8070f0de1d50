// The library example of README.md, run as written (with its output checked), so the README
// stays true.
import Foundation
import Galley
import Testing

@Suite("README example")
struct ReadmeExampleTests {
    @Test func readmeExampleRuns() throws {
        let regular = try Font(family: "DejaVu Sans", size: 36)  // bundled, no configuration
        let bold = try Font(family: "DejaVu Sans", weight: .bold, size: 36)
        var b = AttributedTextBuilder("Make it bold, then add a little colour.", attributes: [.font(regular)])
        try b.setFont(bold, range: 8..<12)  // "bold"
        try b.setForegroundColor(.blue, range: 23..<38)  // "a little colour"
        try b.insertPlaceholder(RunDelegate(width: 100, ascent: 30, descent: 0, value: "logo"), at: 13)

        let frame = try Framesetter(b.build()).frame(in: CGRect(x: 20, y: 50, width: 374, height: 500))
        var runs = 0
        for (line, _) in zip(frame.lines, frame.lineOrigins) {
            runs += line.glyphRuns.count
        }
        #expect(runs >= 4)
        #expect(frame.visibleStringRange == 0..<40)
        let placeholders = frame.placeholders
        #expect(placeholders.count == 1 && placeholders[0].delegate.value == "logo")
        #expect(placeholders[0].stringIndex == 13)

        var bitmap = try Bitmap(width: 414, height: 600, background: .white)
        Renderer().draw(frame, into: &bitmap)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-readme-\(UUID()).png").path
        try bitmap.write(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let back = try ImageLoader.load(path: path)
        #expect(back.width == 414 && back.height == 600)
        // The placeholder's box (no image given) is drawn inside its rect; the bitmap is y down.
        let rect = placeholders[0].rect
        let inkInBox = back.count(
            where: { $0.red < 250 }, inColumns: Int(rect.minX)..<Int(rect.maxX),
            rows: (600 - Int(rect.maxY))..<(600 - Int(rect.minY)))
        #expect(inkInBox > 0)
    }
}
