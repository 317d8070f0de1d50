// Kern and tracking with CoreText's documented semantics (porter's problem 6): kern 0 turns the
// font's kerning off, tracking replaces a non-zero kern, and tracking counts as trailing
// whitespace. Expected widths come from DejaVu Sans's own tables, read with hb-shape: "AV" is
// A=1270 V=1401 units kerned, A=1401 V=1401 with --features=kern=0 (2048 units per em, so 1/128
// of a point per unit at 16 pt).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Kern and tracking as CoreText documents them")
struct KernTrackingTests {
    let kerned: CGFloat = (1270 + 1401) / 128
    let unkerned: CGFloat = (1401 + 1401) / 128

    func line(_ string: String, _ attributes: Attributes) throws -> Line {
        let text = AttributedText(string, attributes: attributes)
        return try Typesetter(text).line(for: 0..<text.length)
    }

    /// kCTKernAttributeName: "If this attribute is not present, standard kerning is used. If this
    /// attribute is set to 0.0, no kerning is done at all."
    @Test func kernZeroDisablesFontKerning() throws {
        let font = try Fonts.dejaVu(16)
        #expect(try line("AV", [.font(font)]).width == kerned)
        #expect(try line("AV", [.font(font), .kern(0)]).width == unkerned)
        // A non-zero kern keeps the font's kerning and adds its space after each character.
        #expect(try line("AV", [.font(font), .kern(1)]).width == kerned + 2)
    }

    /// kCTTrackingAttributeName: "If both kCTKernAttributeName and kCTTrackingAttributeName are
    /// present kCTKernAttributeName will be ignored unless zero; kCTTrackingAttributeName will
    /// still be honored."
    @Test func trackingReplacesNonZeroKern() throws {
        let font = try Fonts.dejaVu(16)
        // Kern 5 is ignored: only the tracking's 2 per cluster is added (not 7).
        #expect(try line("xxx", [.font(font), .kern(5), .tracking(2)]).width == 3 * Dv16.x + 3 * 2)
        // Kern 0 is honoured beside tracking: no font kerning, plus the tracking.
        #expect(try line("AV", [.font(font), .kern(0), .tracking(2)]).width == unkerned + 2 * 2)
        // Tracking 0 is no tracking: the kern applies.
        #expect(try line("xxx", [.font(font), .kern(5), .tracking(0)]).width == 3 * Dv16.x + 3 * 5)
    }

    /// kCTTrackingAttributeName: "the added tracking is treated as trailing whitespace", so
    /// CTLineGetTrailingWhitespaceWidth includes the tracking after the last cluster, and
    /// CTLineGetPenOffsetForFlush centres the glyphs, not the glyphs plus one tracking step.
    /// A kern is not whitespace.
    @Test func trackingCountsAsTrailingWhitespace() throws {
        let font = try Fonts.dejaVu(16)
        let tracked = try line("xxx", [.font(font), .tracking(3)])
        #expect(tracked.width == 3 * Dv16.x + 9)
        #expect(tracked.trailingWhitespaceWidth == 3)
        #expect(tracked.penOffset(flushFactor: 0.5, width: 100) == (100 - (3 * Dv16.x + 6)) / 2)
        #expect(tracked.penOffset(flushFactor: 1, width: 100) == 100 - (3 * Dv16.x + 6))
        // With a trailing space, both the space (with its tracking) and the last letter's
        // tracking are trailing whitespace.
        let spaced = try line("xxx ", [.font(font), .tracking(3)])
        #expect(spaced.trailingWhitespaceWidth == Dv16.space + 3 + 3)
        let kerned = try line("xxx", [.font(font), .kern(3)])
        #expect(kerned.trailingWhitespaceWidth == 0)
    }

    /// Being trailing whitespace, the tracking after a line's last cluster hangs past the line's
    /// width like a space does: "xxx xxx" tracked 3 fits its first word in 3 × x + 6 (not + 9).
    @Test func trailingTrackingHangsWhenBreaking() throws {
        let font = try Fonts.dejaVu(16)
        let text = AttributedText("xxx xxx", attributes: [.font(font), .tracking(3)])
        let setter = try Typesetter(text)
        #expect(try setter.suggestLineBreak(startingAt: 0, width: 3 * Dv16.x + 6 + 1e-9) == 4)
        #expect(try setter.suggestLineBreak(startingAt: 0, width: 3 * Dv16.x + 5) < 4)
        // Justified paragraphs break with the same measure.
        let style = ParagraphStyle(alignment: .justified)
        let justified = AttributedText("xxx xxx", attributes: [.font(font), .tracking(3), .paragraphStyle(style)])
        let frame = try Framesetter(justified).frame(in: CGRect(x: 0, y: 0, width: 3 * Dv16.x + 6 + 1e-9, height: 200))
        #expect(frame.lines.map(\.stringRange) == [0..<4, 4..<7])
    }
}
