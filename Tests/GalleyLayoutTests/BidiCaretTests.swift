// Carets, hit testing, caret enumeration and selection rectangles on mixed-direction lines:
// left-to-right and right-to-left paragraphs with embedded runs of the other direction and
// numbers, an Arabic ligature, emoji sequences and combining marks, and a placeholder.
//
// Where the expectations come from:
// - Grapheme cluster boundaries from Swift's own `String` (its `Character`s, UAX #29), independent
//   of the ICU segmentation the layout uses.
// - Visual orders worked out by hand from UAX #9 (rules W7, N1, N2, I1, I2, L1, L2) for each line;
//   the derivation is written next to each case.
// - Caret edges from the runs' own glyph advances and origins (a left-to-right run's character
//   starts at originX + the advances of the characters before it; a right-to-left one's leading
//   edge is at originX + width − those advances).
// - CoreText's documented semantics: the primary caret is the insertion location for a character
//   of the line's direction, the secondary for one of the opposite direction, equal when one caret
//   is enough (CTLineGetOffsetForStringIndex); CTLineEnumerateCaretOffsets visits every logical
//   caret edge in left-to-right visual order, `leadingEdge` meaning the logically leading edge.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

/// A line to test, with what UAX #9 says about it.
struct BidiCaretCase: Sendable, CustomTestStringConvertible {
    let name: String
    let string: String
    let direction: WritingDirection
    /// The UTF-16 index of a U+FFFC in `string` that carries a 30-point-wide run delegate.
    var placeholder: Int? = nil
    /// The first UTF-16 index of each grapheme cluster, in visual order left to right (UAX #9).
    let visualOrder: [Int]
    /// A range crossing a direction boundary, with cluster boundaries at both ends.
    var crossing: Range<Int>? = nil
    var testDescription: String { name }
}

@Suite("Bidi carets")
struct BidiCaretTests {
    static let eps: CGFloat = 1e-6

    static let cases: [BidiCaretCase] = [
        // Levels: "abc " L and N between L and R → e = 0 (N2); "שלום" R → 1; " def" 0. The trailing
        // spaces take the paragraph level (L1). Visual: a b c ␠ ם ו ל ש ␠ d e f ␠ ␠.
        BidiCaretCase(
            name: "LTR: abc שלום def + trailing spaces", string: "abc שלום def  ", direction: .natural,
            visualOrder: [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 12, 13], crossing: 2..<6),
        // An explicit LTR paragraph that starts with Hebrew: "שלום" 1, the space between R and L → 0.
        // Visual: ם ו ל ש ␠ a b c.
        BidiCaretCase(
            name: "LTR paragraph starting with Hebrew", string: "שלום abc", direction: .leftToRight,
            visualOrder: [3, 2, 1, 0, 4, 5, 6, 7], crossing: 2..<6),
        // European digits after Hebrew in an LTR paragraph: W7 finds R before them, so they stay EN
        // and go to level 2 (I1); the space between R and EN (EN counts as R for N1) → 1; the space
        // after, between EN and L → 0. L2 reverses "שלום 123" as a whole, then "123" again:
        // a b c ␠ 1 2 3 ␠ ם ו ל ש ␠ d e f.
        BidiCaretCase(
            name: "LTR: Hebrew followed by digits", string: "abc שלום 123 def", direction: .natural,
            visualOrder: [0, 1, 2, 3, 9, 10, 11, 8, 7, 6, 5, 4, 12, 13, 14, 15], crossing: 6..<11),
        // RTL paragraph (level 1): Hebrew 1; "abc" L → 2; "123" EN preceded by strong L → L (W7) → 2;
        // the space between "abc" and "123" (L and L) → 2 (N1); the other spaces, between R and L → 1.
        // Visual: ם ל ו ע ␠ [a b c ␠ 1 2 3] ␠ ם ו ל ש, with two trailing spaces at the far left (L1).
        BidiCaretCase(
            name: "RTL: שלום abc 123 עולם + trailing spaces", string: "שלום abc 123 עולם  ",
            direction: .rightToLeft,
            visualOrder: [18, 17, 16, 15, 14, 13, 12, 5, 6, 7, 8, 9, 10, 11, 4, 3, 2, 1, 0], crossing: 2..<7),
        // Arabic with Latin, natural direction → RTL (first strong is AL). "Swift" → 2, spaces → 1.
        // "سلام" has lam-alef, one glyph for two graphemes (13 and 14), which share its advance.
        // Visual: م ا ل س ␠ S w i f t ␠ ا ب ح ر م.
        BidiCaretCase(
            name: "RTL: Arabic with Latin and a lam-alef ligature", string: "مرحبا Swift سلام",
            direction: .natural,
            visualOrder: [15, 14, 13, 12, 11, 6, 7, 8, 9, 10, 5, 4, 3, 2, 1, 0], crossing: 4..<8),
        // One direction only: clusters of several code units (a base with a combining mark, an emoji
        // with a skin-tone modifier — two surrogate pairs —, a flag — two regional indicators).
        BidiCaretCase(
            name: "LTR: emoji and combining marks", string: "e\u{301}a 👍🏽 x\u{308}y 🇫🇷 ok", direction: .natural,
            visualOrder: [0, 2, 3, 4, 8, 9, 11, 12, 13, 17, 18, 19]),
        // A placeholder (U+FFFC, class ON) between L and R → e = 0. Visual: a b ▭ ם ו ל ש.
        BidiCaretCase(
            name: "LTR: placeholder before Hebrew", string: "ab\u{FFFC}שלום", direction: .leftToRight,
            placeholder: 2, visualOrder: [0, 1, 2, 6, 5, 4, 3], crossing: 1..<5),
    ]

    // MARK: Building the lines

    static func font(for scalar: Unicode.Scalar, size: CGFloat) throws -> Font {
        switch scalar.value {
        case 0x0590...0x05FF: try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: size)
        case 0x0600...0x06FF: try Font(path: TestFonts.path("NotoSansArabic-Regular.ttf"), size: size)
        case 0x1F000...: try Font(path: TestFonts.path("NotoColorEmoji.ttf"), size: size)
        default: try Fonts.dejaVu(size)
        }
    }

    /// The case's text: DejaVu Sans, Hebrew and Arabic letters in Noto Sans Hebrew / Arabic, emoji
    /// in Noto Color Emoji, laid out as one line.
    static func line(_ c: BidiCaretCase) throws -> Line {
        let size: CGFloat = 20
        let style = ParagraphStyle(baseWritingDirection: c.direction)
        var b = AttributedTextBuilder(c.string, attributes: [.font(try Fonts.dejaVu(size)), .paragraphStyle(style)])
        var offset = 0
        for character in c.string {
            let n = character.utf16.count
            if let scalar = character.unicodeScalars.first, scalar.value >= 0x0590 {
                try b.setFont(try font(for: scalar, size: size), range: offset..<(offset + n))
            }
            offset += n
        }
        if let p = c.placeholder {
            let delegate = try RunDelegate(width: 30, ascent: 15, descent: 5, value: "box")
            try b.setAttributes(
                [.font(try Fonts.dejaVu(size)), .paragraphStyle(style), .runDelegate(delegate)],
                range: p..<(p + 1))
        }
        let frame = try Framesetter(b.build()).frame(in: CGRect(x: 0, y: 0, width: 2000, height: 1000))
        try #require(frame.lines.count == 1)
        return frame.lines[0]
    }

    /// Grapheme cluster boundaries from Swift's `String`, both ends included.
    static func boundaries(_ string: String) -> [Int] {
        var result = [0]
        for character in string { result.append(result.last! + character.utf16.count) }
        return result
    }

    /// The end of the string without its trailing spaces.
    static func visibleEnd(_ string: String) -> Int {
        var units = Array(string.utf16)
        while units.last == 0x20 { units.removeLast() }
        return units.count
    }

    static func near(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= eps }

    static func same(_ caret: CaretOffset, _ primary: CGFloat, _ secondary: CGFloat) -> Bool {
        near(caret.primary, primary) && near(caret.secondary, secondary)
    }

    static func same(_ a: CGRect, _ b: CGRect) -> Bool {
        near(a.minX, b.minX) && near(a.maxX, b.maxX) && near(a.minY, b.minY) && near(a.maxY, b.maxY)
    }

    static func carets(_ line: Line, _ index: Int) -> [CGFloat] {
        let c = line.offset(forStringIndex: index)
        return [c.primary, c.secondary]
    }

    // MARK: Properties every line must have

    /// The layout matches the visual order UAX #9 gives (checked through one-cluster selections),
    /// and the line holds the whole string.
    @Test(arguments: cases)
    func visualOrderFollowsUAX9(_ c: BidiCaretCase) throws {
        let line = try Self.line(c)
        let bounds = Self.boundaries(c.string)
        #expect(line.stringRange == 0..<c.string.utf16.count)
        var lefts: [(x: CGFloat, index: Int)] = []
        for (a, b) in zip(bounds, bounds.dropFirst()) {
            let rects = line.selectionRects(for: a..<b)
            try #require(rects.count == 1, "cluster \(a)..<\(b) is one piece")
            #expect(rects[0].width > 0)
            lefts.append((rects[0].minX, a))
        }
        #expect(lefts.sorted { $0.x < $1.x }.map(\.index) == c.visualOrder)
    }

    /// Every caret of every index (even past the ends and inside clusters) lies in [0, width], and
    /// an index inside a grapheme cluster has the carets of the cluster's start.
    @Test(arguments: cases)
    func caretsStayInsideTheLine(_ c: BidiCaretCase) throws {
        let line = try Self.line(c)
        let bounds = Self.boundaries(c.string)
        for index in -2...(c.string.utf16.count + 2) {
            for x in Self.carets(line, index) {
                #expect(x >= -Self.eps && x <= line.width + Self.eps, "index \(index): \(x)")
            }
            if index > 0, index < c.string.utf16.count, !bounds.contains(index) {
                let start = bounds.last { $0 < index }!
                #expect(line.offset(forStringIndex: index) == line.offset(forStringIndex: start))
            }
        }
        // Clamping: before the line is its start, after it its end.
        #expect(line.offset(forStringIndex: -5) == line.offset(forStringIndex: 0))
        #expect(line.offset(forStringIndex: 1000) == line.offset(forStringIndex: c.string.utf16.count))
    }

    /// Inside a run the caret is single and moves with the run's direction: rightwards in a
    /// left-to-right run, leftwards in a right-to-left one, from the edge where the run's first
    /// character starts. Where a glyph cluster starts, the caret is the advance sum of the glyphs
    /// of the clusters before it. At the run's ends, one of the two carets is the run's edge.
    @Test(arguments: cases)
    func caretsAreMonotonicWithinRuns(_ c: BidiCaretCase) throws {
        let line = try Self.line(c)
        let bounds = Self.boundaries(c.string)
        for run in line.glyphRuns {
            let r = run.stringRange
            let rtl = run.bidiLevel & 1 == 1
            let startEdge = rtl ? run.originX + run.width : run.originX
            let endEdge = rtl ? run.originX : run.originX + run.width
            #expect(Self.carets(line, r.lowerBound).contains { Self.near($0, startEdge) })
            #expect(Self.carets(line, r.upperBound).contains { Self.near($0, endEdge) })
            var previous = startEdge
            for k in bounds where k > r.lowerBound && k < r.upperBound {
                let caret = line.offset(forStringIndex: k)
                #expect(caret.primary == caret.secondary, "one caret inside a run, at \(k)")
                #expect(rtl ? caret.primary < previous : caret.primary > previous, "at \(k)")
                previous = caret.primary
                if run.stringIndices.contains(k) {
                    var before: CGFloat = 0
                    for (g, cluster) in run.stringIndices.enumerated() where cluster < k {
                        before += run.advances[g].width
                    }
                    #expect(Self.near(caret.primary, rtl ? run.originX + run.width - before : run.originX + before))
                }
            }
            #expect(rtl ? endEdge < previous : endEdge > previous)
        }
    }

    /// Hit testing inverts caret placement: at each primary caret it gives that index back (or
    /// another whose primary caret is at the same x); at a secondary caret, an index with a caret
    /// there. It never returns an index inside a grapheme cluster, and what it returns is the
    /// index with the nearest caret. A point just right of a caret, inside the cluster there, gets
    /// an index with a caret at that edge.
    @Test(arguments: cases)
    func hitTestingInvertsCarets(_ c: BidiCaretCase) throws {
        let line = try Self.line(c)
        let bounds = Self.boundaries(c.string)
        let caretsByIndex = bounds.map { Self.carets(line, $0) }
        for k in bounds {
            let caret = line.offset(forStringIndex: k)
            let j = line.stringIndex(for: CGPoint(x: caret.primary, y: 0))
            #expect(j == k || Self.near(line.offset(forStringIndex: j).primary, caret.primary), "index \(k) → \(j)")
            let s = line.stringIndex(for: CGPoint(x: caret.secondary, y: 7))
            #expect(Self.carets(line, s).contains { Self.near($0, caret.secondary) })
        }
        var x: CGFloat = -5
        while x <= line.width + 5 {
            let j = line.stringIndex(for: CGPoint(x: x, y: 0))
            #expect(bounds.contains(j), "x \(x) → \(j), not a cluster boundary")
            let clamped = min(max(x, 0), line.width)
            let nearest = caretsByIndex.flatMap { $0 }.map { abs($0 - clamped) }.min()!
            #expect(Self.carets(line, j).contains { abs(abs($0 - clamped) - nearest) <= Self.eps }, "x \(x)")
            x += 0.37
        }
        // Just right of each caret that has a cluster to its right.
        for caret in Set(caretsByIndex.flatMap { $0 }) where caret + 0.25 < line.width {
            let j = line.stringIndex(for: CGPoint(x: caret + 0.25, y: 0))
            #expect(Self.carets(line, j).contains { Self.near($0, caret) }, "right of \(caret) → \(j)")
        }
        #expect(line.stringIndex(for: CGPoint(x: CGFloat.nan, y: 0)) == line.stringIndex(for: .zero))
        #expect(line.stringIndex(for: CGPoint(x: -CGFloat.infinity, y: 0)) == line.stringIndex(for: .zero))
        #expect(
            line.stringIndex(for: CGPoint(x: CGFloat.infinity, y: 0))
                == line.stringIndex(for: CGPoint(x: line.width, y: 0)))
    }

    /// CTLineEnumerateCaretOffsets: two calls per grapheme cluster (its leading and its trailing
    /// edge), offsets never decreasing (left-to-right visual order), each leading edge one of the
    /// carets of the cluster's start and each trailing edge one of the carets of its end; a
    /// cluster of a left-to-right run has its leading edge on the left, one of a right-to-left run
    /// on the right; the clusters tile the line, so their widths add up to the line's width.
    @Test(arguments: cases)
    func enumerateCaretOffsetsVisitsEveryEdge(_ c: BidiCaretCase) throws {
        let line = try Self.line(c)
        let bounds = Self.boundaries(c.string)
        var calls: [(offset: CGFloat, index: Int, leading: Bool)] = []
        line.enumerateCaretOffsets { offset, index, leading, _ in calls.append((offset, index, leading)) }
        #expect(calls.count == 2 * (bounds.count - 1))
        for (a, b) in zip(calls, calls.dropFirst()) { #expect(a.offset <= b.offset + Self.eps) }
        var total: CGFloat = 0
        for (a, next) in zip(bounds, bounds.dropFirst()) {
            let edges = calls.filter { $0.index == a }
            try #require(edges.count == 2, "cluster \(a)")
            let leading = try #require(edges.first { $0.leading })
            let trailing = try #require(edges.first { !$0.leading })
            #expect(Self.carets(line, a).contains { Self.near($0, leading.offset) })
            #expect(Self.carets(line, next).contains { Self.near($0, trailing.offset) })
            let run = try #require(line.glyphRuns.first { $0.stringRange.contains(a) })
            if run.bidiLevel & 1 == 1 {
                #expect(leading.offset > trailing.offset)
            } else {
                #expect(leading.offset < trailing.offset)
            }
            total += abs(trailing.offset - leading.offset)
        }
        #expect(abs(total - line.width) <= 1e-6)
        var count = 0
        line.enumerateCaretOffsets { _, _, _, stop in
            count += 1
            stop = count == 3
        }
        #expect(count == 3)
    }

    /// The whole line is one rect, [0, width] × [−descent, ascent]. Without its trailing
    /// whitespace — which UAX #9 rule L1 puts at the paragraph level, so at the line's end side:
    /// the right in a left-to-right paragraph, the left in a right-to-left one — the rest is
    /// still one piece: [0, width − trailing] or [trailing, width].
    @Test(arguments: cases)
    func selectionOfTheWholeLine(_ c: BidiCaretCase) throws {
        let line = try Self.line(c)
        let n = c.string.utf16.count
        let whole = line.selectionRects(for: 0..<n)
        try #require(whole.count == 1)
        #expect(
            Self.same(whole[0], CGRect(x: 0, y: -line.descent, width: line.width, height: line.ascent + line.descent)))
        let visible = line.selectionRects(for: 0..<Self.visibleEnd(c.string))
        let tw = line.trailingWhitespaceWidth
        #expect((tw > 0) == (Self.visibleEnd(c.string) < n))
        try #require(visible.count == 1)
        if line.isRightToLeft {
            #expect(Self.near(visible[0].minX, tw) && Self.near(visible[0].maxX, line.width))
        } else {
            #expect(Self.near(visible[0].minX, 0) && Self.near(visible[0].maxX, line.width - tw))
        }
        #expect(line.selectionRects(for: n..<(n + 3)).isEmpty)
        #expect(line.selectionRects(for: 2..<2).isEmpty)
    }

    /// A range that crosses a direction boundary is highlighted in two or more disjoint pieces,
    /// left to right, whose widths add up to the advances of the range's glyphs.
    @Test(arguments: cases.filter { $0.crossing != nil })
    func selectionAcrossADirectionBoundary(_ c: BidiCaretCase) throws {
        let line = try Self.line(c)
        let range = try #require(c.crossing)
        let rects = line.selectionRects(for: range)
        #expect(rects.count >= 2)
        for (a, b) in zip(rects, rects.dropFirst()) { #expect(a.maxX < b.minX - Self.eps) }
        var advances: CGFloat = 0
        for run in line.glyphRuns {
            for (g, cluster) in run.stringIndices.enumerated() where range.contains(cluster) {
                advances += run.advances[g].width
            }
        }
        #expect(abs(rects.reduce(0) { $0 + $1.width } - advances) <= 1e-6)
        for rect in rects { #expect(rect.minY == -line.descent && rect.height == line.ascent + line.descent) }
    }

    // MARK: Carets at direction boundaries, worked out by hand

    /// The left and right edges of the runs covering `range`.
    static func extent(_ line: Line, _ range: Range<Int>) -> (left: CGFloat, right: CGFloat) {
        let runs = line.glyphRuns.filter { range.overlaps($0.stringRange) }
        return (runs.map(\.originX).min()!, runs.map { $0.originX + $0.width }.max()!)
    }

    /// "abc שלום def" (LTR). Index 4: after the space (level 0) the primary caret is its trailing
    /// edge, x = width("abc ") from DejaVu's hmtx; a Hebrew letter typed there would start the
    /// Hebrew word, at its right end: the secondary. Index 8: after "ם" (level 1) a Latin letter
    /// lands past the Hebrew block, at the leading edge of " def" — the block's right end; a
    /// Hebrew one after "ם", at the block's left end. Index 0 starts the line: one caret at 0.
    @Test func leftToRightParagraphWithHebrew() throws {
        let line = try Self.line(Self.cases[0])
        let latin = try Fonts.dejaVu(20)
        let hebrew = Self.extent(line, 4..<8)
        #expect(Self.near(hebrew.left, latin.hmtxWidth("abc ")))
        #expect(Self.same(line.offset(forStringIndex: 4), hebrew.left, hebrew.right))
        #expect(Self.same(line.offset(forStringIndex: 8), hebrew.right, hebrew.left))
        #expect(Self.same(line.offset(forStringIndex: 0), 0, 0))
        #expect(Self.near(line.offset(forStringIndex: 14).primary, line.width))
        // Hit testing at the Hebrew block's left edge prefers index 4, whose primary caret is there.
        #expect(line.stringIndex(for: CGPoint(x: hebrew.left, y: 0)) == 4)
        #expect(line.stringIndex(for: CGPoint(x: hebrew.right, y: 0)) == 8)
    }

    /// "שלום abc" in an explicit LTR paragraph: at index 0 a Latin letter would go to the line's
    /// left end (primary 0), a Hebrew one to the right of "ש" (secondary = the Hebrew run's right
    /// edge). At index 4 ("ם" before, level 1) the primary is the leading edge of the space.
    @Test func leftToRightParagraphStartingWithHebrew() throws {
        let line = try Self.line(Self.cases[1])
        let hebrew = Self.extent(line, 0..<4)
        #expect(Self.near(hebrew.left, 0))
        #expect(Self.same(line.offset(forStringIndex: 0), 0, hebrew.right))
        #expect(Self.same(line.offset(forStringIndex: 4), hebrew.right, 0))
        #expect(Self.same(line.offset(forStringIndex: 8), line.width, line.width))
    }

    /// "abc שלום 123 def": "123" is at level 2, so after "3" a Latin letter would land past the
    /// whole embedded block "123 םולש" (UAX #9: it takes level 0 and ends the sequence), at the
    /// leading edge of " def": primary = the block's right end; secondary = the trailing edge of
    /// "3", the right end of "123". At index 9 ("␠" at level 1 before, "1" at level 2 after) the
    /// primary is the leading edge of "1" (the left end of "123"), the secondary the trailing edge
    /// of the level-1 space, the right end of "123".
    @Test func numbersAfterHebrewInALeftToRightParagraph() throws {
        let line = try Self.line(Self.cases[2])
        let digits = Self.extent(line, 9..<12)
        let block = Self.extent(line, 4..<12)
        #expect(Self.same(line.offset(forStringIndex: 12), block.right, digits.right))
        #expect(Self.same(line.offset(forStringIndex: 9), digits.left, digits.right))
        #expect(Self.same(line.offset(forStringIndex: 4), block.left, block.right))
    }

    /// "שלום abc 123 עולם  " in an RTL paragraph: the level-2 block "abc 123" (5..<12). At index 5
    /// (after the level-1 space) a Hebrew letter follows the space directly, at the block's right
    /// end (primary); a Latin one starts the block, at its left end (secondary). At index 12
    /// (after "3", level 2) a Hebrew letter lands past the block, at its left end (primary).
    /// Index 0 is one caret at the right end; the end (after the trailing spaces, level 1) one at 0.
    @Test func rightToLeftParagraphWithLatinAndNumbers() throws {
        let line = try Self.line(Self.cases[3])
        #expect(line.isRightToLeft)
        let block = Self.extent(line, 5..<12)
        #expect(Self.same(line.offset(forStringIndex: 5), block.right, block.left))
        #expect(Self.same(line.offset(forStringIndex: 12), block.left, block.right))
        #expect(Self.same(line.offset(forStringIndex: 0), line.width, line.width))
        #expect(Self.same(line.offset(forStringIndex: 19), 0, 0))
        #expect(Self.near(line.offset(forStringIndex: 17).primary, line.trailingWhitespaceWidth))
    }

    /// "سلام": lam-alef is one glyph whose cluster starts at the lam (13) and also holds the alef
    /// (14), two grapheme clusters; the caret between them is at the middle of the glyph.
    @Test func ligatureCaretsAreInterpolated() throws {
        let line = try Self.line(Self.cases[4])
        let run = try #require(line.glyphRuns.first { $0.stringRange.contains(13) })
        #expect(run.stringIndices.contains(13) && !run.stringIndices.contains(14), "lam-alef is one cluster")
        // The cluster's glyphs are contiguous; its left edge is the run's origin plus the advances
        // of the glyphs to its left.
        let glyphs = run.stringIndices.indices.filter { run.stringIndices[$0] == 13 }
        let glyphLeft = run.originX + run.advances[..<glyphs[0]].reduce(0) { $0 + $1.width }
        let w = glyphs.reduce(CGFloat(0)) { $0 + run.advances[$1].width }
        // Right to left: lam (13) is the right half, alef (14) the left half.
        #expect(Self.near(line.offset(forStringIndex: 13).primary, glyphLeft + w))
        #expect(Self.near(line.offset(forStringIndex: 14).primary, glyphLeft + w / 2))
        #expect(Self.near(line.offset(forStringIndex: 15).primary, glyphLeft))
        #expect(line.stringIndex(for: CGPoint(x: glyphLeft + w * 0.45, y: 0)) == 14)
    }

    /// Clusters of several code units: no index inside them is ever returned, and a point in the
    /// right half of the thumbs-up (two surrogate pairs, 4..<8) goes to its end.
    @Test func multiUnitClusters() throws {
        let line = try Self.line(Self.cases[5])
        let thumb = line.selectionRects(for: 4..<8)
        try #require(thumb.count == 1)
        #expect(line.stringIndex(for: CGPoint(x: thumb[0].minX + thumb[0].width * 0.6, y: 0)) == 8)
        #expect(line.stringIndex(for: CGPoint(x: thumb[0].minX + thumb[0].width * 0.4, y: 0)) == 4)
        for k in [1, 5, 6, 7, 10, 14, 15, 16] {
            #expect(
                line.offset(forStringIndex: k)
                    == line.offset(forStringIndex: [1: 0, 10: 9, 14: 13, 15: 13, 16: 13][k] ?? 4))
        }
        #expect(line.selectionRects(for: 5..<6) == thumb)
    }

    /// A placeholder between Latin and Hebrew (level 0): index 3 after it has the placeholder's
    /// right edge (x = width("ab") + 30) as primary and the Hebrew run's right end as secondary.
    @Test func placeholderAtADirectionBoundary() throws {
        let line = try Self.line(Self.cases[6])
        let latin = try Fonts.dejaVu(20)
        let ab = latin.hmtxWidth("ab")
        #expect(Self.same(line.offset(forStringIndex: 2), ab, ab))
        #expect(Self.same(line.offset(forStringIndex: 3), ab + 30, line.width))
        #expect(line.stringIndex(for: CGPoint(x: ab + 20, y: 0)) == 3)
        let box = line.selectionRects(for: 2..<3)
        try #require(box.count == 1)
        #expect(Self.same(box[0], CGRect(x: ab, y: -line.descent, width: 30, height: line.ascent + line.descent)))
    }

    /// A line without glyphs (the empty paragraph between two newlines) answers without crashing:
    /// caret 0 (CoreText's value on failure), its range's start for any point, no edges, no rects.
    /// A paragraph separator has no glyph, so the caret after "ab\n"'s last index is the end of "ab".
    @Test func emptyLineAndParagraphSeparator() throws {
        let frame = try Framesetter(text("ab\n\ncd", [.font(try Fonts.dejaVu(20))])).frame(in: tall)
        try #require(frame.lines.count == 3)
        let empty = frame.lines[1]
        #expect(empty.glyphRuns.isEmpty)
        #expect(empty.offset(forStringIndex: 3) == CaretOffset(primary: 0, secondary: 0))
        #expect(empty.stringIndex(for: CGPoint(x: 50, y: 0)) == empty.stringRange.lowerBound)
        #expect(empty.selectionRects(for: 0..<6).isEmpty)
        var calls = 0
        empty.enumerateCaretOffsets { _, _, _, _ in calls += 1 }
        #expect(calls == 0)
        let first = frame.lines[0]
        #expect(first.stringRange == 0..<3)
        #expect(Self.near(first.offset(forStringIndex: 3).primary, first.width))
        #expect(first.stringIndex(for: CGPoint(x: 1000, y: 0)) == 2)
    }
}
