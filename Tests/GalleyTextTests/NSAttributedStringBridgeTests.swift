// Tests of the NSAttributedString bridge: lossless round trips for every Attribute.Key, the
// key names and value forms of Apple's documentation (raw key strings, NSUnderlineStyle bits,
// ligature levels, writing-direction integers, numbers as NSNumber), wrong types and bad ranges
// as errors, UTF-16 ranges across surrogate pairs, and the builder's NSMutableAttributedString
// style edits.

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("NSAttributedString bridge")
struct NSAttributedStringBridgeTests {
    static func font(bold: Bool = false) throws -> Font {
        try Font(family: "DejaVu Sans", weight: bold ? .bold : .regular, size: 24)
    }

    /// "ab😀cd" (UTF-16 length 6) with `attribute` over the emoji and "c" (2..<5), red elsewhere.
    static func sample(_ attribute: Attribute) throws -> AttributedText {
        var builder = AttributedTextBuilder("ab😀cd", attributes: [.foregroundColor(.red)])
        try builder.setAttribute(attribute, range: 2..<5)
        return builder.build()
    }

    // MARK: Round trips

    @Test(arguments: Attribute.Key.allCases)
    func everyKeyRoundTrips(_ key: Attribute.Key) throws {
        let text = try Self.sample(try key.example(font: Self.font()))
        let ns = NSAttributedString(text)
        #expect(ns.string == text.string && ns.length == text.length)
        #expect(try AttributedText(ns) == text)
        let mutable = NSMutableAttributedString(text)
        #expect(try AttributedText(mutable) == text)
    }

    @Test func allKeysTogetherRoundTripThroughAnAttributeDictionary() throws {
        let attributes = try Attributes(validating: Attribute.Key.allCases.map { try $0.example(font: Self.font()) })
        #expect(attributes.all.count == Attribute.Key.allCases.count)
        #expect(try Attributes(attributes.nsAttributes) == attributes)
        let text = AttributedText("x\u{FFFC}y", attributes: attributes)
        #expect(try AttributedText(NSAttributedString(text)) == text)
    }

    /// Neighbouring runs with different struct values under one key, which Foundation compares on
    /// every edit (see CorelibsStructValueTests); the values read back bare, as UIKit code reads
    /// them.
    @Test func neighbouringStructValuesAreStoredSafely() throws {
        var builder = AttributedTextBuilder("red blue green")
        try builder.setForegroundColor(.red, range: 0..<4)
        try builder.setForegroundColor(.blue, range: 4..<9)
        try builder.setForegroundColor(.green, range: 9..<14)
        try builder.setParagraphStyle(ParagraphStyle(alignment: .center), range: 0..<4)
        try builder.setParagraphStyle(ParagraphStyle(alignment: .right), range: 4..<14)
        try builder.setShadow(TextShadow(blurRadius: 1), range: 0..<9)
        try builder.setShadow(TextShadow(blurRadius: 2), range: 9..<14)
        let text = builder.build()
        let ns = NSMutableAttributedString(text)
        #expect(ns.isEqual(to: NSAttributedString(text)))
        ns.addAttribute(.foregroundColor, value: Color.red, range: NSRange(location: 4, length: 5))
        #expect(ns.attribute(.foregroundColor, at: 4, effectiveRange: nil) as? Color == .red)
        #expect(
            ns.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? ParagraphStyle
                == ParagraphStyle(alignment: .center))
        ns.append(NSAttributedString(text))
        let back = try AttributedText(ns)
        #expect(back.string == "red blue greenred blue green")
        #expect(try back.attributes(at: 5).attributes.foregroundColor == .red)
        #expect(try back.attributes(at: 5).longestEffectiveRange == 4..<9)
    }

    // MARK: Apple's key names and value forms

    /// The raw values of UIKit's NSAttributedString.Key constants and CoreText's kCT…AttributeName
    /// constants (the strings archived attributed strings carry).
    @Test func keysHaveApplesRawValues() {
        let expected: [(NSAttributedString.Key, String)] = [
            (.font, "NSFont"), (.foregroundColor, "NSColor"), (.backgroundColor, "NSBackgroundColor"),
            (.kern, "NSKern"), (.tracking, "NSTracking"), (.ligature, "NSLigature"),
            (.underlineStyle, "NSUnderline"), (.underlineColor, "NSUnderlineColor"),
            (.strikethroughStyle, "NSStrikethrough"), (.strikethroughColor, "NSStrikethroughColor"),
            (.paragraphStyle, "NSParagraphStyle"), (.baselineOffset, "NSBaselineOffset"),
            (.strokeWidth, "NSStrokeWidth"), (.strokeColor, "NSStrokeColor"), (.shadow, "NSShadow"),
            (.obliqueness, "NSObliqueness"), (.writingDirection, "NSWritingDirection"),
            (.superscript, "NSSuperScript"), (.language, "NSLanguage"), (.runDelegate, "CTRunDelegate"),
            (.fontFeatures, "Galley.fontFeatures"), (.allowsLineBreaks, "Galley.allowsLineBreaks"),
        ]
        for (key, raw) in expected {
            #expect(key.rawValue == raw)
        }
        // Every Galley key has its own NSAttributedString key.
        let names = Attribute.Key.allCases.map { NSAttributedString.Key($0).rawValue }
        #expect(Set(names).count == Attribute.Key.allCases.count)
    }

    @Test(
        arguments: [
            (NSNumber(value: 1.5) as any Sendable, 1.5), (2.5 as Double, 2.5), (CGFloat(-0.75), -0.75), (3 as Int, 3.0),
            (Float(0.5), 0.5), (Int32(4), 4.0),
        ] as [(any Sendable, Double)])
    func kernAcceptsEveryNumberTypeIOSPasses(_ value: any Sendable, _ expected: Double) throws {
        let attributes = try Attributes([.kern: value, .baselineOffset: value])
        #expect(attributes.kern == CGFloat(expected))
        #expect(attributes.baselineOffset == CGFloat(expected))
    }

    /// NSUnderlineStyle: single 0x01, thick 0x02, double 0x09; patternDot 0x0100, patternDash
    /// 0x0200, patternDashDot 0x0300, patternDashDotDot 0x0400 (UIKit's NSAttributedString.h).
    @Test(arguments: [
        (0x01, TextDecoration.Style.single, TextDecoration.Pattern.solid), (0x02, .thick, .solid),
        (0x09, .double, .solid), (0x0101, .single, .dot), (0x0201, .single, .dash), (0x0302, .thick, .dashDot),
        (0x0409, .double, .dashDotDot),
    ])
    func underlineStyleRawValues(_ raw: Int, _ style: TextDecoration.Style, _ pattern: TextDecoration.Pattern) throws {
        let attributes = try Attributes([
            .underlineStyle: NSNumber(value: raw), .strikethroughStyle: raw, .strikethroughColor: Color.blue,
        ])
        #expect(attributes.underline == TextDecoration(style: style, pattern: pattern))
        #expect(attributes.strikethrough == TextDecoration(style: style, pattern: pattern, color: .blue))
        #expect((attributes.nsAttributes[.underlineStyle] as? NSNumber)?.intValue == raw)
    }

    @Test func underlineStyleNoneOrColourAloneIsNoUnderline() throws {
        #expect(try Attributes([.underlineStyle: 0, .underlineColor: Color.red]).isEmpty)
        #expect(try Attributes([.strikethroughColor: Color.red]).isEmpty)
    }

    @Test(arguments: [0x03, 0x0501, 0x1_0001, -1])
    func underlineStylesGalleyCannotDrawAreErrors(_ raw: Int) {
        #expect(throws: AttributedTextError.self) { try Attributes([.underlineStyle: raw]) }
    }

    /// UIKit's `NSUnderlineStyle.byWord` (0x8000) with a style: "Draw the line only beneath or
    /// through words, not whitespace." It reads as TextDecoration.byWord and writes back.
    @Test func byWordIsRead() throws {
        let attributes = try Attributes([.underlineStyle: 0x8201, .strikethroughStyle: NSNumber(value: 0x8009)])
        #expect(attributes.underline == TextDecoration(style: .single, pattern: .dash, byWord: true))
        #expect(attributes.strikethrough == TextDecoration(style: .double, byWord: true))
        #expect((attributes.nsAttributes[.underlineStyle] as? NSNumber)?.intValue == 0x8201)
    }

    /// The deprecated kCTCharacterShapeAttributeName ("NSCharacterShape": an SFNT character-shape
    /// selector + 1) reads as its OpenType feature (SFNTLayoutTypes.h: kSimplifiedCharactersSelector
    /// 1, kJIS1978CharactersSelector 2; HarfBuzz maps them to `smpl`, `jp78`), before explicit
    /// features; 0 is none; a non-integer is an error.
    @Test func characterShapeBecomesAFeature() throws {
        let key = NSAttributedString.Key("NSCharacterShape")
        #expect(try Attributes([key: 2]).fontFeatures == [try FontFeature("smpl")])
        let both = try Attributes([key: NSNumber(value: 3), .fontFeatures: [try FontFeature("liga", 0)]])
        #expect(both.fontFeatures == [try FontFeature("jp78"), try FontFeature("liga", 0)])
        #expect(try Attributes([key: 0]).isEmpty)
        #expect(FontFeature.characterShape(7) == nil)
        #expect(throws: AttributedTextError.self) { try Attributes([key: "smpl"]) }
    }

    /// UIKit's `NSExpansionAttributeName` ("NSExpansion", a number: the log of the expansion
    /// factor) and `NSGlyphInfoAttributeName` ("NSGlyphInfo") are read.
    @Test func expansionAndGlyphInfoAreRead() throws {
        let info = GlyphInfo(glyphName: "A", baseString: "A")
        let attributes = try Attributes([
            NSAttributedString.Key("NSExpansion"): NSNumber(value: 0.25), NSAttributedString.Key("NSGlyphInfo"): info,
        ])
        #expect(attributes.expansion == 0.25)
        #expect(attributes.glyphInfo == info)
    }

    @Test(arguments: [0, 1, 2])
    func ligatureLevels(_ level: Int) throws {
        #expect(try Attributes([.ligature: NSNumber(value: level)]).ligatureLevel == level)
        #expect(try Attributes([.ligature: level]).ligatureLevel == level)
    }

    @Test(arguments: [3 as any Sendable, -1, 1.5, "1"])
    func badLigatureValuesAreErrors(_ value: any Sendable) {
        #expect(throws: AttributedTextError.self) { try Attributes([.ligature: value]) }
    }

    /// UIKit's writing-direction array: NSWritingDirection (0 LTR, 1 RTL) | format (0 embedding,
    /// 2 override).
    @Test func writingDirectionIntegers() throws {
        let attributes = try Attributes([.writingDirection: [NSNumber(value: 1), NSNumber(value: 2)]])
        #expect(
            attributes.writingDirection == [
                BidiEmbedding(.rightToLeft, .embedding), BidiEmbedding(.leftToRight, .override),
            ])
        #expect(try Attributes([.writingDirection: [3]]).writingDirection == [BidiEmbedding(.rightToLeft, .override)])
        #expect(throws: AttributedTextError.self) { try Attributes([.writingDirection: [4]]) }
    }

    @Test func strokeWidthAndColour() throws {
        let attributes = try Attributes([.strokeWidth: -3.0, .strokeColor: Color.blue])
        #expect(attributes.stroke == TextStroke(width: -3, color: .blue))
        #expect(try Attributes([.strokeWidth: 2]).stroke == TextStroke(width: 2))
    }

    /// Keys Galley does not lay out stay on the run as custom attributes, as CoreText keeps them
    /// (CTRunGetAttributes returns "the attribute dictionary that was used to create the glyph run").
    @Test func unknownKeysAreKeptAsCustomAttributes() throws {
        let attributes = try Attributes([
            NSAttributedString.Key("NSLink"): "https://example.org", NSAttributedString.Key("NSToolTip"): "tip",
            .language: "tr",
        ])
        #expect(attributes.layoutAttributes == [.language("tr")])
        #expect(attributes.link == .string("https://example.org"))
        #expect(attributes[custom: "NSToolTip"]?.value(as: String.self) == "tip")
    }

    // MARK: Errors

    @Test func wrongTypeNamesKeyRangeAndExpectedType() throws {
        let ns = NSMutableAttributedString(string: "Hello")
        ns.addAttribute(.font, value: "Helvetica", range: NSRange(location: 1, length: 2))
        do {
            _ = try AttributedText(ns)
            Issue.record("a String font was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.contains("NSFont") && message.contains("1..<3") && message.contains("Font"))
        }
    }

    @Test(
        arguments: [
            ("NSKern", "2" as any Sendable), ("NSColor", 0xFF0000), ("NSParagraphStyle", 1), ("CTRunDelegate", "image"),
            ("Galley.fontFeatures", "smcp"), ("Galley.allowsLineBreaks", "no"), ("NSKern", true), ("NSLanguage", 42),
        ] as [(String, any Sendable)])
    func wrongTypesAreErrors(_ key: String, _ value: any Sendable) {
        #expect(throws: AttributedTextError.self) { try Attributes([NSAttributedString.Key(key): value]) }
    }

    @Test func valuesTheKeysRuleRefusesAreErrors() {
        #expect(throws: AttributedTextError.invalidValue("kern must be finite and at most 1e9 in magnitude, not nan")) {
            try Attributes([.kern: Double.nan])
        }
        #expect(throws: AttributedTextError.self) { try Attributes([.superscript: 11]) }
    }

    @Test func outOfRangeNSRangesAreErrors() throws {
        var builder = AttributedTextBuilder("Hello")
        #expect(throws: AttributedTextError.rangeOutOfBounds(range: 3..<7, length: 5)) {
            try builder.addAttribute(.kern, value: 1, range: NSRange(location: 3, length: 4))
        }
        #expect(throws: AttributedTextError.self) {
            try builder.setFont(Self.font(), range: NSRange(location: NSNotFound, length: 0))
        }
        #expect(throws: AttributedTextError.self) {
            try builder.removeAttribute(.kern, range: NSRange(location: 1, length: -1))
        }
        #expect(throws: AttributedTextError.self) {
            try builder.setKern(1, range: NSRange(location: Int.max - 1, length: 5))
        }
        #expect(builder.build() == AttributedText("Hello"))
    }

    // MARK: UTF-16 ranges

    @Test func surrogatePairsKeepUTF16Offsets() throws {
        let string = "a😀b👍🏽c"  // a 0, 😀 1..<3, b 3, 👍🏽 4..<8, c 8
        let ns = NSMutableAttributedString(string: string)
        ns.addAttribute(.kern, value: 2, range: (string as NSString).range(of: "😀"))
        ns.addAttribute(.language, value: "tr", range: (string as NSString).range(of: "👍🏽"))
        let text = try AttributedText(ns)
        #expect(text.length == 9)
        #expect(try text.attributes(at: 1).longestEffectiveRange == 1..<3)
        #expect(try text.attributes(at: 4).longestEffectiveRange == 4..<8)
        #expect(try text.attributes(at: 4).attributes.language == "tr")
        var builder = AttributedTextBuilder(string)
        try builder.setKern(2, range: string.range(of: "😀")!)
        try builder.addAttribute(.language, value: "tr", range: NSRange(location: 4, length: 4))
        #expect(builder.build() == text)
    }

    // MARK: Builder edits in NSMutableAttributedString's terms

    @Test func builderEditsMatchNSMutableAttributedString() throws {
        let string = "Be Bold! And a little color"
        var builder = try AttributedTextBuilder(string, attributes: [.font: Self.font()])
        try builder.addAttribute(.font, value: Self.font(bold: true), range: NSRange(location: 0, length: 8))
        try builder.addAttributes(
            [.foregroundColor: Color.red, .kern: 1], range: (string as NSString).range(of: "color"))
        try builder.addAttributes(
            [.underlineStyle: 0x09, .underlineColor: Color.blue], range: NSRange(location: 0, length: 2))
        try builder.removeAttribute(.underlineColor, range: NSRange(location: 1, length: 1))
        let text = builder.build()
        #expect(try text.attributes(at: 0).longestEffectiveRange == 0..<1)
        #expect(try text.attributes(at: 0).attributes.underline == TextDecoration(style: .double, color: .blue))
        #expect(try text.attributes(at: 1).attributes.underline == TextDecoration(style: .double))
        #expect(try text.attributes(at: 3).attributes.font == Self.font(bold: true))
        #expect(try text.attributes(at: 3).longestEffectiveRange == 2..<8)
        let color = try text.attributes(at: 22)
        #expect(color.longestEffectiveRange == 22..<27)
        #expect(color.attributes.foregroundColor == .red && color.attributes.kern == 1)
        try builder.setAttributes(nil, range: NSRange(location: 0, length: 27))
        #expect(builder.build() == AttributedText(string))
    }

    @Test func underlineColourWithoutUnderlineIsAnErrorInTheBuilder() throws {
        var builder = AttributedTextBuilder("Hello")
        #expect(throws: AttributedTextError.self) {
            try builder.addAttribute(.underlineColor, value: Color.red, range: NSRange(location: 0, length: 2))
        }
        try builder.addAttribute(.underlineStyle, value: 1, range: NSRange(location: 0, length: 5))
        try builder.addAttribute(.underlineColor, value: Color.red, range: NSRange(location: 0, length: 2))
        #expect(try builder.build().attributes(at: 0).attributes.underline == TextDecoration(color: .red))
    }

    @Test func aFailedEditChangesNothing() throws {
        var builder = AttributedTextBuilder("Hello")
        try builder.setKern(1, range: 0..<2)
        #expect(throws: AttributedTextError.self) {
            try builder.addAttributes([.kern: 2, .font: "x"], range: NSRange(location: 0, length: 5))
        }
        #expect(try builder.build().attributes(at: 0).attributes == [.kern(1)])
        #expect(try builder.build().attributes(at: 3).attributes.isEmpty)
    }

    @Test func stringIndexRangesOfTheBuildersString() throws {
        let string = "naïve café 😀 bold"
        var builder = AttributedTextBuilder(string)
        let bold = string.range(of: "bold")!
        try builder.setFont(Self.font(bold: true), range: bold)
        let utf16 = NSRange(bold, in: string)
        #expect(try builder.build().attributes(at: utf16.location).longestEffectiveRange == 14..<18)
        #expect(utf16 == NSRange(location: 14, length: 4))
        try builder.addAttribute(.kern, value: 1, range: string.range(of: "café")!)
        try builder.addAttributes([.language: "fr"], range: string.range(of: "naïve café")!)
        #expect(try builder.build().attributes(at: 6).attributes == [.kern(1), .language("fr")])
        #expect(try builder.build().attributes(at: 6).longestEffectiveRange == 6..<10)
        try builder.setAttributes(nil, range: string.range(of: "naïve")!)
        #expect(try builder.build().attributes(at: 0).longestEffectiveRange == 0..<5)
        let longer = "naïve café 😀 bold and more"
        #expect(throws: AttributedTextError.self) {
            try builder.setKern(1, range: longer.range(of: "more")!)
        }
    }
}

/// What the bridge's storage rule rests on (see ``AttributeValueBox``): swift-corelibs-foundation
/// halts when it compares different small Swift values (a `CGFloat`) under one key in
/// neighbouring runs, but compares Galley's larger structs, boxes and `NSNumber`s. If the first
/// test fails, Foundation was fixed; if the second does, Galley's structs need the box.
@Suite("swift-corelibs-foundation limitation")
struct CorelibsStructValueTests {
    @Test func smallSwiftValuesInNeighbouringRunsHaltFoundation() async {
        await #expect(processExitsWith: .failure) {
            let string = NSMutableAttributedString(string: "ab")
            string.addAttribute(.kern, value: CGFloat(1), range: NSRange(location: 0, length: 1))
            string.addAttribute(.kern, value: CGFloat(2), range: NSRange(location: 1, length: 1))
        }
    }

    @Test func galleyStructsBoxesAndNumbersInNeighbouringRunsAreCompared() async {
        await #expect(processExitsWith: .success) {
            let string = NSMutableAttributedString(string: "red blue")
            let first = NSRange(location: 0, length: 4)
            let second = NSRange(location: 4, length: 4)
            string.addAttributes([.foregroundColor: Color.red, .kern: 1.0, .shadow: TextShadow()], range: first)
            string.addAttributes([.foregroundColor: Color.blue, .kern: 2.0, .shadow: TextShadow()], range: second)
            string.addAttribute(.runDelegate, value: AttributeValueBox(CGFloat(1)), range: first)
            string.addAttribute(.runDelegate, value: AttributeValueBox(CGFloat(2)), range: second)
            string.addAttributes(
                [.foregroundColor: Color.red, .kern: 1.0, .runDelegate: AttributeValueBox(CGFloat(1))], range: second)
            var range = NSRange(location: 0, length: 0)
            _ = string.attribute(.foregroundColor, at: 0, longestEffectiveRange: &range, in: first.union(second))
            if range != NSRange(location: 0, length: 8) { exit(2) }
        }
    }
}
