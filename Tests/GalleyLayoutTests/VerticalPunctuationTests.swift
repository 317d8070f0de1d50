// Vertical Japanese with its real punctuation, in IPAex Mincho (Debian's fonts-ipaexfont-mincho,
// whose `vert` alternates and vhea/vmtx metrics are right, unlike the bundled
// DroidSansFallbackFull's): upright runs carry hb-shape --direction=ttb's glyphs, offsets and
// advances for 「」、。ー・ and small kana; a Latin word or an ellipsis (UAX #50: R) is hb-shape's
// horizontal run turned; the family name finds the font through fontconfig as fc-match does; and
// at a column boundary UAX #14 keeps 、。」 from starting a column and 「 from ending one, with
// CSS `line-break` deciding whether small kana and ー may start one.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Vertical Japanese punctuation in IPAex Mincho")
struct VerticalPunctuationTests {
    static let size: CGFloat = 20
    static let ipaexPath = TestFonts.ipaexMincho

    /// How a test gets IPAex Mincho: from its file, or by family name through fontconfig.
    enum Source: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case path, family
        var testDescription: String { rawValue }
    }

    /// IPAex Mincho at `size`, from `source`; a clear failure when the Debian package is missing.
    static func ipaex(_ source: Source = .path) throws -> Font {
        try #require(
            FileManager.default.fileExists(atPath: ipaexPath),
            "IPAex Mincho is missing: install fonts-ipaexfont-mincho (make deps)")
        switch source {
        case .path: return try Font(path: ipaexPath, size: size)
        case .family: return try Font(family: "IPAexMincho", size: size)
        }
    }

    /// `string` with vertical forms in `font` (Japanese language), as one vertical paragraph.
    static func verticalText(_ string: String, font: Font, style: ParagraphStyle = .default) -> AttributedText {
        AttributedText(
            string, attributes: [.font(font), .verticalForms(true), .language("ja"), .paragraphStyle(style)])
    }

    /// One glyph placed on a vertical line: id, position from the line origin and advance (points).
    struct Placed: Equatable {
        let glyph: GlyphID
        let position: CGPoint
        let advance: CGSize

        func isClose(to other: Placed) -> Bool {
            glyph == other.glyph && abs(position.x - other.position.x) < 1e-6
                && abs(position.y - other.position.y) < 1e-6 && abs(advance.width - other.advance.width) < 1e-6
                && abs(advance.height - other.advance.height) < 1e-6
        }
    }

    /// The oracle's line: each segment shaped by hb-shape in IPAex Mincho, top to bottom when
    /// upright (position = pen + offset, advance (0, y_advance)), horizontally when rotated and
    /// then turned 90° clockwise (horizontal x goes down −y, horizontal y goes +x) about a
    /// baseline that centres the font's ascent-to-descent box on the centre line (CSS's central
    /// baseline). Font units scaled to points, y up, the pen starting at the line's origin.
    static func oracle(_ segments: [(text: String, rotated: Bool)], font: Font) throws -> (
        glyphs: [Placed], pen: CGFloat
    ) {
        let scale = size / CGFloat(font.unitsPerEm)
        let baseline = (font.descent - font.ascent) / 2
        var pen: CGFloat = 0
        var placed: [Placed] = []
        for segment in segments {
            for g in try HBShape.shape(segment.text, fontPath: ipaexPath, direction: segment.rotated ? nil : "ttb") {
                let (dx, dy) = (CGFloat(g.dx) * scale, CGFloat(g.dy) * scale)
                if segment.rotated {
                    let advance = CGFloat(g.ax) * scale
                    placed.append(
                        Placed(
                            glyph: g.g, position: CGPoint(x: baseline + dy, y: pen - dx),
                            advance: CGSize(width: 0, height: -advance)))
                    pen -= advance
                } else {
                    let advance = CGFloat(g.ay) * scale
                    placed.append(
                        Placed(
                            glyph: g.g, position: CGPoint(x: dx, y: pen + dy),
                            advance: CGSize(width: 0, height: advance)
                        ))
                    pen += advance
                }
            }
        }
        return (placed, pen)
    }

    /// Every glyph of `line`, in order, as placed by Galley.
    static func placed(_ line: Line) -> [Placed] {
        line.glyphRuns.flatMap { run in
            (0..<run.glyphCount).map {
                Placed(glyph: run.glyphs[$0], position: run.positions[$0], advance: run.advances[$0])
            }
        }
    }

    /// Japanese with 「」、。ー・ and small kana (ゃ ッ ャ ョ), all upright (UAX #50 U, Tu or Tr
    /// with a vertical alternate in the font): the line is hb-shape --direction=ttb's, glyph for
    /// glyph, whether the font came from its file or from its family name; the brackets, the
    /// comma and full stop, ー and the small kana take the font's vertical forms (other glyphs
    /// than the horizontal shaping's).
    @Test(
        arguments: ["「吾輩は猫である。」", "名前はまだ無い、ニャーニャー。", "しゃっくり・キャッチャー・ジョッキ。"],
        Source.allCases)
    func uprightLineIsHBShapeTTB(_ string: String, _ source: Source) throws {
        let font = try Self.ipaex(source)
        let count = string.utf16.count
        let line = try Typesetter(Self.verticalText(string, font: font)).line(for: 0..<count)
        #expect(line.lineAxis == .vertical && line.glyphRuns.allSatisfy { $0.orientation == .upright })
        let (reference, pen) = try Self.oracle([(string, false)], font: font)
        let glyphs = Self.placed(line)
        #expect(glyphs.count == reference.count)
        for (i, (got, want)) in zip(glyphs, reference).enumerated() {
            #expect(got.isClose(to: want), "glyph \(i): \(got) ≠ hb-shape's \(want)")
        }
        #expect(abs(line.width + pen) < 1e-6)
        let horizontal = try HBShape.shape(string, fontPath: Self.ipaexPath).map(\.g)
        #expect(glyphs.map(\.glyph) != horizontal, "no vertical alternate was used")
    }

    /// A line of Japanese with a Latin word, digits or an ellipsis (UAX #50: R, so rotated,
    /// and … is set sideways rather than with the font's `vert` alternate): the upright stretches
    /// are hb-shape TTB's, the rotated one is hb-shape's horizontal run turned, down one line.
    @Test(arguments: [
        ["吾輩は", "Galley", "で組む。"], ["何でも", "……", "泣いていた。"], ["「", "Sōseki 1905", "」と書く"],
    ])
    func mixedLineIsHBShapeInBothDirections(_ parts: [String]) throws {
        let font = try Self.ipaex()
        let string = parts.joined()
        let line = try Typesetter(Self.verticalText(string, font: font)).line(for: 0..<string.utf16.count)
        let segments = parts.enumerated().map { (text: $1, rotated: $0 == 1) }
        let (reference, pen) = try Self.oracle(segments, font: font)
        let glyphs = Self.placed(line)
        #expect(glyphs.count == reference.count)
        for (i, (got, want)) in zip(glyphs, reference).enumerated() {
            #expect(got.isClose(to: want), "glyph \(i): \(got) ≠ hb-shape's \(want)")
        }
        #expect(abs(line.width + pen) < 1e-6)
        let start = parts[0].utf16.count
        let rotated = line.glyphRuns.filter { $0.orientation == .sideways }.flatMap { Array($0.stringRange) }
        #expect(rotated.sorted() == Array(start..<start + parts[1].utf16.count))
        #expect(line.glyphRuns.allSatisfy { $0.orientation.lineAxis == .vertical })
    }

    /// `Font(family: "IPAexMincho")` finds the system font through fontconfig: the file
    /// fc-match names for the family (Debian links it as fonts-japanese-mincho.ttf too).
    @Test func familyNameFindsTheSystemFont() throws {
        let font = try Self.ipaex(.family)
        #expect(font.familyName == "IPAexMincho")
        #expect(font.substitution == nil)
        let file = try #require(font.face.path)
        let matched = try Fontconfig.match(format: "%{file}", "IPAexMincho")
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        #expect(resolved(file) == resolved(matched))
        #expect(resolved(file) == Self.ipaexPath)
    }

    /// The columns of `string` in a vertical-rl frame whose columns hold `ems` ideographs (and
    /// half an em to spare), at the given CSS `line-break` strictness.
    static func columns(_ string: String, ems: Int, strictness: LineBreakStrictness = .normal) throws -> [Range<Int>] {
        var style = ParagraphStyle()
        style.lineBreakStrictness = strictness
        let text = verticalText(string, font: try ipaex(), style: style)
        let rect = CGRect(x: 0, y: 0, width: 1000, height: CGFloat(ems) * size + size / 2)
        let frame = try Framesetter(typesetter: try Typesetter(text)).frame(
            in: rect, options: FrameOptions(truncation: nil, progression: .rightToLeft))
        #expect(frame.lines.allSatisfy { $0.lineAxis == .vertical })
        #expect(frame.visibleStringRange == 0..<string.utf16.count)
        return frame.lines.map(\.stringRange)
    }

    /// Kinsoku at a column boundary: the columns hold `ems` characters, and the character that
    /// would come next is a closing mark (、。」, UAX #14 class CL: no break before it, LB13), or
    /// the last one that fits is 「 (OP: no break after it, LB14). The column ends instead at
    /// the previous break opportunity (between two ideographs or kana, ID ÷ ID), so no column
    /// starts with 、。」 and none ends with 「.
    @Test(arguments: [
        ("吾輩は猫である。名前はまだ無い。", 7, 0..<6),  // 。 would start column 2
        ("どこで生れたか、とんと見当がつかぬ。", 7, 0..<6),  // 、
        ("「吾輩は猫だ」と言った。", 6, 0..<5),  // 」
        ("名前はまだ「無い」と。", 6, 0..<5),  // 「 would end column 1
    ])
    func closingPunctuationNeverStartsAColumn(_ string: String, _ ems: Int, _ first: Range<Int>) throws {
        let columns = try Self.columns(string, ems: ems)
        #expect(columns.first == first)
        let units = Array(string.utf16)
        for column in columns {
            #expect(![0x3001, 0x3002, 0x300D].contains(units[column.lowerBound]), "column \(column) starts with CL")
            #expect(units[column.upperBound - 1] != 0x300C, "column \(column) ends with 「")
        }
    }

    /// Small kana and ー (UAX #14 class CJ) at a column boundary: CSS Text 3 `line-break` forbids a
    /// break before them when strict and allows it when normal (for Japanese) or loose, so the
    /// column that would end before ャ (ー) ends there when normal or loose, and before the whole
    /// キャッツ (ニャー) when strict.
    @Test(arguments: [
        ("吾輩はキャッツ", 4, LineBreakStrictness.strict, 0..<3), ("吾輩はキャッツ", 4, .normal, 0..<4),
        ("吾輩はキャッツ", 4, .loose, 0..<4), ("猫はニャーと鳴く", 4, .strict, 0..<2),
        ("猫はニャーと鳴く", 4, .normal, 0..<4), ("猫はニャーと鳴く", 4, .loose, 0..<4),
    ])
    func smallKanaStartAColumnUnlessStrict(
        _ string: String, _ ems: Int, _ strictness: LineBreakStrictness, _ first: Range<Int>
    ) throws {
        #expect(try Self.columns(string, ems: ems, strictness: strictness).first == first)
    }
}
