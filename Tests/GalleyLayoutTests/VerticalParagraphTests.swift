// Paragraph features in vertical frames: indents, tab stops, placeholders,
// paragraph and line spacing, alignment, justification and truncation work along the column
// as they work along a horizontal line. Ideographs in DroidSansFallback are one em (20 pt) down
// the line (hb-shape --direction=ttb: ay = −256 of 256 units) and their column is one em wide
// (ascent = descent = 10, the em box's halves), so every expected position below is a sum of
// ems, indents, stops and spacings. Distances "down" are measured from the column's top (the
// frame's top edge), as horizontal ones are from the left edge. A vertical line's ascent is on
// the right of its centre line in both progressions (CoreText turns a line's ascent to the
// right): vertical-rl stacks columns from the right edge (ascent first), vertical-lr from the
// left edge (descent first).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Vertical paragraphs: indents, tabs, placeholders, spacing, alignment, truncation")
struct VerticalParagraphTests {
    static let size: CGFloat = 20
    static let em: CGFloat = 20
    static let ipaexPath = TestFonts.ipaexMincho

    static func droid() throws -> Font {
        try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
    }

    /// `string` in DroidSansFallback with vertical forms and `style`.
    static func text(_ string: String, _ style: ParagraphStyle = ParagraphStyle()) throws -> AttributedText {
        AttributedText(string, attributes: [.font(try droid()), .verticalForms(true), .paragraphStyle(style)])
    }

    static func frame(
        _ text: AttributedText, _ rect: CGRect, _ progression: FrameProgression, lines: Int = 0,
        truncation: TruncationType? = nil
    ) throws -> Frame {
        try Framesetter(typesetter: try Typesetter(text)).frame(
            in: rect,
            options: FrameOptions(maximumNumberOfLines: lines, truncation: truncation, progression: progression))
    }

    /// How far down from the frame's top edge the caret before `index` sits in line `line`.
    static func down(_ frame: Frame, _ line: Int, _ index: Int) -> CGFloat {
        frame.rect.height - frame.lineOrigins[line].y + frame.lines[line].offset(forStringIndex: index).primary
    }

    /// The x of column `k`'s centre line expected for columns of `pitch` from the start edge,
    /// the first one's centre `first` in from that edge.
    static func columnX(_ k: Int, first: CGFloat, pitch: CGFloat, width: CGFloat, _ p: FrameProgression) -> CGFloat {
        let depth = first + CGFloat(k) * pitch
        return p == .rightToLeft ? width - depth : depth
    }

    // MARK: - Indents

    /// (firstLineHeadIndent, headIndent, tailIndent, the lines' ranges) for 12 ideographs in a
    /// column 100 pt long: a line holds ⌊measure / 20⌋ ideographs, the measure being
    /// 100 − head (+ tail when ≤ 0), or tail − head when tail > 0.
    static let indentCases: [(CGFloat, CGFloat, CGFloat, [Range<Int>])] = [
        (0, 0, 0, [0..<5, 5..<10, 10..<12]),
        (30, 10, 0, [0..<3, 3..<7, 7..<11, 11..<12]),
        (0, 0, -20, [0..<4, 4..<8, 8..<12]),
        (10, 10, 70, [0..<3, 3..<6, 6..<9, 9..<12]),
    ]

    /// The first glyph of each column starts its head indent down from the column's top; the
    /// tail indent shortens the measure, so the breaks move; no column reaches past its measure.
    @Test(arguments: indentCases.indices, [FrameProgression.rightToLeft, .leftToRight])
    func indentsAreAlongTheColumn(_ c: Int, _ progression: FrameProgression) throws {
        let (first, head, tail, ranges) = Self.indentCases[c]
        let style = ParagraphStyle(firstLineHeadIndent: first, headIndent: head, tailIndent: tail)
        let rect = CGRect(x: 5, y: 7, width: 200, height: 100)
        let frame = try Self.frame(try Self.text(String(repeating: "縦", count: 12), style), rect, progression)
        let lineRanges = frame.lines.map(\.stringRange)
        #expect(lineRanges == ranges)
        let end = tail > 0 ? tail : rect.height + tail
        for (i, line) in frame.lines.enumerated() {
            let indent = i == 0 ? first : head
            #expect(abs(Self.down(frame, i, line.stringRange.lowerBound) - indent) < 1e-6)
            #expect(Self.down(frame, i, line.stringRange.upperBound) <= end + 1e-6)
            let x = Self.columnX(i, first: Self.em / 2, pitch: Self.em, width: rect.width, progression)
            #expect(abs(frame.lineOrigins[i].x - x) < 1e-6)
        }
    }

    // MARK: - Tab stops

    enum Anchor: Sendable { case start, end, middle, decimal }

    /// (stop alignment, location, text, which point of the text after the TAB the stop holds):
    /// a left (natural, justified) stop starts the text there, a right one ends it there, a
    /// centre one centres it, a decimal one puts the first "." there.
    static let tabCases: [(TabAlignment, CGFloat, String, Anchor)] = [
        (.left, 50, "縦\t縦縦", .start),
        (.natural, 50, "縦\t縦縦", .start),
        (.justified, 50, "縦\t縦縦", .start),
        (.right, 90, "縦\t縦縦", .end),
        (.center, 70, "縦\t縦縦", .middle),
        (.decimal, 60, "縦\t12.5", .decimal),
        (.decimal, 60, "縦\t１２", .end),
    ]

    /// A TAB advances the pen down the column to its stop, measured from the column's top.
    @Test(arguments: tabCases.indices, [FrameProgression.rightToLeft, .leftToRight])
    func tabStopsAreDownTheColumn(_ c: Int, _ progression: FrameProgression) throws {
        let (alignment, location, string, anchor) = Self.tabCases[c]
        let style = ParagraphStyle(tabStops: [TextTab(alignment: alignment, location: location)])
        let rect = CGRect(x: 0, y: 0, width: 100, height: 200)
        let frame = try Self.frame(try Self.text(string, style), rect, progression)
        #expect(frame.lines.count == 1)
        #expect(frame.lines[0].glyphRuns.allSatisfy { $0.orientation.lineAxis == .vertical })
        let units = Array(string.utf16)
        let (start, end) = (2, units.count)
        let at: CGFloat
        switch anchor {
        case .start: at = Self.down(frame, 0, start)
        case .end: at = Self.down(frame, 0, end)
        case .middle: at = (Self.down(frame, 0, start) + Self.down(frame, 0, end)) / 2
        case .decimal: at = Self.down(frame, 0, try #require(units.firstIndex(of: 0x2E)))
        }
        #expect(abs(at - location) < 1e-6)
        // The text before the TAB stays where it was: one em from the top.
        #expect(abs(Self.down(frame, 0, 1) - Self.em) < 1e-6)
    }

    /// (style, text, where the text after the TAB starts): CoreText's default stops every 28 pt;
    /// the first stop beyond the pen counts from the column's top, head indent included; past
    /// the last stop, multiples of the default interval.
    static let tabRuleCases: [(ParagraphStyle, String, CGFloat)] = [
        (ParagraphStyle(), "縦\t縦", 28),
        (ParagraphStyle(), "縦縦\t縦", 56),
        (ParagraphStyle(firstLineHeadIndent: 10, tabStops: [TextTab(location: 50)]), "縦\t縦", 50),
        (ParagraphStyle(tabStops: [TextTab(location: 10)], defaultTabInterval: 25), "縦\t縦", 25),
    ]

    @Test(arguments: tabRuleCases.indices)
    func tabStopRulesHoldDownTheColumn(_ c: Int) throws {
        let (style, string, expected) = Self.tabRuleCases[c]
        let frame = try Self.frame(
            try Self.text(string, style), CGRect(x: 0, y: 0, width: 100, height: 200), .rightToLeft)
        let after = string.utf16.count - 1
        #expect(abs(Self.down(frame, 0, after) - expected) < 1e-6)
    }

    /// A TAB in upright text (`text-orientation: upright`, so the TAB is shaped top to bottom
    /// too) goes to its stop the same way, and a line whose TAB reaches past the column's end
    /// breaks before the text after it (the TAB's width counts in breaking).
    @Test func tabsInUprightTextAndBreaking() throws {
        let style = ParagraphStyle(tabStops: [TextTab(location: 50), TextTab(location: 90)])
        let text = AttributedText(
            "縦\t縦\t縦縦",
            attributes: [
                .font(try Self.droid()), .verticalForms(true), .textOrientation(.upright), .paragraphStyle(style),
            ])
        let wide = try Self.frame(text, CGRect(x: 0, y: 0, width: 100, height: 200), .rightToLeft)
        #expect(wide.lines.count == 1 && wide.lines[0].glyphRuns.allSatisfy { $0.orientation == .upright })
        #expect(abs(Self.down(wide, 0, 2) - 50) < 1e-6 && abs(Self.down(wide, 0, 4) - 90) < 1e-6)
        // 100 pt: "縦\t縦\t" reaches 90, "縦縦" would end at 130; the second line starts there.
        let narrow = try Self.frame(text, CGRect(x: 0, y: 0, width: 100, height: 100), .rightToLeft)
        #expect(narrow.lines.count == 2 && narrow.lines[0].stringRange.upperBound <= 5)
        #expect(Self.down(narrow, 0, narrow.lines[0].stringRange.upperBound) <= 100 + 1e-6)
    }

    // MARK: - Placeholders

    static let delegate = try! RunDelegate(width: 30, ascent: 14, descent: 4, value: "image")

    /// "縦￼縦" with the placeholder's delegate: 30 pt down the column, 14 right and 4 left of
    /// the centre line.
    static func placeholderText(_ string: String = "縦縦", at index: Int = 1, shift: CGFloat = 0) throws
        -> AttributedText
    {
        var builder = AttributedTextBuilder(string, attributes: [.font(try droid()), .verticalForms(true)])
        var attributes = Attributes()
        attributes.font = try droid()
        attributes.verticalForms = true
        if shift != 0 { attributes.baselineOffset = shift }
        try builder.insertPlaceholder(delegate, at: index, attributes: attributes)
        return builder.build()
    }

    /// A placeholder's width is its extent down the column; its ascent is right of the centre
    /// line, its descent left of it; the frame's rect (y up) is that box, which is where the
    /// renderer draws the image (`Frame.placeholders`).
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight], [CGFloat(0), 3])
    func placeholderExtentIsDownTheColumn(_ progression: FrameProgression, _ shift: CGFloat) throws {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 200)
        let frame = try Self.frame(try Self.placeholderText(shift: shift), rect, progression)
        let line = try #require(frame.lines.first)
        #expect(frame.lines.count == 1)
        let run = try #require(line.glyphRuns.first { $0.isPlaceholder })
        #expect(run.orientation == .upright)
        #expect(abs(Self.down(frame, 0, 2) - Self.down(frame, 0, 1) - 30) < 1e-6)
        #expect(abs(line.width - 70) < 1e-6)
        // The column: ascent max(10, 14 + shift) right, descent max(10, 4 − shift) left.
        let (ascent, descent) = (max(10, 14 + shift), max(10, 4 - shift))
        #expect(abs(line.ascent - ascent) < 1e-6 && abs(line.descent - descent) < 1e-6)
        let x = progression == .rightToLeft ? rect.width - ascent : descent
        #expect(abs(frame.lineOrigins[0].x - x) < 1e-6)
        let p = try #require(frame.placeholders.first)
        #expect(frame.placeholders.count == 1 && p.stringIndex == 1 && p.lineIndex == 0)
        let expected = CGRect(
            x: rect.minX + x + shift - 4, y: rect.minY + rect.height - 50, width: 18, height: 30)
        #expect(abs(p.rect.minX - expected.minX) < 1e-6 && abs(p.rect.minY - expected.minY) < 1e-6)
        #expect(abs(p.rect.width - expected.width) < 1e-6 && abs(p.rect.height - expected.height) < 1e-6)
        // Hit testing finds the placeholder's column and character at its centre.
        #expect(frame.lineIndex(at: CGPoint(x: p.rect.midX, y: p.rect.midY)) == 0)
    }

    /// Columns never overlap a placeholder wider on one side: the next column's band (centre
    /// line − descent … + ascent) starts where the placeholder's column ends, plus leading.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func placeholderColumnDoesNotOverlapTheNext(_ progression: FrameProgression) throws {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        let frame = try Self.frame(try Self.placeholderText("縦縦縦縦"), rect, progression)
        #expect(frame.lines.count >= 2)
        let p = try #require(frame.placeholders.first)
        #expect(p.lineIndex == 0)
        let (first, second) = (frame.lines[0], frame.lines[1])
        let (x0, x1) = (frame.lineOrigins[0].x, frame.lineOrigins[1].x)
        let pitch =
            progression == .rightToLeft
            ? first.descent + first.leading + second.ascent : first.ascent + first.leading + second.descent
        #expect(abs(abs(x1 - x0) - pitch) < 1e-6)
        if progression == .rightToLeft {
            #expect(p.rect.maxX <= rect.width + 1e-6 && p.rect.minX >= x1 + second.ascent - 1e-6)
        } else {
            #expect(p.rect.minX >= -1e-6 && p.rect.maxX <= x1 - second.descent + 1e-6)
        }
    }

    /// Ruby before the base (right of the column) widens the column on its right: in both
    /// progressions every column's band (centre line − descent … + ascent) holds its ruby, lies
    /// inside the frame and leaves the next column's band alone.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func rubyColumnsStayApart(_ progression: FrameProgression) throws {
        var builder = AttributedTextBuilder("漢字漢字漢字", attributes: [.font(try Self.droid()), .verticalForms(true)])
        try builder.setAttribute(.rubyAnnotation(RubyAnnotation("かんじ")), range: 0..<2)
        let rect = CGRect(x: 0, y: 0, width: 200, height: 40)
        let frame = try Self.frame(builder.build(), rect, progression)
        #expect(frame.lines.count == 3 && frame.lines[0].rubies.count == 1)
        let bands = zip(frame.lines, frame.lineOrigins).map { line, origin in
            (origin.x - line.descent)...(origin.x + line.ascent)
        }
        let ruby = try #require(frame.lines[0].rubies.first)
        let rubyX = (frame.lineOrigins[0].x + ruby.rect.minX)...(frame.lineOrigins[0].x + ruby.rect.maxX)
        #expect(ruby.rect.minX >= 0 && bands[0].contains(rubyX.lowerBound) && bands[0].contains(rubyX.upperBound))
        #expect(bands.allSatisfy { $0.lowerBound >= -1e-6 && $0.upperBound <= rect.width + 1e-6 })
        for i in 1..<bands.count {
            let apart =
                progression == .rightToLeft
                ? bands[i].upperBound <= bands[i - 1].lowerBound + 1e-6
                : bands[i].lowerBound >= bands[i - 1].upperBound - 1e-6
            #expect(apart, "columns \(i - 1) and \(i)")
        }
    }

    // MARK: - Paragraph and line spacing

    /// The gap between columns: descent + leading + ascent inside a paragraph, plus the previous
    /// paragraph's spacing after and this one's spacing before between paragraphs. Leading fixed
    /// at 6 (minimum = maximum line spacing), spacing after 7, before 5; columns 40 pt long hold
    /// two ideographs: columns "縦縦" | "縦縦\n" | "縦縦".
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func paragraphSpacingIsBetweenColumns(_ progression: FrameProgression) throws {
        let style = ParagraphStyle(
            minimumLineSpacing: 6, maximumLineSpacing: 6, paragraphSpacing: 7, paragraphSpacingBefore: 5)
        let rect = CGRect(x: 0, y: 0, width: 200, height: 40)
        let frame = try Self.frame(try Self.text("縦縦縦縦\n縦縦", style), rect, progression)
        let ranges = frame.lines.map(\.stringRange)
        #expect(ranges == [0..<2, 2..<5, 5..<7])
        let depths: [CGFloat] = [10, 10 + 26, 10 + 26 + 26 + 12]
        for (i, depth) in depths.enumerated() {
            let x = progression == .rightToLeft ? rect.width - depth : depth
            #expect(abs(frame.lineOrigins[i].x - x) < 1e-6, "column \(i)")
        }
    }

    /// A line-height multiple of 1.5 makes a column 30 pt wide, the extra 10 on the ascent's
    /// side (the right); columns follow each other 30 pt apart.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func lineHeightMultipleWidensColumns(_ progression: FrameProgression) throws {
        let style = ParagraphStyle(lineHeightMultiple: 1.5)
        let rect = CGRect(x: 0, y: 0, width: 200, height: 40)
        let frame = try Self.frame(try Self.text("縦縦縦縦縦縦", style), rect, progression)
        #expect(frame.lines.count == 3)
        let first: CGFloat = progression == .rightToLeft ? 20 : 10
        for i in 0..<3 {
            let x = Self.columnX(i, first: first, pitch: 30, width: rect.width, progression)
            #expect(abs(frame.lineOrigins[i].x - x) < 1e-6, "column \(i)")
        }
    }

    // MARK: - Alignment and justification

    /// (alignment, room above the column's text): three ideographs (60 pt) in a column 100 pt
    /// long; left and natural at the top, centre 20 pt down, right at the bottom; a justified
    /// paragraph's last line sits as natural.
    static let alignmentCases: [(TextAlignment, CGFloat)] = [
        (.natural, 0), (.left, 0), (.center, 20), (.right, 40), (.justified, 0),
    ]

    @Test(arguments: alignmentCases.indices, [FrameProgression.rightToLeft, .leftToRight])
    func alignmentIsAlongTheColumn(_ c: Int, _ progression: FrameProgression) throws {
        let (alignment, room) = Self.alignmentCases[c]
        let rect = CGRect(x: 0, y: 0, width: 40, height: 100)
        let frame = try Self.frame(try Self.text("縦書き", ParagraphStyle(alignment: alignment)), rect, progression)
        #expect(frame.lines.count == 1)
        #expect(abs(Self.down(frame, 0, 0) - room) < 1e-6)
        #expect(abs(frame.lineOrigins[0].x - (progression == .rightToLeft ? rect.width - 10 : 10)) < 1e-6)
    }

    /// A right-to-left paragraph's line runs up the column (CSS: in a vertical line, a
    /// right-to-left inline direction goes from bottom to top), so natural alignment and the
    /// head indent are at the bottom: the logical start sits 10 pt above the column's end.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func rightToLeftParagraphStartsAtTheBottom(_ progression: FrameProgression) throws {
        let hebrew = try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: Self.size)
        let style = ParagraphStyle(firstLineHeadIndent: 10)
        let text = AttributedText("שלום עולם", attributes: [.font(hebrew), .paragraphStyle(style)])
        let rect = CGRect(x: 0, y: 0, width: 100, height: 200)
        let frame = try Self.frame(text, rect, progression)
        #expect(frame.lines.count == 1 && frame.lines[0].isRightToLeft)
        #expect(abs(Self.down(frame, 0, 0) - (rect.height - 10)) < 1e-6)
        #expect(Self.down(frame, 0, 9) < Self.down(frame, 0, 5) && Self.down(frame, 0, 5) < Self.down(frame, 0, 0))
    }

    /// A justified column with an IDEOGRAPHIC SPACE: the 10 pt left over in a 70 pt column goes
    /// to the space (a word separator), not between the ideographs.
    @Test func justifiedColumnStretchesItsSpaces() throws {
        let text = try Self.text("縦\u{3000}縦縦縦縦", ParagraphStyle(alignment: .justified))
        let frame = try Self.frame(text, CGRect(x: 0, y: 0, width: 100, height: 70), .rightToLeft)
        #expect(frame.lines.first?.stringRange == 0..<3)
        #expect(abs(Self.down(frame, 0, 1) - 20) < 1e-6)
        #expect(abs(Self.down(frame, 0, 2) - 50) < 1e-6)
        #expect(abs(Self.down(frame, 0, 3) - 70) < 1e-6)
    }

    /// Rotated Latin words justify down the column too: every line but the last fills the
    /// measure exactly, and only the spaces grow (each word keeps hb-shape's advances).
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func justifiedRotatedWordsFillTheColumn(_ progression: FrameProgression) throws {
        let string = "lorem ipsum dolor sit amet consectetur"
        let font = try Fonts.dejaVu(Self.size)
        let style = ParagraphStyle(alignment: .justified)
        let text = AttributedText(string, attributes: [.font(font), .paragraphStyle(style)])
        let rect = CGRect(x: 0, y: 0, width: 300, height: 150)
        let frame = try Self.frame(text, rect, progression)
        #expect(frame.lines.count >= 3)
        let units = Array(string.utf16)
        for (i, line) in frame.lines.enumerated() {
            #expect(line.glyphRuns.allSatisfy { $0.orientation == .sideways })
            guard i + 1 < frame.lines.count else { continue }
            #expect(abs(line.width - line.trailingWhitespaceWidth - rect.height) < 1e-6, "line \(i)")
            // The first word keeps its natural extent (hb-shape's horizontal advances).
            let wordEnd = try #require(line.stringRange.firstIndex { units[$0] == 0x20 })
            let word = String(decoding: units[line.stringRange.lowerBound..<wordEnd], as: UTF16.self)
            let natural = try HBShape.shape(word, fontPath: TestFonts.path("DejaVuSans.ttf")).reduce(0) { $0 + $1.ax }
            let extent = Self.down(frame, i, wordEnd) - Self.down(frame, i, line.stringRange.lowerBound)
            #expect(abs(extent - CGFloat(natural) * Self.size / CGFloat(font.unitsPerEm)) < 1e-6, "line \(i)")
        }
    }

    // MARK: - Sideways text is a horizontal frame turned

    /// Text without vertical forms is set sideways: as CSS's `text-orientation: sideways`
    /// defines it, laid out as horizontal text in the frame turned a quarter, then turned 90°
    /// clockwise. So a vertical frame of it and a horizontal frame as wide as the column is long
    /// agree on the lines, on every caret's distance along its line (indents, TABs, justified
    /// spaces included), on each line's adjustment ratio, and on the gaps between lines (a
    /// rotated column's ascent + descent is the font's).
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func sidewaysTextIsTheHorizontalFrameTurned(_ progression: FrameProgression) throws {
        var style = ParagraphStyle(
            alignment: .justified, firstLineHeadIndent: 15, headIndent: 5, tailIndent: -10,
            tabStops: [TextTab(location: 60), TextTab(alignment: .right, location: 150)], paragraphSpacing: 4)
        style.lineSpacing = 3
        let string = "Sideways\ttext\tturns a quarter of a page, line by line, as if horizontal.\nA second one\tends."
        let text = AttributedText(string, attributes: [.font(try Fonts.dejaVu(Self.size)), .paragraphStyle(style)])
        let vertical = try Self.frame(text, CGRect(x: 0, y: 0, width: 400, height: 170), progression)
        let horizontal = try Framesetter(typesetter: try Typesetter(text)).frame(
            in: CGRect(x: 0, y: 0, width: 170, height: 400))
        let (v, h) = (vertical.lines, horizontal.lines)
        #expect(v.count == h.count && v.count >= 4)
        #expect(v.map(\.stringRange) == h.map(\.stringRange))
        for i in 0..<min(v.count, h.count) {
            #expect(v[i].glyphRuns.allSatisfy { $0.orientation == .sideways })
            #expect(abs(Self.down(vertical, i, v[i].stringRange.lowerBound) - horizontal.lineOrigins[i].x) < 1e-6)
            for index in v[i].stringRange {
                let (a, b) = (v[i].offset(forStringIndex: index).primary, h[i].offset(forStringIndex: index).primary)
                #expect(abs(a - b) < 1e-6, "line \(i) index \(index)")
            }
            let ratios = (vertical.adjustmentRatio(ofLine: i), horizontal.adjustmentRatio(ofLine: i))
            #expect(
                (ratios.0 == nil) == (ratios.1 == nil) && abs((ratios.0 ?? 0) - (ratios.1 ?? 0)) < 1e-9, "line \(i)")
            guard i > 0 else { continue }
            let step = abs(vertical.lineOrigins[i].x - vertical.lineOrigins[i - 1].x)
            #expect(abs(step - (horizontal.lineOrigins[i - 1].y - horizontal.lineOrigins[i].y)) < 1e-6)
        }
    }

    // MARK: - Bad input

    /// Indents past the column's end, tab stops far beyond it, placeholders longer than the
    /// column or empty, and frames with no room: a vertical frame is made (no crash, no hang),
    /// every line in it vertical, and the text that fits comes out in order.
    @Test(.timeLimit(.minutes(1)), arguments: 0..<6)
    func hostileParagraphsStillLayOut(_ c: Int) throws {
        let string = String(repeating: "縦", count: 8) + "\t縦"
        var text = try Self.text(string)
        var rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        switch c {
        case 0: text = try Self.text(string, ParagraphStyle(firstLineHeadIndent: 1e6, headIndent: 500))
        case 1:
            let stops = [TextTab(alignment: .right, location: 1e300), TextTab(alignment: .decimal, location: 1e12)]
            text = try Self.text(string, ParagraphStyle(tabStops: stops, defaultTabInterval: 1e-300))
        case 2: text = try Self.text(string, ParagraphStyle(tailIndent: -1e9))
        case 3:
            var builder = AttributedTextBuilder(text)
            try builder.insertPlaceholder(try RunDelegate(width: 1e6, ascent: 1e5, descent: 0), at: 2)
            try builder.insertPlaceholder(try RunDelegate(width: 0, ascent: 0, descent: 0), at: 0)
            text = builder.build()
        case 4: rect.size.height = 0
        default: rect.size.width = 0
        }
        for progression in [FrameProgression.rightToLeft, .leftToRight] {
            for truncation in [nil, TruncationType.end] {
                let frame = try Self.frame(text, rect, progression, truncation: truncation)
                #expect(frame.lines.allSatisfy { $0.lineAxis == .vertical })
                let starts = frame.lines.map(\.stringRange.lowerBound)
                #expect(starts == starts.sorted())
            }
        }
    }

    // MARK: - Truncation

    /// The kept text and the token along the column for each truncation type: `.end` keeps the
    /// start and puts the token last, `.start` the token first, `.middle` between; the line fits
    /// the width asked for, and every run stays vertical.
    @Test(arguments: TruncationType.allCases)
    func truncatedLinesStayInTheColumn(_ type: TruncationType) throws {
        let line = try Typesetter(try Self.text(String(repeating: "縦", count: 10))).line(for: 0..<10)
        let cut = try #require(try line.truncated(width: 90, type: type, token: nil))
        #expect(
            cut.isTruncated && cut.lineAxis == .vertical
                && cut.glyphRuns.allSatisfy { $0.orientation.lineAxis == .vertical })
        #expect(cut.width <= 90 + 1e-6)
        let token = try #require(cut.glyphRuns.first { $0.isTruncationToken })
        let others = cut.glyphRuns.filter { !$0.isTruncationToken }
        let before = others.filter { $0.originX < token.originX }.reduce(0) { $0 + $1.stringRange.count }
        let after = others.filter { $0.originX > token.originX }.reduce(0) { $0 + $1.stringRange.count }
        switch type {
        case .end: #expect(before > 0 && after == 0)
        case .start: #expect(before == 0 && after > 0)
        case .middle: #expect(before > 0 && after > 0)
        }
    }

    /// Tightening for truncation works down the column: ten ideographs (200 pt) in 192 pt lose
    /// 8 pt from the gaps after their first nine (at most 0.05 em, 1 pt, each) and are not cut.
    @Test func tighteningSqueezesTheColumn() throws {
        var style = ParagraphStyle()
        style.allowsDefaultTighteningForTruncation = true
        let line = try Typesetter(try Self.text(String(repeating: "縦", count: 10), style)).line(for: 0..<10)
        let cut = try #require(try line.truncated(width: 192, type: .end, token: nil))
        #expect(!cut.isTruncated && cut.lineAxis == .vertical && abs(cut.width - 192) < 1e-6)
        #expect(abs(cut.offset(forStringIndex: 1).primary - (20 - 8.0 / 9)) < 1e-6)
    }

    /// A truncating line-break mode gives each paragraph one column, cut to the column's length
    /// with the token at its end (`.truncatingTail`), start (`.truncatingHead`) or between.
    @Test(arguments: [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle])
    func truncatingModesCutEachColumn(_ mode: LineBreakMode) throws {
        let ideographs = String(repeating: "縦", count: 10)
        let text = try Self.text(ideographs + "\n" + ideographs, ParagraphStyle(lineBreakMode: mode))
        let frame = try Self.frame(text, CGRect(x: 0, y: 0, width: 100, height: 100), .rightToLeft)
        #expect(frame.lines.count == 2)
        for line in frame.lines {
            #expect(line.isTruncated && line.lineAxis == .vertical && line.width <= 100 + 1e-6)
            let token = try #require(line.glyphRuns.first { $0.isTruncationToken })
            let extent = line.width - line.trailingWhitespaceWidth
            switch mode {
            case .truncatingHead: #expect(token.originX == 0)
            case .truncatingTail: #expect(abs(token.originX + token.width - extent) < 1e-6)
            default: #expect(token.originX > 0 && token.originX + token.width < extent - 1e-6)
            }
        }
    }

    /// The "…" token of a vertical column is a vertical ellipsis: DroidSansFallback lacks U+2026,
    /// so the token comes from a fallback font without a vertical form and is rotated (UAX #50:
    /// U+2026 is R), its three dots running down the column (ink taller than wide).
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func endTruncationGivesAVerticalEllipsis(_ progression: FrameProgression) throws {
        let text = try Self.text(String(repeating: "縦", count: 30))
        let rect = CGRect(x: 0, y: 0, width: 30, height: 100)
        for lines in [1, 0] {
            // A line limit, then a frame too narrow for a second column.
            let frame = try Self.frame(text, rect, progression, lines: lines, truncation: .end)
            #expect(frame.lines.count == 1)
            let line = try #require(frame.lines.first)
            #expect(line.isTruncated && line.width <= rect.height + 1e-6)
            let token = try #require(line.glyphRuns.last)
            #expect(token.isTruncationToken && token.orientation == .sideways)
            let ink = token.imageBounds
            #expect(ink.height > 2 * ink.width)
        }
    }

    /// In a font with a vertical form of U+2026 (IPAex Mincho's `vert`; Debian's
    /// fonts-ipaexfont-mincho), a mixed-orientation column's token stands upright in that form:
    /// the glyph hb-shape --direction=ttb gives. Sideways text (no vertical forms) keeps the
    /// token rotated, its glyph hb-shape's horizontal one, as the text around it.
    @Test(arguments: [true, false])
    func ellipsisTakesTheFontsVerticalForm(_ verticalForms: Bool) throws {
        let font = try Font(path: Self.ipaexPath, size: Self.size)
        let text = AttributedText(
            String(repeating: "縦", count: 30), attributes: [.font(font), .verticalForms(verticalForms)])
        let frame = try Self.frame(text, CGRect(x: 0, y: 0, width: 30, height: 100), .rightToLeft, truncation: .end)
        let token = try #require(frame.lines.first?.glyphRuns.last)
        #expect(
            token.isTruncationToken && token.orientation.lineAxis == .vertical
                && (token.orientation == .sideways) == !verticalForms)
        let reference = try HBShape.shape("\u{2026}", fontPath: Self.ipaexPath, direction: verticalForms ? "ttb" : nil)
        let glyph: UInt32? = token.glyphs.first
        #expect(token.glyphCount == 1 && glyph == reference.first?.g)
        let ink = token.imageBounds
        #expect(ink.height > 2 * ink.width)
    }
}
