// UIKit's one-call measuring (boundingRect(with:options:context:)) with NSStringDrawing's
// documented rules: the options usesLineFragmentOrigin, usesFontLeading, usesDeviceMetrics and
// truncatesLastVisibleLine, sizes of 0 meaning unconstrained, and the drawing context's scale
// factors; and TextKit's line heights beside CoreText's. Expected heights come from the font's
// own hhea numbers (DejaVu Sans: ascender 1901, descender −483 per 2048 units) with its line
// gap patched to 410 in memory, so that the font leading is not zero.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

/// DejaVu Sans at `size` with its hhea lineGap (offset 8 of the table) set to `lineGap` units.
private func dejaVu(size: CGFloat, lineGap: Int16) throws -> Font {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.path("DejaVuSans.ttf"))))
    func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
    // The table directory: numTables at 4, 16-byte records from 12 (tag, checksum, offset, length).
    for i in 0..<u16(4) {
        let record = 12 + 16 * i
        guard String(decoding: bytes[record..<(record + 4)], as: UTF8.self) == "hhea" else { continue }
        let offset = u16(record + 8) << 16 | u16(record + 10)
        let value = UInt16(bitPattern: lineGap)
        bytes[offset + 8] = UInt8(value >> 8)
        bytes[offset + 9] = UInt8(value & 0xFF)
    }
    return try Font(data: bytes, size: size)
}

@Suite("UIKit string drawing")
struct StringDrawingTests {
    static let size: CGFloat = 20
    /// hhea ascent, descent and (patched) line gap at 20 pt.
    static let a = 1901 / 2048 * size
    static let d = 483 / 2048 * size
    static let l = 410 / 2048 * size
    let font: Font
    let three: AttributedText

    init() throws {
        font = try dejaVu(size: Self.size, lineGap: 410)
        three = AttributedText("one\ntwo\nthree", attributes: [.font(font)])
    }

    private func close(_ x: CGFloat, _ y: CGFloat) -> Bool { abs(x - y) < 1e-6 }

    /// "NSStringDrawingUsesFontLeading: Uses the font leading for calculating line heights":
    /// three lines are 3(a + d) tall without it and 3(a + d + l) with it; CoreText's frame
    /// arithmetic (suggestFrameSize) gives 3(a + d) + 2l (leading between lines only).
    @Test func fontLeadingOnlyWithUsesFontLeading() throws {
        #expect(close(font.leading, Self.l))
        let huge = CGSize(width: 1000, height: 1000)
        let plain = try three.boundingRect(with: huge, options: [.usesLineFragmentOrigin], context: nil)
        let leading = try three.boundingRect(
            with: huge, options: [.usesLineFragmentOrigin, .usesFontLeading], context: nil)
        let coreText = try Framesetter(three).suggestFrameSize(constraints: huge).size
        #expect(plain.origin == .zero && leading.origin == .zero)
        #expect(close(plain.height, 3 * (Self.a + Self.d)))
        #expect(close(leading.height, 3 * (Self.a + Self.d + Self.l)))
        #expect(close(coreText.height, 3 * (Self.a + Self.d) + 2 * Self.l))
        #expect(close(plain.width, coreText.width))
        // NSString's form: the attributes over the whole string give the same rect.
        let string = try "one\ntwo\nthree".boundingRect(
            with: huge, options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: [.font(font)], context: nil)
        #expect(string == leading)
    }

    /// Without usesLineFragmentOrigin "the origin of the rectangle is the baseline of the only
    /// line. The text will be displayed above the rectangle", newlines are "honored" and put
    /// the next text "on the next line underneath", the height "is ignored and considered to be
    /// single-line rendering (NSLineBreakByWordWrapping … treated as NSLineBreakByClipping)".
    @Test func baselineOriginWithoutLineFragmentOrigin() throws {
        let rect = try three.boundingRect(with: CGSize(width: 1000, height: 1), options: [], context: nil)
        #expect(close(rect.minY, -Self.a))
        #expect(close(rect.height, 3 * (Self.a + Self.d)))
        // A long paragraph is not wrapped but clipped: one line, no wider than asked.
        let long = AttributedText(String(repeating: "wrap me ", count: 20), attributes: [.font(font)])
        let clipped = try long.boundingRect(with: CGSize(width: 120, height: 0), options: [], context: nil)
        #expect(close(clipped.height, Self.a + Self.d) && clipped.width <= 120)
        let wrapped = try long.boundingRect(
            with: CGSize(width: 120, height: 0), options: .usesLineFragmentOrigin, context: nil)
        #expect(wrapped.height > 3 * (Self.a + Self.d) && wrapped.width <= 120)
    }

    /// "The width part of the size field specifies the maximum line fragment width if larger
    /// than 0.0. The height defines the maximum size … if larger than 0.0": a zero size does not
    /// constrain, and matches an unbounded one.
    @Test func zeroSizeIsUnconstrained() throws {
        let long = AttributedText(String(repeating: "wrap me ", count: 20), attributes: [.font(font)])
        let zero = try long.boundingRect(with: .zero, options: .usesLineFragmentOrigin, context: nil)
        let unbounded = try long.boundingRect(
            with: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
            options: .usesLineFragmentOrigin, context: nil)
        #expect(zero == unbounded)
        #expect(close(zero.height, Self.a + Self.d))
    }

    /// The height keeps whole line fragments: 2.5 fragments' height holds 2 lines. With
    /// truncatesLastVisibleLine the second ends with "…" ("Truncates and adds the ellipsis
    /// character to the last visible line if the text doesn't fit"), which is "Ignored if
    /// NSStringDrawingUsesLineFragmentOrigin is not also set".
    @Test func heightKeepsWholeFragmentsAndTruncates() throws {
        let five = AttributedText("one\ntwo\nthree\nfour\nfive", attributes: [.font(font)])
        let size = CGSize(width: 300, height: 2.5 * (Self.a + Self.d))
        let rect = try five.boundingRect(with: size, options: .usesLineFragmentOrigin, context: nil)
        #expect(close(rect.height, 2 * (Self.a + Self.d)))
        let framesetter = try Framesetter(five)
        let truncated = try framesetter.stringDrawingLayout(
            size: size, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine])
        #expect(truncated.frame.lines.count == 2)
        #expect(truncated.frame.lines[1].isTruncated && !truncated.frame.lines[0].isTruncated)
        let plain = try framesetter.stringDrawingLayout(size: size, options: .usesLineFragmentOrigin)
        #expect(plain.frame.lines.count == 2 && !plain.frame.lines[1].isTruncated)
        let single = try framesetter.stringDrawingLayout(size: size, options: .truncatesLastVisibleLine)
        #expect(single.frame.lines.count == 5 && !single.frame.lines.contains { $0.isTruncated })
    }

    /// "Uses image glyph bounds instead of typographic bounds": for the single glyph "x" drawn
    /// from its baseline origin, the rect is the glyph's bounding box (CTFontGetBoundingRectsForGlyphs),
    /// flipped to y down.
    @Test func deviceMetricsAreTheGlyphBounds() throws {
        let glyph = try #require(font.glyph(for: "x"))
        let box = font.boundingRect(for: glyph)
        let rect = try AttributedText("x", attributes: [.font(font)])
            .boundingRect(with: .zero, options: .usesDeviceMetrics, context: nil)
        #expect(abs(rect.minX - box.minX) < 0.01 && abs(rect.width - box.width) < 0.01)
        #expect(abs(rect.minY + box.maxY) < 0.01 && abs(rect.height - box.height) < 0.01)
    }

    /// NSStringDrawingContext: "A value of 0.0 corresponds to a scale factor of 1.0. Any value
    /// greater than 0.0 is multiplied by the font point size to get the smallest font size that
    /// is permissible to use." Advances scale with the size, so a line 0.6 times as wide as the
    /// text needs a factor of 0.6 (found to within 1/1024 of the range); a minimum of 0.7 cannot
    /// fit and stays at 0.7; a minimum of 0 never scales.
    @Test func minimumScaleFactorShrinksToFit() throws {
        let text = AttributedText("Scaled to fit", attributes: [.font(font)])
        let natural = try text.boundingRect(with: .zero, options: [], context: nil).width
        let size = CGSize(width: natural * 0.6, height: 0)
        let context = StringDrawingContext(minimumScaleFactor: 0.5)
        let rect = try text.boundingRect(with: size, options: [], context: context)
        #expect(context.actualScaleFactor <= 0.6 + 1e-9 && context.actualScaleFactor >= 0.6 - 0.5 / 1024 - 1e-9)
        #expect(rect.width <= size.width && context.totalBounds == rect)
        let tight = StringDrawingContext(minimumScaleFactor: 0.7)
        _ = try text.boundingRect(with: size, options: [], context: tight)
        #expect(tight.actualScaleFactor == 0.7)
        let none = StringDrawingContext()
        _ = try text.boundingRect(with: size, options: [], context: none)
        #expect(none.actualScaleFactor == 1)
    }

    /// Bad input: a NaN size throws.
    @Test func nanSizeThrows() {
        #expect(throws: LayoutError.self) {
            try three.boundingRect(with: CGSize(width: CGFloat.nan, height: 10), options: [], context: nil)
        }
    }
}
