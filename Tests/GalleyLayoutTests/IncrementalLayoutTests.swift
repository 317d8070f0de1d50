// Editing one paragraph of a long text: a framesetter made from the previous one reuses the
// analyses of the unchanged paragraphs (before and after the edit) and lays out exactly what a
// fresh framesetter lays out.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Incremental layout")
struct IncrementalLayoutTests {
    @Test func editReusesUnchangedParagraphs() throws {
        let font = try Fonts.dejaVu(14)
        let paragraphs = (0..<6).map { "Paragraph \($0): some words that wrap over a couple of lines in a narrow frame, مرحبا." }
        let old = AttributedText(paragraphs.joined(separator: "\n"), attributes: [.font(font)])
        let rect = CGRect(x: 0, y: 0, width: 160, height: 100_000)
        let first = try Framesetter(old)
        _ = try first.frame(in: rect)   // analyses every paragraph
        // Replace a word in paragraph 2 with a longer one: paragraphs 0–1 keep their offsets,
        // 3–5 move by the length difference.
        var builder = AttributedTextBuilder(old)
        let start = paragraphs[0..<2].reduce(0) { $0 + $1.utf16.count + 1 }
        try builder.replace((start + 15)..<(start + 19), with: "several more")
        let new = builder.build()
        let edited = Framesetter(new, reusing: first)
        #expect(edited.typesetter.inheritedParagraphCount == 5)
        let reused = try edited.frame(in: rect)
        let fresh = try Framesetter(new).frame(in: rect)
        #expect(reused.lines.map(\.stringRange) == fresh.lines.map(\.stringRange))
        #expect(reused.lineOrigins == fresh.lineOrigins)
        for (a, b) in zip(reused.lines, fresh.lines) {
            #expect(a.glyphRuns.map(\.glyphs) == b.glyphRuns.map(\.glyphs))
            #expect(a.glyphRuns.map(\.stringIndices) == b.glyphRuns.map(\.stringIndices))
            #expect(a.glyphRuns.map(\.positions) == b.glyphRuns.map(\.positions))
        }
        // An edit that changes every paragraph (an attribute over the whole text) reuses nothing.
        var recoloured = AttributedTextBuilder(new)
        try recoloured.setForegroundColor(.red, range: 0..<new.length)
        #expect(Typesetter(recoloured.build(), reusing: edited.typesetter).inheritedParagraphCount == 0)
    }
}
