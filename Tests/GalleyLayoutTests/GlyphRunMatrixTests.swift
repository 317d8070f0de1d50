// CTRunGetTextMatrix, kCTRunStatusHasNonIdentityMatrix, CTRunGetImageBounds with a glyph range and
// CTRunGetBaseAdvancesAndOrigins.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite struct GlyphRunMatrixTests {
    /// CTRunGetTextMatrix: "the text matrix needed to draw this run"; a non-identity one sets
    /// kCTRunStatusHasNonIdentityMatrix. Obliqueness (NSObliquenessAttributeName: "the skew to be
    /// applied to glyphs") is that shear, and so is the renderer's synthetic oblique (0.2).
    @Test func textMatrixIsTheShear() throws {
        let font = try Fonts.dejaVu(16)
        let plain = try #require(try Line(text("xx", [.font(font)])).glyphRuns.first)
        #expect(plain.textMatrix.isIdentity)
        #expect(!plain.status.contains(.hasNonIdentityMatrix))
        let oblique = try #require(try Line(text("xx", [.font(font), .obliqueness(0.25)])).glyphRuns.first)
        #expect(oblique.textMatrix == GlyphRun.TextMatrix(a: 1, b: 0, c: 0.25, d: 1, tx: 0, ty: 0))
        #expect(oblique.status.contains(.hasNonIdentityMatrix))
        let synthetic = try #require(
            try Line(text("xx", [.font(font.withSyntheticTraits(.oblique))])).glyphRuns.first)
        #expect(synthetic.textMatrix.c == 0.2)
        #expect(synthetic.status.contains(.hasNonIdentityMatrix))
        #expect(oblique.textMatrix.apply(to: CGPoint(x: 1, y: 4)) == CGPoint(x: 2, y: 4))
    }

    /// CTRunGetImageBounds over a glyph range: the ink of those glyphs only, and the ranges'
    /// union is the whole run's.
    @Test func imageBoundsForAGlyphRange() throws {
        let font = try Fonts.dejaVu(16)
        let run = try #require(try Line(text("x.I", [.font(font)])).glyphRuns.first)
        #expect(run.glyphCount == 3)
        let second = run.imageBounds(forGlyphs: 1..<2)
        let dot = font.boundingRect(for: font.glyph(for: ".")!)
        #expect(second == dot.offsetBy(dx: run.positions[1].x, dy: run.positions[1].y))
        let union = run.imageBounds(forGlyphs: 0..<1).union(run.imageBounds(forGlyphs: 1..<3))
        #expect(union == run.imageBounds)
        #expect(run.imageBounds(forGlyphs: 2..<2).isNull)
        #expect(run.imageBounds(forGlyphs: -5..<99) == run.imageBounds)
        // A stroke 10 % of the font size wide, centred on the outline, reaches half of it out.
        let stroked = try #require(
            try Line(text("x.I", [.font(font), .stroke(TextStroke(width: 10))])).glyphRuns.first)
        #expect(stroked.imageBounds(forGlyphs: 1..<2) == second.insetBy(dx: -0.8, dy: -0.8))
    }

    /// CTRunGetBaseAdvancesAndOrigins: "base advances do not include any positioning the font
    /// layout tables may have done relative to another glyph (such as a mark relative to its
    /// base)"; "the displacement of the current glyph's origin from the starting position
    /// determines the glyph's actual position". So each position is the pen (the sum of the base
    /// advances before it) plus its origin; a base glyph's origin is 0 and a combining mark's is
    /// where the font attaches it.
    @Test func baseAdvancesAndOrigins() throws {
        let font = try Fonts.dejaVu(16)
        let run = try #require(try Line(text("q\u{0308}x", [.font(font)])).glyphRuns.first)
        let (advances, origins) = run.baseAdvancesAndOrigins(forGlyphs: 0..<run.glyphCount)
        #expect(advances.count == run.glyphCount && origins.count == run.glyphCount)
        var pen = run.originX
        for g in 0..<run.glyphCount {
            #expect(abs(run.positions[g].x - (pen + origins[g].x)) < 1e-9)
            #expect(run.positions[g].y == origins[g].y)
            pen += advances[g].width
        }
        #expect(origins[0] == .zero)
        // q, the mark (in q's cluster, so with its string index), x.
        #expect(run.glyphCount == 3 && run.stringIndices[1] == 0)
        #expect(origins[1] != .zero)
        #expect(origins[2] == .zero)
        // A sub-range gives the same values for its glyphs.
        let tail = run.baseAdvancesAndOrigins(forGlyphs: 1..<run.glyphCount)
        #expect(tail.origins == Array(origins.dropFirst()))
    }
}
