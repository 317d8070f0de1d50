// CJK punctuation trimming (CSS Text 4 `text-spacing-trim`, JLREQ §3.1) and autospacing (CSS
// `text-autospace`) against independent statements of what they must give:
// - IPAex Mincho (Debian's fonts-ipaexfont-mincho) has `halt` and `vhal`, so a trimmed character
//   must be placed exactly as hb-shape places it with the feature on that character alone
//   (`halt[i]`), horizontally and top to bottom; which characters are trimmed is the CSS rule,
//   written out by hand for each case.
// - The bundled Droid Sans Fallback has neither feature, so its trimmed characters take JLREQ's
//   widths: half their hb-shape advance, the blank taken before an opening bracket's ink, after
//   a closing one's.
// - Autospace is 1/8 em (CSS's 1/8 ic) after the character before each ideograph–letter or
//   ideograph–digit boundary, none at a line's end.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("CJK punctuation trimming and autospace")
struct CJKSpacingTests {
    static let size: CGFloat = 20
    static let ipaexPath = TestFonts.ipaexMincho
    static let droidPath = TestFonts.droidSansFallback

    static func font(_ path: String) throws -> Font {
        try #require(FileManager.default.fileExists(atPath: path), "missing \(path): make deps installs it")
        return try Font(path: path, size: size)
    }

    static func attributed(
        _ string: String, font: Font, trim: TextSpacingTrim? = nil, autospace: TextAutospace? = nil,
        vertical: Bool = false, style: ParagraphStyle = .default
    ) -> AttributedText {
        var attributes: Attributes = [.font(font), .language("ja"), .paragraphStyle(style)]
        if vertical { attributes.verticalForms = true }
        attributes.textSpacingTrim = trim
        attributes.textAutospace = autospace
        return AttributedText(string, attributes: attributes)
    }

    /// Pen positions (pen + offset along the line) and advances of every glyph of `line`, in
    /// points along the line (down the column for vertical lines, as distances).
    static func along(_ line: Line) -> [(position: CGFloat, advance: CGFloat)] {
        line.glyphRuns.flatMap { run in
            (0..<run.glyphCount).map { g in
                line.lineAxis == .vertical
                    ? (-run.positions[g].y, -run.advances[g].height) : (run.positions[g].x, run.advances[g].width)
            }
        }
    }

    /// hb-shape's glyphs of `string` in the file at `path` with `features`, as `along` gives
    /// them: the pen plus the offset, and the advance, top to bottom when `vertical`.
    static func oracle(_ string: String, path: String, features: String?, vertical: Bool) throws -> [(
        position: CGFloat, advance: CGFloat
    )] {
        let font = try font(path)
        let scale = size / CGFloat(font.unitsPerEm)
        var pen: CGFloat = 0
        return try HBShape.shape(
            string, fontPath: path, direction: vertical ? "ttb" : nil, language: "ja", features: features
        ).map { g in
            let advance = CGFloat(vertical ? -g.ay : g.ax) * scale
            let position = pen + CGFloat(vertical ? -g.dy : g.dx) * scale
            pen += advance
            return (position, advance)
        }
    }

    static func expectClose(
        _ got: [(position: CGFloat, advance: CGFloat)], _ want: [(position: CGFloat, advance: CGFloat)],
        _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(got.count == want.count, comment, sourceLocation: sourceLocation)
        for (a, b) in zip(got, want) {
            #expect(abs(a.position - b.position) < 1e-6, comment, sourceLocation: sourceLocation)
            #expect(abs(a.advance - b.advance) < 1e-6, comment, sourceLocation: sourceLocation)
        }
    }

    /// The adjacent-punctuation cases of CSS's collapsing rule, each with the indices it trims:
    /// an opening bracket after a closing one, an opening one or a middle dot; a closing one
    /// before a closing one.
    static let collapsing: [(string: String, trimmed: [Int])] = [
        ("「あ」「い」。", [3, 5]),
        ("（「あ」）", [1, 3]),
        ("あ、「い」", [2]),
        ("あ・「い", [2]),
        ("「「あ」」", [1, 3]),
        ("あいう", []),
    ]

    /// `normal` collapses adjacent punctuation through the font's `halt` (`vhal` in vertical
    /// lines): Galley's glyphs are hb-shape's with the feature on exactly the characters CSS's
    /// rule names. `space-all` (and no attribute) is hb-shape's plain shaping.
    @Test(arguments: [false, true])
    func adjacentPunctuationCollapsesThroughHalt(vertical: Bool) throws {
        let font = try Self.font(Self.ipaexPath)
        let tag = vertical ? "vhal" : "halt"
        for (string, trimmed) in Self.collapsing {
            let features = trimmed.map { "\(tag)[\($0)]" }.joined(separator: ",")
            let want = try Self.oracle(
                string, path: Self.ipaexPath, features: features.isEmpty ? nil : features, vertical: vertical)
            let line = try Typesetter(Self.attributed(string, font: font, trim: .normal, vertical: vertical))
                .line(for: 0..<string.utf16.count)
            Self.expectClose(Self.along(line), want, "\(string) \(vertical ? "vertical" : "horizontal")")
            let plain = try Typesetter(Self.attributed(string, font: font, trim: .spaceAll, vertical: vertical))
                .line(for: 0..<string.utf16.count)
            Self.expectClose(
                Self.along(plain), try Self.oracle(string, path: Self.ipaexPath, features: nil, vertical: vertical),
                "\(string) space-all")
        }
    }

    /// `trim-all` sets every full-width punctuation character half width: hb-shape with the
    /// feature on the whole text.
    @Test(arguments: [false, true])
    func trimAllIsHaltEverywhere(vertical: Bool) throws {
        let font = try Self.font(Self.ipaexPath)
        let string = "「あ」、い・う。"
        let want = try Self.oracle(
            string, path: Self.ipaexPath, features: vertical ? "vhal" : "halt", vertical: vertical)
        let line = try Typesetter(Self.attributed(string, font: font, trim: .trimAll, vertical: vertical))
            .line(for: 0..<string.utf16.count)
        Self.expectClose(Self.along(line), want, "trim-all")
    }

    /// Without `halt` (Droid Sans Fallback) JLREQ's widths: a trimmed character keeps half its
    /// advance; an opening bracket's glyph moves back by that half (its blank is before the ink),
    /// a closing one's stays (its blank is after).
    @Test func withoutHaltJLREQHalvesTheCharacter() throws {
        let font = try Self.font(Self.droidPath)
        let string = "あ」「い"
        let full = try Self.oracle(string, path: Self.droidPath, features: nil, vertical: false)
        let line = try Typesetter(Self.attributed(string, font: font, trim: .normal)).line(for: 0..<4)
        let got = Self.along(line)
        try #require(got.count == 4)
        // 」 before 「: 「 (index 2) collapses, the 」 keeps its width.
        let half = full[2].advance / 2
        #expect(abs(got[1].advance - full[1].advance) < 1e-6)
        #expect(abs(got[2].advance - half) < 1e-6)
        #expect(abs(got[2].position - (full[2].position - half)) < 1e-6)
        #expect(abs(got[3].position - (full[3].position - half)) < 1e-6)
        #expect(abs(line.width - (full.reduce(0) { $0 + $1.advance } - half)) < 1e-6)
    }

    /// A line that starts with an opening bracket: `trim-start` trims it (hb-shape's `halt` on
    /// it), `normal` keeps it full even where the character before it, now on the line above, had
    /// collapsed it; `space-first` keeps a paragraph's first line full and trims the others.
    @Test(arguments: [TextSpacingTrim.normal, .trimStart, .spaceFirst])
    func lineStartOpeningBracket(_ trim: TextSpacingTrim) throws {
        let font = try Self.font(Self.ipaexPath)
        // Three ems: "あい」" fills the first line, "「う」" starts the second with 「 after 」.
        let string = "「あ」「うえ」"
        let frame = try Framesetter(Self.attributed("あい」「う」", font: font, trim: trim))
            .frame(in: CGRect(x: 0, y: 0, width: 3 * Self.size, height: 500))
        try #require(frame.lines.count == 2)
        #expect(frame.lines[1].stringRange == 3..<6)
        let secondTrimmed = trim != .normal
        let want = try Self.oracle(
            "「う」", path: Self.ipaexPath, features: secondTrimmed ? "halt[0]" : nil, vertical: false)
        Self.expectClose(Self.along(frame.lines[1]), want, "\(trim) second line")
        // A paragraph's first line: only trim-start trims it.
        let first = try Framesetter(Self.attributed(string, font: font, trim: trim))
            .frame(in: CGRect(x: 0, y: 0, width: 10 * Self.size, height: 500))
        let firstTrimmed = trim == .trimStart
        let wantFirst = try Self.oracle(
            string, path: Self.ipaexPath, features: (firstTrimmed ? "halt[0]," : "") + "halt[3]", vertical: false)
        Self.expectClose(Self.along(first.lines[0]), wantFirst, "\(trim) first line")
    }

    /// A line ending with a closing bracket: `trim-both` always trims it; `normal` (CSS's
    /// `allow-end`) only when the line does not fit otherwise, and then its blank half hangs
    /// past the measure, so the ink ends inside it.
    @Test func lineEndClosingBracket() throws {
        let font = try Self.font(Self.ipaexPath)
        let em = Self.size
        let string = "あい」うえ"
        // trim-both at a width the full line fits: the 」 ending the first line is half width.
        let both = try Framesetter(Self.attributed(string, font: font, trim: .trimBoth))
            .frame(in: CGRect(x: 0, y: 0, width: 3 * em, height: 500))
        try #require(both.lines.count == 2)
        #expect(both.lines[0].stringRange == 0..<3)
        Self.expectClose(
            Self.along(both.lines[0]),
            try Self.oracle("あい」", path: Self.ipaexPath, features: "halt[2]", vertical: false),
            "trim-both")
        // normal at 2.6 em: "あい」" fits only with its 」 trimmed (2.5 em), so it is taken, full
        // width, hanging its blank half; space-all cannot take it (」 may not start a line, so
        // the first line is "あ").
        for (trim, first) in [(TextSpacingTrim.normal, 0..<3), (.spaceAll, 0..<1)] {
            let frame = try Framesetter(Self.attributed(string, font: font, trim: trim))
                .frame(in: CGRect(x: 0, y: 0, width: 2.6 * em, height: 500))
            #expect(frame.lines.first?.stringRange == first, "\(trim)")
        }
        let normal = try Framesetter(Self.attributed(string, font: font, trim: .normal))
            .frame(in: CGRect(x: 0, y: 0, width: 2.6 * em, height: 500))
        #expect(abs(normal.lines[0].width - 3 * em) < 1e-6)
    }

    /// Justified lines with trimmed starts still fill their measure exactly, and a trimmed
    /// opening bracket starting a line has its ink at the frame's edge (hb-shape's halt offset).
    @Test func justificationFillsTheMeasure() throws {
        let font = try Self.font(Self.ipaexPath)
        let string = String(repeating: "あいう「えお」かき、「くけ」こさしす。", count: 3)
        var style = ParagraphStyle(alignment: .justified)
        style.lineBreakStrategy = .greedy
        let width = 7.3 * Self.size
        let frame = try Framesetter(Self.attributed(string, font: font, trim: .trimStart, style: style))
            .frame(in: CGRect(x: 0, y: 0, width: width, height: 2000))
        try #require(frame.lines.count > 3)
        let units = Array(string.utf16)
        var startsWithBracket = 0
        for (i, line) in frame.lines.enumerated() where !line.endsParagraph {
            // A line ending in a closing character that `allow-end` trimmed hangs its blank half.
            let visible = line.width - line.trailingWhitespaceWidth
            let closes = [0x300D, 0x3001, 0x3002].contains(units[line.stringRange.upperBound - 1])
            #expect(
                abs(visible - width) < 1e-6 || (closes && abs(visible - width - Self.size / 2) < 1e-6),
                "line \(i): \(visible)")
            if units[line.stringRange.lowerBound] == 0x300C {
                startsWithBracket += 1
                let origin = frame.lineOrigins[i]
                let halt = try Self.oracle("「", path: Self.ipaexPath, features: "halt", vertical: false)
                #expect(abs(origin.x + Self.along(line)[0].position - halt[0].position) < 1e-6)
            }
        }
        #expect(startsWithBracket > 0)
    }

    /// Autospace: 1/8 em after the character before each boundary between an ideograph (or
    /// kana) and a Latin letter (`ideograph-alpha`) or a digit (`ideograph-numeric`); `normal`
    /// does both; the widths are hb-shape's plus that.
    @Test(arguments: [
        (TextAutospace.normal, 4), (.ideographAlpha, 2), (.ideographNumeric, 2), (.noAutospace, 0),
    ])
    func autospaceBetweenIdeographsAndLetters(_ mode: TextAutospace, _ boundaries: Int) throws {
        let font = try Self.font(Self.ipaexPath)
        let string = "漢字ABC漢字123かな"
        let plain = try Self.oracle(string, path: Self.ipaexPath, features: nil, vertical: false)
        let line = try Typesetter(Self.attributed(string, font: font, autospace: mode)).line(
            for: 0..<string.utf16.count)
        let got = Self.along(line)
        try #require(got.count == plain.count)
        let spaced: Set<Int> =
            switch mode {
            case .normal: [1, 4, 6, 9]
            case .ideographAlpha: [1, 4]
            case .ideographNumeric: [6, 9]
            case .noAutospace: []
            }
        #expect(spaced.count == boundaries)
        for g in got.indices {
            let extra: CGFloat = spaced.contains(g) ? Self.size / 8 : 0
            #expect(abs(got[g].advance - (plain[g].advance + extra)) < 1e-6, "glyph \(g)")
        }
        #expect(abs(line.width - plain.reduce(0) { $0 + $1.advance } - CGFloat(boundaries) * Self.size / 8) < 1e-6)
    }

    /// The autospace at a line's end is dropped: "漢字" fits a line of 2.05 em although with its
    /// autospace before "A" it would be 2.125 em, and the line is exactly two em wide.
    @Test func autospaceIsDroppedAtTheLineEnd() throws {
        let font = try Self.font(Self.ipaexPath)
        let frame = try Framesetter(Self.attributed("漢字ABC", font: font, autospace: .normal))
            .frame(in: CGRect(x: 0, y: 0, width: 2.05 * Self.size, height: 500))
        try #require(frame.lines.count >= 2)
        #expect(frame.lines[0].stringRange == 0..<2)
        #expect(abs(frame.lines[0].width - 2 * Self.size) < 1e-6)
    }

    /// The attributes from markup, by CSS's keywords; an unknown keyword is an error.
    @Test func markupSetsBoth() throws {
        let text = try Markup.parse(
            #"<span text_spacing_trim="trim-both" text_autospace="ideograph-numeric">「あ」</span>"#,
            base: [.font(try Self.font(Self.droidPath))])
        let attributes = try text.attributes(at: 0).attributes
        #expect(attributes.textSpacingTrim == .trimBoth)
        #expect(attributes.textAutospace == .ideographNumeric)
        #expect(throws: MarkupError.self) {
            try Markup.parse(#"<span text_spacing_trim="half">x</span>"#, base: [.font(try Self.font(Self.droidPath))])
        }
    }
}
