// kCTParagraphStyleAttributeName: "the paragraph style must be uniform across a paragraph"
// (CTStringAttributes.h), and CoreText reads it from the paragraph's first character.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Paragraph style attribute")
struct ParagraphStyleAttributeTests {
    /// "xx" whose first character asks for right alignment and second for centring, in a frame
    /// 200 wide: the line is flush right (origin 200 − width), the first character's style.
    @Test func firstCharacterDecides() throws {
        let font = try Fonts.dejaVu(16)
        var b = AttributedTextBuilder(
            "xx", attributes: [.font(font), .paragraphStyle(ParagraphStyle(alignment: .right))])
        try b.setAttributes([.font(font), .paragraphStyle(ParagraphStyle(alignment: .center))], range: 1..<2)
        let frame = try Framesetter(b.build()).frame(in: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(frame.lineOrigins[0].x == 200 - 2 * Dv16.x)
    }
}
