// Ruby in vertical lines: each alignment and position checked by its
// definition (RubyLayout.swift) with the axes turned: along the line is down the column (start
// = top, end = bottom, y falling), before is to the right of the column and grows the line's
// ascent (its right half), after is to the left and grows its descent. The annotation is a
// vertical line itself: upright kana, one ruby em wide.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Ruby in vertical lines")
struct VerticalRubyTests {
    static let size: CGFloat = 40
    static let eps: CGFloat = 0.001

    /// `string` at 40 pt with vertical forms and `ruby` on `range`, as one vertical line.
    static func ruby(_ string: String, _ range: Range<Int>, _ ruby: RubyAnnotation) throws -> (Line, RubyPlacement) {
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
        var builder = AttributedTextBuilder(string, attributes: [.font(droid), .verticalForms(true)])
        try builder.setAttribute(.rubyAnnotation(ruby), range: range)
        let text = builder.build()
        let line = try Typesetter(text).line(for: 0..<text.length)
        try #require(line.rubies.count == 1)
        return (line, line.rubies[0])
    }

    /// The annotation's length down the line: the sum of its glyphs' advances (negative y).
    static func length(_ r: RubyPlacement) -> CGFloat { r.glyphRuns.reduce(0) { $0 + $1.width } }

    /// The base box: its column (em halves either side of the centre line) and its stretch
    /// down the line (the second and third ems).
    @Test func baseRectIsTheColumnStretch() throws {
        let (_, r) = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かん", alignment: .center))
        #expect(r.lineAxis == .vertical)
        #expect(abs(r.baseRect.minX + Self.size / 2) < Self.eps && abs(r.baseRect.maxX - Self.size / 2) < Self.eps)
        #expect(abs(r.baseRect.maxY + Self.size) < Self.eps && abs(r.baseRect.minY + 3 * Self.size) < Self.eps)
    }

    /// Centred: equal overhang (here inset) above and below the base along the column, for a
    /// ruby shorter and one longer than its base.
    @Test(arguments: ["かん", "かんじかんじ"])
    func centerHasEqualOverhangAboveAndBelow(_ text: String) throws {
        let (_, r) = try Self.ruby("の漢字の", 1..<3, RubyAnnotation(text, alignment: .center))
        #expect(abs((r.rect.maxY - r.baseRect.maxY) - (r.baseRect.minY - r.rect.minY)) < Self.eps)
        #expect(abs(r.rect.height - Self.length(r)) < Self.eps)
    }

    @Test func startAlignsTopEdges() throws {
        let (_, r) = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かん", alignment: .start))
        #expect(abs(r.rect.maxY - r.baseRect.maxY) < Self.eps)
    }

    @Test func endAlignsBottomEdges() throws {
        let (_, r) = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かん", alignment: .end))
        #expect(abs(r.rect.minY - r.baseRect.minY) < Self.eps)
    }

    /// distributeLetter ("0-1-0"): first letter at the base's top, last at its bottom, equal
    /// steps down the line between letters.
    @Test func distributeLetterSpansTheBase() throws {
        let (_, r) = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かんじ", alignment: .distributeLetter))
        #expect(abs(r.rect.maxY - r.baseRect.maxY) < Self.eps)
        #expect(abs(r.rect.minY - r.baseRect.minY) < Self.eps)
        // Pen steps down the line: each letter's own advance plus the same space k = (B − W)/2.
        let natural = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かんじ", alignment: .center)).1
        let spread = r.glyphRuns.flatMap { Array($0.advances) }.map { -$0.height }
        let plain = natural.glyphRuns.flatMap { Array($0.advances) }.map { -$0.height }
        #expect(spread.count == 3 && plain.count == 3)
        let k = (r.baseRect.height - natural.rect.height) / 2
        #expect(k > 0)
        for i in 0..<2 { #expect(abs(spread[i] - (plain[i] + k)) < Self.eps) }
    }

    /// distributeSpace and auto ("1-2-1"): k = (B − W)/n, half of it at each end.
    @Test(arguments: [RubyAlignment.distributeSpace, .auto])
    func distributeSpaceIsOneTwoOne(_ alignment: RubyAlignment) throws {
        let (_, r) = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かんじ", alignment: alignment))
        let natural = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かんじ", alignment: .center)).1.rect.height
        let k = (r.baseRect.height - natural) / 3
        #expect(k > 0)
        #expect(abs(r.rect.maxY - (r.baseRect.maxY - k / 2)) < Self.eps)
        #expect(abs(r.rect.minY - (r.baseRect.minY + k / 2)) < Self.eps)
    }

    /// No overhang allowed: the base is spaced out down the column to the ruby's length,
    /// 1-2-1 (JLREQ §3.3.7), so each kanji sits in the middle of its stretch of the column, not
    /// pushed across it: the glyph keeps its place across the line and moves down by half its
    /// share of the room.
    @Test func longerRubySpacesTheBaseDownTheColumn() throws {
        let (line, r) = try Self.ruby("の漢の", 1..<2, RubyAnnotation("かんじ", overhang: .none))
        let rubyLength = Self.length(r)
        #expect(abs(r.baseRect.height - rubyLength) < Self.eps)
        let run = try #require(line.glyphRuns.first { $0.stringRange.contains(1) })
        let plain = try Self.ruby("の漢の", 1..<2, RubyAnnotation("か", overhang: .none)).0
        let plainRun = try #require(plain.glyphRuns.first { $0.stringRange.contains(1) })
        // Across the column (x) the glyph does not move; down it (y falling) it moves by half
        // the room: (ruby length − one em) / 2.
        let index = try #require(run.stringIndices.firstIndex(of: 1))
        let plainIndex = try #require(plainRun.stringIndices.firstIndex(of: 1))
        let moved = run.positions[index]
        let unmoved = plainRun.positions[plainIndex]
        #expect(abs(moved.x - unmoved.x) < Self.eps)
        // Both bases start one em down the column (after "の"); y falls down the column.
        let drop = unmoved.y - moved.y
        #expect(abs(drop - (rubyLength - Self.size) / 2) < Self.eps, "moved down \(drop)")
    }

    /// lineEdge: a base starting the line takes start alignment (top edges equal), one ending
    /// it end alignment (bottom edges equal).
    @Test func lineEdge() throws {
        let (_, top) = try Self.ruby("漢字の", 0..<2, RubyAnnotation("かん", alignment: .lineEdge))
        #expect(abs(top.rect.maxY - top.baseRect.maxY) < Self.eps)
        let (_, bottom) = try Self.ruby("の漢字", 1..<3, RubyAnnotation("かん", alignment: .lineEdge))
        #expect(abs(bottom.rect.minY - bottom.baseRect.minY) < Self.eps)
    }

    /// Before: to the right of the column, touching it; the line's ascent (its right half)
    /// grows to the ruby's right edge, its descent stays the em half. The ruby is a column of
    /// upright kana one ruby em (half the base size) wide.
    @Test func beforeIsRightOfTheColumnAndGrowsTheAscent() throws {
        let (line, r) = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かん", position: .before))
        #expect(abs(r.rect.minX - r.baseRect.maxX) < Self.eps)
        #expect(abs(r.rect.width - Self.size / 2) < Self.eps)
        #expect(r.glyphRuns.allSatisfy { $0.orientation == .upright })
        #expect(abs(line.ascent - r.rect.maxX) < Self.eps)
        #expect(abs(line.descent - Self.size / 2) < Self.eps)
        // The annotation's origin is the top of its centre line, in the middle of its column.
        #expect(abs(r.origin.x - r.rect.midX) < Self.eps && abs(r.origin.y - r.rect.maxY) < Self.eps)
    }

    /// After: to the left of the column, touching it; the descent (left half) grows.
    @Test func afterIsLeftOfTheColumnAndGrowsTheDescent() throws {
        let (line, r) = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かん", position: .after))
        #expect(abs(r.rect.maxX - r.baseRect.minX) < Self.eps)
        #expect(abs(line.descent + r.rect.minX) < Self.eps)
        #expect(abs(line.ascent - Self.size / 2) < Self.eps)
    }

    /// interCharacter: below the base along the column, centred across it.
    @Test func interCharacterFollowsTheBase() throws {
        let (_, r) = try Self.ruby("の漢字の", 1..<3, RubyAnnotation("かん", position: .interCharacter))
        #expect(abs(r.rect.maxY - r.baseRect.minY) < Self.eps)
        #expect(abs(r.rect.midX - r.baseRect.midX) < Self.eps)
    }

    /// In a frame of right-to-left columns, before-ruby widens its column to the right: the
    /// first column's centre line moves left by the ruby's width.
    @Test func rubyWidensTheColumnInAFrame() throws {
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: Self.size)
        var builder = AttributedTextBuilder("の漢字の", attributes: [.font(droid), .verticalForms(true)])
        let plain = try Framesetter(builder.build()).frame(
            in: CGRect(x: 0, y: 0, width: 200, height: 300),
            options: FrameOptions(truncation: nil, progression: .rightToLeft))
        try builder.setAttribute(.rubyAnnotation(RubyAnnotation("かん")), range: 1..<3)
        let ruby = try Framesetter(builder.build()).frame(
            in: CGRect(x: 0, y: 0, width: 200, height: 300),
            options: FrameOptions(truncation: nil, progression: .rightToLeft))
        let r = try #require(ruby.lines.first?.rubies.first)
        #expect(abs((plain.lineOrigins[0].x - ruby.lineOrigins[0].x) - r.rect.width) < Self.eps)
    }

    /// A rotated base (Latin set sideways) gets its ruby rotated too, right of the column.
    @Test func rotatedBaseHasRotatedRuby() throws {
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: Self.size)
        var builder = AttributedTextBuilder("のabcの", attributes: [.font(droid), .verticalForms(true)])
        try builder.setFont(try Fonts.dejaVu(Self.size), range: 1..<4)
        try builder.setAttribute(.rubyAnnotation(RubyAnnotation("xyz")), range: 1..<4)
        let text = builder.build()
        let line = try Typesetter(text).line(for: 0..<text.length)
        let r = try #require(line.rubies.first)
        #expect(line.glyphRuns.contains { $0.stringRange == 1..<4 && $0.orientation == .sideways })
        #expect(r.glyphRuns.allSatisfy { $0.orientation == .sideways })
        #expect(abs(r.rect.minX - r.baseRect.maxX) < Self.eps)
        #expect(abs(line.ascent - r.rect.maxX) < Self.eps)
    }
}
