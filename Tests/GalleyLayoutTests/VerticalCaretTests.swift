// Carets, hit testing and selection in vertical lines: a vertical line's caret
// offsets are distances down the line from its origin (the top of the centre line), hit testing
// reads a point's −y, and selection rects span the column's width (ascent right of, descent left
// of the centre line) over the selected extent down the line.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Vertical carets and selection")
struct VerticalCaretTests {
    static let size: CGFloat = 20
    /// Four ideographs; `hb-shape --direction=ttb` on DroidSansFallbackFull gives each
    /// ay = −256 (its units per em): one em down the line each.
    static let ideographs = "縦書漢字"

    static func verticalText(_ string: String, latin: Range<Int>? = nil) throws -> AttributedText {
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
        var builder = AttributedTextBuilder(string, attributes: [.font(droid), .verticalForms(true)])
        if let latin { try builder.setFont(try Fonts.dejaVu(size), range: latin) }
        return builder.build()
    }

    static func ideographLine() throws -> Line {
        let line = try Typesetter(try verticalText(ideographs)).line(for: 0..<4)
        #expect(line.lineAxis == .vertical)
        return line
    }

    /// Caret k sits k em down the line (primary and secondary: one direction, one caret).
    @Test(arguments: 0...4)
    func caretIsKEmDownTheLine(_ k: Int) throws {
        let caret = try Self.ideographLine().offset(forStringIndex: k)
        #expect(abs(caret.primary - CGFloat(k) * Self.size) < 1e-9)
        #expect(abs(caret.secondary - CGFloat(k) * Self.size) < 1e-9)
    }

    /// A point 0.4 em below caret k (y = −(k + 0.4) em) is nearest to caret k, one 0.6 em below it
    /// nearest to caret k + 1; the point's x (across the column) does not matter.
    @Test(arguments: 0...3)
    func hitTestingReadsDistanceDownTheLine(_ k: Int) throws {
        let line = try Self.ideographLine()
        let em = Self.size
        for x: CGFloat in [0, 7, -7] {
            #expect(line.stringIndex(for: CGPoint(x: x, y: -(CGFloat(k) + 0.4) * em)) == k)
            #expect(line.stringIndex(for: CGPoint(x: x, y: -(CGFloat(k) + 0.6) * em)) == k + 1)
        }
    }

    /// Points above the line's top or below its end act like its ends.
    @Test func hitTestingClampsToTheLineEnds() throws {
        let line = try Self.ideographLine()
        #expect(line.stringIndex(for: CGPoint(x: 0, y: 30)) == 0)
        #expect(line.stringIndex(for: CGPoint(x: 0, y: -500)) == 4)
    }

    /// Enumerated caret edges go down the line: each ideograph's leading edge then its trailing
    /// edge, k em and k + 1 em.
    @Test func enumeratedCaretsGoDownTheLine() throws {
        var edges: [(CGFloat, Int, Bool)] = []
        try Self.ideographLine().enumerateCaretOffsets { offset, index, leading, _ in
            edges.append((offset, index, leading))
        }
        #expect(edges.count == 8)
        for (i, edge) in edges.enumerated() {
            let k = i / 2
            let leading = i % 2 == 0
            #expect(edge.1 == k && edge.2 == leading)
            #expect(abs(edge.0 - CGFloat(leading ? k : k + 1) * Self.size) < 1e-9)
        }
    }

    /// In "縦Swift" the Latin word is rotated: after the ideograph (one em), each letter's caret
    /// moves down by its horizontal advance, `hb-shape --font-file=DejaVuSans.ttf --text=Swift`:
    /// 1300, 1675, 569, 685, 803 units of 2048.
    @Test func rotatedLettersAdvanceByTheirHorizontalAdvances() throws {
        let line = try Typesetter(try Self.verticalText("縦Swift", latin: 1..<6)).line(for: 0..<6)
        #expect(line.glyphRuns.contains { $0.orientation == .sideways })
        let advances: [CGFloat] = [1300, 1675, 569, 685, 803]
        var expected = Self.size
        for j in 0...5 {
            #expect(abs(line.offset(forStringIndex: 1 + j).primary - expected) < 1e-9)
            if j < 5 {
                // Just past the middle of letter j, the nearer caret is after it.
                let middle = expected + advances[j] * Self.size / 2048 * 0.6
                #expect(line.stringIndex(for: CGPoint(x: 0, y: -middle)) == 2 + j)
                expected += advances[j] * Self.size / 2048
            }
        }
    }

    /// Selecting ideographs 1 and 2 highlights the column's width (x from −descent = −½ em to
    /// ascent = ½ em: the em box centred on the centre line) from 1 em to 3 em down the line.
    @Test func selectionSpansTheColumnDownTheLine() throws {
        let line = try Self.ideographLine()
        let em = Self.size
        #expect(line.selectionRects(for: 1..<3) == [CGRect(x: -em / 2, y: -3 * em, width: em, height: 2 * em)])
        #expect(line.selectionRects(for: 0..<4) == [CGRect(x: -em / 2, y: -4 * em, width: em, height: 4 * em)])
        #expect(line.selectionRects(for: 9..<12).isEmpty)
    }

    /// A selection over an upright ideograph and a rotated word is one piece (contiguous down the
    /// line) spanning the line's column: −descent to ascent, the line's maxima over both runs.
    @Test func selectionOverMixedRunsIsOnePiece() throws {
        let line = try Typesetter(try Self.verticalText("縦Swift", latin: 1..<6)).line(for: 0..<6)
        let rects = line.selectionRects(for: 0..<6)
        #expect(
            rects == [CGRect(x: -line.descent, y: -line.width, width: line.ascent + line.descent, height: line.width)])
        // Letters 1..<3 ("wi"): from the caret at 2 down to the caret at 4.
        let top = line.offset(forStringIndex: 2).primary
        let bottom = line.offset(forStringIndex: 4).primary
        #expect(top > Self.size && bottom > top)
        #expect(
            line.selectionRects(for: 2..<4) == [
                CGRect(x: -line.descent, y: -bottom, width: line.ascent + line.descent, height: bottom - top)
            ])
    }

    /// In a right-to-left frame of columns (5 ideographs each, 100 pt tall, at (10, 20)) a
    /// selection of 3..<7 covers the last two ideographs of the first column (2 em to 5 em down
    /// it, top of the frame at y = 120) and the first two of the second, one column pitch to the
    /// left; each rect one em wide, centred on its column's centre line.
    @Test func frameSelectionFollowsTheColumns() throws {
        let setter = Framesetter(typesetter: try Typesetter(try Self.verticalText(String(repeating: "縦", count: 12))))
        let rect = CGRect(x: 10, y: 20, width: 200, height: 100)
        let frame = try setter.frame(in: rect, options: FrameOptions(truncation: nil, progression: .rightToLeft))
        try #require(frame.lines.count == 3 && frame.lines[0].stringRange == 0..<5)
        let em = Self.size
        let pitch = frame.lines[0].descent + frame.lines[0].leading + frame.lines[1].ascent
        let firstCentre = rect.maxX - em / 2
        let rects = frame.selectionRects(for: 3..<7)
        let expected = [
            CGRect(x: firstCentre - em / 2, y: rect.maxY - 5 * em, width: em, height: 2 * em),
            CGRect(x: firstCentre - pitch - em / 2, y: rect.maxY - 2 * em, width: em, height: 2 * em),
        ]
        #expect(rects.count == 2)
        for (r, e) in zip(rects, expected) {
            #expect(abs(r.minX - e.minX) < 1e-9 && abs(r.minY - e.minY) < 1e-9)
            #expect(abs(r.width - e.width) < 1e-9 && abs(r.height - e.height) < 1e-9)
        }
    }

    /// Hit testing a right-to-left frame of columns (5 ideographs each, 100 pt tall, at (10, 20)):
    /// a point in the second column's band (one column pitch left of the first centre line),
    /// 1.4 em down from the top, is nearest to caret 1 of that column, index 6; 1.6 em down, 7.
    /// A point right of the frame goes to the first column, left of every column to the last.
    @Test func frameHitTestingPicksTheColumnByX() throws {
        let setter = Framesetter(typesetter: try Typesetter(try Self.verticalText(String(repeating: "縦", count: 12))))
        let rect = CGRect(x: 10, y: 20, width: 200, height: 100)
        let frame = try setter.frame(in: rect, options: FrameOptions(truncation: nil, progression: .rightToLeft))
        try #require(frame.lines.count == 3 && frame.lines[1].stringRange == 5..<10)
        let em = Self.size
        let pitch = frame.lines[0].descent + frame.lines[0].leading + frame.lines[1].ascent
        let secondCentre = rect.maxX - em / 2 - pitch
        #expect(frame.lineIndex(at: CGPoint(x: secondCentre + 3, y: rect.maxY - 1.4 * em)) == 1)
        #expect(frame.stringIndex(for: CGPoint(x: secondCentre + 3, y: rect.maxY - 1.4 * em)) == 6)
        #expect(frame.stringIndex(for: CGPoint(x: secondCentre - 3, y: rect.maxY - 1.6 * em)) == 7)
        #expect(frame.lineIndex(at: CGPoint(x: rect.maxX + 50, y: rect.maxY - 10)) == 0)
        #expect(frame.lineIndex(at: CGPoint(x: rect.minX - 50, y: rect.maxY - 10)) == 2)
    }

    /// Left-to-right columns mirror it: the second column's centre line is one pitch right of the
    /// first, whose centre is half an em in from the left edge.
    @Test func frameHitTestingInLeftToRightColumns() throws {
        let setter = Framesetter(typesetter: try Typesetter(try Self.verticalText(String(repeating: "縦", count: 12))))
        let rect = CGRect(x: 10, y: 20, width: 200, height: 100)
        let frame = try setter.frame(in: rect, options: FrameOptions(truncation: nil, progression: .leftToRight))
        try #require(frame.lines.count == 3 && frame.lines[1].stringRange == 5..<10)
        let em = Self.size
        let pitch = frame.lines[0].descent + frame.lines[0].leading + frame.lines[1].ascent
        let secondCentre = rect.minX + em / 2 + pitch
        #expect(frame.stringIndex(for: CGPoint(x: secondCentre, y: rect.maxY - 3.4 * em)) == 8)
        #expect(frame.stringIndex(for: CGPoint(x: rect.minX + em / 2, y: rect.maxY - 0.6 * em)) == 1)
        let rects = frame.selectionRects(for: 5..<6)
        #expect(rects.count == 1)
        #expect(abs(rects[0].midX - secondCentre) < 1e-9 && abs(rects[0].maxY - rect.maxY) < 1e-9)
    }
}
