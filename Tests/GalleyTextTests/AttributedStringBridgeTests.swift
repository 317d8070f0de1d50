// Tests of the AttributedString bridge: round trips of text and every attribute, UTF-16
// offsets of runs holding multi-code-unit characters, coalescing, the `\.galley` scope's
// dynamic-member syntax, Foundation's languageIdentifier, invalid values, and a 100 KB text.

import Dispatch
import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("AttributedString bridge")
struct AttributedStringBridgeTests {
    typealias Keys = AttributeScopes.GalleyAttributes

    /// One valid value of every key (the font needs GalleyFonts and a system family).
    static func everyAttribute() throws -> [Attribute] {
        [
            .font(try Font(family: "DejaVu Sans", size: 14)),
            .foregroundColor(.red), .paragraphStyle(ParagraphStyle(alignment: .justified)), .kern(-2),
            .language("zh-Hans"), .runDelegate(try RunDelegate(width: 10, ascent: 8, descent: 2, value: "img")),
            .writingDirection([BidiEmbedding(.rightToLeft, .override)]),
            .tracking(1.5), .ligatureLevel(0), .fontFeatures([try FontFeature("smcp")]), .baselineOffset(-2),
            .superscript(1), .obliqueness(0.2), .underline(.single),
            .strikethrough(TextDecoration(style: .double, color: .red)), .backgroundColor(.yellow),
            .stroke(TextStroke(width: 3)), .shadow(TextShadow()), .fontVariations([try FontVariation("wght", 700)]),
            .allowsLineBreaks(false), .insertsHyphens(false), .overline(.single), .fontVariant(.smallCaps),
            .fontScale(.subscript), .fontFallback(false), .gravity(.east), .gravityHint(.line), .show(.spaces),
            .lineHeight(.points(20)), .textTransform(.uppercase), .textSegment(.sentence), .textSpacingTrim(.trimAll),
            .textAutospace(.ideographAlpha),
            .expansion(0.1),
            .glyphInfo(GlyphInfo(glyph: 36, baseString: "A")), .baselineClass(.hanging),
            .baselineInfo([.hanging: 9]), .baselineReferenceInfo(.offsets([.ideographicCentered: 4])),
            .rubyAnnotation(RubyAnnotation("かんじ")),
            .verticalForms(true), .textOrientation(.upright), .horizontalInVerticalForms(2),
        ]
    }

    /// The value of `attribute`'s own key in the first run of `string`, read through the
    /// scope's key types (independently of the bridge's own table).
    static func value(of key: Attribute.Key, in run: AttributedString.Runs.Run) -> AnyHashable? {
        switch key {
        case .font: run.galley.font
        case .foregroundColor: run.galley.foregroundColor
        case .paragraphStyle: run.galley.paragraphStyle
        case .kern: run.galley.kern
        case .language: run.galley.language
        case .runDelegate: run.galley.runDelegate
        case .writingDirection: run.galley.writingDirection
        case .tracking: run.galley.tracking
        case .ligatureLevel: run.galley.ligatureLevel
        case .fontFeatures: run.galley.fontFeatures
        case .baselineOffset: run.galley.baselineOffset
        case .superscript: run.galley.superscript
        case .obliqueness: run.galley.obliqueness
        case .underline: run.galley.underline
        case .strikethrough: run.galley.strikethrough
        case .backgroundColor: run.galley.backgroundColor
        case .stroke: run.galley.stroke
        case .shadow: run.galley.shadow
        case .fontVariations: run.galley.fontVariations
        case .allowsLineBreaks: run.galley.allowsLineBreaks
        case .insertsHyphens: run.galley.insertsHyphens
        case .overline: run.galley.overline
        case .fontVariant: run.galley.fontVariant
        case .fontScale: run.galley.fontScale
        case .fontFallback: run.galley.fontFallback
        case .gravity: run.galley.gravity
        case .gravityHint: run.galley.gravityHint
        case .show: run.galley.show
        case .lineHeight: run.galley.lineHeight
        case .textTransform: run.galley.textTransform
        case .textSegment: run.galley.textSegment
        case .textSpacingTrim: run.galley.textSpacingTrim
        case .textAutospace: run.galley.textAutospace
        case .expansion: run.galley.expansion
        case .glyphInfo: run.galley.glyphInfo
        case .baselineClass: run.galley.baselineClass
        case .baselineInfo: run.galley.baselineInfo
        case .baselineReferenceInfo: run.galley.baselineReferenceInfo
        case .rubyAnnotation: run.galley.rubyAnnotation
        case .verticalForms: run.galley.verticalForms
        case .textOrientation: run.galley.textOrientation
        case .horizontalInVerticalForms: run.galley.horizontalInVerticalForms
        }
    }

    /// The payload of an attribute, to compare with ``value(of:in:)``.
    static func payload(_ attribute: Attribute) -> AnyHashable {
        switch attribute {
        case .font(let v): v
        case .foregroundColor(let v): v
        case .paragraphStyle(let v): v
        case .kern(let v): v
        case .language(let v): v
        case .runDelegate(let v): v
        case .writingDirection(let v): v
        case .tracking(let v): v
        case .ligatureLevel(let v): v
        case .fontFeatures(let v): v
        case .baselineOffset(let v): v
        case .superscript(let v): v
        case .obliqueness(let v): v
        case .underline(let v): v
        case .strikethrough(let v): v
        case .backgroundColor(let v): v
        case .stroke(let v): v
        case .shadow(let v): v
        case .fontVariations(let v): v
        case .allowsLineBreaks(let v): v
        case .insertsHyphens(let v): v
        case .overline(let v): v
        case .fontVariant(let v): v
        case .fontScale(let v): v
        case .fontFallback(let v): v
        case .gravity(let v): v
        case .gravityHint(let v): v
        case .show(let v): v
        case .lineHeight(let v): v
        case .textTransform(let v): v
        case .textSegment(let v): v
        case .textSpacingTrim(let v): v
        case .textAutospace(let v): v
        case .expansion(let v): v
        case .glyphInfo(let v): v
        case .baselineClass(let v): v
        case .baselineInfo(let v): v
        case .baselineReferenceInfo(let v): v
        case .rubyAnnotation(let v): v
        case .verticalForms(let v): v
        case .textOrientation(let v): v
        case .horizontalInVerticalForms(let v): v
        }
    }

    // MARK: Round trips

    /// Each key on its own: "ab" with the attribute on "a" only. The scope has one key of the
    /// same name and value type per Galley key, so the AttributedString's first run (UTF-16
    /// 0..<1) holds exactly that value, the second none; and converting back restores the text.
    @Test(arguments: Attribute.Key.allCases)
    func eachAttributeRoundTrips(_ key: Attribute.Key) throws {
        let attribute = try #require(try Self.everyAttribute().first { $0.key == key })
        var builder = AttributedTextBuilder("ab")
        try builder.setAttributes([attribute], range: 0..<1)
        let text = builder.build()

        let string = AttributedString(text)
        #expect(String(string.characters) == "ab")
        let runs = Array(string.runs)
        try #require(runs.count == 2)
        #expect(Self.value(of: key, in: runs[0]) == Self.payload(attribute))
        #expect(Self.value(of: key, in: runs[1]) == nil)

        #expect(try AttributedText(string) == text)
    }

    /// Every attribute at once over a text with non-BMP characters, and a second run with a
    /// subset, survives Galley → Foundation → Galley unchanged (the conversions are inverse
    /// on Galley's keys).
    @Test func everyAttributeTogetherRoundTrips() throws {
        let all = Attributes(try Self.everyAttribute())
        var builder = AttributedTextBuilder("Größe 👍🏽 e\u{301} 中文", attributes: all)
        try builder.setAttributes([.foregroundColor(.blue), .language("de")], range: 0..<5)
        let text = builder.build()
        let back = try AttributedText(AttributedString(text))
        #expect(back == text)
        #expect(back.runs.count == 2)
    }

    @Test func emptyTextRoundTrips() throws {
        #expect(AttributedString(AttributedText()).characters.isEmpty)
        let text = try AttributedText(AttributedString())
        #expect(text.length == 0)
        #expect(text.runs.isEmpty)
    }

    // MARK: UTF-16 offsets

    /// Pieces appended with alternating colours. UTF-16 lengths, by hand: "a" 1; U+1F44D
    /// (👍, outside the BMP) 2; "e" + U+0301 2; U+4E2D (中) 1; 🇫🇷 = U+1F1EB U+1F1F7, two
    /// non-BMP scalars, 4. So the runs start at 0, 1, 3, 5, 6 and the text is 10 units long.
    @Test func runsWithMultiCodeUnitCharactersLandAtUTF16Offsets() throws {
        let pieces: [(String, Color)] = [("a", .red), ("👍", .blue), ("e\u{301}", .green), ("中", .red), ("🇫🇷", .blue)]
        var string = AttributedString()
        for (piece, color) in pieces {
            var part = AttributedString(piece)
            part.foregroundColor = color
            string.append(part)
        }
        let text = try AttributedText(string)
        #expect(text.length == 10)
        #expect(
            text.runs
                == Fixture.runs([
                    (0..<1, [.foregroundColor(.red)]), (1..<3, [.foregroundColor(.blue)]),
                    (3..<5, [.foregroundColor(.green)]), (5..<6, [.foregroundColor(.red)]),
                    (6..<10, [.foregroundColor(.blue)]),
                ]))
        #expect(text.string == "a👍e\u{301}中🇫🇷")
        // And back: each Foundation run holds exactly its piece.
        let back = AttributedString(text)
        let runs = back.runs.map { (String(back[$0.range].characters), $0.foregroundColor) }
        #expect(runs.map(\.0) == pieces.map(\.0))
        #expect(runs.map(\.1) == pieces.map(\.1))
    }

    /// A boundary between a base letter and its combining mark (inside one grapheme cluster)
    /// is a scalar boundary, which both models can hold: "e" 0..<1 red, U+0301 1..<2 blue.
    @Test func boundaryInsideAGraphemeClusterIsKept() throws {
        var builder = AttributedTextBuilder("e\u{301}x", attributes: [.foregroundColor(.red)])
        try builder.setForegroundColor(.blue, range: 1..<2)
        let text = builder.build()
        let string = AttributedString(text)
        #expect(string.runs.count == 3)
        #expect(try AttributedText(string) == text)
        #expect(try AttributedText(string).runs.map(\.range) == [0..<1, 1..<2, 2..<3])
    }

    /// A Galley run boundary inside a surrogate pair: "a👍b" is a, U+D83D, U+DC4D, b; red on
    /// 0..<2 ends between the surrogates. AttributedString runs hold whole scalars, so by the
    /// documented rule 👍 takes its high surrogate's (red) attributes: "a👍" red, "b" blue.
    @Test func boundaryInsideASurrogatePairMovesPastTheCharacter() throws {
        var builder = AttributedTextBuilder("a👍b", attributes: [.foregroundColor(.blue)])
        try builder.setForegroundColor(.red, range: 0..<2)
        let string = AttributedString(builder.build())
        let runs = string.runs.map { (String(string[$0.range].characters), $0.foregroundColor) }
        #expect(runs.map(\.0) == ["a👍", "b"])
        #expect(runs.map(\.1) == [.red, .blue])
        #expect(String(string.characters) == "a👍b")
    }

    // MARK: Coalescing and other scopes

    /// A key of another scope the caller does not name cannot be seen (AttributedString cannot
    /// list a run's keys on Linux): "ab" and "cd", kept apart by Foundation because their values
    /// differ, both become {red} and merge into one run 0..<4 (runs are maximal).
    @Test func runsThatDifferOnlyInForeignAttributesCoalesce() throws {
        enum Foreign: CustomAttributedStringKey {
            typealias Value = Int
            static let name = "Foreign"
        }
        var first = AttributedString("ab")
        first.foregroundColor = .red
        first[Foreign.self] = 1
        var second = AttributedString("cd")
        second.foregroundColor = .red
        second[Foreign.self] = 2
        let string = first + second
        #expect(string.runs.count == 2)
        let text = try AttributedText(string)
        #expect(text.runs == Fixture.runs([(0..<4, [.foregroundColor(.red)])]))
        // Named, it is a custom attribute, and the runs stay apart.
        #expect(try AttributedText(string, customKeys: [Foreign.self]).runs.map(\.range) == [0..<2, 2..<4])
    }

    /// Foundation's `link` is Galley's link (the custom attribute "NSLink"), so runs whose links
    /// differ stay apart, as CoreText's runs do.
    @Test func linksBecomeGalleyLinks() throws {
        var first = AttributedString("ab")
        first.link = URL(string: "https://example.com/1")
        var second = AttributedString("cd")
        second.link = URL(string: "https://example.com/2")
        let text = try AttributedText(first + second)
        #expect(text.runs.map(\.range) == [0..<2, 2..<4])
        #expect(
            text.runs.map { $0.attributes.link?.absoluteString } == ["https://example.com/1", "https://example.com/2"])
    }

    /// Foundation's `languageIdentifier` becomes Galley's language when Galley's key is absent,
    /// and Galley's key wins when both are set. So "ab" (Galley "tr") + "cd" (Foundation "tr")
    /// are one run 0..<4 {language: tr}; "ef" with Galley "de" and Foundation "ja" is "de".
    @Test func foundationLanguageIdentifierMapsToLanguage() throws {
        var first = AttributedString("ab")
        first.galley.language = "tr"
        var second = AttributedString("cd")
        second.languageIdentifier = "tr"
        var third = AttributedString("ef")
        third.galley.language = "de"
        third.languageIdentifier = "ja"
        let text = try AttributedText(first + second + third)
        #expect(text.runs == Fixture.runs([(0..<4, [.language("tr")]), (4..<6, [.language("de")])]))
    }

    // MARK: Dynamic-member syntax

    /// `s.galley.font = f` sets the font over all of "Hello world"; `s[range].foregroundColor`
    /// colours "world" (UTF-16 6..<11); `s.kern` on the first five characters. So the runs are
    /// 0..<5 {font, kern}, 5..<6 {font}, 6..<11 {font, red}.
    @Test func dynamicMemberSyntaxConverts() throws {
        let font = try Font(family: "DejaVu Sans", size: 12)
        var string = AttributedString("Hello world")
        string.galley.font = font
        let world = try #require(string.range(of: "world"))
        string[world].foregroundColor = .red
        let hello = string.startIndex..<string.characters.index(string.startIndex, offsetBy: 5)
        string[hello].kern = 1.5
        let text = try AttributedText(string)
        #expect(
            text.runs
                == Fixture.runs([
                    (0..<5, [.font(font), .kern(1.5)]), (5..<6, [.font(font)]),
                    (6..<11, [.font(font), .foregroundColor(.red)]),
                ]))
        // An AttributeContainer through the scope works too.
        var container = AttributeContainer()
        container.galley.underline = .single
        let underlined = try AttributedText(AttributedString("x", attributes: container))
        #expect(underlined.runs == Fixture.runs([(0..<1, [.underline(.single)])]))
    }

    /// The run delegate key is declared not inherited by added text: characters appended after
    /// a placeholder converted to an AttributedString carry its other attributes, not the
    /// delegate (the rule AttributedTextBuilder follows).
    @Test func runDelegateIsNotInheritedByAddedText() throws {
        let delegate = try RunDelegate(width: 10, ascent: 8, descent: 2)
        var builder = AttributedTextBuilder()
        builder.appendPlaceholder(delegate, attributes: [.foregroundColor(.red)])
        var string = AttributedString(builder.build())
        string.characters.append("x")
        let text = try AttributedText(string)
        #expect(
            text.runs
                == Fixture.runs([
                    (0..<1, [.foregroundColor(.red), .runDelegate(delegate)]), (1..<2, [.foregroundColor(.red)]),
                ]))
    }

    // MARK: Invalid values

    /// Values Attributes cannot hold are rejected with the UTF-16 range in the message:
    /// here "bc" (1..<3) of "abc" carries them.
    @Test(
        arguments: [
            { (s: inout AttributedSubstring) in s.kern = .nan },
            { (s: inout AttributedSubstring) in s.tracking = .infinity },
            { (s: inout AttributedSubstring) in s.galley.language = "" },
            { (s: inout AttributedSubstring) in s.ligatureLevel = 3 },
            { (s: inout AttributedSubstring) in s.superscript = 11 },
            { (s: inout AttributedSubstring) in s.stroke = TextStroke(width: .nan) },
        ] as [@Sendable (inout AttributedSubstring) -> Void])
    func invalidValuesThrow(_ set: @Sendable (inout AttributedSubstring) -> Void) {
        var string = AttributedString("abc")
        let range = string.characters.index(after: string.startIndex)..<string.endIndex
        set(&string[range])
        #expect {
            try AttributedText(string)
        } throws: { error in
            guard case .invalidValue(let message) = error as? AttributedTextError else { return false }
            return message.contains("1..<3")
        }
    }

    /// Empty arrays are "no attribute", as in the builder; an empty Foundation language too.
    @Test func emptyValuesAreNoAttribute() throws {
        var string = AttributedString("ab")
        string.fontFeatures = []
        string.fontVariations = []
        string.writingDirection = []
        string.languageIdentifier = ""
        let text = try AttributedText(string)
        #expect(text.runs == Fixture.runs([(0..<2, [])]))
    }

    // MARK: Size

    /// 7 200 pieces "abcdéfghi👍" (14 UTF-8 bytes: 8 ASCII, é 2, 👍 4; 11 UTF-16 units: 9
    /// BMP + a surrogate pair) ≈ 100 KB, alternating red and blue: 7 200 runs, run k at
    /// 11k..<11k+11. Prints the conversion times; asserts only the result.
    @Test func hundredKilobyteTextConverts() throws {
        let piece = "abcdéfghi👍"
        let count = 7_200
        var red = AttributeContainer()
        red.galley.foregroundColor = .red
        var blue = AttributeContainer()
        blue.galley.foregroundColor = .blue
        var string = AttributedString()
        for index in 0..<count {
            string.append(AttributedString(piece, attributes: index % 2 == 0 ? red : blue))
        }
        #expect(string.utf8.count == 14 * count)

        let start = DispatchTime.now().uptimeNanoseconds
        let text = try AttributedText(string)
        let middle = DispatchTime.now().uptimeNanoseconds
        let back = AttributedString(text)
        let end = DispatchTime.now().uptimeNanoseconds
        print(
            "AttributedString bridge, \(string.utf8.count) bytes, \(count) runs: to AttributedText \(Double(middle - start) / 1e6) ms, back \(Double(end - middle) / 1e6) ms"
        )

        #expect(text.length == 11 * count)
        #expect(text.runs.count == count)
        #expect(
            text.runs.enumerated().allSatisfy { index, run in
                run.range == (11 * index)..<(11 * index + 11)
                    && run.attributes == [.foregroundColor(index % 2 == 0 ? .red : .blue)]
            })
        #expect(back == string)
    }
}
