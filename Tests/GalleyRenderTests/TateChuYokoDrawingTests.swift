// A tate-chū-yoko cluster drawn: "2026" set horizontally in one vertical em
// is scaled to fit it, so its ink stays inside the column's em, centred on the centre line,
// and inside the em-long stretch of the line that the cluster takes.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyRender

@Suite("Tate-chū-yoko drawn")
struct TateChuYokoDrawingTests {
    static let size: CGFloat = 40

    @Test func inkFitsTheEmAndIsCentred() throws {
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: Self.size)
        let dejaVu = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: Self.size)
        var builder = AttributedTextBuilder("年2026年", attributes: [.font(droid), .verticalForms(true)])
        try builder.setFont(dejaVu, range: 1..<5)
        try builder.setAttribute(.horizontalInVerticalForms(4), range: 1..<5)
        let frame = try Framesetter(builder.build()).frame(
            in: CGRect(x: 0, y: 0, width: 100, height: 200),
            options: FrameOptions(truncation: nil, progression: .rightToLeft))
        let line = try #require(frame.lines.first)
        let run = try #require(line.glyphRuns.first { $0.stringRange == 1..<5 })
        let origin = frame.lineOrigins[0]
        var bitmap = try Bitmap(width: 100, height: 200)
        Renderer(hinting: .none).draw(PaintList(run: run, glyphs: nil, lineOrigin: origin), into: &bitmap)
        let (x0, y0, x1, y1) = try #require(inkBox(bitmap))
        // Across the column: within the em around the centre line, centred (to a pixel or two:
        // the digits' side bearings are not quite equal).
        let centre = origin.x
        #expect(CGFloat(x0) >= centre - Self.size / 2 && CGFloat(x1) <= centre + Self.size / 2)
        #expect(abs((CGFloat(x0 + x1) / 2) - centre) <= 2, "ink \(x0)…\(x1), centre \(centre)")
        // The unscaled digits would be 2.5 em wide: the ink is scaled down to under one em.
        #expect(x1 - x0 > Int(Self.size / 2))
        // Down the line: inside the second em of the column (image rows from the top).
        let top = 200 - origin.y + Self.size
        #expect(CGFloat(y0) >= top && CGFloat(y1) <= top + Self.size, "ink rows \(y0)…\(y1), em from \(top)")
    }
}
