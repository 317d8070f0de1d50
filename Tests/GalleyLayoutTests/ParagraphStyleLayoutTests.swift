// Paragraph styles in layout: CoreText's defaults, indents (head, first-line head, tail with
// CoreText's sign convention, in both directions) and tab stops (left, right, centre, decimal,
// default interval, breaking with TABs). Numbers are derived by hand from DejaVu Sans's hmtx
// advances at 16 pt (2048 units per em, so 1 unit = 1/128 pt): "x" 1212 → 9.46875, space 651 →
// 5.0859375, "1" 1303 → 10.1796875, "." 651 → 5.0859375 (hb-shape shows no kerning between
// these); hhea ascender 1901 → 14.8515625, descender 483 → 3.7734375, line gap 0.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

enum Dv16 {
    static let x: CGFloat = 1212.0 / 128
    static let space: CGFloat = 651.0 / 128
    static let one: CGFloat = 1303.0 / 128
    static let ascent: CGFloat = 1901.0 / 128
    static let descent: CGFloat = 483.0 / 128
    static let ellipsis: CGFloat = 2048.0 / 128
}

func styled(_ string: String, _ style: ParagraphStyle, size: CGFloat = 16) throws -> AttributedText {
    text(string, [.font(try Fonts.dejaVu(size)), .paragraphStyle(style)])
}

/// The x (relative to the line origin) of the first glyph of string index `index`.
func glyphX(_ line: Line, _ index: Int) -> CGFloat? {
    for run in line.glyphRuns {
        if let g = run.stringIndices.firstIndex(of: index) { return run.positions[g].x }
    }
    return nil
}

@Suite("Paragraph style")
struct ParagraphStyleDefaultsTests {
    /// CoreText's documented defaults (CTParagraphStyle.h): 12 left tabs every 28 pt, default tab
    /// interval 0, no indents, line height multiple 0, min/max line height 0 (no max), spacing 0.
    @Test func defaultsAreCoreTexts() {
        let style = ParagraphStyle.default
        #expect(style.tabStops.count == 12)
        #expect(style.tabStops.map(\.location) == (1...12).map { CGFloat($0 * 28) })
        #expect(style.tabStops.allSatisfy { $0.alignment == .left })
        #expect(style.defaultTabInterval == 0)
        #expect(style.firstLineHeadIndent == 0 && style.headIndent == 0 && style.tailIndent == 0)
        #expect(style.lineHeightMultiple == 0 && style.minimumLineHeight == 0 && style.maximumLineHeight == 0)
        #expect(style.lineSpacingAdjustment == 0 && style.minimumLineSpacing == 0 && style.maximumLineSpacing == 0)
        #expect(style.paragraphSpacing == 0 && style.paragraphSpacingBefore == 0)
        #expect(style.lineHeightMode == .fontMetrics)
        #expect(style.lineBreakMode == .wordWrapping && style.alignment == .natural)
        #expect(
            LineBreakMode.allCases.filter(\.isSingleLine) == [
                .clipping, .truncatingHead, .truncatingTail, .truncatingMiddle,
            ])
    }

    /// Like CTParagraphStyleCreateCopy: a copy is a value, so changing it leaves the original
    /// (here the shared default) as it was.
    @Test func copiesAreIndependent() {
        var copy = ParagraphStyle.default
        copy.headIndent = 12
        copy.tabStops = []
        copy.alignment = .center
        #expect(ParagraphStyle.default.headIndent == 0 && ParagraphStyle.default.tabStops.count == 12)
        #expect(ParagraphStyle.default.alignment == .natural)
        #expect(copy.headIndent == 12 && copy.tabStops.isEmpty && copy.alignment == .center)
    }

    /// Nonsense numbers lay out as the defaults: NaN indents, negative line heights.
    @Test func invalidNumbersActAsDefaults() throws {
        var bad = ParagraphStyle()
        bad.headIndent = .nan
        bad.firstLineHeadIndent = -5
        bad.tailIndent = .infinity
        bad.lineHeightMultiple = .nan
        bad.minimumLineHeight = -3
        bad.maximumLineSpacing = -1
        let string = "xx xx xx xx xx xx xx"
        let a = try Framesetter(styled(string, bad)).frame(in: CGRect(x: 0, y: 0, width: 50, height: 500))
        let b = try Framesetter(styled(string, .default)).frame(in: CGRect(x: 0, y: 0, width: 50, height: 500))
        #expect(a.lines.map(\.stringRange) == b.lines.map(\.stringRange))
        #expect(a.lineOrigins == b.lineOrigins)
    }
}

@Suite("Indents")
struct IndentTests {
    // "xxxx" = 4 × 9.46875 = 37.875; "xxxx xxxx" = 75.75 + 5.0859375 = 80.8359375.
    let word: CGFloat = 4 * Dv16.x
    let twoWords: CGFloat = 8 * Dv16.x + Dv16.space

    /// Frame 100 wide, first-line head 20, head 10, tail −5 (from the trailing margin):
    /// line 1 has 100 − 5 − 20 = 75 < 80.84, so one word; later lines 85 ≥ 80.84, two words.
    /// Origins: x = the head indent.
    @Test func headAndNegativeTailIndent() throws {
        let style = ParagraphStyle(alignment: .left, firstLineHeadIndent: 20, headIndent: 10, tailIndent: -5)
        let frame = try Framesetter(styled("xxxx xxxx xxxx xxxx", style)).frame(
            in: CGRect(x: 0, y: 0, width: 100, height: 500))
        #expect(frame.lines.map(\.stringRange) == [0..<5, 5..<15, 15..<19])
        #expect(frame.lineOrigins.map(\.x) == [20, 10, 10])
        // Right alignment inside the indented area: x = head + (available − visible width).
        let right = ParagraphStyle(alignment: .right, firstLineHeadIndent: 20, headIndent: 10, tailIndent: -5)
        let r = try Framesetter(styled("xxxx xxxx xxxx xxxx", right)).frame(
            in: CGRect(x: 0, y: 0, width: 100, height: 500))
        #expect(abs(r.lineOrigins[0].x - (20 + 75 - word)) < 1e-9)
        #expect(abs(r.lineOrigins[1].x - (10 + 85 - twoWords)) < 1e-9)
    }

    /// A positive tail indent is measured from the leading margin: the line is tailIndent − head
    /// wide whatever the frame width. Head 10: tail 90.9 leaves 80.9 ≥ 80.84 (two words fit),
    /// tail 90.8 leaves 80.8 < 80.84 (they do not).
    @Test(arguments: [(90.9, true), (90.8, false)])
    func positiveTailIndentFixesTheLineLength(tail: Double, fits: Bool) throws {
        let style = ParagraphStyle(alignment: .left, firstLineHeadIndent: 10, headIndent: 10, tailIndent: CGFloat(tail))
        let frame = try Framesetter(styled("xxxx xxxx", style)).frame(in: CGRect(x: 0, y: 0, width: 1000, height: 500))
        #expect(frame.lines.count == (fits ? 1 : 2))
    }

    /// In a right-to-left paragraph the head is on the right: with natural (right) alignment the
    /// visible text ends head points left of the frame's right edge: origin.x + trailing
    /// whitespace + visible width = 100 − head.
    @Test func rightToLeftHeadIsOnTheRight() throws {
        let style = ParagraphStyle(
            baseWritingDirection: .rightToLeft, firstLineHeadIndent: 20, headIndent: 10, tailIndent: -5)
        let frame = try Framesetter(styled("xxxx xxxx xxxx xxxx", style)).frame(
            in: CGRect(x: 0, y: 0, width: 100, height: 500))
        #expect(frame.lines.map(\.stringRange) == [0..<5, 5..<15, 15..<19])
        for (i, line) in frame.lines.enumerated() {
            #expect(line.isRightToLeft)
            let head: CGFloat = i == 0 ? 20 : 10
            let visibleRight = frame.lineOrigins[i].x + line.width
            #expect(abs(visibleRight - (100 - head)) < 1e-9, "line \(i)")
        }
    }

    /// The suggested size includes the indents, and a frame of that size holds the same lines.
    @Test func suggestedSizeWithIndents() throws {
        let style = ParagraphStyle(firstLineHeadIndent: 20, headIndent: 10, tailIndent: -5)
        let framesetter = try Framesetter(styled("xxxx xxxx xxxx xxxx", style))
        let wide = try framesetter.frame(in: CGRect(x: 0, y: 0, width: 100, height: 500))
        let (size, fit) = try framesetter.suggestFrameSize(
            constraints: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude))
        #expect(fit == 0..<19)
        // Widest extent: 10 + 80.8359375 + 5 (second line, head + two words + tail).
        #expect(abs(size.width - (10 + twoWords + 5)) < 1e-9)
        let exact = try framesetter.frame(in: CGRect(origin: .zero, size: size))
        #expect(exact.lines.map(\.stringRange) == wide.lines.map(\.stringRange))
    }
}

@Suite("Tabs")
struct TabTests {
    func line(_ string: String, _ style: ParagraphStyle, width: CGFloat = 400) throws -> (Frame, Line) {
        let frame = try Framesetter(styled(string, style)).frame(in: CGRect(x: 0, y: 0, width: width, height: 500))
        return (frame, try #require(frame.lines.first))
    }

    /// Default stops every 28 pt: after "x" (9.47) a TAB goes to 28; after "xxx" (28.41) to 56.
    @Test func defaultStops() throws {
        let (_, a) = try line("x\tx", .default)
        #expect(glyphX(a, 2) == 28)
        let (_, b) = try line("xxx\tx", .default)
        #expect(glyphX(b, 4) == 56)
        #expect(a.width == 28 + Dv16.x)
    }

    /// Stops are measured from the leading margin, head indent included: with a head indent of 20
    /// the pen after "x" is at 29.47, so the next default stop is 56, i.e. 36 from the line origin.
    @Test func stopsCountTheHeadIndent() throws {
        let style = ParagraphStyle(firstLineHeadIndent: 20)
        let (frame, l) = try line("x\tx", style)
        #expect(frame.lineOrigins[0].x == 20)
        #expect(glyphX(l, 2) == 36)
        // The typesetter's offset parameter does the same (CTTypesetterCreateLineWithOffset).
        let setter = try Typesetter(styled("x\tx", .default))
        #expect(glyphX(try setter.line(for: 0..<3, offset: 20), 2) == 36)
    }

    /// Right, centre and decimal stops at 100 after "x" (pen 9.47): "xx" (18.9375) ends at 100
    /// (starts at 81.0625); centred, starts at 100 − 9.46875; "1.5" puts its "." at 100, so "1"
    /// starts at 100 − 10.1796875; text without "." aligns right.
    @Test func alignedStops() throws {
        func style(_ a: TabAlignment) -> ParagraphStyle {
            ParagraphStyle(tabStops: [TextTab(alignment: a, location: 100)])
        }
        let (_, right) = try line("x\txx", style(.right))
        #expect(glyphX(right, 2) == 100 - 2 * Dv16.x)
        #expect(right.width == 100)
        let (_, center) = try line("x\txx", style(.center))
        #expect(glyphX(center, 2) == 100 - Dv16.x)
        let (_, decimal) = try line("x\t1.5", style(.decimal))
        #expect(glyphX(decimal, 2) == 100 - Dv16.one)
        #expect(glyphX(decimal, 3) == 100)
        let (_, integer) = try line("x\t11", style(.decimal))
        #expect(glyphX(integer, 2) == 100 - 2 * Dv16.one)
        // Text too wide for a right stop: the TAB gets no width.
        let (_, tooWide) = try line("x\t" + String(repeating: "x", count: 11), style(.right))
        #expect(glyphX(tooWide, 2) == Dv16.x)
    }

    /// Several TABs, each aligning the text up to the next one: stops left 50, right 150.
    /// "x\tx\txx": second x at 50; "xx" ends at 150.
    @Test func severalStops() throws {
        let style = ParagraphStyle(tabStops: [TextTab(alignment: .right, location: 150), TextTab(location: 50)])
        let (_, l) = try line("x\tx\txx", style)
        #expect(glyphX(l, 2) == 50)
        #expect(glyphX(l, 4) == 150 - 2 * Dv16.x)
    }

    /// Past the last stop: a TAB is a space (5.0859375) without a default interval, or goes to the
    /// next multiple of the interval. Stop at 10; pen after "xx" is 18.9375.
    @Test func pastTheLastStop() throws {
        let (_, plain) = try line("xx\tx", ParagraphStyle(tabStops: [TextTab(location: 10)]))
        #expect(glyphX(plain, 3) == 2 * Dv16.x + Dv16.space)
        let (_, interval) = try line("xx\tx", ParagraphStyle(tabStops: [TextTab(location: 10)], defaultTabInterval: 25))
        #expect(glyphX(interval, 3) == 25)
        let (_, none) = try line("xx\tx\tx", ParagraphStyle(tabStops: [], defaultTabInterval: 25))
        #expect(glyphX(none, 3) == 25 && glyphX(none, 5) == 50)
    }

    /// Breaking measures with the tab rule: "xxxx\txxxx" is 37.875 → stop 56 → 56 + 37.875 =
    /// 93.875 wide with TABs (80.84 with the TAB as a space). At 90 it breaks after the TAB
    /// (UAX #14: TAB is class BA, break after); at 94 it fits.
    @Test func breakingUsesTabWidths() throws {
        let (f90, _) = try line("xxxx\txxxx", .default, width: 90)
        #expect(f90.lines.map(\.stringRange) == [0..<5, 5..<9])
        let (f94, l94) = try line("xxxx\txxxx", .default, width: 94)
        #expect(f94.lines.count == 1)
        #expect(l94.width == 56 + 4 * Dv16.x)
        let setter = try Typesetter(styled("xxxx\txxxx", .default))
        #expect(try setter.suggestLineBreak(startingAt: 0, width: 90) == 5)
        #expect(try setter.suggestLineBreak(startingAt: 0, width: 94) == 9)
    }

    /// In a right-to-left paragraph the stops are measured from the right margin: "x\tx" with a
    /// left stop at 28 puts the second "x"'s right edge 28 from the line's right end — and a
    /// right stop (text left of the stop, absolute) puts the text's start there (the two roles
    /// swap in the logical pen arithmetic).
    @Test func rightToLeftTabs() throws {
        let style = ParagraphStyle(
            baseWritingDirection: .rightToLeft, tabStops: [TextTab(alignment: .right, location: 50)])
        let (_, l) = try line("x\tx", style)
        #expect(l.isRightToLeft)
        // Logical pen: "x" 9.47, the TAB to 50, then "x": 50 + 9.47 wide in all.
        #expect(abs(l.width - (50 + Dv16.x)) < 1e-9)
    }
}
