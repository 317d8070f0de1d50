// Paints derived from paints (`GlyphPaint.with`, `selectingGlyphs`, `offsetBy`) keep every field
// they are not asked to change: the ruby, run-drawing and shadow paths derive paints this way,
// and a field forgotten there (the orientation, once) draws the glyphs wrongly.
import Foundation
import GalleyFonts
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Derived glyph paints")
struct GlyphPaintDerivationTests {
    /// A paint with no field at its default.
    static func paint() throws -> GlyphPaint {
        let font = try Font(path: TestFonts.dejaVuSans, size: 20)
        return GlyphPaint(
            font: font, glyphs: [3, 4, 5], positions: [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 6)],
            stringIndices: [7, 8, 9], stringRange: 7..<10, isRightToLeft: true, color: .blue, fills: false,
            stroke: GlyphStroke(width: 2, color: .red), skew: 0.25, xScale: 1.5, orientation: .sideways,
            link: .string("https://example.com"))
    }

    @Test func withNothingChangedIsTheSamePaint() throws {
        let p = try Self.paint()
        #expect(p.with() == p)
    }

    @Test func withKeepsTheFieldsItDoesNotChange() throws {
        let p = try Self.paint()
        let q = p.with(stringIndices: [0, 0, 0], stringRange: 0..<0)
        #expect(q.stringIndices == [0, 0, 0] && q.stringRange == 0..<0)
        #expect(q.with(stringIndices: p.stringIndices, stringRange: p.stringRange) == p)
    }

    @Test func selectingAndMovingKeepEverythingElse() throws {
        let p = try Self.paint()
        let middle = p.selectingGlyphs(1..<2)
        #expect(middle.glyphs == [4] && middle.positions == [CGPoint(x: 3, y: 4)] && middle.stringIndices == [8])
        #expect(middle.with(glyphs: p.glyphs, positions: p.positions, stringIndices: p.stringIndices) == p)
        let moved = p.offsetBy(dx: 10, dy: -1)
        #expect(moved.positions == [CGPoint(x: 11, y: 1), CGPoint(x: 13, y: 3), CGPoint(x: 15, y: 5)])
        #expect(moved.offsetBy(dx: -10, dy: 1) == p)
    }
}
