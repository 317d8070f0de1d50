// Editing one paragraph of a long text: a framesetter made from the previous one reuses the
// analyses and the lines of the unchanged paragraphs (before and after the edit) and lays out
// exactly what a fresh framesetter lays out. The reference for every expectation is a fresh
// `Framesetter` over the edited text, which shares nothing with the previous one.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Incremental layout")
struct IncrementalLayoutTests {
    /// Expects `a` and `b` to hold the same lines at the same places, run by run.
    static func expectSameFrame(
        _ a: Frame, _ b: Frame, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(a.lines.count == b.lines.count, comment, sourceLocation: sourceLocation)
        #expect(a.visibleStringRange == b.visibleStringRange, comment, sourceLocation: sourceLocation)
        #expect(a.lines.map(\.stringRange) == b.lines.map(\.stringRange), comment, sourceLocation: sourceLocation)
        #expect(a.lineOrigins == b.lineOrigins, comment, sourceLocation: sourceLocation)
        #expect(a.placedLineMetrics == b.placedLineMetrics, comment, sourceLocation: sourceLocation)
        for (x, y) in zip(a.lines, b.lines) {
            #expect(x.typographicBounds == y.typographicBounds, comment, sourceLocation: sourceLocation)
            #expect(x.trailingWhitespaceWidth == y.trailingWhitespaceWidth, comment, sourceLocation: sourceLocation)
            #expect(x.endsParagraph == y.endsParagraph, comment, sourceLocation: sourceLocation)
            #expect(x.endsWithLineSeparator == y.endsWithLineSeparator, comment, sourceLocation: sourceLocation)
            #expect(x.truncationTokenRange == y.truncationTokenRange, comment, sourceLocation: sourceLocation)
            #expect(
                x.glyphRuns.map(\.stringRange) == y.glyphRuns.map(\.stringRange), comment,
                sourceLocation: sourceLocation)
            #expect(x.glyphRuns.map(\.glyphs) == y.glyphRuns.map(\.glyphs), comment, sourceLocation: sourceLocation)
            #expect(
                x.glyphRuns.map(\.stringIndices) == y.glyphRuns.map(\.stringIndices), comment,
                sourceLocation: sourceLocation)
            #expect(
                x.glyphRuns.map(\.positions) == y.glyphRuns.map(\.positions), comment, sourceLocation: sourceLocation)
            #expect(x.glyphRuns.map(\.advances) == y.glyphRuns.map(\.advances), comment, sourceLocation: sourceLocation)
            #expect(x.glyphRuns.map(\.status) == y.glyphRuns.map(\.status), comment, sourceLocation: sourceLocation)
            #expect(
                x.glyphRuns.map(\.isTruncationToken) == y.glyphRuns.map(\.isTruncationToken), comment,
                sourceLocation: sourceLocation)
            // Caret answers read the line's text: they must see the edited text.
            let mid = (x.stringRange.lowerBound + x.stringRange.upperBound) / 2
            #expect(
                x.offset(forStringIndex: mid).primary == y.offset(forStringIndex: mid).primary, comment,
                sourceLocation: sourceLocation)
        }
    }

    @Test func editReusesUnchangedParagraphs() throws {
        let font = try Fonts.dejaVu(14)
        let paragraphs = (0..<6).map {
            "Paragraph \($0): some words that wrap over a couple of lines in a narrow frame, مرحبا."
        }
        let old = AttributedText(paragraphs.joined(separator: "\n"), attributes: [.font(font)])
        let rect = CGRect(x: 0, y: 0, width: 160, height: 100_000)
        let first = try Framesetter(old)
        let before = try first.frame(in: rect)  // analyses and lays out every paragraph
        // Replace a word in paragraph 2 with a longer one: paragraphs 0–1 keep their offsets,
        // 3–5 move by the length difference.
        var builder = AttributedTextBuilder(old)
        let start = paragraphs[0..<2].reduce(0) { $0 + $1.utf16.count + 1 }
        try builder.replace((start + 15)..<(start + 19), with: "several more")
        let new = builder.build()
        let edited = Framesetter(new, reusing: first)
        #expect(edited.typesetter.inheritedParagraphCount == 5)
        #expect(edited.typesetter.inheritedLineCount == 5)
        let reused = try edited.frame(in: rect)
        let fresh = try Framesetter(new).frame(in: rect)
        Self.expectSameFrame(reused, fresh, "replace in paragraph 2")
        // The lines of the last paragraph were taken over, not built again: their position arrays
        // are the very storage of the previous frame's lines (a rebuilt line allocates new ones).
        func storage(_ line: Line) -> UnsafeRawPointer? {
            line.glyphRuns[0].positions.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(storage(reused.lines[reused.lines.count - 1]) == storage(before.lines[before.lines.count - 1]))
        #expect(storage(reused.lines[0]) == storage(before.lines[0]))
        // A fresh layout shares nothing with the previous one.
        #expect(storage(fresh.lines[fresh.lines.count - 1]) != storage(before.lines[before.lines.count - 1]))
        // An edit that changes every paragraph (an attribute over the whole text) reuses nothing.
        var recoloured = AttributedTextBuilder(new)
        try recoloured.setForegroundColor(.red, range: 0..<new.length)
        let nothing = Typesetter(recoloured.build(), reusing: edited.typesetter)
        #expect(nothing.inheritedParagraphCount == 0)
        #expect(nothing.inheritedLineCount == 0)
    }

    /// One edit of the sample text: a range to replace (offsets into `IncrementalLayoutTests.sample`)
    /// and its replacement.
    struct Edit: Sendable, CustomTestStringConvertible {
        let name: String
        let range: Range<Int>
        let replacement: String
        var testDescription: String { name }
    }

    /// Paragraphs of varied styles: indents, tab stops, right-to-left text, justification,
    /// right alignment, paragraph spacing, a truncating single-line paragraph and a U+2028.
    static func sample() throws -> AttributedText {
        let font = try Fonts.dejaVu(13)
        let words = "layout engines break lines at opportunities and place glyph runs in visual order"
        var b = AttributedTextBuilder(AttributedText())
        let styles: [ParagraphStyle] = [
            ParagraphStyle(),
            ParagraphStyle(firstLineHeadIndent: 24, headIndent: 8, tailIndent: -12, paragraphSpacing: 6),
            ParagraphStyle(tabStops: [TextTab(alignment: .right, location: 90), TextTab(location: 120)]),
            ParagraphStyle(alignment: .justified, paragraphSpacingBefore: 4),
            ParagraphStyle(alignment: .right, lineHeightMultiple: 1.3),
            ParagraphStyle(lineBreakMode: .truncatingTail),
            ParagraphStyle(alignment: .center, tailIndent: 150),
            ParagraphStyle(),
        ]
        let texts = [
            "Zero: " + words,
            "One: " + words + " " + words,
            "Two:\tcolumn\tnext " + words,
            "Three: " + words + " " + words,
            "ארבע: שורה בעברית עם מילים, " + words,
            "Five, a single line cut at the frame's edge: " + words,
            "Six: " + words + "\u{2028}after a line separator",
            "Seven: " + words,
        ]
        for (i, (t, s)) in zip(texts, styles).enumerated() {
            b.append(t + (i < texts.count - 1 ? "\n" : ""), attributes: [.font(font), .paragraphStyle(s)])
        }
        return b.build()
    }

    /// Offsets of the start of paragraph `n` of `text`.
    static func paragraphStart(_ n: Int, in text: AttributedText) -> Int {
        var count = 0
        for (i, u) in text.utf16.enumerated() where u == 10 {
            count += 1
            if count == n { return i + 1 }
        }
        return n == 0 ? 0 : text.length
    }

    static let edits: [Edit] = {
        guard let text = try? sample() else { return [] }
        let p3 = paragraphStart(3, in: text)
        let p4 = paragraphStart(4, in: text)
        let p7 = paragraphStart(7, in: text)
        return [
            Edit(name: "insert at the text's start", range: 0..<0, replacement: "Now "),
            Edit(name: "replace inside a middle paragraph", range: (p3 + 7)..<(p3 + 13), replacement: "typesetters"),
            Edit(name: "delete inside the right-to-left paragraph", range: (p4 + 6)..<(p4 + 10), replacement: ""),
            Edit(name: "append at the text's end", range: text.length..<text.length, replacement: " and more words"),
            Edit(name: "split a paragraph in two", range: (p3 + 20)..<(p3 + 20), replacement: "\n"),
            Edit(
                name: "insert two paragraphs", range: (p3 + 20)..<(p3 + 20), replacement: " new\nwhole paragraph\nand "),
            Edit(name: "join two paragraphs", range: (p3 - 1)..<p3, replacement: " "),
            Edit(name: "delete a whole paragraph", range: p3..<p4, replacement: ""),
            Edit(name: "delete across paragraphs", range: (p3 + 5)..<(p7 + 3), replacement: "x"),
        ]
    }()

    /// Every edit, laid out incrementally at several widths (the previous layout at the same
    /// width, so that lines are reused), is the same frame a fresh framesetter makes.
    @Test(arguments: edits)
    func editedFrameEqualsFreshLayout(_ edit: Edit) throws {
        let old = try Self.sample()
        var builder = AttributedTextBuilder(old)
        try builder.replace(edit.range, with: edit.replacement)
        let new = builder.build()
        for width in [120.0, 260, 500] {
            let rect = CGRect(x: 5, y: 7, width: width, height: 100_000)
            let previous = try Framesetter(old)
            _ = try previous.frame(in: rect)
            let edited = Framesetter(new, reusing: previous)
            // Every paragraph but the edited ones is unchanged and was laid out at this width.
            #expect(edited.typesetter.inheritedLineCount > 0)
            let fresh = try Framesetter(new)
            Self.expectSameFrame(try edited.frame(in: rect), try fresh.frame(in: rect), "\(edit.name) at \(width)")
            // Again on the same framesetters: now every paragraph's lines come from the cache.
            Self.expectSameFrame(
                try edited.frame(in: rect), try fresh.frame(in: rect), "\(edit.name) at \(width), again")
            // At another width, nothing cached applies.
            let other = rect.insetBy(dx: 20, dy: 0)
            Self.expectSameFrame(
                try edited.frame(in: other), try Framesetter(new).frame(in: other),
                "\(edit.name) at \(width - 40)")
        }
    }

    /// Frames that stop inside a paragraph (by height, line count or range) and then go on: the
    /// cached lines are only those of whole paragraphs, and a truncated last line does not leak
    /// into the cache.
    @Test func partialFramesDoNotCachePartialParagraphs() throws {
        let text = try Self.sample()
        let framesetter = try Framesetter(text)
        let rect = CGRect(x: 0, y: 0, width: 200, height: 100_000)
        let p1 = Self.paragraphStart(1, in: text)
        let p3 = Self.paragraphStart(3, in: text)
        // A range that starts and ends inside paragraphs, a line limit with truncation, a short frame.
        _ = try framesetter.frame(in: rect, range: (p1 + 10)..<(p3 + 10))
        _ = try framesetter.frame(in: rect, options: FrameOptions(maximumNumberOfLines: 3, truncation: .end))
        _ = try framesetter.frame(in: CGRect(x: 0, y: 0, width: 200, height: 60))
        let fresh = try Framesetter(text)
        Self.expectSameFrame(
            try framesetter.frame(in: rect), try fresh.frame(in: rect), "whole text after partial frames")
        Self.expectSameFrame(
            try framesetter.frame(in: rect, options: FrameOptions(maximumNumberOfLines: 4, truncation: .end)),
            try fresh.frame(in: rect, options: FrameOptions(maximumNumberOfLines: 4, truncation: .end)),
            "four lines, truncated, after the cache is full")
        Self.expectSameFrame(
            try framesetter.frame(in: rect, range: p1..<(p3 + 10)),
            try fresh.frame(in: rect, range: p1..<(p3 + 10)), "a range ending inside a paragraph")
    }

    /// A chain of edits, each framesetter made from the previous one, stays equal to a fresh layout.
    @Test func chainOfEdits() throws {
        var text = try Self.sample()
        let rect = CGRect(x: 0, y: 0, width: 230, height: 100_000)
        var framesetter = try Framesetter(text)
        _ = try framesetter.frame(in: rect)
        for step in 0..<5 {
            var builder = AttributedTextBuilder(text)
            let at = Self.paragraphStart(step % 7, in: text) + 2
            try builder.replace(at..<(at + 1), with: step % 2 == 0 ? "ab" : "")
            text = builder.build()
            framesetter = Framesetter(text, reusing: framesetter)
            Self.expectSameFrame(try framesetter.frame(in: rect), try Framesetter(text).frame(in: rect), "step \(step)")
        }
    }
}
