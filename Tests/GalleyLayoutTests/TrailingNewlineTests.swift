// A trailing newline's glyph and metrics, as docs/CORETEXT.md ("A trailing newline's metrics")
// decides: CoreText gives the separator a glyph and counts its font in the line's metrics
// (Cocoanetics, rdar://10810114); Galley gives it no glyph, and its font counts only on an empty
// line. The oracle is the font's own ascent and descent (hhea, through `Font`).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Trailing newline")
struct TrailingNewlineTests {
    @Test func separatorHasNoGlyphAndItsFontDoesNotCount() throws {
        let small = try Fonts.dejaVu(12)
        let large = try Fonts.dejaVu(40)
        #expect(try Line(AttributedText("ab\n", attributes: [.font(small)])).glyphCount == 2)
        var builder = AttributedTextBuilder("ab\n", attributes: [.font(small)])
        try builder.setFont(large, range: 2..<3)
        let line = try Line(builder.build())
        #expect(line.glyphCount == 2)
        #expect(abs(line.ascent - small.ascent) < 1e-9)
        #expect(abs(line.descent - small.descent) < 1e-9)
        // An empty paragraph is as tall as its separator's font.
        let empty = try Line(AttributedText("\n", attributes: [.font(large)]))
        #expect(abs(empty.ascent - large.ascent) < 1e-9 && abs(empty.descent - large.descent) < 1e-9)
        // In a frame, the same: the line before the separator has the small font's metrics.
        let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(frame.lines.first.map { abs($0.descent - small.descent) < 1e-9 } == true)
    }
}
