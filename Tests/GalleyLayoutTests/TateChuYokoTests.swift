// Tate-chū-yoko (kCTHorizontalInVerticalFormsAttributeName): in a vertical
// line, a run of up to 4 digits or Latin letters with the attribute is set horizontally as one
// upright cluster exactly one em long down the line, its horizontal extent (hb-shape's advances,
// scaled to fit one em when wider) centred on the column's centre line; a longer run is not
// combined.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Tate-chū-yoko")
struct TateChuYokoTests {
    static let size: CGFloat = 20

    /// "年<digits>年" with vertical forms in DroidSansFallback, the digits in DejaVu Sans with
    /// `.horizontalInVerticalForms(count)`.
    static func line(_ digits: String, count: Int) throws -> Line {
        let string = "年\(digits)年"
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
        var builder = AttributedTextBuilder(string, attributes: [.font(droid), .verticalForms(true)])
        let range = 1..<(1 + digits.utf16.count)
        try builder.setFont(try Fonts.dejaVu(size), range: range)
        try builder.setAttribute(.horizontalInVerticalForms(count), range: range)
        return try Typesetter(builder.build()).line(for: 0..<string.utf16.count)
    }

    /// The combined run: one upright cluster advancing exactly one em down the line (the line
    /// is three ems long); its glyphs laid side by side with hb-shape's horizontal advances,
    /// scaled by em / width when wider than the em (the run's expansion says the same scale to
    /// the renderer), the whole centred on the centre line (x = 0).
    @Test(arguments: ["7", "12", "2026", "AbC"])
    func combinedRunIsOneCentredEm(_ digits: String) throws {
        let line = try Self.line(digits, count: 4)
        let run = try #require(line.glyphRuns.first { $0.stringRange == 1..<(1 + digits.utf16.count) })
        #expect(run.orientation == .upright)
        let advances = (0..<run.glyphCount).map { run.advances[$0] }
        #expect(advances.allSatisfy { $0.width == 0 })
        #expect(abs(advances.reduce(0) { $0 + $1.height } + Self.size) < 1e-9)
        #expect(abs(line.width - 3 * Self.size) < 1e-9)
        // One cluster: every glyph maps to the run's first character.
        #expect((0..<run.glyphCount).allSatisfy { run.stringIndices[$0] == 1 })

        let dejaVu = try Fonts.dejaVu(Self.size)
        let units = try HBShape.shape(digits, fontPath: TestFonts.path("DejaVuSans.ttf")).map(\.ax)
        let widths = units.map { CGFloat($0) * Self.size / CGFloat(dejaVu.unitsPerEm) }
        let natural = widths.reduce(0, +)
        let scale = min(1, Self.size / natural)
        let width = natural * scale
        #expect(width <= Self.size + 1e-9)
        if scale < 1 {
            #expect(abs(exp(try #require(run.attributes.expansion)) - scale) < 1e-9)
        } else {
            #expect(run.attributes.expansion == nil)
        }
        var pen = -width / 2
        for i in 0..<run.glyphCount {
            #expect(abs(run.positions[i].x - pen) < 1e-6)
            pen += widths[i] * scale
        }
        #expect(abs(pen - width / 2) < 1e-6)
    }

    /// Down the line, the run's ascent-to-descent box is centred in its em: as far below the
    /// cluster's top (the end of the first ideograph, one em down) as above its bottom.
    @Test func combinedRunIsCentredInItsEm() throws {
        let line = try Self.line("12", count: 2)
        let run = try #require(line.glyphRuns.first { $0.stringRange == 1..<3 })
        let top = -Self.size
        let bottom = -2 * Self.size
        let baseline = run.positions[0].y
        let above = top - (baseline + run.font.ascent)
        let below = (baseline - run.font.descent) - bottom
        #expect(abs(above - below) < 1e-9)
    }

    /// Two digits in a font with half-width forms (IPAex Mincho's `hwid`, Debian's
    /// fonts-ipaexfont-mincho): the combined run takes those glyphs, exactly the ones
    /// `hb-shape --features=hwid` gives, at their own advances (half an em each, so together one
    /// em: no horizontal scaling), side by side and centred on the column's centre line. Three
    /// digits (IPAex has no `twid`) fall back to scaling the proportional glyphs.
    @Test(arguments: [("12", true), ("123", false)])
    func halfWidthFormsWhenTheFontHasThem(_ digits: String, _ hasForm: Bool) throws {
        let path = TestFonts.ipaexMincho
        let font = try Font(path: path, size: Self.size)
        let string = "年\(digits)年"
        var builder = AttributedTextBuilder(string, attributes: [.font(font), .verticalForms(true)])
        let range = 1..<(1 + digits.utf16.count)
        try builder.setAttribute(.horizontalInVerticalForms(4), range: range)
        let line = try Typesetter(builder.build()).line(for: 0..<string.utf16.count)
        let run = try #require(line.glyphRuns.first { $0.stringRange == range })
        #expect(abs(line.width - 3 * Self.size) < 1e-9)

        let reference = try HBShape.shape(digits, fontPath: path, features: hasForm ? "hwid" : nil)
        #expect((0..<run.glyphCount).map { run.glyphs[$0] } == reference.map(\.g))
        let widths = reference.map { CGFloat($0.ax) * Self.size / CGFloat(font.unitsPerEm) }
        let natural = widths.reduce(0, +)
        if hasForm {
            // hwid glyphs are half an em each: the pair is exactly one em, not scaled.
            #expect(widths.allSatisfy { abs($0 - Self.size / 2) < 1e-9 })
            #expect(run.attributes.expansion == nil)
        } else {
            #expect(natural > Self.size)
            #expect(abs(exp(try #require(run.attributes.expansion)) - Self.size / natural) < 1e-9)
        }
        let scale = min(1, Self.size / natural)
        var pen = -natural * scale / 2
        for i in 0..<run.glyphCount {
            #expect(abs(run.positions[i].x - pen) < 1e-6)
            pen += widths[i] * scale
        }
    }

    /// A run longer than the attribute's count (or than 4) is not combined: set as its text
    /// orientation says (mixed: Latin digits rotated), each digit its own advance.
    @Test(arguments: [("20261", 4), ("123", 2)])
    func longerRunIsNotCombined(_ digits: String, _ count: Int) throws {
        let line = try Self.line(digits, count: count)
        let run = try #require(line.glyphRuns.first { $0.stringRange == 1..<(1 + digits.utf16.count) })
        #expect(run.orientation == .sideways)
        #expect(run.glyphCount == digits.count)
        let units = try HBShape.shape(digits, fontPath: TestFonts.path("DejaVuSans.ttf")).map(\.ax)
        let natural = CGFloat(units.reduce(0, +)) * Self.size / CGFloat(try Fonts.dejaVu(Self.size).unitsPerEm)
        #expect(abs(line.width - (2 * Self.size + natural)) < 1e-6)
    }

    /// The cluster is never broken: a column one em long takes the whole combined run as one
    /// line of its own.
    @Test func combinedRunIsNeverBroken() throws {
        let line = try Self.line("2026", count: 4)
        #expect(line.glyphRuns.contains { $0.stringRange == 1..<5 })
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: Self.size)
        var builder = AttributedTextBuilder("年2026年", attributes: [.font(droid), .verticalForms(true)])
        try builder.setFont(try Fonts.dejaVu(Self.size), range: 1..<5)
        try builder.setAttribute(.horizontalInVerticalForms(4), range: 1..<5)
        let setter = Framesetter(typesetter: try Typesetter(builder.build()))
        let frame = try setter.frame(
            in: CGRect(x: 0, y: 0, width: 200, height: Self.size),
            options: FrameOptions(truncation: nil, progression: .rightToLeft))
        #expect(frame.lines.map(\.stringRange) == [0..<1, 1..<5, 5..<6])
    }

    /// Justification spreads a column between clusters: the combined run stays one cluster
    /// (its glyphs share one baseline, side by side) and still takes one em of its own.
    @Test func justifiedColumnKeepsTheClusterWhole() throws {
        let line = try Self.line("2026", count: 4)
        let justified = line.justified(factor: 1, width: 5 * Self.size)
        let run = try #require(justified.glyphRuns.first { $0.stringRange == 1..<5 })
        let ys = (0..<run.glyphCount).map { run.positions[$0].y }
        #expect(ys.allSatisfy { abs($0 - ys[0]) < 1e-9 })
        let xs = (0..<run.glyphCount).map { run.positions[$0].x }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
        #expect(abs(justified.width - 5 * Self.size) < 1e-6)
        // Three clusters, two gaps of one em each: the cluster starts two ems down.
        let top = justified.glyphRuns.first { $0.stringRange == 1..<5 }?.originX
        #expect(abs((top ?? 0) - 2 * Self.size) < 1e-6)
    }
}
