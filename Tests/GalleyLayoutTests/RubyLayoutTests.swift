// Tests of ruby in horizontal lines: each alignment and position checked by its definition
// (RubyLayout.swift, after CoreText's CTRubyAlignment docs, CSS Ruby's ruby-align and JLREQ
// §3.3), the line's growth, the base's spacing for wider ruby and overhang, and that a base never
// breaks. Widths come from the font's own hmtx advances (Droid Sans Fallback: every ideograph
// and kana one em), not from Galley's shaper.

import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Ruby layout")
struct RubyLayoutTests {
    static let size: CGFloat = 40
    static func droid(_ size: CGFloat = size) throws -> Font {
        try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
    }
    static let eps: CGFloat = 0.001

    /// `string` at 40 pt with each (range, annotation) set, laid out as one line.
    static func line(_ string: String, _ rubies: [(Range<Int>, RubyAnnotation)]) throws -> Line {
        var builder = AttributedTextBuilder(string, attributes: [.font(try droid())])
        for (range, ruby) in rubies { try builder.setAttribute(.rubyAnnotation(ruby), range: range) }
        let text = builder.build()
        return try Typesetter(text).line(for: 0..<text.length)
    }

    static func only(_ line: Line) throws -> RubyPlacement {
        try #require(line.rubies.count == 1)
        return line.rubies[0]
    }

    /// The width of `s` in the ruby font (half the base size), from hmtx.
    static func rubyWidth(_ s: String) throws -> CGFloat { try droid(size / 2).hmtxWidth(s) }

    // MARK: Alignment, ruby shorter than its base

    @Test func centerHasEqualOverhangBothSides() throws {
        let r = try Self.only(try Self.line("漢字", [(0..<2, RubyAnnotation("かん", alignment: .center))]))
        #expect(abs((r.rect.minX - r.baseRect.minX) - (r.baseRect.maxX - r.rect.maxX)) < Self.eps)
        #expect(abs(r.rect.width - (try Self.rubyWidth("かん"))) < Self.eps)
        #expect(abs(r.baseRect.width - (try Self.droid().hmtxWidth("漢字"))) < Self.eps)
    }

    @Test func startAlignsLeftEdges() throws {
        let r = try Self.only(try Self.line("の漢字", [(1..<3, RubyAnnotation("かん", alignment: .start))]))
        #expect(abs(r.rect.minX - r.baseRect.minX) < Self.eps)
        #expect(abs(r.baseRect.minX - Self.size) < Self.eps)
    }

    @Test func endAlignsRightEdges() throws {
        let r = try Self.only(try Self.line("漢字の", [(0..<2, RubyAnnotation("かん", alignment: .end))]))
        #expect(abs(r.rect.maxX - r.baseRect.maxX) < Self.eps)
    }

    /// CoreText's kCTRubyAlignmentDistributeLetter: "the first letter of the ruby text aligning
    /// with the first letter of the base text and the last letter … with the last letter of the
    /// base text" with even space between letters ("0-1-0").
    @Test func distributeLetterSpansTheBase() throws {
        let r = try Self.only(try Self.line("漢字", [(0..<2, RubyAnnotation("かんじ", alignment: .distributeLetter))]))
        let k = (r.baseRect.width - (try Self.rubyWidth("かんじ"))) / 2
        #expect(abs(r.rect.minX - r.baseRect.minX) < Self.eps)
        #expect(abs(r.rect.maxX - r.baseRect.maxX) < Self.eps)
        let xs = r.glyphRuns.flatMap { Array($0.positions) }.map(\.x)
        #expect(xs.count == 3)
        #expect(abs((xs[1] - xs[0]) - (Self.size / 2 + k)) < Self.eps)
        #expect(abs((xs[2] - xs[1]) - (Self.size / 2 + k)) < Self.eps)
    }

    /// kCTRubyAlignmentDistributeSpace / JLREQ "1-2-1": half a unit at each end, one between.
    @Test(arguments: [RubyAlignment.distributeSpace, .auto])
    func distributeSpaceIsOneTwoOne(_ alignment: RubyAlignment) throws {
        let r = try Self.only(try Self.line("漢字", [(0..<2, RubyAnnotation("かんじ", alignment: alignment))]))
        let k = (r.baseRect.width - (try Self.rubyWidth("かんじ"))) / 3
        #expect(abs(r.rect.minX - (r.baseRect.minX + k / 2)) < Self.eps)
        #expect(abs(r.rect.maxX - (r.baseRect.maxX - k / 2)) < Self.eps)
        let xs = r.glyphRuns.flatMap { Array($0.positions) }.map(\.x)
        #expect(abs((xs[1] - xs[0]) - (Self.size / 2 + k)) < Self.eps)
    }

    /// One ruby letter has no space between letters to distribute: auto centres it.
    @Test func autoCentresOneLetter() throws {
        let r = try Self.only(try Self.line("漢字", [(0..<2, RubyAnnotation("か"))]))
        #expect(abs(r.rect.midX - r.baseRect.midX) < Self.eps)
    }

    /// kCTRubyAlignmentLineEdge: start-aligned at the line's start, end-aligned at its end, else auto.
    @Test func lineEdge() throws {
        let first = try Self.only(try Self.line("漢字の", [(0..<2, RubyAnnotation("か", alignment: .lineEdge))]))
        #expect(abs(first.rect.minX - first.baseRect.minX) < Self.eps)
        let last = try Self.only(try Self.line("の漢字", [(1..<3, RubyAnnotation("か", alignment: .lineEdge))]))
        #expect(abs(last.rect.maxX - last.baseRect.maxX) < Self.eps)
        let middle = try Self.only(try Self.line("の漢字の", [(1..<3, RubyAnnotation("か", alignment: .lineEdge))]))
        #expect(abs(middle.rect.midX - middle.baseRect.midX) < Self.eps)
    }

    // MARK: Ruby wider than its base: spacing and overhang

    /// A Latin reading (pinyin, romaji "shi") shorter than its base is centred at its natural width: Latin
    /// letters have no justification opportunities between them (CSS Text 3 §7.1), and CSS
    /// Ruby 1 §4.2 centres ruby content that has none, whatever the distribute alignment. A kana
    /// reading of the same base is still spread.
    @Test(arguments: [RubyAlignment.auto, .distributeSpace, .distributeLetter])
    func latinReadingIsCentred(_ alignment: RubyAlignment) throws {
        let r = try Self.only(try Self.line("一二", [(0..<1, RubyAnnotation("shi", alignment: alignment))]))
        // Droid Sans Fallback has no Latin letters: the reading falls back, so its natural width
        // is that of the same text laid out alone in the ruby font.
        let alone = try Typesetter(AttributedText("shi", attributes: [.font(try Self.droid(Self.size / 2))]))
        let natural = try alone.line(for: 0..<3).width
        #expect(natural < r.baseRect.width)
        #expect(abs(r.glyphRuns.reduce(0) { $0 + $1.width } - natural) < Self.eps, "letters not spaced")
        #expect(abs(r.rect.width - natural) < Self.eps)
        #expect(abs(r.rect.midX - r.baseRect.midX) < Self.eps)
        let kana = try Self.only(try Self.line("一二", [(0..<1, RubyAnnotation("いち", alignment: alignment))]))
        #expect(kana.rect.width > (try Self.rubyWidth("いち")) - Self.eps)
        if alignment == .distributeLetter {
            #expect(abs(kana.rect.minX - kana.baseRect.minX) < Self.eps)
        }
    }

    /// No overhang allowed: the base is spaced out to the ruby's width, 1-2-1 (JLREQ), so the
    /// centred ruby covers it exactly and the glyph sits in the middle of its box.
    @Test func widerRubySpacesTheBase() throws {
        let line = try Self.line("漢字漢", [(1..<2, RubyAnnotation("かんじ", overhang: .none))])
        let r = try Self.only(line)
        let w = try Self.rubyWidth("かんじ")
        #expect(abs(r.baseRect.width - w) < Self.eps)
        #expect(abs(r.rect.minX - r.baseRect.minX) < Self.eps && abs(r.rect.maxX - r.baseRect.maxX) < Self.eps)
        let glyphX = line.glyphRuns.first { $0.stringRange.contains(1) }!.positions[0].x
        #expect(abs(glyphX - (r.baseRect.minX + (w - Self.size) / 2)) < Self.eps)
        #expect(abs(line.width - (2 * Self.size + w)) < Self.eps)
    }

    /// Auto overhang: up to one ruby character over kana on both sides, so a ruby one ruby
    /// character wider than its base hangs half a character each side and the base keeps its width.
    @Test func autoOverhangsKana() throws {
        let line = try Self.line("の字の", [(1..<2, RubyAnnotation("かんじ"))])
        let r = try Self.only(line)
        #expect(abs(r.baseRect.width - Self.size) < Self.eps)
        #expect(abs((r.baseRect.minX - r.rect.minX) - Self.size / 4) < Self.eps)
        #expect(abs((r.rect.maxX - r.baseRect.maxX) - Self.size / 4) < Self.eps)
        #expect(abs(line.width - 3 * Self.size) < Self.eps)
    }

    /// …but never over kanji: with kanji on both sides the base is spaced as with overhang none.
    @Test func autoDoesNotOverhangKanji() throws {
        let r = try Self.only(try Self.line("漢字漢", [(1..<2, RubyAnnotation("かんじ"))]))
        #expect(abs(r.baseRect.width - (try Self.rubyWidth("かんじ"))) < Self.eps)
    }

    /// The two sides are independent (CSS Ruby 1, JLREQ §3.3.8): with a kanji on one side and
    /// kana on the other, the annotation keeps the kanji side flush with its base and hangs the
    /// whole excess, up to one ruby character, over the kana. "かんじ" (three ruby characters,
    /// 1.5 em) over one kanji: 0.5 em over the kana, none over the kanji, and the base keeps its
    /// em. "かんじかん" (2.5 em) is 1.5 em too wide: 0.5 em hangs over the kana, the other 1 em
    /// spaces the base out (1-2-1), and the annotation still ends flush with the base on the
    /// kanji side.
    @Test(arguments: [("漢字の", "かんじ"), ("の字漢", "かんじ"), ("漢字の", "かんじかん"), ("の字漢", "かんじかん")])
    func overhangIsAsymmetric(_ string: String, _ reading: String) throws {
        let line = try Self.line(string, [(1..<2, RubyAnnotation(reading))])
        let r = try Self.only(line)
        let w = try Self.rubyWidth(reading)
        let oneRubyCharacter = Self.size / 2
        let hang = min(w - Self.size, oneRubyCharacter)
        let base = w - hang
        #expect(abs(r.baseRect.width - base) < Self.eps)
        #expect(abs(r.rect.width - w) < 0.01)
        let kanaAfter = string.hasSuffix("の")
        if kanaAfter {
            #expect(abs(r.rect.minX - r.baseRect.minX) < Self.eps)
            #expect(abs((r.rect.maxX - r.baseRect.maxX) - hang) < Self.eps)
        } else {
            #expect(abs(r.rect.maxX - r.baseRect.maxX) < Self.eps)
            #expect(abs((r.baseRect.minX - r.rect.minX) - hang) < Self.eps)
        }
        #expect(abs(line.width - (2 * Self.size + base)) < Self.eps)
    }

    /// Overhang start/end: only the text before/after the base may be overhung.
    @Test func oneSidedOverhang() throws {
        // End-aligned ruby hangs past the base's start: overhang .end does not allow it.
        let spaced = try Self.only(
            try Self.line("の字の", [(1..<2, RubyAnnotation("かんじ", alignment: .end, overhang: .end))]))
        #expect(abs(spaced.baseRect.width - (try Self.rubyWidth("かんじ"))) < Self.eps)
        // Overhang .start allows it, up to one ruby character.
        let hung = try Self.only(
            try Self.line("の字の", [(1..<2, RubyAnnotation("かんじ", alignment: .end, overhang: .start))]))
        #expect(abs(hung.baseRect.width - Self.size) < Self.eps)
        #expect(abs((hung.baseRect.minX - hung.rect.minX) - Self.size / 2) < Self.eps)
    }

    /// kCTRubyAnnotationScaleToFitAttributeName: wider ruby shrinks to the base's width.
    @Test func scaleToFit() throws {
        let r = try Self.only(
            try Self.line("漢字漢", [(1..<2, RubyAnnotation("かんじ", overhang: .none, scalesToFit: true))]))
        #expect(abs(r.baseRect.width - Self.size) < Self.eps)
        #expect(abs(r.rect.width - Self.size) < 0.01)
    }

    // MARK: Positions and line growth

    /// Before: the ruby's box stands on the base's box; the line's ascent grows to its top.
    @Test func beforeSitsOnTheBaseAndGrowsTheAscent() throws {
        let font = try Self.droid()
        let line = try Self.line("漢字", [(0..<2, RubyAnnotation("かんじ"))])
        let r = try Self.only(line)
        let ruby = try Self.droid(Self.size / 2)
        #expect(abs(r.baseRect.maxY - font.ascent) < Self.eps && abs(r.baseRect.minY + font.descent) < Self.eps)
        #expect(abs(r.rect.minY - r.baseRect.maxY) < Self.eps)
        #expect(abs(r.rect.height - (ruby.ascent + ruby.descent)) < Self.eps)
        #expect(abs(line.ascent - (font.ascent + ruby.ascent + ruby.descent)) < Self.eps)
        #expect(abs(line.descent - font.descent) < Self.eps)
        #expect(abs(r.origin.y - (font.ascent + ruby.descent)) < Self.eps)
    }

    /// After: the ruby's box hangs from the base's bottom; the line's descent grows.
    @Test func afterHangsBelowAndGrowsTheDescent() throws {
        let font = try Self.droid()
        let line = try Self.line("漢字", [(0..<2, RubyAnnotation("かんじ", position: .after))])
        let r = try Self.only(line)
        let ruby = try Self.droid(Self.size / 2)
        #expect(abs(r.rect.maxY - (-font.descent)) < Self.eps)
        #expect(abs(line.descent - (font.descent + ruby.ascent + ruby.descent)) < Self.eps)
        #expect(abs(line.ascent - font.ascent) < Self.eps)
    }

    /// Inter-character: after the base along the line, centred on it across; the line makes
    /// room for it.
    @Test func interCharacterFollowsTheBase() throws {
        let line = try Self.line("漢字", [(0..<1, RubyAnnotation("ㄏㄢ", position: .interCharacter))])
        let r = try Self.only(line)
        let w = try Self.rubyWidth("ㄏㄢ")
        #expect(abs(r.baseRect.width - Self.size) < Self.eps)
        #expect(abs(r.rect.minX - r.baseRect.maxX) < Self.eps)
        #expect(abs(r.rect.midY - r.baseRect.midY) < Self.eps)
        #expect(abs(line.width - (2 * Self.size + w)) < Self.eps)
    }

    /// Inline: on the baseline right after the base.
    @Test func inlineIsOnTheBaseline() throws {
        let line = try Self.line("漢字", [(0..<2, RubyAnnotation("かんじ", position: .inline))])
        let r = try Self.only(line)
        #expect(r.origin.y == 0)
        #expect(abs(r.rect.minX - r.baseRect.maxX) < Self.eps)
        #expect(abs(line.width - (2 * Self.size + (try Self.rubyWidth("かんじ")))) < Self.eps)
    }

    /// Text for two positions: one placement each, above and below.
    @Test func twoPositions() throws {
        let line = try Self.line("漢字", [(0..<2, RubyAnnotation(texts: [.before: "かんじ", .after: "kanji"]))])
        #expect(line.rubies.map(\.position) == [.before, .after])
        #expect(line.rubies.map(\.text) == ["かんじ", "kanji"])
    }

    /// Ruby is one line: a line break in its text is laid out as a space, nothing is lost.
    @Test func lineBreakInRubyText() throws {
        let r = try Self.only(try Self.line("漢字", [(0..<2, RubyAnnotation("かん\nじ"))]))
        #expect(r.glyphRuns.reduce(0) { $0 + $1.glyphCount } == 4)
    }

    /// Adjacent bases with distinct annotations are two rubies.
    @Test func adjacentBases() throws {
        let line = try Self.line("漢字", [(0..<1, RubyAnnotation("かん")), (1..<2, RubyAnnotation("じ"))])
        #expect(line.rubies.map(\.baseRange) == [0..<1, 1..<2])
    }

    /// A line without ruby is unchanged: no rubies, the font's own ascent.
    @Test func noRuby() throws {
        let line = try Self.line("漢字", [])
        let font = try Self.droid()
        #expect(line.rubies.isEmpty)
        #expect(abs(line.ascent - font.ascent) < Self.eps)
    }

    /// A base starting a line (mid-paragraph, after kana on the line before, so the ruby was
    /// allowed to overhang there) keeps its ruby inside the line: start edges equal.
    @Test func rubyDoesNotHangPastTheLineStart() throws {
        var builder = AttributedTextBuilder("ののの字の", attributes: [.font(try Self.droid())])
        try builder.setAttribute(.rubyAnnotation(RubyAnnotation("かんじ")), range: 3..<4)
        let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: 130, height: 1000))
        #expect(frame.lines.map(\.stringRange) == [0..<3, 3..<5])
        let r = try Self.only(frame.lines[1])
        #expect(abs(r.baseRect.width - Self.size) < Self.eps)
        #expect(abs(r.rect.minX - r.baseRect.minX) < Self.eps && abs(r.rect.minX) < Self.eps)
    }

    // MARK: Breaking, hit testing

    /// Without ruby 3 characters fit a 130-point line; with a base over 2..<5 no line may break
    /// inside it, so the lines are 0..<2, 2..<5, 5..<6.
    @Test func baseNeverBreaks() throws {
        var builder = AttributedTextBuilder("漢字漢字漢字", attributes: [.font(try Self.droid())])
        let plain = try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: 130, height: 1000))
        #expect(plain.lines.map(\.stringRange) == [0..<3, 3..<6])
        try builder.setAttribute(.rubyAnnotation(RubyAnnotation("かんじ")), range: 2..<5)
        let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: 130, height: 1000))
        #expect(frame.lines.map(\.stringRange) == [0..<2, 2..<5, 5..<6])
        #expect(frame.lines[1].rubies.map(\.baseRange) == [2..<5])
    }

    /// Hit testing addresses the base text: a point over the ruby finds the base character below.
    @Test func hitTestingFindsTheBase() throws {
        let line = try Self.line("の漢字", [(1..<3, RubyAnnotation("かんじ"))])
        let r = try Self.only(line)
        #expect(line.stringIndex(for: CGPoint(x: r.rect.minX + 1, y: r.rect.midY)) == 1)
        #expect(line.selectionRects(for: 1..<3).count == 1)
    }
}
