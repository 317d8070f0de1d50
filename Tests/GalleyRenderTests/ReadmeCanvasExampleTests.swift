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
        let font = try Font(path: TestFonts.dejaVuSans, size: 48)
        let frame = try Framesetter(AttributedText("A title in two lines, שלום", attributes: [.font(font)])).frame(
            in: CGRect(x: 240, y: 380, width: 520, height: 200))

        let canvas = try GraphicsContext(width: 1200, height: 630, scale: 1)  // y up, as CoreGraphics
        canvas.drawLinearGradient(
            Gradient(colors: [Color(hex: "#1d2b64")!, Color(hex: "#f8cdda")!]),
            start: .zero, end: CGPoint(x: 1200, y: 630))
        canvas.saveGState()
        canvas.beginPath()
        canvas.addEllipse(in: CGRect(x: 60, y: 430, width: 140, height: 140))
        canvas.clip()
        canvas.draw(try ImageLoader.load(path: avatarPath), in: CGRect(x: 60, y: 430, width: 140, height: 140))
        canvas.restoreGState()
        canvas.setShadow(
            offset: CGSize(width: 0, height: -4), blur: 12, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        frame.draw(in: canvas)
        let out = dir.appendingPathComponent("card.webp").path
        try canvas.makeImage().write(to: out)

        let card = try ImageLoader.load(path: out)
        #expect(card.width == 1200 && card.height == 630)
        // The avatar's centre is red (JPEG: nearly), its box's corner outside the circle is gradient.
        let centre = try #require(card.pixel(x: 130, y: 630 - 500))
        #expect(centre.red > 240 && centre.green < 20 && centre.blue < 20)
        let corner = try #require(card.pixel(x: 64, y: 630 - 566))
        #expect(corner.blue > corner.red)
        #expect(frame.lines.count == 2)
    }
}
