// Decorations of vertical lines, from the definition in LineDecorations+Vertical.swift (CSS Text
// Decoration 3's text-underline-position: auto puts a Japanese vertical underline on the right,
// a Chinese one on the left; an overline on the other side; a strikethrough through the centre
// line; a background across the whole column): rects checked against the column's centre line
// (the line origin's x), its em-box half-width and the line's extent down the column.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Vertical line decorations")
struct VerticalDecorationTests {
    static let size: CGFloat = 20
    static let rect = CGRect(x: 0, y: 0, width: 100, height: 200)
    static let yellow = Color(red: 1, green: 1, blue: 0)

    static func droid() throws -> Font {
        try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
    }

    /// One vertical-rl column of "縦書き" (upright, em-box half-width size/2) with `attributes`;
    /// the paint list, the line's origin (frame coordinates) and its extent down the column.
    static func column(_ attributes: [Attribute]) throws -> (PaintList, CGPoint, CGFloat) {
        let text = AttributedText(
            "縦書き", attributes: Attributes([.font(try droid()), .verticalForms(true)] + attributes))
        let frame = try Framesetter(typesetter: try Typesetter(text)).frame(
            in: rect, options: FrameOptions(truncation: nil, progression: .rightToLeft))
        try #require(frame.lines.count == 1 && frame.lines[0].lineAxis == .vertical)
        return (PaintList(frame: frame), frame.lineOrigins[0], frame.lines[0].width)
    }

    /// The `kind` decoration's bands: the union of the rects across the column at the same
    /// place (the text has two runs, kanji and hiragana, each with its own strokes).
    static func decorations(_ list: PaintList, _ kind: DecorationPaint.Kind) -> [CGRect] {
        let rects = list.operations.flatMap { operation -> [CGRect] in
            guard case .decoration(let d) = operation, d.kind == kind else { return [] }
            return d.rects
        }
        return union(rects)
    }

    /// `rects` joined where they share their extent across the column.
    static func union(_ rects: [CGRect]) -> [CGRect] {
        var bands: [CGRect] = []
        for r in rects {
            if let i = bands.firstIndex(where: { close($0.minX, r.minX) && close($0.maxX, r.maxX) }) {
                bands[i] = bands[i].union(r)
            } else {
                bands.append(r)
            }
        }
        return bands
    }

    static func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-6 }

    /// Underline: right of the column (ja, and no language), left for zh; the overline on the
    /// other side; the stroke inside the column, its outer edge on the column's edge, running
    /// the line's length down from the origin.
    @Test(arguments: [(nil as String?, CGFloat(1)), ("ja", 1), ("zh-Hans", -1)])
    func underlineAndOverlineSides(_ language: String?, _ side: CGFloat) throws {
        var attributes: [Attribute] = [.underline(TextDecoration()), .overline(TextDecoration())]
        if let language { attributes.append(.language(language)) }
        let (list, origin, length) = try Self.column(attributes)
        let font = try Self.droid()
        let t = font.underlineThickness > 0 ? font.underlineThickness : Self.size / 20
        let half = Self.size / 2
        let under = Self.decorations(list, .underline)
        let over = Self.decorations(list, .overline)
        try #require(under.count == 1 && over.count == 1)
        for (r, s) in [(under[0], side), (over[0], -side)] {
            let outer = origin.x + s * half
            #expect(Self.close(s > 0 ? r.maxX : r.minX, outer))
            #expect(Self.close(r.width, t))
            #expect(Self.close(r.maxY, origin.y) && Self.close(r.minY, origin.y - length))
        }
    }

    /// Strikethrough: centred on the column's centre line, the font's strikeout thickness wide.
    @Test func strikethroughThroughTheCentreLine() throws {
        let (list, origin, length) = try Self.column([.strikethrough(TextDecoration())])
        let font = try Self.droid()
        let t = font.strikethroughThickness > 0 ? font.strikethroughThickness : Self.size / 20
        let rects = Self.decorations(list, .strikethrough)
        try #require(rects.count == 1)
        #expect(Self.close(rects[0].midX, origin.x) && Self.close(rects[0].width, t))
        #expect(Self.close(rects[0].maxY, origin.y) && Self.close(rects[0].minY, origin.y - length))
    }

    /// Double underline: two bands of t, the outer one on the column's edge, the inner one t
    /// further in.
    @Test func doubleUnderlineGrowsInwards() throws {
        let (list, origin, _) = try Self.column([.underline(TextDecoration(style: .double))])
        let rects = Self.decorations(list, .underline).sorted { $0.minX > $1.minX }
        try #require(rects.count == 2)
        let t = rects[0].width
        #expect(Self.close(rects[0].maxX, origin.x + Self.size / 2))
        #expect(Self.close(rects[1].maxX, rects[0].minX - t) && Self.close(rects[1].width, t))
    }

    /// Background: the whole column's width (its em-box halves either side of the centre line),
    /// the line's length down from the origin.
    @Test func backgroundSpansTheColumn() throws {
        let (list, origin, length) = try Self.column([.backgroundColor(Self.yellow)])
        let fills = Self.union(
            list.operations.compactMap { operation -> CGRect? in
                guard case .fill(let f) = operation, f.role == .background else { return nil }
                return f.rect
            })
        try #require(fills.count == 1)
        #expect(Self.close(fills[0].minX, origin.x - Self.size / 2))
        #expect(Self.close(fills[0].maxX, origin.x + Self.size / 2))
        #expect(Self.close(fills[0].maxY, origin.y) && Self.close(fills[0].minY, origin.y - length))
    }
}
