// Selection rectangles at frame level: each line's pieces moved by the path origin and the line
// origin, so a selection spanning lines and directions is covered piece by piece.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Frame selection")
struct FrameSelectionTests {
    @Test func selectionSpansLinesAndDirections() throws {
        let latin = try Fonts.dejaVu(18)
        let hebrew = try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 18)
        var b = AttributedTextBuilder("first line abc שלום עולם def and a second line", attributes: [.font(latin)])
        try b.setFont(hebrew, range: 15..<24)
        let text = b.build()
        let rect = CGRect(x: 30, y: 40, width: 220, height: 500)
        let frame = try Framesetter(text).frame(in: rect)
        try #require(frame.lines.count >= 2)
        let range = 6..<text.length  // from "line" to the end: several lines, both directions
        let rects = frame.selectionRects(for: range)
        // The rectangles are the lines' own pieces, moved into path coordinates.
        var expected: [CGRect] = []
        for (line, origin) in zip(frame.lines, frame.lineOrigins) where line.stringRange.overlaps(range) {
            expected += line.selectionRects(for: range).map { $0.offsetBy(dx: 30 + origin.x, dy: 40 + origin.y) }
        }
        #expect(rects == expected)
        // A selection ending two letters into the Hebrew ("line abc " + "של") is two pieces: the
        // Hebrew run's first letters sit at its right end (UAX #9 L2), away from "abc ".
        try #require(frame.lines[0].stringRange.contains(17))
        #expect(frame.selectionRects(for: 6..<17).count == 2)
        // Every rectangle lies inside the frame's rect horizontally and on its own line vertically.
        for r in rects {
            #expect(r.minX >= rect.minX - 1e-9 && r.maxX <= rect.maxX + 1e-9)
            #expect(r.minY >= rect.minY - 1e-9 && r.maxY <= rect.maxY + 1e-9)
        }
        #expect(frame.selectionRects(for: 0..<0).isEmpty)
    }
}
