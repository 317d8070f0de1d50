// An unchanged paragraph's analysis, moved to its new offset after an edit before it, equals
// analysing it afresh at that offset.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Paragraph reuse")
struct ParagraphReuseTests {
    @Test func shiftedAnalysisEqualsAFreshOne() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let paragraph = "Unchanged مرحبا paragraph, office 中文 😀."
        let old = AttributedText("First.\n" + paragraph, attributes: [.font(font)])
        var builder = AttributedTextBuilder(old)
        try builder.replace(0..<5, with: "A much longer first")  // 14 more code units before the paragraph
        let new = builder.build()
        let oldSpan = ParagraphSplitter.split(old.utf16)[1]
        let newSpan = ParagraphSplitter.split(new.utf16)[1]
        #expect(ParagraphAnalysis.isUnchanged(old: old, oldSpan, new: new, newSpan))
        #expect(
            !ParagraphAnalysis.isUnchanged(
                old: old, ParagraphSplitter.split(old.utf16)[0], new: new, ParagraphSplitter.split(new.utf16)[0]))
        let moved = ParagraphAnalysis(text: old, span: oldSpan, defaultFont: font, fonts: .shared)
            .shifted(by: newSpan.range.lowerBound - oldSpan.range.lowerBound)
        let fresh = ParagraphAnalysis(text: new, span: newSpan, defaultFont: font, fonts: .shared)
        #expect(moved.span == fresh.span)
        #expect(moved.breaks == fresh.breaks)
        #expect(moved.graphemes == fresh.graphemes)
        #expect(moved.levels == fresh.levels && moved.prefixAdvance == fresh.prefixAdvance)
        #expect(moved.items.map(\.range) == fresh.items.map(\.range))
        // Each glyph's cluster as an offset in the whole text, and its id.
        func glyphs(_ analysis: ParagraphAnalysis) -> [[Int]] {
            analysis.items.map { item in
                item.storage.glyphs[item.glyphRange].flatMap { [item.storage.base + Int($0.cluster), Int($0.id)] }
            }
        }
        #expect(glyphs(moved) == glyphs(fresh))
        #expect(moved.items.map(\.font) == fresh.items.map(\.font))
    }

    /// A change of attributes alone (same characters) is a change.
    @Test func attributeChangeIsAChange() throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let old = AttributedText("same text", attributes: [.font(font)])
        var builder = AttributedTextBuilder(old)
        try builder.setForegroundColor(.red, range: 2..<4)
        let new = builder.build()
        let span = ParagraphSplitter.split(old.utf16)[0]
        #expect(!ParagraphAnalysis.isUnchanged(old: old, span, new: new, span))
    }
}
