// Run delegates on any text and with any Sendable refCon (porter's problem 5), from CoreText's
// documentation of CTRunDelegate: "The values returned by the delegate are applied to each glyph
// in the run or runs corresponding to the attribute with that delegate."
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Run delegates on any range")
struct RunDelegateRangeTests {
    /// "abc" under a delegate 10 wide, 8 up, 2 down: each of the three glyphs is 10 wide, so the
    /// line is 30 wide; the line's ascent and descent cover the delegate's; the frame lists one
    /// placeholder per character.
    @Test func delegateAppliesToEachGlyph() throws {
        let font = try Fonts.dejaVu(16)
        let delegate = try RunDelegate(width: 10, ascent: 30, descent: 9, value: "box")
        var b = AttributedTextBuilder("xabcx", attributes: [.font(font)])
        try b.setRunDelegate(delegate, range: 1..<4)
        let text = b.build()
        let line = try Typesetter(text).line(for: 0..<5)
        #expect(line.width == 2 * Dv16.x + 30)
        #expect(line.ascent == 30)
        #expect(line.descent == 9)
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: 300, height: 100))
        #expect(frame.placeholders.map(\.stringIndex) == [1, 2, 3])
        #expect(frame.placeholders.allSatisfy { $0.rect.width == 10 && $0.rect.height == 39 })
        #expect(frame.placeholders.map(\.rect.minX) == [Dv16.x, Dv16.x + 10, Dv16.x + 20])
    }

    /// A delegate of width 0 hides its text: the glyphs take no room and are not drawn (no run
    /// with glyphs covers them), as CoreText clients use it to collapse text.
    @Test func zeroWidthDelegateHidesText() throws {
        let font = try Fonts.dejaVu(16)
        let hidden = try RunDelegate(width: 0, ascent: 0, descent: 0)
        var b = AttributedTextBuilder("xx hidden", attributes: [.font(font)])
        try b.setAttributes([.font(font), .runDelegate(hidden)], range: 3..<9)
        let line = try Typesetter(b.build()).line(for: 0..<9)
        #expect(line.width == 2 * Dv16.x + Dv16.space)
        let drawn = line.glyphRuns.filter { !$0.isPlaceholder }
        #expect(drawn.allSatisfy { $0.stringRange.upperBound <= 3 })
    }

    /// CTRunDelegateGetRefCon returns the refCon given to CTRunDelegateCreate, any value: here a
    /// struct. Delegates compare by identity, as CFEqual does for CTRunDelegate objects: a copy is
    /// equal, a second delegate from an equal value is not. String values keep working.
    @Test func refConIsAnySendable() throws {
        struct Attachment: Sendable, Equatable {
            let name: String
            let scale: Double
        }
        let value = Attachment(name: "cat.png", scale: 2)
        let delegate = try RunDelegate(width: 10, ascent: 8, descent: 2, refCon: value)
        #expect(delegate.refCon(as: Attachment.self) == value)
        #expect(delegate.refCon(as: String.self) == nil)
        let copy = delegate
        #expect(copy == delegate)
        #expect(try RunDelegate(width: 10, ascent: 8, descent: 2, refCon: value) != delegate)
        let named = try RunDelegate(width: 10, ascent: 8, descent: 2, value: "image")
        #expect(named.value == "image")
        #expect(named.refCon(as: String.self) == "image")
        #expect(try RunDelegate(width: 10, ascent: 8, descent: 2, value: "image") == named)
        // The value survives layout: the frame's placeholder carries the same delegate.
        var b = AttributedTextBuilder("x", attributes: [.font(try Fonts.dejaVu(16))])
        try b.insertPlaceholder(delegate, at: 1)
        let frame = try Framesetter(b.build()).frame(in: CGRect(x: 0, y: 0, width: 300, height: 100))
        #expect(frame.placeholders.first?.delegate.refCon(as: Attachment.self) == value)
    }
}
