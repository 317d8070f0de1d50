// Carets, hit testing and selection in vertical lines (issue 14 part 4): a vertical line's caret
// offsets are distances down the line from its origin (the top of the centre line), hit testing
// reads a point's −y, and selection rects span the column's width (ascent right of, descent left
// of the centre line) over the selected extent down the line.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Vertical carets and selection")
struct VerticalCaretTests {
    static let size: CGFloat = 20
    /// Four ideographs; `hb-shape --direction=ttb` on DroidSansFallbackFull gives each
    /// ay = −256 (its units per em): one em down the line each.
    static let ideographs = "縦書漢字"

    static func verticalText(_ string: String, latin: Range<Int>? = nil) throws -> AttributedText {
        let droid = try Font(path: Fonts.path("DroidSansFallbackFull.ttf"), size: size)
        var builder = AttributedTextBuilder(string, attributes: [.font(droid), .verticalForms(true)])
        if let latin { try builder.setFont(try Fonts.dejaVu(size), range: latin) }
        return builder.build()
    }

    static func ideographLine() throws -> Line {
        let line = try Typesetter(try verticalText(ideographs)).line(for: 0..<4)
        #expect(line.isVertical)
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
        #expect(line.glyphRuns.contains { $0.isRotated })
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
}
