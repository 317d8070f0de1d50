// Tests of Attributes: one value per key, later values win, merging, removal, and the
// validation policy: no invalid kern or language is ever stored.

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("Attributes")
struct AttributesTests {
    @Test func laterValueOfTheSameKeyWins() {
        let attributes: Attributes = [.foregroundColor(.red), .kern(1), .foregroundColor(.blue)]
        #expect(attributes.foregroundColor == .blue)
        #expect(attributes.all == [.foregroundColor(.blue), .kern(1)])
    }

    @Test func mergingLetsTheOtherSideWin() {
        let mine: Attributes = [.foregroundColor(.red), .kern(1)]
        let theirs: Attributes = [.foregroundColor(.blue), .language("fr")]
        let merged = mine.merging(theirs)
        #expect(merged == [.foregroundColor(.blue), .kern(1), .language("fr")])
        #expect(mine.merging([]) == mine)
    }

    @Test(arguments: Attribute.Key.allCases)
    func setAndRemoveEachKey(_ key: Attribute.Key) throws {
        let delegate = try RunDelegate(width: 1, ascent: 2, descent: 3)
        let values: [Attribute] = [
            .foregroundColor(.red), .paragraphStyle(ParagraphStyle(alignment: .justified)), .kern(-2),
            .language("zh-Hans"), .runDelegate(delegate),
            .writingDirection([BidiEmbedding(.rightToLeft, .override)]),
            .tracking(1.5), .ligatureLevel(0), .fontFeatures([try FontFeature("smcp")]), .baselineOffset(-2),
            .superscript(1), .obliqueness(0.2), .underline(.single),
            .strikethrough(TextDecoration(style: .double, color: .red)), .backgroundColor(.yellow),
            .stroke(TextStroke(width: 3)), .shadow(TextShadow()), .fontVariations([try FontVariation("wght", 700)]),
            .allowsLineBreaks(false), .insertsHyphens(true), .overline(TextDecoration(color: .blue)),
            .fontVariant(.allPetiteCaps), .fontScale(.smallCaps), .fontFallback(false), .gravity(.west),
            .gravityHint(.natural), .show([.spaces, .ignorables]), .lineHeight(.multiple(2)),
            .textTransform(.capitalize), .textSegment(.word), .textSpacingTrim(.normal), .textAutospace(.normal),
            .expansion(-0.3),
            .glyphInfo(GlyphInfo(glyphName: "a.alt", baseString: "a")), .baselineClass(.ideographicLow),
            .baselineInfo([.roman: 1]), .baselineReferenceInfo(.originalFont),
            .rubyAnnotation(RubyAnnotation("かんじ")), .verticalForms(true), .textOrientation(.sideways),
            .horizontalInVerticalForms(3),
        ]
        // Fonts need GalleyFonts; their key is checked with the other keys here.
        guard let attribute = values.first(where: { $0.key == key }) else {
            #expect(key == .font)
            return
        }
        var attributes = Attributes()
        #expect(attributes.isEmpty)
        attributes.set(attribute)
        #expect(attributes.all == [attribute])
        #expect(!attributes.isEmpty)
        attributes.remove(key)
        #expect(attributes.isEmpty)
    }

    @Test func keysNameTheirCases() {
        #expect(Attribute.kern(1).key == .kern)
        #expect(Attribute.foregroundColor(.red).key == .foregroundColor)
        #expect(
            Attribute.Key.allCases.map(\.rawValue)
                == [
                    "font", "foregroundColor", "paragraphStyle", "kern", "language", "runDelegate", "writingDirection",
                    "tracking", "ligatureLevel", "fontFeatures", "baselineOffset", "superscript", "obliqueness",
                    "underline", "strikethrough", "backgroundColor", "stroke", "shadow", "fontVariations",
                    "allowsLineBreaks", "insertsHyphens", "overline", "fontVariant", "fontScale", "fontFallback",
                    "gravity", "gravityHint", "show", "lineHeight", "textTransform", "textSegment", "textSpacingTrim",
                    "textAutospace", "expansion",
                    "glyphInfo", "baselineClass", "baselineInfo", "baselineReferenceInfo", "rubyAnnotation",
                    "verticalForms",
                    "textOrientation", "horizontalInVerticalForms",
                ])
    }

    /// The validation policy: Attributes(validating:) throws the rule's sentence; the
    /// non-throwing API, which cannot report it, leaves the key unset (a service never stops on
    /// a bad value), and replaces nothing else. Finite lengths beyond LengthLimit (whose sums
    /// overflow to infinity) are refused like infinite ones.
    @Test(arguments: [CGFloat.nan, .infinity, -.infinity, -.greatestFiniteMagnitude, .greatestFiniteMagnitude, -1e10])
    func nonFiniteKernIsRejected(_ kern: CGFloat) {
        #expect(
            throws: AttributedTextError.invalidValue("kern must be finite and at most 1e9 in magnitude, not \(kern)")
        ) {
            try Attributes(validating: [.foregroundColor(.red), .kern(kern)])
        }
        let listed = Attributes([.foregroundColor(.red), .kern(kern)])
        #expect(listed.kern == nil && listed.foregroundColor == .red)
        var attributes: Attributes = [.kern(2)]
        attributes.kern = kern
        #expect(attributes.kern == nil)
        #expect(AttributedText("x", attributes: [.kern(kern)]).runs.first?.attributes.kern == nil)
    }

    @Test func emptyLanguageIsRejected() {
        #expect(throws: AttributedTextError.invalidValue("language must not be empty")) {
            try Attributes(validating: [.language("")])
        }
        #expect(Attributes([.language("")]).language == nil)
    }

    @Test func validatingThrowsTheRuleAndEmptyArraysMeanNoAttribute() throws {
        #expect(throws: AttributedTextError.invalidValue("kern must be finite and at most 1e9 in magnitude, not nan")) {
            try Attributes(validating: [.foregroundColor(.red), .kern(.nan)])
        }
        let attributes = try Attributes(validating: [.kern(1), .fontFeatures([]), .language("tr"), .kern(2)])
        #expect(attributes == [.kern(2), .language("tr")])
        var edited = attributes
        edited.set(.fontFeatures([try FontFeature("smcp")]))
        edited.set(.fontFeatures([]))
        #expect(edited == attributes)
    }

    @Test func subscriptReadsEachKey() throws {
        let attributes: Attributes = [.kern(1), .language("tr")]
        #expect(attributes[.kern] == .kern(1))
        #expect(attributes[.language] == .language("tr"))
        #expect(attributes[.tracking] == nil)
        #expect(Attribute.Key.allCases.compactMap { attributes[$0] } == attributes.all)
    }

    @Test func paragraphStyleDefaults() {
        // CTParagraphStyleCreate(nil, 0): natural alignment, word wrapping, natural direction.
        let style = ParagraphStyle.default
        #expect(style.alignment == .natural)
        #expect(style.lineBreakMode == .wordWrapping)
        #expect(style.baseWritingDirection == .natural)
        #expect(ParagraphStyle() == .default)
        #expect(TextAlignment.allCases.count == 5)
    }
}
