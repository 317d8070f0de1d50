// The promises every layout keeps, checked on the reproducers of issue 29 (found by fuzzing with
// these invariants as oracles): carets never go backwards along a line, hit testing a caret
// finds an index with that caret, a frame of the suggested size holds the suggested range, and
// a line is no wider than its measure unless it holds one cluster that is wider by itself.
// Expected values come from those definitions, and line widths from hb-shape.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

/// The invariants, as the fuzz harnesses check them (Fuzz/Sources/FuzzSupport/LayoutInvariants.swift).
enum Invariants {
    /// The caret offsets `enumerateCaretOffsets` gives, in its (left-to-right) order.
    static func carets(_ line: Line) -> [CGFloat] {
        var carets: [CGFloat] = []
        line.enumerateCaretOffsets { offset, _, _, _ in carets.append(offset) }
        return carets
    }

    /// The indices `stringIndex(for:)` gives at each of `indices`' primary carets that do not
    /// land on an index with the same primary caret (empty when every index can be hit).
    static func unreachable(_ line: Line, _ indices: some Sequence<Int>) -> [Int] {
        indices.filter { index in
            let x = line.offset(forStringIndex: index).primary
            let hit = line.stringIndex(for: CGPoint(x: x, y: 0))
            return abs(line.offset(forStringIndex: hit).primary - x) > 1e-9
        }
    }

    /// The lines of `frame` wider than `measure` (visible width, trailing whitespace excluded)
    /// that hold more than one grapheme cluster of `text`.
    static func overfull(_ frame: Frame, measure: CGFloat, text: AttributedText) -> [Range<Int>] {
        let string = Array(text.utf16)
        return frame.lines.filter { line in
            let visible = line.width - line.trailingWhitespaceWidth
            guard visible > measure + 1e-9 else { return false }
            let range = line.stringRange
            let shown = String(decoding: string[range], as: UTF16.self).trimmingCharacters(in: .whitespaces)
            return shown.count > 1
        }.map(\.stringRange)
    }
}

@Suite("Layout invariants (issue 29)")
struct LayoutInvariantTests {
    static let box = CGRect(x: 0, y: 0, width: 300, height: 50)

    /// Item 1: tracking on a character with no advance (soft hyphen, zero-width space, word
    /// joiner) — negative, as in the reproducer, or positive.
    /// Such a cluster gets no tracking, so carets never go backwards and each index's caret
    /// hits an index with that caret (indices 1 and 2 share one: nothing is drawn between them).
    @Test(arguments: ["a\u{AD}b", "a\u{200B}b", "a\u{2060}b"], [-0.5, -3, 2.5] as [CGFloat])
    func zeroAdvanceCharactersKeepCaretsInOrder(string: String, tracking: CGFloat) throws {
        let text = AttributedText(string, attributes: [.tracking(tracking)])
        let line = try #require(try Framesetter(text).frame(in: Self.box).lines.first)
        let carets = Invariants.carets(line)
        #expect(zip(carets, carets.dropFirst()).allSatisfy { $0 <= $1 }, "carets \(carets)")
        #expect(Invariants.unreachable(line, 0...3).isEmpty)
        #expect(line.offset(forStringIndex: 1).primary == line.offset(forStringIndex: 2).primary)
    }

    /// Item 1, the limit: a negative tracking larger than a glyph's advance takes the cluster
    /// down to no advance, never below (CSS Text 3 lets negative spacing have limits).
    @Test(arguments: [-5, -40, -1000] as [CGFloat])
    func negativeTrackingStopsAtZeroAdvance(tracking: CGFloat) throws {
        let text = AttributedText("Wave", attributes: [.font(try Fonts.dejaVu(16)), .tracking(tracking)])
        let line = try #require(try Framesetter(text).frame(in: Self.box).lines.first)
        let carets = Invariants.carets(line)
        #expect(zip(carets, carets.dropFirst()).allSatisfy { $0 <= $1 }, "carets \(carets)")
        #expect(line.width >= 0)
        #expect(Invariants.unreachable(line, 0...4).isEmpty)
    }

    static func ruby() throws -> AttributedText {
        let font = try Font(path: TestFonts.ipaexMincho, size: 20)
        var builder = AttributedTextBuilder(AttributedText("内ℹ日本語2024", attributes: [.font(font)]))
        try builder.setAttribute(.rubyAnnotation(RubyAnnotation("ないにほんご")), range: 1..<5)
        return builder.build()
    }

    /// Item 2, first part: at every constraint width, a frame of the suggested size holds the
    /// suggested range in the lines a frame of the constraint's width makes (the suggested width
    /// is summed from the finished lines, the breaker's from prefix sums: the last bits differ).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestFonts.ipaexMincho)))
    func suggestedSizeHoldsTheSuggestedLines() throws {
        let framesetter = try Framesetter(try Self.ruby())
        var failures: [CGFloat] = []
        for width in stride(from: CGFloat(20), through: 200, by: 0.25) {
            let suggested = try framesetter.suggestFrameSize(constraints: CGSize(width: width, height: 1000))
            let frame = try framesetter.frame(in: CGRect(origin: .zero, size: suggested.size))
            let wide = try framesetter.frame(in: CGRect(x: 0, y: 0, width: width, height: 1000))
            if frame.visibleStringRange != suggested.fitRange
                || frame.lines.map(\.stringRange) != wide.lines.map(\.stringRange)
            {
                failures.append(width)
            }
        }
        #expect(failures.isEmpty, "widths \(failures)")
    }

    /// Item 2, first part: a ruby base never breaks, not even when it is wider than the line:
    /// the emergency break between clusters goes around it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestFonts.ipaexMincho)))
    func rubyBaseWiderThanTheLineStaysWhole() throws {
        let frame = try Framesetter(try Self.ruby()).frame(in: CGRect(x: 0, y: 0, width: 30, height: 1000))
        let ends = Set(frame.lines.map(\.stringRange.upperBound))
        #expect(ends.isDisjoint(with: [2, 3, 4]), "lines \(frame.lines.map(\.stringRange))")
    }

    /// Item 2, second part: with optimal breaking, a frame of the suggested size shows the
    /// suggested range (the reproducer, and a sweep of constraint widths).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestFonts.ipaexMincho)))
    func optimalSuggestedSizeHoldsTheFitRange() throws {
        let font = try Font(path: TestFonts.ipaexMincho, size: 20)
        var style = ParagraphStyle()
        style.lineBreakStrategy = .optimal
        let text = AttributedText("日本語日本語日本語‥‥[‥", attributes: [.font(font), .paragraphStyle(style)])
        let framesetter = try Framesetter(text)
        var constraints = [CGSize(width: 134.25, height: 29.75)]
        for width in stride(from: CGFloat(40), through: 240, by: 3.25) {
            constraints.append(CGSize(width: width, height: 29.75))
            constraints.append(CGSize(width: width, height: 1000))
        }
        for constraint in constraints {
            let suggested = try framesetter.suggestFrameSize(constraints: constraint)
            #expect(suggested.size.width <= constraint.width)
            let frame = try framesetter.frame(in: CGRect(origin: .zero, size: suggested.size))
            #expect(frame.visibleStringRange == suggested.fitRange, "constraints \(constraint)")
        }
    }

    /// Item 2, second part, for hyphenation: greedy breaking hyphenates a word when the line
    /// would fill less than the hyphenation factor, which depends on the width; a frame of the
    /// suggested size shows the suggested range (DejaVu Serif 20, 53 pt: "of‐fice" at 53 pt, a
    /// narrower frame would not hyphenate the same way).
    @Test(
        arguments: ["office", "differentiation", "suffering office"],
        [LineBreakStrategy.greedy, .optimal, .balanced, .pretty])
    func hyphenatedSuggestedSizeHoldsTheFitRange(string: String, strategy: LineBreakStrategy) throws {
        var style = ParagraphStyle()
        style.lineBreakStrategy = strategy
        style.hyphenationFactor = 1
        var attributes: Attributes = [
            .font(try Font(path: TestFonts.path("DejaVuSerif.ttf"), size: 20)), .paragraphStyle(style),
        ]
        attributes.language = "en-US"
        let framesetter = try Framesetter(AttributedText(string, attributes: attributes))
        for width in [53, 40, 70, 101.5] as [CGFloat] {
            let suggested = try framesetter.suggestFrameSize(constraints: CGSize(width: width, height: 4000))
            let frame = try framesetter.frame(in: CGRect(origin: .zero, size: suggested.size))
            #expect(frame.visibleStringRange == suggested.fitRange, "width \(width): \(suggested)")
        }
    }

    /// The width hb-shape gives `string` in the font at `path`, at `size`.
    static func hbWidth(_ string: String, path: String, size: CGFloat, unitsPerEm: Int) throws -> CGFloat {
        CGFloat(try HBShape.shape(string, fontPath: path).reduce(0) { $0 + $1.ax }) * size / CGFloat(unitsPerEm)
    }

    /// Item 3, first part: a word broken between the two f's of its "ff" ligature (at a
    /// hyphenation point or between clusters). Every line is as wide as hb-shape shapes its text
    /// (with U+2010 after a hyphenated line), none wider than the measure, and a line starts
    /// at the second f.
    @Test(
        .enabled(if: HBShape.executable != nil),
        arguments: [("differentiation", "en-US"), ("Kaffeemaschine", "de"), ("suffering", "en-US")],
        [LineBreakStrategy.greedy, .optimal])
    func breakInsideALigatureMeasuresBothPieces(word: (String, String), strategy: LineBreakStrategy) throws {
        let path = TestFonts.path("DejaVuSerif.ttf")
        let font = try Font(path: path, size: 20)
        var style = ParagraphStyle()
        style.lineBreakStrategy = strategy
        style.hyphenationFactor = 1
        var attributes: Attributes = [.font(font), .paragraphStyle(style)]
        attributes.language = word.1
        let text = AttributedText(word.0, attributes: attributes)
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: 53, height: 1000))
        let units = Array(text.utf16)
        #expect(frame.lines.contains { $0.stringRange.lowerBound == 3 }, "\(frame.lines.map(\.stringRange))")
        for line in frame.lines {
            var shown = String(decoding: units[line.stringRange], as: UTF16.self)
            if line.isHyphenated { shown += "\u{2010}" }
            let expected = try Self.hbWidth(shown, path: path, size: 20, unitsPerEm: font.unitsPerEm)
            #expect(abs(line.width - expected) < 1e-6, "'\(shown)': \(line.width), hb-shape \(expected)")
            #expect(line.width <= 53, "'\(shown)'")
        }
    }

    /// Item 3, second part: optimal breaking with tracking and a soft hyphen, in IPAex Mincho
    /// 14.5 in a 103 pt frame: a word that fits only without the hyphen its soft hyphen shows
    /// gets emergency breaks, so no line of several clusters overflows.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: TestFonts.ipaexMincho)),
        arguments: ["ation breaking\u{AD}x ation breaking\u{AD}", "optimal line breaking\u{AD}s"])
    func optimalTrackingWithSoftHyphenFits(string: String) throws {
        let font = try Font(path: TestFonts.ipaexMincho, size: 14.5)
        var style = ParagraphStyle()
        style.lineBreakStrategy = .optimal
        let text = AttributedText(string, attributes: [.font(font), .tracking(4.5), .paragraphStyle(style)])
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: 103, height: 1000))
        #expect(Invariants.overfull(frame, measure: 103, text: text).isEmpty)
    }

    /// Item 3, third part: where single clusters are wider than the line (Inter 55.75 in 26.5 pt),
    /// optimal breaking overflows only those, each on a line of its own, as greedy does.
    @Test(arguments: [LineBreakStrategy.optimal, .greedy, .balanced, .pretty])
    func onlyClustersWiderThanTheLineOverflow(strategy: LineBreakStrategy) throws {
        let font = try Font(path: TestFonts.path("Inter-roman.var.ttf"), size: 55.75)
        var style = ParagraphStyle()
        style.lineBreakStrategy = strategy
        let text = AttributedText("fun is", attributes: [.font(font), .paragraphStyle(style)])
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: 26.5, height: 1000))
        #expect(Invariants.overfull(frame, measure: 26.5, text: text).isEmpty, "\(frame.lines.map(\.stringRange))")
        #expect(frame.visibleStringRange == 0..<6)
    }
}
