// The CoreText framesetter and frame calls that ported code makes, pinned to their documented
// meaning: a framesetter made from a typesetter (CTFramesetterCreateWithTypesetter,
// CTFramesetterGetTypesetter), a frame's requested range and path (CTFrameGetStringRange,
// CTFrameGetPath), and UIKit's NSTextAttachment bounds as an inline object.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Framesetter and frame parity")
struct FramesetterParityTests {
    let font: Font
    let sample: AttributedText

    init() throws {
        font = try Fonts.dejaVu(14)
        sample = AttributedText(
            "A framesetter made from a typesetter lays out the same lines as one made from the text.",
            attributes: [.font(try Fonts.dejaVu(14))])
    }

    /// CTFramesetterCreateWithTypesetter "creates a framesetter directly from a typesetter";
    /// CTFramesetterGetTypesetter "returns the typesetter object being used by the framesetter".
    @Test func framesetterFromTypesetter() throws {
        let typesetter = try Typesetter(sample)
        let framesetter = Framesetter(typesetter: typesetter)
        #expect(framesetter.typesetter === typesetter)
        let rect = CGRect(x: 0, y: 0, width: 150, height: 400)
        let a = try framesetter.frame(in: rect)
        let b = try Framesetter(sample).frame(in: rect)
        #expect(a.lines.count > 2)
        #expect(a.lines.map(\.stringRange) == b.lines.map(\.stringRange))
        #expect(a.lineOrigins == b.lineOrigins)
    }

    /// CTFrameGetStringRange: "the range of characters that were originally requested to fill
    /// the frame"; CTFrameGetVisibleStringRange starts there; CTFrameGetPath: "the path used to
    /// create the frame".
    @Test func frameReportsItsRangeAndPath() throws {
        let framesetter = try Framesetter(sample)
        let rect = CGRect(x: 5, y: 7, width: 120, height: 40)
        let frame = try framesetter.frame(in: rect, range: 2..<60)
        #expect(frame.stringRange == 2..<60)
        #expect(frame.visibleStringRange.lowerBound == 2 && frame.visibleStringRange.upperBound < 60)
        #expect(frame.path == .rectangle(rect))
        let ellipse = FramePath.ellipse(in: CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(try framesetter.frame(in: ellipse).path == ellipse)
    }

    /// NSTextAttachment.bounds: "The origin is at the glyph origin of the text character in the
    /// y-up coordinate system": an attachment 20 × 16 at y −4 spans 4 below the baseline to 12
    /// above it; one at y +3 spans 3 to 19 above, and its line's ascent grows to 19.
    @Test(arguments: [CGFloat(-4), 3])
    func attachmentBoundsBecomeThePlaceholderRect(originY: CGFloat) throws {
        let attachment = TextAttachment(bounds: CGRect(x: 0, y: originY, width: 20, height: 16), identifier: "icon")
        var builder = AttributedTextBuilder("Icon ", attributes: [.font(font)])
        builder.append(try attachment.attributedText(attributes: [.font(font)]))
        builder.append(" here", attributes: [.font(font)])
        let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: 300, height: 100))
        let placeholder = try #require(frame.placeholders.first)
        #expect(placeholder.delegate.value == "icon")
        let baseline = frame.rect.minY + frame.lineOrigins[0].y
        #expect(abs(placeholder.rect.minY - (baseline + originY)) < 1e-9)
        #expect(abs(placeholder.rect.height - 16) < 1e-9 && abs(placeholder.rect.width - 20) < 1e-9)
        let pen = frame.lineOrigins[0].x + font.hmtxWidth("Icon ")
        #expect(abs(placeholder.rect.minX - pen) < 0.01)
        #expect(frame.lines[0].ascent >= max(font.ascent, 16 + originY) - 1e-9)
        #expect(frame.lines[0].descent >= max(font.descent, -originY) - 1e-9)
        #expect(throws: AttributedTextError.self) {
            try TextAttachment(bounds: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)).attributedText()
        }
    }
}
