// Suggested sizes of vertical frames (CTFramesetterSuggestFrameSizeWithConstraints with
// kCTFrameProgressionAttributeName in its frame attributes): the constraint's height is the
// column length, the suggested width the stacked columns' total. The expected numbers come from
// hb-shape (advances down and along the column) and the fonts' tables (read with ttx): the
// column's half-widths are an upright run's em halves and a rotated run's (ascent + descent) / 2;
// leading between columns is hhea.lineGap, 0 in both fonts (hhea is used: neither sets OS/2
// fsSelection's USE_TYPO_METRICS bit).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Suggested sizes of vertical frames")
struct VerticalFrameSizeTests {
    static let size: CGFloat = 20
    static let droidPath = TestFonts.path("DroidSansFallbackFull.ttf")
    static let dejaVuPath = TestFonts.path("DejaVuSans.ttf")
    /// DroidSansFallbackFull's head.unitsPerEm, hhea.lineGap; DejaVu Sans's head.unitsPerEm,
    /// hhea.ascender, −hhea.descender, hhea.lineGap (ttx).
    static let droidUnits: CGFloat = 256
    static let (dejaVuUnits, dejaVuAscender, dejaVuDescender): (CGFloat, CGFloat, CGFloat) = (2048, 1901, 483)
    static let lineGap: CGFloat = 0

    static func options(_ progression: FrameProgression) -> FrameOptions {
        FrameOptions(truncation: nil, progression: progression)
    }

    /// `count` copies of 縦 in DroidSansFallback with vertical forms (upright).
    static func ideographs(_ count: Int) throws -> Framesetter {
        let font = try Font(path: droidPath, size: size)
        let text = AttributedText(
            String(repeating: "縦", count: count), attributes: [.font(font), .verticalForms(true)])
        return try Framesetter(text)
    }

    /// One ideograph's advance down the column: hb-shape --direction=ttb's y advance, in points.
    static func ideographAdvance() throws -> CGFloat {
        let glyphs = try HBShape.shape("縦", fontPath: droidPath, direction: "ttb")
        return -CGFloat(try #require(glyphs.first).ay) * size / droidUnits
    }

    /// Twelve ideographs (one em, 20 pt, each down the column) in columns 100 pt long: 5 per
    /// column, so 3 columns (5, 5, 2), each an em wide (its em halves either side of the centre
    /// line) with no leading between: 60 × 100. A frame of that size shows the whole text in
    /// the same columns; one column narrower (40 pt) it shows two columns, and 1 pt narrower
    /// the third column no longer fits either.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func ideographColumns(_ progression: FrameProgression) throws {
        let setter = try Self.ideographs(12)
        let advance = try Self.ideographAdvance()
        #expect(advance == Self.size)
        let perColumn = Int((100 / advance).rounded(.down))
        let columns = (12 + perColumn - 1) / perColumn
        #expect((perColumn, columns) == (5, 3))
        let columnWidth = Self.size / 2 + Self.size / 2
        let expected = CGSize(
            width: CGFloat(columns) * columnWidth + CGFloat(columns - 1) * Self.lineGap,
            height: CGFloat(perColumn) * advance)
        let (size, fit) = try setter.suggestFrameSize(
            constraints: CGSize(width: CGFloat.greatestFiniteMagnitude, height: 100),
            options: Self.options(progression))
        #expect(size == expected)
        #expect(fit == 0..<12)
        let frame = try setter.frame(in: CGRect(origin: .zero, size: size), options: Self.options(progression))
        #expect(frame.visibleStringRange == 0..<12)
        #expect(frame.lines.map(\.stringRange) == [0..<5, 5..<10, 10..<12])
        let narrower = try setter.frame(
            in: CGRect(x: 0, y: 0, width: size.width - columnWidth, height: size.height),
            options: Self.options(progression))
        #expect(narrower.visibleStringRange == 0..<10)
        let slightly = try setter.frame(
            in: CGRect(x: 0, y: 0, width: size.width - 1, height: size.height), options: Self.options(progression))
        #expect(slightly.visibleStringRange == 0..<10)
    }

    /// The constraint's width limits the columns: 50 pt holds two columns one em wide, not a
    /// third (60 pt), so the fit range ends after 10 ideographs and the width is 40.
    @Test func widthConstraintLimitsColumns() throws {
        let (size, fit) = try Self.ideographs(12).suggestFrameSize(
            constraints: CGSize(width: 50, height: 100), options: Self.options(.rightToLeft))
        #expect(size == CGSize(width: 2 * Self.size, height: 5 * Self.size))
        #expect(fit == 0..<10)
    }

    /// Latin without vertical forms is set rotated: "Hello world" in DejaVu Sans in columns 80
    /// pt long breaks after "Hello " (hb-shape: 5191 + 651 units = 57.05 pt; the whole text is
    /// 11481 units = 112.12 pt); the longer column, "world" (5639 units = 55.07 pt), is the
    /// height; each column is hhea ascender + descender (2384 units = 23.28 pt) wide.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func rotatedLatinColumns(_ progression: FrameProgression) throws {
        let font = try Font(path: Self.dejaVuPath, size: Self.size)
        let setter = try Framesetter(AttributedText("Hello world", attributes: [.font(font)]))
        let scale = Self.size / Self.dejaVuUnits
        func length(_ s: String) throws -> CGFloat {
            CGFloat(try HBShape.shape(s, fontPath: Self.dejaVuPath).reduce(0) { $0 + $1.ax }) * scale
        }
        #expect(try length("Hello ") < 80 && length("Hello world") > 80)
        let columnWidth = (Self.dejaVuAscender + Self.dejaVuDescender) * scale
        let (size, fit) = try setter.suggestFrameSize(
            constraints: CGSize(width: CGFloat.infinity, height: 80), options: Self.options(progression))
        #expect(fit == 0..<11)
        #expect(abs(size.width - (2 * columnWidth + Self.lineGap)) < 1e-9)
        #expect(abs(size.height - max(try length("Hello"), try length("world"))) < 1e-9)
        let frame = try setter.frame(in: CGRect(origin: .zero, size: size), options: Self.options(progression))
        #expect(frame.lines.map(\.stringRange) == [0..<6, 6..<11])
        #expect(
            frame.lines.allSatisfy {
                $0.lineAxis == .vertical && $0.glyphRuns.allSatisfy { $0.orientation == .sideways }
            })
        let narrower = try setter.frame(
            in: CGRect(x: 0, y: 0, width: size.width - columnWidth, height: size.height),
            options: Self.options(progression))
        #expect(narrower.visibleStringRange == 0..<6)
    }

    /// Bad constraints and ranges throw with a vertical progression as without one.
    @Test func badInputThrows() throws {
        let setter = try Self.ideographs(12)
        #expect(throws: LayoutError.self) {
            try setter.suggestFrameSize(
                constraints: CGSize(width: -1, height: 10), options: Self.options(.rightToLeft))
        }
        #expect(throws: LayoutError.self) {
            try setter.suggestFrameSize(
                range: 0..<13, constraints: CGSize(width: 10, height: 10), options: Self.options(.rightToLeft))
        }
    }
}
