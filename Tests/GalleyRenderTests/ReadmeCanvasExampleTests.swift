// The canvas example of README.md (a social card: gradient, circular JPEG avatar, shadowed frame),
// run as written with a generated avatar, so the README stays true.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("README canvas example")
struct ReadmeCanvasExampleTests {
    @Test func cardExampleRuns() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let avatarPath = dir.appendingPathComponent("avatar.jpg").path
        try Bitmap(width: 64, height: 64, background: .red).write(to: avatarPath)
        let out = dir.appendingPathComponent("card.webp").path

        // README.md's code, with the avatar's and the card's paths above (README begin).
        let fonts = FontCollection.shared
        let title = try fonts.font(family: "DejaVu Sans", weight: .bold, size: 56)
        var text = AttributedTextBuilder("One canvas, one card ✨\n", attributes: [.font(title)])
        text.append("組版もカードも、ひとつの文脈で", attributes: [.font(title.withCascadeList(["Droid Sans Fallback"]))])
        try text.addAttributes([.foregroundColor(.white)], range: 0..<text.build().utf16.count)
        let frame = try Framesetter(text.build()).frame(in: CGRect(x: 320, y: 250, width: 840, height: 220))

        let canvas = try GraphicsContext(width: 1200, height: 630, scale: 1)  // y up, as CoreGraphics
        canvas.drawLinearGradient(
            Gradient(colors: [Color(hex: "#1d2b64")!, Color(hex: "#f8cdda")!]),
            start: CGPoint(x: 0, y: 630), end: CGPoint(x: 1200, y: 0))
        let avatar = CGRect(x: 80, y: 300, width: 200, height: 200)
        canvas.saveGState()
        canvas.addEllipse(in: avatar)
        canvas.clip()  // CGContextClip: the circle
        canvas.draw(try ImageLoader.load(path: avatarPath), in: avatar)
        canvas.restoreGState()
        canvas.setStrokeColor(.white)
        canvas.setLineWidth(6)
        canvas.strokeEllipse(in: avatar)
        canvas.saveGState()
        canvas.setShadow(
            offset: CGSize(width: 0, height: -5), blur: 14, color: Color(red: 0, green: 0, blue: 0, alpha: 0.6))
        frame.draw(in: canvas)  // CTFrameDraw; line.draw(in:), run.draw(in:range:), font.drawGlyphs
        canvas.restoreGState()
        let byline = try Line(
            AttributedText(
                "by Galley · CoreText-style layout for Linux",
                attributes: [.font(try fonts.font(family: "DejaVu Sans", size: 28))]))
        canvas.textPosition = CGPoint(x: 320, y: 285)
        byline.draw(in: canvas)  // CTLineDraw at the text position
        try canvas.makeImage().write(to: out)  // .png, .jpg, .webp, .ppm
        // README end.

        let card = try ImageLoader.load(path: out)
        #expect(card.width == 1200 && card.height == 630)
        // The avatar's centre is red (JPEG: nearly); its box's corner outside the circle is gradient.
        let centre = try #require(card.pixel(x: 180, y: 630 - 400))
        #expect(centre.red > 240 && centre.green < 20 && centre.blue < 20)
        let corner = try #require(card.pixel(x: 84, y: 630 - 496))
        #expect(corner.blue > corner.red)
        // Two lines: the English title with its emoji, then the Japanese one.
        #expect(frame.lines.count == 2)
        #expect(frame.lines.first?.glyphRuns.contains { $0.font.hasColorGlyphs } == true)
    }

    /// The copy above is README's code: the same code once comments and whitespace are removed
    /// (swift-format wraps the test's lines differently) and README's file names stand for the
    /// paths, so the README cannot drift from what this suite runs.
    @Test func copyIsReadmes() throws {
        func normalized(_ code: Substring) -> String {
            code.split(separator: "\n").map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }
                .joined().filter { !$0.isWhitespace }
        }
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let begin = try #require(source.range(of: "(README begin).\n"))
        let end = try #require(source.range(of: "// README end.", range: begin.upperBound..<source.endIndex))
        let readme = try String(contentsOf: TestPackage.url("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "```swift\n// samples/Canvas/SocialCard.swift"))
        let start = try #require(readme.range(of: "\n", range: marker.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let expected = normalized(readme[start.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "\"avatar.jpg\"", with: "avatarPath")
            .replacingOccurrences(of: "\"card.webp\"", with: "out")
        #expect(expected.count > 500)
        #expect(normalized(source[begin.upperBound..<end.lowerBound]) == expected)
    }
}
