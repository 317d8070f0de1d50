// Run delegates: a U+FFFC with a RunDelegate is a run of its own whose bounds are the
// delegate's; lines grow to hold it; the frame reports each placeholder's rect by CoreText's
// recipe: (path.x + origin.x + offset(forStringIndex:), path.y + origin.y − descent, width, ascent + descent).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Placeholders")
struct PlaceholderTests {
    let font: Font
    let rect = CGRect(x: 20, y: 50, width: 374, height: 500)
    init() throws { font = try Fonts.dejaVu(24) }

    /// CoreText's recipe, written out independently of Frame.placeholders.
    func recipe(_ frame: Frame, _ index: Int, _ delegate: RunDelegate) throws -> CGRect {
        let l = try #require(frame.lineIndex(forStringIndex: index))
        let origin = frame.lineOrigins[l]
        let x = frame.lines[l].offset(forStringIndex: index).primary
        return CGRect(
            x: rect.minX + origin.x + x, y: rect.minY + origin.y - delegate.descent,
            width: delegate.width, height: delegate.ascent + delegate.descent)
    }

    @Test func placeholderAtLineStart() throws {
        let delegate = try RunDelegate(width: 100, ascent: 30, descent: 0, value: "logo")
        var b = AttributedTextBuilder("abc", attributes: [.font(font)])
        try b.insertPlaceholder(delegate, at: 0)
        let frame = try Framesetter(b.build()).frame(in: rect)
        let p = try #require(frame.placeholders.first)
        #expect(frame.placeholders.count == 1)
        #expect(p.stringIndex == 0 && p.delegate == delegate && p.lineIndex == 0)
        // The line's ascent is max(font ascent 22.27…, 30) = 30 (DejaVu Sans: hhea ascender 1901/2048 em).
        let ascent = max(font.ascent, 30)
        #expect(frame.lines[0].ascent == ascent)
        #expect(p.rect == CGRect(x: 20, y: 50 + 500 - ascent, width: 100, height: 30))
        #expect(p.rect == (try recipe(frame, 0, delegate)))
        // The placeholder run is one glyph-less slot of the delegate's width, followed by the text.
        let run = frame.lines[0].glyphRuns[0]
        #expect(run.runDelegate == delegate && run.stringRange == 0..<1)
        #expect(run.typographicBounds == TypographicBounds(width: 100, ascent: 30, descent: 0, leading: 0))
        #expect(abs(frame.lines[0].glyphRuns[1].positions[0].x - 100) < 1e-9)
    }

    /// A placeholder taller and deeper than the text grows the line's ascent and descent, which
    /// moves the baseline down (first baseline = top − line ascent).
    @Test func placeholderTallerThanText() throws {
        let delegate = try RunDelegate(width: 40, ascent: 60, descent: 15, value: "tall")
        var b = AttributedTextBuilder("ab", attributes: [.font(font)])
        try b.insertPlaceholder(delegate, at: 1)
        let frame = try Framesetter(b.build()).frame(in: rect)
        let line = frame.lines[0]
        #expect(line.ascent == 60 && line.descent == max(font.descent, 15))
        #expect(abs(frame.lineOrigins[0].y - (500 - 60)) < 1e-9, "\(frame.lineOrigins[0].y - 440)")
        let p = try #require(frame.placeholders.first)
        // x: after "a", whose advance is the font's hmtx advance for "a".
        #expect(abs(p.rect.minX - (20 + font.hmtxWidth("a"))) < 1e-9)
        #expect(p.rect.minY == 50 + (500 - 60) - 15 && p.rect.height == 75)
        #expect(p.rect == (try recipe(frame, 1, delegate)))
    }

    /// Placeholders on several lines, at line ends and starts: every rect follows the recipe, lies
    /// within the frame, and sits on its own line's baseline.
    @Test func placeholdersOnSeveralLines() throws {
        let delegate = try RunDelegate(width: 50, ascent: 20, descent: 5, value: "img")
        var b = AttributedTextBuilder("", attributes: [.font(font)])
        for word in ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"] {
            b.append(word + " ", attributes: [.font(font)])
            b.appendPlaceholder(delegate, attributes: [.font(font)])
            b.append(" ", attributes: [.font(font)])
        }
        let t = b.build()
        let frame = try Framesetter(t).frame(in: rect)
        let indices = t.utf16.indices.filter { t.utf16[$0] == 0xFFFC }
        #expect(frame.placeholders.map(\.stringIndex) == indices)
        #expect(Set(frame.placeholders.map(\.lineIndex)).count > 2, "the placeholders spread over several lines")
        for p in frame.placeholders {
            #expect(p.rect == (try recipe(frame, p.stringIndex, delegate)))
            #expect(p.rect.minX >= rect.minX - 1e-9 && p.rect.maxX <= rect.maxX + 1e-9)
            let baseline = rect.minY + frame.lineOrigins[p.lineIndex].y
            #expect(abs(p.rect.minY - (baseline - 5)) < 1e-9)
        }
        // Some placeholder ends its line (only the space after it hangs) and some starts one.
        let ends = frame.placeholders.filter { p in
            let line = frame.lines[p.lineIndex]
            return abs(
                p.rect.maxX - (rect.minX + frame.lineOrigins[p.lineIndex].x + line.width - line.trailingWhitespaceWidth)
            ) < 1e-9
        }
        #expect(!ends.isEmpty)
    }

    /// A placeholder wider than the frame gets a line of its own and layout goes on after it
    /// (a too-wide placeholder must not swallow the rest of the text).
    @Test func placeholderWiderThanTheLine() throws {
        let delegate = try RunDelegate(width: 1000, ascent: 10, descent: 0, value: "wide")
        var b = AttributedTextBuilder("before after", attributes: [.font(font)])
        try b.insertPlaceholder(delegate, at: 7)
        let frame = try Framesetter(b.build()).frame(in: rect)
        #expect(frame.visibleStringRange == 0..<13)
        #expect(frame.lines.map(\.stringRange) == [0..<7, 7..<8, 8..<13])
    }

    /// A placeholder inside right-to-left text: its rect is its run's box, still inside the line.
    @Test func placeholderInRightToLeftText() throws {
        let arabic = try Font(path: TestFonts.path("NotoSansArabic-Regular.ttf"), size: 24)
        let delegate = try RunDelegate(width: 30, ascent: 20, descent: 0, value: "rtl")
        var b = AttributedTextBuilder("مرحبا بالعالم", attributes: [.font(arabic)])
        try b.insertPlaceholder(delegate, at: 6)
        let frame = try Framesetter(b.build()).frame(in: rect)
        let p = try #require(frame.placeholders.first)
        let line = frame.lines[0]
        let run = try #require(line.glyphRuns.first { $0.runDelegate != nil })
        #expect(p.rect.minX == rect.minX + frame.lineOrigins[0].x + run.originX)
        // CoreText's recipe, the caret at the placeholder's logical start, is its right edge in a
        // right-to-left run (UAX #9: the run's logical start is on its right): a width too far.
        #expect(abs(line.offset(forStringIndex: 6).primary - (run.originX + 30)) < 1e-9)
        // Visually, "مرحبا " (logically before the placeholder) is to its right.
        let before = try #require(line.glyphRuns.first { $0.stringRange.contains(0) })
        #expect(before.originX >= run.originX + 30 - 1e-9)
    }

    @Test(arguments: [CGFloat.nan, .infinity, -1])
    func invalidDelegateValuesAreErrors(_ bad: CGFloat) {
        #expect(throws: AttributedTextError.self) { try RunDelegate(width: bad, ascent: 1, descent: 1) }
        #expect(throws: AttributedTextError.self) { try RunDelegate(width: 1, ascent: bad, descent: 1) }
        #expect(throws: AttributedTextError.self) { try RunDelegate(width: 1, ascent: 1, descent: bad) }
    }
}
