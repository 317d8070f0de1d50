// Drawing text whose effects are as large as attributes allow (LengthLimit: 10⁹ points): a
// stroke, a shadow offset and blur, an obliqueness and a baseline offset that large must neither
// crash, nor allocate without bound, nor leave non-finite geometry in the paint list.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite struct HostileDrawingTests {
    static let limit = LengthLimit.maximum

    /// Each attribute at the limit, drawn into a 200 × 60 bitmap and written as SVG. The paint
    /// list's glyph positions stay finite; the drawing ends (oversized strokes and shadows are
    /// skipped, as the README's Limits table says).
    @Test(arguments: [
        Attribute.stroke(TextStroke(width: limit, color: .red)),
        .shadow(TextShadow(offset: CGSize(width: limit, height: -limit), blurRadius: limit, color: .black)),
        .shadow(TextShadow(offset: CGSize(width: 3, height: 3), blurRadius: limit, color: .black)),
        .obliqueness(limit),
        .obliqueness(-limit),
        .baselineOffset(limit),
        .kern(limit),
    ])
    func hugeEffectsDraw(_ attribute: Attribute) throws {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: 16)
        let text = AttributedText("Hi e\u{0301} שלום", attributes: [.font(font), attribute])
        let frame = try Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: 200, height: 60))
        let paint = PaintList(frame: frame)
        for case .glyphs(let run) in paint.operations {
            #expect(run.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }
        var bitmap = try Bitmap(width: 200, height: 60)
        Renderer().draw(frame, into: &bitmap)
        #expect(!SVGWriter(width: 200, height: 60).document(for: paint).isEmpty)
    }
}
