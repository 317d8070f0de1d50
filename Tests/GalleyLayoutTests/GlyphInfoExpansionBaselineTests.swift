// Glyph info (kCTGlyphInfoAttributeName), expansion (NSExpansionAttributeName) and baseline
// alignment (kCTBaselineClass/Info/ReferenceInfoAttributeName), from Apple's documentation of each;
// glyph IDs and names from DejaVu Sans's own cmap and post tables (through Font.glyph(for:)
// and hb-shape: "A" is glyph 36, "B" glyph 37, named "A" and "B").
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Glyph info")
struct GlyphInfoTests {
    func line(_ string: String, _ attributes: Attributes, range: Range<Int>, _ extra: Attributes) throws -> Line {
        var b = AttributedTextBuilder(string, attributes: attributes)
        try b.setAttributes(attributes.merging(extra), range: range)
        let text = b.build()
        return try Typesetter(text).line(for: 0..<text.length)
    }

    /// kCTGlyphInfoAttributeName: "Forces one glyph for the whole range" — by ID
    /// (CTGlyphInfoCreateWithGlyph), by name (CTGlyphInfoCreateWithGlyphName) or by CID of the
    /// identity collection (CTGlyphInfoCreateWithCharacterIdentifier, kCTCharacterCollectionIdentityMapping:
    /// the CID is the glyph index). The range "xy" becomes the one glyph, as wide as its advance.
    @Test(arguments: [
        GlyphInfo(glyph: 37, baseString: "xy"), GlyphInfo(glyphName: "B", baseString: "xy"),
        GlyphInfo(characterIdentifier: 37, collection: .identityMapping, baseString: "xy"),
    ])
    func forcesOneGlyphForTheRange(_ info: GlyphInfo) throws {
        let font = try Fonts.dejaVu(16)
        let b = try #require(font.glyph(for: "B"))
        #expect(b == 37)
        #expect(font.glyph(named: "B") == b)
        #expect(font.name(of: b) == "B")
        let line = try line("axyz", [.font(font)], range: 1..<3, [.glyphInfo(info)])
        let glyphs = line.glyphRuns.flatMap { Array($0.glyphs) }
        #expect(glyphs == [font.glyph(for: "a"), b, font.glyph(for: "z")].compactMap { $0 })
        #expect(line.width == font.hmtxWidth("a") + font.advance(for: b) + font.hmtxWidth("z"))
    }

    /// The glyph applies only "if the base string matches and the glyph exists in the font":
    /// another base string, an unknown name, a glyph ID past the font's glyphs, or an Adobe
    /// collection's CID (not resolved) leave the text as it is.
    @Test(arguments: [
        GlyphInfo(glyph: 37, baseString: "xz"), GlyphInfo(glyphName: "no-such-glyph", baseString: "xy"),
        GlyphInfo(glyph: 1_000_000, baseString: "xy"),
        GlyphInfo(characterIdentifier: 37, collection: .adobeJapan1, baseString: "xy"),
    ])
    func appliesOnlyWhereItCan(_ info: GlyphInfo) throws {
        let font = try Fonts.dejaVu(16)
        let line = try line("axyz", [.font(font)], range: 1..<3, [.glyphInfo(info)])
        let glyphs = line.glyphRuns.flatMap { Array($0.glyphs) }
        #expect(glyphs == "axyz".unicodeScalars.compactMap { font.glyph(for: $0) })
    }

    /// CTGlyphInfoGetGlyphName, GetCharacterIdentifier, GetCharacterCollection.
    @Test func accessors() {
        let named = GlyphInfo(glyphName: "a.alt", baseString: "a")
        #expect(named.glyphName == "a.alt" && named.characterIdentifier == 0)
        #expect(named.characterCollection == .identityMapping)
        let cid = GlyphInfo(characterIdentifier: 1200, collection: .adobeJapan1, baseString: "字")
        #expect(cid.characterIdentifier == 1200 && cid.characterCollection == .adobeJapan1 && cid.glyphName == nil)
        #expect(GlyphInfo(glyph: 5, baseString: "x").glyphID == 5)
        #expect(throws: AttributedTextError.self) {
            try Attributes(validating: [.glyphInfo(GlyphInfo(glyph: 1, baseString: ""))])
        }
    }
}

@Suite("Expansion")
struct ExpansionTests {
    /// NSExpansionAttributeName: "The value of this attribute is an NSNumber object containing a
    /// floating point value indicating the log of the expansion factor to be applied to glyphs."
    /// So log(1.5) makes each advance 1.5 times as wide, −log(2) half as wide; a tracking is added
    /// after the expansion, unscaled.
    @Test func advancesScaleByTheFactor() throws {
        let font = try Fonts.dejaVu(16)
        func width(_ attributes: Attributes) throws -> CGFloat {
            try Typesetter(AttributedText("xxx", attributes: attributes)).line(for: 0..<3).width
        }
        #expect(abs(try width([.font(font), .expansion(log(1.5))]) - 3 * Dv16.x * 1.5) < 1e-9)
        #expect(abs(try width([.font(font), .expansion(-log(2))]) - 3 * Dv16.x / 2) < 1e-9)
        #expect(abs(try width([.font(font), .expansion(log(2)), .tracking(1)]) - (3 * Dv16.x * 2 + 3)) < 1e-9)
        #expect(throws: AttributedTextError.self) { try Attributes(validating: [.expansion(.nan)]) }
        var b = AttributedTextBuilder("xxx", attributes: [.font(font)])
        #expect(throws: AttributedTextError.self) { try b.setExpansion(11, range: 0..<1) }
        try b.setExpansion(log(2), range: 0..<1)
        #expect(abs(try Typesetter(b.build()).line(for: 0..<3).width - 4 * Dv16.x) < 1e-9)
    }
}

@Suite("Baseline alignment")
struct BaselineAlignmentTests {
    func shift(_ extra: Attributes) throws -> CGFloat {
        let font = try Fonts.dejaVu(16)
        var b = AttributedTextBuilder("xx", attributes: [.font(font)])
        try b.setAttributes(Attributes([.font(font)]).merging(extra), range: 1..<2)
        let line = try Typesetter(b.build()).line(for: 0..<2)
        return try #require(line.glyphRuns.first { $0.stringRange.contains(1) }).baselineShift
    }

    /// kCTBaselineReferenceInfoAttributeName: "All glyphs in a run are assigned a baseline class
    /// and then aligned to the offset for that class in the reference baseline info";
    /// kCTBaselineInfoAttributeName assigns the run's own offsets ("You only need to specify the
    /// offsets you wish to change"). Hanging reference at 10, own hanging at 4: raised by 6.
    @Test func runAlignsOnItsClassInTheReference() throws {
        #expect(
            try shift([
                .baselineClass(.hanging), .baselineInfo([.hanging: 4]),
                .baselineReferenceInfo(.offsets([.hanging: 10])),
            ]) == 6)
        // Roman class: own roman 0 (the roman baseline is the origin), reference roman −3.
        #expect(try shift([.baselineReferenceInfo(.offsets([.roman: -3]))]) == -3)
        // The original font as reference: no move.
        #expect(try shift([.baselineClass(.ideographicCentered), .baselineReferenceInfo(.originalFont)]) == 0)
        // No baseline attribute: no move.
        #expect(try shift([]) == 0)
    }

    /// A reference font (kCTBaselineReferenceFont): small text of class ideographic-centred sits
    /// on the big font's ideographic em-box centre, i.e. raised by the difference of the two
    /// fonts' centres, which grows with the size (the centre is a fixed fraction of the em).
    @Test func referenceFontCentresSmallText() throws {
        let small = try Fonts.dejaVu(16)
        let big = try Fonts.dejaVu(48)
        let centre16 = small.baselineOffset(for: .ideographicCentered)
        let centre48 = big.baselineOffset(for: .ideographicCentered)
        #expect(abs(centre48 - 3 * centre16) < 1e-9)
        #expect(centre16 > 0 && centre16 < 16)
        // DejaVu Sans has no BASE table: the ideographic em box is synthesised from the ascent and
        // descent (CSS Inline 3, "synthesizing baselines"; HarfBuzz's fallback), its centre halfway.
        let high = small.baselineOffset(for: .ideographicHigh)
        let low = small.baselineOffset(for: .ideographicLow)
        #expect(abs(high - small.ascent) < 1e-6)
        #expect(abs(low + small.descent) < 1e-6)
        #expect(abs(centre16 - (high + low) / 2) < 1e-6)
        #expect(small.baselineOffset(for: .roman) == 0)
        let raised = try shift([.baselineClass(.ideographicCentered), .baselineReferenceInfo(.font(big))])
        #expect(abs(raised - (centre48 - centre16)) < 1e-9)
    }
}
