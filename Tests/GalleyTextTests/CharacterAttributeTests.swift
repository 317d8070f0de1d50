// Tests of the typographic character attributes (tracking, ligature level, font features,
// baseline offset, superscript, obliqueness, underline, strikethrough, background colour,
// stroke, shadow, font variations): their keys, the values they keep, the invalid values
// Attributes and the builder reject, merging, and descriptions. The valid ranges are
// those the Attribute documentation states from CoreText's: kCTLigatureAttributeName takes
// 0, 1, 2; the CGFloat attributes must be finite; NSShadow's blur radius is not negative.

import Foundation
import GalleyText
import Testing

@Suite("Character attributes")
struct CharacterAttributeTests {
    /// One valid value of each new attribute, with the key it must report.
    static func validValues() throws -> [(Attribute, Attribute.Key)] {
        [
            (.tracking(2.5), .tracking), (.tracking(-1), .tracking),
            (.ligatureLevel(0), .ligatureLevel), (.ligatureLevel(1), .ligatureLevel),
            (.ligatureLevel(2), .ligatureLevel),
            (.fontFeatures([try FontFeature("smcp"), try FontFeature("liga", 0)]), .fontFeatures),
            (.baselineOffset(4), .baselineOffset), (.baselineOffset(-4), .baselineOffset),
            (.superscript(1), .superscript), (.superscript(-1), .superscript), (.superscript(0), .superscript),
            (.superscript(2), .superscript),
            (.obliqueness(0.25), .obliqueness), (.obliqueness(-0.25), .obliqueness),
            (.underline(.single), .underline), (.underline(TextDecoration(style: .thick, pattern: .dash)), .underline),
            (.strikethrough(TextDecoration(style: .double, color: .red)), .strikethrough),
            (.backgroundColor(.yellow), .backgroundColor),
            (.stroke(TextStroke(width: 3)), .stroke), (.stroke(TextStroke(width: -3, color: .blue)), .stroke),
            (.shadow(TextShadow()), .shadow),
            (.shadow(TextShadow(offset: CGSize(width: 2, height: 2), blurRadius: 4)), .shadow),
            (.fontVariations([try FontVariation("wght", 700), try FontVariation("wdth", 75)]), .fontVariations),
        ]
    }

    @Test func validValuesAreKeptAndNamedByTheirKey() throws {
        for (attribute, key) in try Self.validValues() {
            #expect(attribute.key == key)
            let attributes = Attributes([attribute])
            #expect(attributes.all == [attribute], "\(attribute)")
            var builder = AttributedTextBuilder("abc")
            try builder.addAttributes(attributes, range: 1..<2)
            #expect(try builder.build().attributes(at: 1).attributes == attributes)
        }
    }

    /// Invalid values, and a word the error message must contain.
    static let invalidValues: [(Attribute, String)] = [
        (.tracking(.nan), "tracking"), (.tracking(.infinity), "tracking"),
        (.ligatureLevel(-1), "ligature"), (.ligatureLevel(3), "ligature"),
        (.baselineOffset(.nan), "baseline"), (.baselineOffset(-.infinity), "baseline"),
        (.superscript(11), "superscript"), (.superscript(-11), "superscript"), (.superscript(.min), "superscript"),
        (.obliqueness(.nan), "obliqueness"), (.obliqueness(.infinity), "obliqueness"),
        (.stroke(TextStroke(width: .nan)), "stroke"), (.stroke(TextStroke(width: -.infinity, color: .red)), "stroke"),
        (.shadow(TextShadow(blurRadius: -1)), "blur"), (.shadow(TextShadow(blurRadius: .nan)), "blur"),
        (.shadow(TextShadow(blurRadius: .infinity)), "blur"),
        (.shadow(TextShadow(offset: CGSize(width: CGFloat.nan, height: 0))), "offset"),
        (.shadow(TextShadow(offset: CGSize(width: 0, height: CGFloat.infinity))), "offset"),
    ]

    /// The validation policy: Attributes(validating:) throws; the non-throwing API stops the
    /// program instead of storing the value (it used to drop it silently).
    @Test(arguments: invalidValues.indices)
    func invalidValuesAreRejectedByAttributes(_ index: Int) {
        let (attribute, word) = Self.invalidValues[index]
        let error = #expect(throws: AttributedTextError.self) {
            try Attributes(validating: [.foregroundColor(.red), attribute])
        }
        guard case .invalidValue(let reason)? = error else {
            Issue.record("expected .invalidValue, got \(String(describing: error))")
            return
        }
        #expect(reason.lowercased().contains(word), "\(reason)")
        // The non-throwing API leaves the key unset and keeps the rest.
        #expect(Attributes([attribute])[attribute.key] == nil)
        var attributes: Attributes = [.foregroundColor(.red)]
        attributes.set(attribute)
        #expect(attributes[attribute.key] == nil && attributes.foregroundColor == .red)
    }

    @Test(arguments: invalidValues)
    func invalidValuesAreRejectedByTheBuilder(_ attribute: Attribute, word: String) throws {
        var builder = AttributedTextBuilder("abc")
        do {
            switch attribute {
            case .tracking(let v): try builder.setTracking(v, range: 0..<3)
            case .ligatureLevel(let v): try builder.setLigatureLevel(v, range: 0..<3)
            case .baselineOffset(let v): try builder.setBaselineOffset(v, range: 0..<3)
            case .superscript(let v): try builder.setSuperscript(v, range: 0..<3)
            case .obliqueness(let v): try builder.setObliqueness(v, range: 0..<3)
            case .stroke(let v): try builder.setStroke(v, range: 0..<3)
            case .shadow(let v): try builder.setShadow(v, range: 0..<3)
            default: Issue.record("no setter case for \(attribute)")
            }
            Issue.record("\(attribute) was accepted")
        } catch {
            guard case .invalidValue(let reason) = error else {
                Issue.record("expected .invalidValue, got \(error)")
                return
            }
            #expect(reason.lowercased().contains(word), "\(reason)")
        }
        // Nothing changed.
        #expect(builder.build().runs.first?.attributes.isEmpty == true)
    }

    /// Setting a property to an invalid value leaves it unset (nothing else changes).
    @Test(arguments: [CGFloat.nan, .infinity])
    func settingAPropertyToAnInvalidValueUnsetsIt(_ bad: CGFloat) {
        var a: Attributes = [.tracking(1), .baselineOffset(1), .obliqueness(0.1), .foregroundColor(.red)]
        a.tracking = bad
        a.baselineOffset = bad
        a.obliqueness = bad
        #expect(a.tracking == nil && a.baselineOffset == nil && a.obliqueness == nil && a.foregroundColor == .red)
        var stroked: Attributes = [.stroke(TextStroke(width: 3))]
        stroked.stroke?.width = bad
        #expect(stroked.stroke == nil)
        var shadowed: Attributes = [.shadow(TextShadow())]
        shadowed.shadow?.blurRadius = bad
        #expect(shadowed.shadow == nil)
    }

    /// A ligature level outside 0…2 or a superscript outside −10…10 leaves the key unset.
    @Test func settingAPropertyToAnOutOfRangeLevelUnsetsIt() {
        var a: Attributes = [.ligatureLevel(1), .superscript(1)]
        a.ligatureLevel = 7
        a.superscript = 99
        #expect(a.ligatureLevel == nil && a.superscript == nil)
    }

    @Test func settingAnEmptyArrayRemovesTheKey() throws {
        var a: Attributes = [
            .fontFeatures([try FontFeature("smcp")]), .fontVariations([try FontVariation("wght", 700)]),
        ]
        a.fontFeatures = []
        a.fontVariations = []
        a.writingDirection = []
        #expect(a.isEmpty, "\(a)")
    }

    @Test func builderSettersSetEachAttribute() throws {
        var b = AttributedTextBuilder("abcdefghijklmn")
        let feature = try FontFeature("tnum")
        let variation = try FontVariation("wght", 600)
        let decoration = TextDecoration(style: .double, pattern: .dot, color: .green)
        try b.setTracking(1, range: 0..<1)
        try b.setLigatureLevel(0, range: 1..<2)
        try b.setFontFeatures([feature], range: 2..<3)
        try b.setBaselineOffset(3, range: 3..<4)
        try b.setSuperscript(-1, range: 4..<5)
        try b.setObliqueness(0.2, range: 5..<6)
        try b.setUnderline(.single, range: 6..<7)
        try b.setStrikethrough(decoration, range: 7..<8)
        try b.setBackgroundColor(.cyan, range: 8..<9)
        try b.setStroke(TextStroke(width: -2), range: 9..<10)
        try b.setShadow(TextShadow(blurRadius: 1), range: 10..<11)
        try b.setFontVariations([variation], range: 11..<12)
        let text = b.build()
        let expected: [Attribute] = [
            .tracking(1), .ligatureLevel(0), .fontFeatures([feature]), .baselineOffset(3), .superscript(-1),
            .obliqueness(0.2), .underline(.single), .strikethrough(decoration), .backgroundColor(.cyan),
            .stroke(TextStroke(width: -2)), .shadow(TextShadow(blurRadius: 1)), .fontVariations([variation]),
        ]
        for (index, attribute) in expected.enumerated() {
            #expect(try text.attributes(at: index).attributes.all == [attribute])
        }
        #expect(try text.attributes(at: 12).attributes.isEmpty)
        // An empty feature or variation list removes the attribute.
        try b.setFontFeatures([], range: 0..<14)
        try b.setFontVariations([], range: 0..<14)
        #expect(try b.build().attributes(at: 2).attributes.isEmpty)
        #expect(try b.build().attributes(at: 11).attributes.isEmpty)
        // Ranges are checked as for every setter.
        #expect(throws: AttributedTextError.rangeOutOfBounds(range: 0..<15, length: 14)) {
            try b.setTracking(1, range: 0..<15)
        }
    }

    @Test func mergingAndRemovalKeepOtherKeys() throws {
        let mine: Attributes = [.tracking(1), .underline(.single), .superscript(1)]
        let theirs: Attributes = [.underline(TextDecoration(style: .double)), .backgroundColor(.red)]
        let merged = mine.merging(theirs)
        #expect(
            merged == [
                .tracking(1), .underline(TextDecoration(style: .double)), .superscript(1), .backgroundColor(.red),
            ])
        var removed = merged
        removed.remove(.underline)
        removed.remove(.superscript)
        #expect(removed == [.tracking(1), .backgroundColor(.red)])
        // A later value of the same key wins.
        #expect(Attributes([.superscript(1), .superscript(-1)]).superscript == -1)
    }

    @Test func allListsKeysInDeclarationOrder() throws {
        // `all` follows Attribute.Key.allCases whatever order the values were set in.
        let attributes: Attributes = [
            .fontVariations([try FontVariation("wght", 700)]), .shadow(TextShadow()), .underline(.single),
            .tracking(1), .kern(1),
        ]
        let order = attributes.all.map { Attribute.Key.allCases.firstIndex(of: $0.key)! }
        #expect(order == order.sorted())
        #expect(attributes.all.map(\.key) == [.kern, .tracking, .underline, .shadow, .fontVariations])
    }

    @Test func descriptions() throws {
        // Colours print as #rrggbbaa (Color.hexString); numbers without a needless ".0".
        let attributes: Attributes = [
            .tracking(1.5), .ligatureLevel(2), .fontFeatures([try FontFeature("smcp"), try FontFeature("liga", 0)]),
            .baselineOffset(-3), .superscript(1), .obliqueness(0.25),
            .underline(.single), .strikethrough(TextDecoration(style: .double, pattern: .dashDot, color: .red)),
            .backgroundColor(.yellow), .stroke(TextStroke(width: -3, color: .blue)),
            .shadow(TextShadow(offset: CGSize(width: 2, height: -2), blurRadius: 4, color: .black)),
            .fontVariations([try FontVariation("wght", 700)]),
        ]
        #expect(
            attributes.description == "{tracking: 1.5, ligatureLevel: 2, fontFeatures: [smcp=1, liga=0], "
                + "baselineOffset: -3, superscript: 1, obliqueness: 0.25, underline: single solid, "
                + "strikethrough: double dashDot #ff0000ff, backgroundColor: #ffff00ff, stroke: -3% #0000ffff, "
                + "shadow: (2, -2) blur 4 #000000ff, fontVariations: [wght=700]}")
    }

    @Test func defaults() {
        // NSUnderlineStyle.single: one solid line; no colour means the foreground colour.
        #expect(TextDecoration.single == TextDecoration(style: .single, pattern: .solid, color: nil))
        #expect(TextDecoration() == .single)
        // CoreText's single, double, thick, and Pango's low and error.
        #expect(TextDecoration.Style.allCases.count == 5)
        #expect(TextDecoration.Pattern.allCases.count == 5)
        // NSShadow: offset (0, -3) in CoreText's y-up space, blur 0, black at one-third alpha.
        let shadow = TextShadow()
        #expect(shadow.offset == CGSize(width: 0, height: -3))
        #expect(shadow.blurRadius == 0)
        #expect(shadow.color == Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3))
        // A stroke without a colour uses the foreground colour.
        #expect(TextStroke(width: 3).color == nil)
    }

    @Test(arguments: [
        (CGFloat(3), CGFloat(20), CGFloat(0.6), false), (-3, 20, 0.6, true), (0, 12, 0, true), (5, 10, 0.5, false),
    ])
    func strokeWidthIsAPercentOfTheFontSize(_ width: CGFloat, fontSize: CGFloat, lineWidth: CGFloat, fills: Bool) {
        // kCTStrokeWidthAttributeName: "percentage of the font point size"; positive → stroke
        // only, negative → stroke and fill. 3 % of 20 pt = 0.6 pt.
        let stroke = TextStroke(width: width)
        #expect(abs(stroke.lineWidth(fontSize: fontSize) - lineWidth) < 1e-12)
        #expect(stroke.fills == fills)
    }
}
