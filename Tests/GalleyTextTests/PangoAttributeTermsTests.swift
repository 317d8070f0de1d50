// Tests of PangoAttributeTerms: each attribute named and spelled as Pango's
// pango_attr_list_to_string does (lengths in Pango units of 1/1024 pt, alphas on 0…65535, colours
// as #rrggbb), and every attribute key given a term.

import Foundation
import GalleyFonts
import Testing

@testable import GalleyText

@Suite("Pango attribute terms")
struct PangoAttributeTermsTests {
    /// A value of every key (a switch, so a new key needs its sample here too).
    static func sample(_ key: Attribute.Key) throws -> Attribute {
        switch key {
        case .font: .font(try Font(family: "DejaVu Sans", weight: .bold, size: 14.4))
        case .foregroundColor: .foregroundColor(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        case .paragraphStyle: .paragraphStyle(ParagraphStyle())
        case .kern: .kern(1)
        case .language: .language("tr")
        case .runDelegate: .runDelegate(try RunDelegate(width: 10, ascent: 5, descent: 1, value: "img"))
        case .writingDirection: .writingDirection([BidiEmbedding(.rightToLeft, .embedding)])
        case .tracking: .tracking(5)
        case .ligatureLevel: .ligatureLevel(0)
        case .fontFeatures: .fontFeatures([try FontFeature("smcp"), try FontFeature("liga", 0)])
        case .baselineOffset: .baselineOffset(-3)
        case .superscript: .superscript(2)
        case .obliqueness: .obliqueness(0.2)
        case .underline: .underline(TextDecoration(style: .double, color: .red))
        case .strikethrough: .strikethrough(.single)
        case .backgroundColor: .backgroundColor(Color(red: 0, green: 0, blue: 1))
        case .stroke: .stroke(TextStroke(width: 2))
        case .shadow: .shadow(TextShadow())
        case .fontVariations: .fontVariations([try FontVariation("wght", 600)])
        case .allowsLineBreaks: .allowsLineBreaks(false)
        case .insertsHyphens: .insertsHyphens(true)
        case .overline: .overline(TextDecoration(color: .blue))
        case .fontVariant: .fontVariant(.allSmallCaps)
        case .fontScale: .fontScale(.smallCaps)
        case .fontFallback: .fontFallback(false)
        case .gravity: .gravity(.east)
        case .gravityHint: .gravityHint(.strong)
        case .show: .show([.spaces, .ignorables])
        case .lineHeight: .lineHeight(.points(20))
        case .textTransform: .textTransform(.capitalize)
        case .textSegment: .textSegment(.word)
        case .textSpacingTrim: .textSpacingTrim(.trimBoth)
        case .textAutospace: .textAutospace(.normal)
        case .expansion: .expansion(0.25)
        case .glyphInfo: .glyphInfo(GlyphInfo(glyphName: "A", baseString: "A"))
        case .baselineClass: .baselineClass(.math)
        case .baselineInfo: .baselineInfo([.math: 5])
        case .baselineReferenceInfo: .baselineReferenceInfo(.originalFont)
        case .rubyAnnotation: .rubyAnnotation(RubyAnnotation("pīn", position: .after))
        case .verticalForms: .verticalForms(true)
        case .textOrientation: .textOrientation(.sideways)
        case .horizontalInVerticalForms: .horizontalInVerticalForms(4)
        }
    }

    @Test("every attribute key gives at least one term", arguments: Attribute.Key.allCases)
    func everyKey(_ key: Attribute.Key) throws {
        let terms = PangoAttributeTerms.terms(of: Attributes([try Self.sample(key)]))
        #expect(!terms.isEmpty, "\(key) has no term")
    }

    @Test("Pango's names and spellings")
    func spellings() throws {
        let all = try Attributes(Attribute.Key.allCases.map(Self.sample))
        let terms = PangoAttributeTerms.terms(of: all)
        #expect(terms["family"] == "DejaVu Sans")
        #expect(terms["weight"] == "700")
        #expect(terms["style"] == "normal")
        #expect(terms["size"] == "14.4")
        #expect(terms["foreground"] == "#ff8000")
        #expect(terms["foreground-alpha"] == "32768")  // 0.5 × 65535, rounded
        #expect(terms["background"] == "#0000ff")
        #expect(terms["background-alpha"] == nil)  // opaque
        #expect(terms["letter-spacing"] == "5120")  // 5 pt in 1/1024 pt
        #expect(terms["rise"] == "-3072")
        #expect(terms["baseline-shift"] == "superscript,superscript")
        #expect(terms["font-scale"] == "superscript,superscript,small-caps")
        // Pango's spellings of the 1.44–1.50 attributes (pango_attr_list_to_string).
        #expect(terms["overline"] == "single")
        #expect(terms["overline-color"] == "#0000ff")
        #expect(terms["variant"] == "all-small-caps")
        #expect(terms["fallback"] == "false")
        #expect(terms["gravity"] == "east")
        #expect(terms["gravity-hint"] == "strong")
        #expect(terms["show"] == "5")  // PANGO_SHOW_SPACES | PANGO_SHOW_IGNORABLES
        #expect(terms["absolute-line-height"] == "20480")
        #expect(terms["text-transform"] == "capitalize")
        #expect(terms["word"] == "1")
        #expect(terms["font-features"] == "smcp=1,liga=0")
        #expect(terms["underline"] == "double")
        #expect(terms["underline-color"] == "#ff0000")
        #expect(terms["strikethrough"] == "true")
        #expect(terms["language"] == "tr")
        #expect(terms["variations"] == "wght=600")
        #expect(terms["allow-breaks"] == "false")
        #expect(terms["insert-hyphens"] == "true")
        #expect(terms["galley:kern"] == "1")
    }

    @Test("segments merge adjacent runs whose terms are equal and keep UTF-16 ranges")
    func segments() throws {
        // Two fonts that differ only in their cascade list: different runs, the same terms.
        let font = try Font(family: "DejaVu Sans", size: 12)
        var builder = AttributedTextBuilder("a\u{1F600}bc", attributes: [.font(font)])
        try builder.setAttributes([.font(font.withCascadeList(["DejaVu Serif"]))], range: 1..<3)
        try builder.setAttributes([.font(font), .language("de")], range: 3..<4)
        let text = builder.build()
        #expect(text.runs.count == 4)
        let segments = PangoAttributeTerms.segments(of: text)
        #expect(segments.map(\.range) == [0..<3, 3..<4, 4..<5])
        #expect(segments[1].values["language"] == "de")
    }
}
