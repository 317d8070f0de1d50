// Lines and glyph runs as CoreText describes them: runs in visual order with their status,
// string indices and bounds; typesetter-made lines; image bounds.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Lines and runs")
struct LineAndRunTests {
    /// A run's glyph positions advance by the glyph advances (no GPOS offsets in "Hello" with
    /// DejaVu Sans), its string indices are the UTF-16 offsets of the characters, and its
    /// typographic bounds are the font's ascent/descent/leading with the advance sum as width.
    @Test func runGeometry() throws {
        let font = try Fonts.dejaVu(40)
        let t = text("Hi 😀!", [.font(font)])  // "😀" is 2 UTF-16 units and comes from the emoji font
        let line = try Typesetter(t).line(for: 0..<t.length)
        #expect(line.stringRange == 0..<6)
        let runs = line.glyphRuns
        #expect(runs.map(\.stringRange) == [0..<3, 3..<5, 5..<6])
        #expect(runs[1].font.familyName == "Noto Color Emoji", "Emoji_Presentation takes the colour font")
        #expect(runs[0].stringIndices == [0, 1, 2])
        #expect(runs[2].stringIndices == [5])
        var x: CGFloat = 0
        for run in runs {
            #expect(abs(run.originX - x) < 1e-9)
            for (p, a) in zip(run.positions, run.advances) {
                #expect(abs(p.x - x) < 1e-9 && p.y == 0 && a.height == 0)
                x += a.width
            }
            #expect(run.status == [])
            let bounds = run.typographicBounds
            #expect(bounds.ascent == run.font.ascent && bounds.descent == run.font.descent)
        }
        #expect(abs(line.width - x) < 1e-9)
        #expect(abs(runs[0].typographicBounds.width - font.hmtxWidth("Hi ")) < 1e-9)
        #expect(abs(runs[0].typographicBounds(forGlyphs: 1..<2).width - font.hmtxWidth("i")) < 1e-9)
        // The emoji font is taller than DejaVu Sans at the same size, so the line takes its ascent.
        #expect(line.ascent == max(font.ascent, runs[1].font.ascent))
    }

    /// Every run's values are indexed from 0 (like the buffers CTRunGetGlyphsPtr and friends
    /// return), whatever the run's place in the line's shared storage: one value per glyph in each
    /// of glyphs, positions, advances and string indices, and the same values as arrays copied
    /// out of them.
    @Test func runValuesAreZeroBasedPerRun() throws {
        let font = try Fonts.dejaVu(40)
        let t = text("Hi 😀!", [.font(font)])
        let line = try Typesetter(t).line(for: 0..<t.length)
        for run in line.glyphRuns {
            let n = run.glyphCount
            #expect(run.glyphs.startIndex == 0 && run.glyphs.endIndex == n && run.glyphs.indices == 0..<n)
            #expect(run.positions.count == n && run.advances.count == n && run.stringIndices.count == n)
            #expect(Array(run.stringIndices) == run.stringIndices.map { $0 })
            let copied = run.glyphs.withUnsafeBufferPointer { Array($0) }
            #expect(copied == Array(run.glyphs))
        }
        // The third run ("!") holds the glyph of "!" at index 0, though the line's storage holds
        // the glyphs of "Hi " and the emoji before it.
        #expect(line.glyphRuns[2].glyphs[0] == font.glyph(for: "!"))
        #expect(line.glyphRuns[2].stringIndices == [5])
    }

    /// A run's values keep the storage they view alive, as an array slice does: taken from a
    /// line that is then dropped (with its typesetter, and the memory reused by other lines),
    /// they still read the line's glyphs — "!" is still the glyph of "!", at string index 5.
    @Test func runValuesOutliveTheirLine() throws {
        let font = try Fonts.dejaVu(40)
        let t = text("Hi 😀!", [.font(font)])
        let kept: (glyphs: RunValues<GlyphID>, indices: RunValues<Int>, advances: RunValues<CGSize>) = try {
            let run = try Typesetter(t).line(for: 0..<t.length).glyphRuns[2]
            return (run.glyphs, run.stringIndices, run.advances)
        }()
        // Lines made and dropped after it, so freed storage would be written over.
        for k in 0..<50 {
            _ = try Typesetter(text(String(repeating: "x\(k) ", count: 20), [.font(font)])).line(for: 0..<40)
        }
        let bang = try #require(font.glyph(for: "!"))
        #expect(Array(kept.glyphs) == [bang])
        #expect(kept.indices == [5])
        #expect(abs(kept.advances[0].width - font.hmtxWidth("!")) < 1e-9)
    }

    /// A right-to-left run has the rightToLeft status and its string indices decrease left to right.
    @Test func rightToLeftRunStatus() throws {
        let hebrew = try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 20)
        let line = try Typesetter(text("שלום", [.font(hebrew)])).line(for: 0..<4)
        let run = try #require(line.glyphRuns.first)
        #expect(run.status == [.rightToLeft])
        #expect(run.stringIndices == [3, 2, 1, 0])
    }

    /// Image bounds are the union of the glyphs' ink boxes (the font's glyph extents) placed at
    /// their positions: for "T" alone, exactly the glyph's box.
    @Test func imageBounds() throws {
        let font = try Fonts.dejaVu(50)
        let line = try Typesetter(text("T", [.font(font)])).line(for: 0..<1)
        let glyph = try #require(font.glyph(for: "T"))
        #expect(line.imageBounds == font.boundingRect(for: glyph))
        #expect(line.imageBounds.minY == 0, "T sits on the baseline")
        let empty = try Typesetter(text(" ", [.font(font)])).line(for: 0..<1)
        #expect(empty.imageBounds.isNull)
    }

    /// suggestClusterBreak ignores word boundaries: in "hello world" it breaks inside the word.
    @Test func clusterBreak() throws {
        let font = try Fonts.dejaVu(20)
        let typesetter = try Typesetter(text("hello world", [.font(font)]))
        let width = font.hmtxWidth("hello wo") + 0.5
        #expect(try typesetter.suggestClusterBreak(startingAt: 0, width: width) == 8)
        #expect(try typesetter.suggestLineBreak(startingAt: 0, width: width) == 6)
        // Never 0 inside the text, even when nothing fits.
        #expect(try typesetter.suggestClusterBreak(startingAt: 0, width: 0) == 1)
        #expect(try typesetter.suggestLineBreak(startingAt: 0, width: 0) == 1)
    }

    /// penOffset(flushFactor:width:) (CTLineGetPenOffsetForFlush) ignores trailing whitespace.
    @Test func penOffsetForFlush() throws {
        let font = try Fonts.dejaVu(20)
        let line = try Typesetter(text("ab  ", [.font(font)])).line(for: 0..<4)
        let visible = font.hmtxWidth("ab")
        #expect(abs(line.trailingWhitespaceWidth - font.hmtxWidth("  ")) < 1e-9)
        #expect(line.penOffset(flushFactor: 0, width: 100) == 0)
        #expect(abs(line.penOffset(flushFactor: 1, width: 100) - (100 - visible)) < 1e-9)
        #expect(abs(line.penOffset(flushFactor: 0.5, width: 100) - (100 - visible) / 2) < 1e-9)
    }
}
