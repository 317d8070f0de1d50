// Placeholders in vertical lines as drawn: a run delegate's width is its extent down
// the column and its ascent lies right of the centre line, its descent left; the renderer puts
// the caller's image in exactly that box, for a frame and for a line drawn on its own.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Vertical placeholders drawn")
struct VerticalPlaceholderDrawingTests {
    static let size: CGFloat = 20
    static let red = Bitmap.Pixel(red: 255, green: 0, blue: 0)
    static let redImage = try! Bitmap(width: 4, height: 4, background: Color(red: 1, green: 0, blue: 0))

    /// "縦￼縦" in DroidSansFallback with vertical forms, the placeholder 30 pt down the column,
    /// 14 right and 4 left of the centre line.
    static func text() throws -> AttributedText {
        let droid = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
        var builder = AttributedTextBuilder("縦縦", attributes: [.font(droid), .verticalForms(true)])
        let delegate = try RunDelegate(width: 30, ascent: 14, descent: 4, value: "image")
        var attributes = Attributes()
        (attributes.font, attributes.verticalForms) = (droid, true)
        try builder.insertPlaceholder(delegate, at: 1, attributes: attributes)
        return builder.build()
    }

    /// The image fills the box: in vertical-rl the column's centre line is its ascent (14) in
    /// from the right edge, so the box spans x W−18…W and, below the first ideograph, y from
    /// 20 to 50 pt down (pixel rows 20..<50 at scale 1); in vertical-lr the centre line is the
    /// column's descent (10, the ideographs' half em) in from the left, the box x 6…24.
    @Test(arguments: [FrameProgression.rightToLeft, .leftToRight])
    func imageFillsTheBox(_ progression: FrameProgression) throws {
        let (width, height) = (60, 100)
        let frame = try Framesetter(typesetter: try Typesetter(try Self.text())).frame(
            in: CGRect(x: 0, y: 0, width: width, height: height),
            options: FrameOptions(truncation: nil, progression: progression))
        var bitmap = try Bitmap(width: width, height: height)
        Renderer().draw(frame, into: &bitmap, imageProvider: { _ in Self.redImage })
        let (left, right) = progression == .rightToLeft ? (width - 18, width) : (6, 24)
        #expect(bitmap.count { $0 == Self.red } == (right - left) * 30)
        for x in [left, right - 1] {
            for y in [20, 49] { #expect(bitmap.pixel(x: x, y: y) == Self.red, "\(x), \(y)") }
        }
        for (x, y) in [(left - 1, 35), (right, 35), (left + 5, 19), (left + 5, 50)] where x >= 0 && x < width {
            #expect(bitmap.pixel(x: x, y: y) != Self.red, "\(x), \(y)")
        }
    }

    /// A vertical line drawn on its own puts its placeholder where the frame does.
    @Test func lineListPlacesThePlaceholderAsTheFrame() throws {
        let rect = CGRect(x: 0, y: 0, width: 60, height: 100)
        let frame = try Framesetter(typesetter: try Typesetter(try Self.text())).frame(
            in: rect, options: FrameOptions(truncation: nil, progression: .rightToLeft))
        let list = PaintList(line: frame.lines[0], at: frame.lineOrigins[0])
        let placed = list.operations.compactMap { operation -> Placeholder? in
            if case .placeholder(let p) = operation { return p }
            return nil
        }
        #expect(placed.map(\.rect) == frame.placeholders.map(\.rect))
    }
}
