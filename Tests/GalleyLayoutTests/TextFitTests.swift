// Fit to a box ("the title in the largest size from 72 down to 28 pt that fits in 2 lines of this
// box, else truncate"): the scale `Framesetter.fit` finds is the one an exhaustive search finds,
// trying every size of the range in turn on a text whose fonts are set at that size (shaped
// again at each size, by a fresh framesetter), in no more than ⌈log₂(range/step)⌉ + 2 layouts.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Fit to a box")
struct TextFitTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let string: String
        let box: CGSize
        let lines: Int
        var testDescription: String { "\(string.prefix(16))… in \(box.width)×\(box.height), \(lines) lines" }
    }

    static let cases: [Case] = [
        Case(string: "The quick brown fox jumps over the lazy dog", box: CGSize(width: 400, height: 200), lines: 2),
        Case(string: "Galley", box: CGSize(width: 300, height: 100), lines: 1),
        Case(
            string: "Fit to a box, which every card, badge and label service needs",
            box: CGSize(width: 500, height: 160), lines: 3),
        Case(string: "مرحبا بالعالم: عنوان طويل بعض الشيء", box: CGSize(width: 360, height: 200), lines: 2),
        Case(string: "東京都の天気は晴れのち曇り、夜は雨になるでしょう", box: CGSize(width: 420, height: 300), lines: 2),
        Case(
            string: "A title far too long to fit in one short line even at the smallest size allowed here",
            box: CGSize(width: 200, height: 40), lines: 1),
        Case(
            string: "Unlimited lines but a short box for all of these words", box: CGSize(width: 300, height: 90),
            lines: 0),
    ]

    /// Whether `string` at `size` points fits: laid out from scratch at that size in `box`.
    static func fits(_ string: String, size: CGFloat, box: CGSize, lines: Int) throws -> Bool {
        let font = try Fonts.dejaVu(size)
        let framesetter = try Framesetter(
            AttributedText(string, attributes: [.font(font)]), defaultFont: font, fonts: .shared,
            shapingCache: ShapingCache(capacity: 0))
        let frame = try framesetter.frame(
            in: CGRect(origin: .zero, size: box), options: FrameOptions(maximumNumberOfLines: lines, truncation: .end))
        return frame.visibleStringRange.upperBound >= string.utf16.count && frame.lines.last?.isTruncated != true
    }

    @Test(arguments: cases)
    func matchesAnExhaustiveSearch(_ c: Case) throws {
        let font = try Fonts.dejaVu(72)
        let text = AttributedText(c.string, attributes: [.font(font)])
        let fit = try Framesetter(text).fit(
            in: c.box, maximumNumberOfLines: c.lines, minimumScale: 28.0 / 72, step: 1.0 / 72)
        // The exhaustive answer: the largest whole size in 28...72 at which the text fits.
        let sizes: [CGFloat] = (28...72).reversed().map { CGFloat($0) }
        let expected = try sizes.first { try Self.fits(c.string, size: $0, box: c.box, lines: c.lines) }
        if let expected {
            #expect(fit.fits)
            #expect(
                abs(fit.fontSize(for: 72) - expected) < 1e-9, "found \(fit.fontSize(for: 72)), expected \(expected)")
        } else {
            #expect(!fit.fits)
            #expect(fit.scale == 28.0 / 72)
            #expect(fit.frame.lines.count <= max(c.lines, 1) || c.lines == 0)
        }
        // ⌈log₂(44)⌉ + 2 = 8.
        #expect(fit.layoutCount <= 8)
        // The frame is the one drawn: in the box divided by the scale.
        #expect(abs(fit.frame.rect.width * fit.scale - c.box.width) < 1e-6)
    }

    /// Without a step the scale is continuous (to 1/1024 of the range): it fits, and one unit
    /// larger does not; at most ⌈log₂ 1024⌉ + 2 layouts.
    @Test func continuousScale() throws {
        let c = Self.cases[0]
        let text = AttributedText(c.string, attributes: [.font(try Fonts.dejaVu(72))])
        let fit = try Framesetter(text).fit(in: c.box, maximumNumberOfLines: c.lines, minimumScale: 0.25)
        #expect(fit.fits && fit.scale < 1)
        #expect(fit.layoutCount <= 12)
        #expect(try Self.fits(c.string, size: 72 * fit.scale, box: c.box, lines: c.lines))
        #expect(try !Self.fits(c.string, size: 72 * (fit.scale + 0.75 / 1024 * 1.01), box: c.box, lines: c.lines))
    }

    @Test func badArguments() throws {
        let framesetter = try Framesetter(AttributedText("x"))
        #expect(throws: LayoutError.self) { try framesetter.fit(in: .zero, minimumScale: 0.5) }
        #expect(throws: LayoutError.self) { try framesetter.fit(in: CGSize(width: 10, height: 10), minimumScale: 0) }
        #expect(throws: LayoutError.self) {
            try framesetter.fit(in: CGSize(width: 10, height: 10), maximumNumberOfLines: -1, minimumScale: 0.5)
        }
        #expect(throws: LayoutError.self) {
            try framesetter.fit(in: CGSize(width: 10, height: 10), minimumScale: 0.5, step: 0)
        }
    }
}
