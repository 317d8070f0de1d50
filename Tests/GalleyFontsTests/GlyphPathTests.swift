// Font.path(for:transform:) as CTFontCreatePathForGlyph: a ShapePath in points, y up. Oracles:
// the glyf table itself (contour counts, TrueType's quadratic outlines) and the glyph's control
// box as HarfBuzz reports it from the glyf header bounds.

import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("Glyph paths like CTFontCreatePathForGlyph")
struct GlyphPathTests {
    static let characters: [Unicode.Scalar] = ["O", "B", "i", "l", "8", "@", "g", "é", "%"]

    // The glyf table's numberOfContours: "If the number of contours is greater than or equal to
    // zero, this is a simple glyph"; composites (é) count their components' contours.
    @Test("one subpath per glyf contour, each closed", arguments: characters)
    func subpathsAreContours(character: Unicode.Scalar) throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 12)
        let glyph = try #require(font.glyph(for: character))
        let path = try #require(font.path(for: glyph))
        let contours = try SFNTTables(path: TestFonts.dejaVuSans).contourCount(glyph: Int(glyph))
        if contours >= 0 { #expect(path.subpathCount == contours, "\(character)") }
        let closes = path.elements.filter { $0 == .closeSubpath }.count
        #expect(closes == path.subpathCount)
        #expect(character != "O" || path.subpathCount == 2)
    }

    // TrueType outlines are quadratic B-splines (OpenType spec, glyf): no cubic segments.
    @Test("a TrueType glyph has moves, lines and quadratic curves only")
    func trueTypeIsQuadratic() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 12)
        let path = try #require(font.path(for: font.glyph(for: "S")!))
        #expect(path.elements.contains { if case .quadCurve = $0 { return true } else { return false } })
        #expect(!path.elements.contains { if case .curve = $0 { return true } else { return false } })
    }

    @Test("the path's bounding box is the glyph's control box (boundingRect(for:))", arguments: characters)
    func boundsAreControlBox(character: Unicode.Scalar) throws {
        for size in [12.0, 37.5] as [CGFloat] {
            let font = try Font(path: TestFonts.dejaVuSans, size: size)
            let glyph = try #require(font.glyph(for: character))
            let box = try #require(font.path(for: glyph)).boundingBox
            let rect = font.boundingRect(for: glyph)
            let tolerance = 1e-6 * size
            #expect(abs(box.minX - rect.minX) < tolerance && abs(box.maxX - rect.maxX) < tolerance)
            #expect(abs(box.minY - rect.minY) < tolerance && abs(box.maxY - rect.maxY) < tolerance)
        }
    }

    // CTFontCreatePathForGlyph's matrix: "An affine transform applied to the path".
    @Test("a transform applies to every point; synthetic oblique shears by 0.2")
    func transformAndObliqueApply() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 10)
        let glyph = font.glyph(for: "H")!
        let plain = try #require(font.path(for: glyph))
        let moved = try #require(
            font.path(for: glyph, transform: AffineTransform(m11: 2, m12: 0, m21: 0, m22: 2, tX: 5, tY: -1)))
        let a = plain.boundingBox
        let b = moved.boundingBox
        #expect(abs(b.minX - (2 * a.minX + 5)) < 1e-9 && abs(b.width - 2 * a.width) < 1e-9)
        #expect(abs(b.minY - (2 * a.minY - 1)) < 1e-9 && abs(b.height - 2 * a.height) < 1e-9)
        let oblique = try #require(font.withSyntheticTraits(.oblique).path(for: glyph)).boundingBox
        #expect(abs(oblique.maxX - (a.maxX + 0.2 * a.maxY)) < 1e-9 && abs(oblique.minY - a.minY) < 1e-9)
    }

    // CoreText returns NULL for glyphs without an outline such as bitmap (sbix/CBDT) glyphs.
    @Test("a space is an empty path; a bitmap emoji and an unknown glyph id give nil")
    func emptyAndBitmapGlyphs() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 12)
        #expect(font.path(for: font.glyph(for: " ")!)?.isEmpty == true)
        #expect(font.path(for: font.glyph(for: " ")!)?.boundingBox.isNull == true)
        #expect(font.path(for: GlyphID(font.glyphCount)) == nil)
        let emoji = try Font(path: TestFonts.notoColorEmoji, size: 12)
        #expect(emoji.path(for: emoji.glyph(for: "😀")!) == nil)
    }
}

@Suite("Glyph paths and descriptors used concurrently")
struct GlyphPathConcurrencyTests {
    // Font is documented safe from many threads: paths, vertical metrics and descriptor matching
    // from many tasks at once give the answers one thread gives.
    @Test("paths, vertical translations and name lookups agree across concurrent tasks")
    func concurrentPathsAgree() async throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 13)
        let glyphs = "Galley@8%".unicodeScalars.map { font.glyph(for: $0)! }
        let paths = glyphs.map { font.path(for: $0) }
        let translations = font.verticalTranslations(for: glyphs)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    glyphs.map { font.path(for: $0) } == paths && font.verticalTranslations(for: glyphs) == translations
                        && (try? Font(name: "DejaVuSans-Bold"))?.postScriptName == "DejaVuSans-Bold"
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16 && results.allSatisfy { $0 })
    }
}
