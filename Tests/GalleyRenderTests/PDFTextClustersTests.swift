// The cluster map given to cairo_show_text_glyphs, against cairo's definition of clusters
// (cairo_show_text_glyphs: each cluster maps some UTF-8 bytes to some glyphs; with
// CAIRO_TEXT_CLUSTER_FLAG_BACKWARD the clusters take glyphs from the end of the glyph array).
import Testing

@testable import GalleyRender

@Suite("PDF text clusters")
struct PDFTextClustersTests {
    static func units(_ s: String) -> [UInt16] { Array(s.utf16) }

    @Test("left to right: a ligature (two characters, one glyph) is one cluster; a line break is left out")
    func leftToRight() throws {
        let text = Self.units("office\n")
        // o, ffi (one glyph for three characters), c, e.
        let c = try #require(
            PDFTextClusters(stringIndices: [0, 1, 4, 5], glyphCount: 4, range: 0..<7, rightToLeft: false, units: text))
        #expect(c.utf8 == Array("office".utf8))
        #expect(c.clusters.map(\.bytes) == [1, 3, 1, 1])
        #expect(c.clusters.map(\.glyphs) == [1, 1, 1, 1])
        #expect(!c.isBackward)
    }

    @Test("right to left: clusters in logical order, backward, several glyphs and multi-byte text")
    func rightToLeft() throws {
        // "سلا": glyphs in visual order (left to right) are indices 2, 1, 1 (a mark on ل), 0.
        let text = Self.units("سلا")
        let c = try #require(
            PDFTextClusters(stringIndices: [2, 1, 1, 0], glyphCount: 4, range: 0..<3, rightToLeft: true, units: text))
        #expect(c.utf8 == Array("سلا".utf8))
        #expect(c.clusters.map(\.bytes) == [2, 2, 2])
        #expect(c.clusters.map(\.glyphs) == [1, 2, 1])
        #expect(c.isBackward)
    }

    @Test("indices that do not rise in logical order make one cluster of the whole run")
    func disordered() throws {
        let text = Self.units("abc")
        let c = try #require(
            PDFTextClusters(stringIndices: [2, 0, 1], glyphCount: 3, range: 0..<3, rightToLeft: false, units: text))
        #expect(c.utf8 == Array("abc".utf8))
        #expect(c.clusters.map(\.bytes) == [3])
        #expect(c.clusters.map(\.glyphs) == [3])
    }

    @Test("a run without glyphs has no clusters; out-of-range text is clamped")
    func edges() {
        #expect(
            PDFTextClusters(
                stringIndices: [], glyphCount: 0, range: 0..<3, rightToLeft: false, units: Self.units("abc")) == nil)
        let c = PDFTextClusters(
            stringIndices: [0, 9], glyphCount: 2, range: 0..<20, rightToLeft: false, units: Self.units("ab"))
        #expect(c?.utf8 == Array("ab".utf8))
        #expect(c?.clusters.map(\.glyphs) == [2])
    }
}
