// Frames: where lines go (CoreText's y-up origins, first baseline one ascent below the top,
// line pitch ascent + descent + leading), alignment, what fits, and suggested sizes.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Frames")
struct FrameTests {
    /// The first baseline sits one ascent below the top edge; line origins are relative to the
    /// rect's origin, y up; each next baseline is lower by descent + leading + ascent.
    @Test func originsFollowCoreTextsConvention() throws {
        let font = try Fonts.dejaVu(36)
        let string = "one two three four five six seven eight nine ten"
        let rect = CGRect(x: 20, y: 50, width: 200, height: 500)
        let frame = try Framesetter(text(string, [.font(font)])).frame(in: rect)
        try #require(frame.lines.count >= 3)
        #expect(frame.lineOrigins[0] == CGPoint(x: 0, y: 500 - font.ascent))
        for i in 1..<frame.lines.count {
            let pitch = frame.lineOrigins[i - 1].y - frame.lineOrigins[i].y
            #expect(abs(pitch - (font.descent + font.leading + font.ascent)) < 1e-9)
        }
        for line in frame.lines {
            #expect(line.ascent == font.ascent && line.descent == font.descent && line.leading == font.leading)
        }
    }

    /// With mixed sizes, a line's ascent and descent are the maxima over its runs.
    @Test func mixedSizesTakeTheMaxima() throws {
        let big = try Fonts.dejaVu(36)
        let small = try Fonts.dejaVu(18)
        var b = AttributedTextBuilder("small BIG small", attributes: [.font(small)])
        try b.setFont(big, range: 6..<9)
        let frame = try Framesetter(b.build()).frame(in: tall)
        try #require(frame.lines.count == 1)
        #expect(frame.lines[0].ascent == big.ascent)
        #expect(frame.lines[0].descent == big.descent)
        #expect(frame.lines[0].glyphRuns.count == 3)
    }

    /// A line is added only if it fits whole: a height below the first line's ascent + descent
    /// gives no lines and an empty visible range (CoreText pitfall: TTTAttributedLabel#155).
    @Test func onlyWholeLinesFit() throws {
        let font = try Fonts.dejaVu(20)
        let t = text("first line\nsecond line", [.font(font)])
        let lineHeight = font.ascent + font.descent
        let none = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 300, height: lineHeight - 0.01))
        #expect(none.lines.isEmpty && none.visibleStringRange == 0..<0)
        let one = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 300, height: lineHeight))
        #expect(one.lines.count == 1 && one.visibleStringRange == 0..<11)
        #expect(one.stringRange == 0..<22)
        let two = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 300, height: 2 * lineHeight + font.leading))
        #expect(two.lines.count == 2 && two.visibleStringRange == 0..<22)
    }

    /// A frame of the suggested size holds exactly the suggested fit range, with the same lines
    /// (CoreText pitfalls 1 and 2: the last line must not disappear at the measured size).
    @Test(arguments: [40.0, 90.0, 150.0, 333.3, 1000.0])
    func suggestedSizeHoldsTheFitRange(width: CGFloat) throws {
        let font = try Fonts.dejaVu(17)
        let strings = [
            "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.",
            "Short.\nTwo paragraphs, the second longer than the first one is.",
            "  leading spaces and trailing spaces   ",
            "清晨的小镇还笼罩在薄雾之中，街角的面包店已经亮起了灯。",
        ]
        for string in strings {
            let framesetter = try Framesetter(text(string, [.font(font)]))
            let (size, fit) = try framesetter.suggestFrameSize(
                constraints: CGSize(width: width, height: .greatestFiniteMagnitude))
            #expect(fit == 0..<(string.utf16.count))
            #expect(size.width <= width)
            let frame = try framesetter.frame(in: CGRect(origin: .zero, size: size))
            #expect(frame.visibleStringRange == fit)
            let wide = try framesetter.frame(in: CGRect(x: 0, y: 0, width: width, height: 10_000))
            #expect(frame.lines.map(\.stringRange) == wide.lines.map(\.stringRange))
            // One point less height loses the last line.
            let shorter = try framesetter.frame(in: CGRect(x: 0, y: 0, width: size.width, height: size.height - 1))
            #expect(shorter.lines.count == frame.lines.count - 1)
            // Constrained height: the fit range is what a frame of that height holds.
            let (_, partial) = try framesetter.suggestFrameSize(
                constraints: CGSize(width: width, height: size.height / 2))
            let half = try framesetter.frame(in: CGRect(x: 0, y: 0, width: width, height: size.height / 2))
            #expect(partial == half.visibleStringRange)
        }
    }

    /// Alignment puts the visible part of each line (trailing whitespace excluded) flush left,
    /// right or centred; natural is left for a left-to-right paragraph and right for a
    /// right-to-left one (CoreText: natural follows the paragraph's direction).
    @Test func alignment() throws {
        let font = try Fonts.dejaVu(20)
        let width: CGFloat = 300
        func origin(_ alignment: TextAlignment, _ string: String, _ f: Font) throws -> (CGFloat, Line) {
            let t = text(string, [.font(f), .paragraphStyle(ParagraphStyle(alignment: alignment))])
            let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: width, height: 200))
            return (frame.lineOrigins[0].x, frame.lines[0])
        }
        let (left, _) = try origin(.left, "Hello ", font)
        #expect(left == 0)
        let (right, line) = try origin(.right, "Hello ", font)
        #expect(abs(right - (width - (line.width - line.trailingWhitespaceWidth))) < 1e-9)
        #expect(line.trailingWhitespaceWidth > 0)
        let (center, cline) = try origin(.center, "Hello", font)
        #expect(abs(center - (width - cline.width) / 2) < 1e-9)
        let (natural, _) = try origin(.natural, "Hello", font)
        #expect(natural == 0)
        let arabic = try Font(path: TestFonts.path("NotoSansArabic-Regular.ttf"), size: 20)
        let (rtl, rline) = try origin(.natural, "مرحبا بالعالم", arabic)
        #expect(rline.isRightToLeft)
        #expect(abs(rtl - (width - rline.width)) < 1e-9)
    }

    @Test func badInputIsAnError() throws {
        let framesetter = try Framesetter(text("abc", [.font(try Fonts.dejaVu(12))]))
        #expect(throws: LayoutError.rangeOutOfBounds(range: 0..<4, length: 3)) {
            try framesetter.frame(in: tall, range: 0..<4)
        }
        #expect(throws: LayoutError.self) {
            try framesetter.frame(in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10))
        }
        #expect(throws: LayoutError.self) {
            try framesetter.frame(in: CGRect(x: 0, y: 0, width: 10, height: CGFloat.infinity))
        }
        #expect(throws: LayoutError.self) {
            try framesetter.suggestFrameSize(constraints: CGSize(width: -1, height: 10))
        }
    }

    /// Frames are values: laying out from many tasks at once gives what one task gives.
    @Test func concurrentLayoutsAgree() async throws {
        let font = try Fonts.dejaVu(14)
        let t = text(String(repeating: "Concurrency is ordinary for a text service. ", count: 20), [.font(font)])
        let framesetter = try Framesetter(t)
        let expected = try framesetter.frame(in: tall).lines.map(\.stringRange)
        try await withThrowingTaskGroup(of: [Range<Int>].self) { group in
            for _ in 0..<8 {
                group.addTask { try Framesetter(t).frame(in: tall).lines.map(\.stringRange) }
                group.addTask { try framesetter.frame(in: tall).lines.map(\.stringRange) }
            }
            for try await ranges in group { #expect(ranges == expected) }
        }
    }
}

@Suite("Justification")
struct JustificationTests {
    /// Justified paragraphs: every line but the last fills the width exactly (visible part), the
    /// extra going to the spaces: each space of a justified line is wider than the font's space by
    /// the same amount, (width − natural visible width) / number of inner spaces.
    @Test func justifiedLinesFillTheWidth() throws {
        let font = try Fonts.dejaVu(16)
        let style = ParagraphStyle(alignment: .justified)
        let string =
            "Justified text stretches the spaces between words so that both edges of every line but the last are straight."
        let width: CGFloat = 240
        let t = text(string, [.font(font), .paragraphStyle(style)])
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: width, height: 1000))
        let natural = try Framesetter(text(string, [.font(font)])).frame(
            in: CGRect(x: 0, y: 0, width: width, height: 1000))
        try #require(frame.lines.count > 2)
        #expect(
            frame.lines.map(\.stringRange) == natural.lines.map(\.stringRange), "justification does not change breaks")
        let units = Array(string.utf16)
        for (i, (line, plain)) in zip(frame.lines, natural.lines).enumerated() {
            let visible = line.width - line.trailingWhitespaceWidth
            if i == frame.lines.count - 1 {
                #expect(
                    abs(visible - (plain.width - plain.trailingWhitespaceWidth)) < 1e-9,
                    "the last line is not stretched")
                continue
            }
            #expect(abs(visible - width) < 1e-6)
            #expect(frame.lineOrigins[i].x == 0)
            // Inner spaces of the line (not the trailing one).
            let trimmed = line.stringRange.upperBound - 1
            let spaces = (line.stringRange.lowerBound..<trimmed).filter { units[$0] == 0x20 }.count
            let expectedShare = (width - (plain.width - plain.trailingWhitespaceWidth)) / CGFloat(spaces)
            let spaceAdvance = font.hmtxWidth(" ")
            for run in line.glyphRuns {
                for (g, index) in run.stringIndices.enumerated() where index < trimmed && units[index] == 0x20 {
                    #expect(abs(run.advances[g].width - (spaceAdvance + expectedShare)) < 1e-6)
                }
            }
        }
    }

    /// A line without spaces (Chinese) spreads the extra over the gaps between its clusters.
    @Test func justifiedChineseUsesClusterGaps() throws {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: 20)
        let string = "清晨的小镇还笼罩在薄雾之中，街角的面包店已经亮起了灯。老师傅把刚出炉的面包一排排摆上木架。"
        let width: CGFloat = 210  // 10 ideographs of 20 pt plus 10 pt to spread
        let t = text(string, [.font(font), .paragraphStyle(ParagraphStyle(alignment: .justified))])
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: width, height: 1000))
        for line in frame.lines.dropLast() {
            #expect(abs(line.width - line.trailingWhitespaceWidth - width) < 1e-6)
        }
    }
}

@Suite("Frame queries")
struct FrameQueryTests {
    /// Line at a point: a point on a line's baseline finds that line; points above the frame find
    /// the first line, below it the last; hit testing through the frame lands in the right line.
    @Test func lineAtPointAndStringIndex() throws {
        let font = try Fonts.dejaVu(20)
        let rect = CGRect(x: 30, y: 40, width: 120, height: 1000)
        let frame = try Framesetter(text("alpha beta gamma delta epsilon zeta eta theta", [.font(font)])).frame(
            in: rect)
        try #require(frame.lines.count >= 3)
        for (i, origin) in frame.lineOrigins.enumerated() {
            let onBaseline = CGPoint(x: rect.minX + origin.x + 1, y: rect.minY + origin.y)
            #expect(frame.lineIndex(at: onBaseline) == i)
            // Just inside the top of the line's band.
            #expect(frame.lineIndex(at: CGPoint(x: onBaseline.x, y: onBaseline.y + frame.lines[i].ascent - 0.5)) == i)
            // The left edge of each line is its first index.
            #expect(
                frame.stringIndex(for: CGPoint(x: rect.minX - 5, y: onBaseline.y))
                    == frame.lines[i].stringRange.lowerBound)
        }
        #expect(frame.lineIndex(at: CGPoint(x: 0, y: rect.maxY + 100)) == 0)
        #expect(frame.lineIndex(at: CGPoint(x: 0, y: -100)) == frame.lines.count - 1)
        #expect(frame.lineIndex(forStringIndex: 0) == 0)
        let empty = try Framesetter(text("", [.font(font)])).frame(in: rect)
        #expect(empty.lineIndex(at: .zero) == nil && empty.stringIndex(for: .zero) == nil)
    }
}
