// Tests of ruby in markup (HTML's <ruby>, <rt>, <rp>) and of the RubyAnnotation value: each
// <rt> annotates the base text since the previous <rt> (HTML's ruby model), <rp> is dropped.

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("Ruby markup")
struct RubyMarkupTests {
    /// The ruby of each attribute run that has one: (base range, text, position).
    static func rubies(_ text: AttributedText) throws -> [(Range<Int>, String, RubyPosition)] {
        var result: [(Range<Int>, String, RubyPosition)] = []
        var index = 0
        while index < text.length {
            let (attributes, range) = try text.attributes(at: index)
            if let ruby = attributes.rubyAnnotation, let position = ruby.positions.first {
                result.append((range, ruby.text(for: position)!, position))
            }
            index = range.upperBound
        }
        return result
    }

    @Test func oneBaseOneAnnotation() throws {
        let text = try Markup.parse("<ruby>漢字<rt>かんじ</rt></ruby>です", base: try MarkupTests.base())
        #expect(text.string == "漢字です")
        let rubies = try Self.rubies(text)
        #expect(rubies.count == 1)
        #expect(rubies.first?.0 == 0..<2 && rubies.first?.1 == "かんじ" && rubies.first?.2 == .before)
    }

    /// HTML: "the rt element … gives the ruby text of the ruby base text that precedes it", so
    /// two `<rt>`s make two bases, even with equal annotation text (annotations are distinct).
    @Test func groupsOneBasePerAnnotation() throws {
        let text = try Markup.parse("<ruby>字<rt>じ</rt>字<rt>じ</rt></ruby>", base: try MarkupTests.base())
        let rubies = try Self.rubies(text)
        #expect(rubies.map(\.0) == [0..<1, 1..<2])
        #expect(rubies.map(\.1) == ["じ", "じ"])
    }

    /// `<rp>` holds fallback parentheses for browsers without ruby: not part of the text.
    @Test func rpIsIgnored() throws {
        let text = try Markup.parse("<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>", base: try MarkupTests.base())
        #expect(text.string == "漢")
        #expect(try Self.rubies(text).map(\.1) == ["kan"])
    }

    @Test func attributesOfRuby() throws {
        let text = try Markup.parse(
            #"<ruby position="after" align="distribute-letter" overhang="none" size_factor="0.4">漢<rt>hàn</rt></ruby>"#,
            base: try MarkupTests.base())
        let ruby = try #require(try text.attributes(at: 0).attributes.rubyAnnotation)
        #expect(ruby.text(for: .after) == "hàn")
        #expect(ruby.alignment == .distributeLetter && ruby.overhang == .none && ruby.sizeFactor == 0.4)
    }

    /// Base text with no `<rt>` after it has no ruby (as in HTML); an empty `<rt>` neither.
    @Test func baseWithoutAnnotation() throws {
        let text = try Markup.parse("<ruby>漢<rt></rt>字</ruby>", base: try MarkupTests.base())
        #expect(text.string == "漢字")
        #expect(try Self.rubies(text).isEmpty)
    }

    @Test(
        arguments: [
            ("<rt>x</rt>", "line 1, column 1: <rt> must be directly inside <ruby>"),
            ("<ruby><b><rt>x</rt></b></ruby>", "line 1, column 10: <rt> must be directly inside <ruby>"),
            ("<rp>(</rp>", "line 1, column 1: <rp> must be directly inside <ruby>"),
            ("<ruby><rt>x</rt></ruby>", "line 1, column 12: <rt> has no base text before it inside <ruby>"),
            ("<ruby>a<ruby>b</ruby></ruby>", "line 1, column 8: <ruby> inside <ruby>: ruby does not nest"),
            ("<ruby>a<rt><b>x</b></rt></ruby>", "line 1, column 12: <b> inside <rt>: it holds only text"),
            ("<ruby>a<rt>x</ruby>", "line 1, column 13: </ruby> does not match <rt>, opened at line 1, column 8"),
        ])
    func misuseIsAnError(markup: String, message: String) throws {
        #expect {
            try Markup.parse(markup, base: try MarkupTests.base())
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test(arguments: [
        #"<ruby position="above">a<rt>x</rt></ruby>"#, #"<ruby size_factor="0">a<rt>x</rt></ruby>"#,
        #"<ruby align="middle">a<rt>x</rt></ruby>"#, #"<ruby colour="red">a<rt>x</rt></ruby>"#,
    ])
    func badRubyAttributes(markup: String) throws {
        #expect(throws: MarkupError.self) { try Markup.parse(markup, base: try MarkupTests.base()) }
    }

    /// CoreText's objects: a copy is equal, a second annotation with the same values is not.
    @Test func annotationsAreDistinctObjects() {
        let a = RubyAnnotation("じ")
        let b = a
        #expect(a == b)
        #expect(a != RubyAnnotation("じ"))
        #expect(a.sizeFactor == 0.5 && a.alignment == .auto && a.overhang == .auto && !a.scalesToFit)
    }

    @Test func invalidAnnotationsAreRefused() {
        #expect(throws: AttributedTextError.self) {
            try Attributes(validating: [.rubyAnnotation(RubyAnnotation("x", sizeFactor: .nan))])
        }
        #expect(throws: AttributedTextError.self) {
            try Attributes(validating: [.rubyAnnotation(RubyAnnotation(texts: [.before: ""]))])
        }
    }
}

@Suite("Ruby attribute bridges")
struct RubyBridgeTests {
    /// CoreText's `kCTRubyAnnotationAttributeName` is "CTRubyAnnotation": read from and written to
    /// that key of an NSAttributedString.
    @Test func nsAttributedStringKey() throws {
        let ruby = RubyAnnotation("かんじ")
        #expect(NSAttributedString.Key.rubyAnnotation.rawValue == "CTRubyAnnotation")
        let attributes = try Attributes([NSAttributedString.Key("CTRubyAnnotation"): ruby])
        #expect(attributes.rubyAnnotation == ruby)
        let ns = NSAttributedString(AttributedText("漢字", attributes: [.rubyAnnotation(ruby)]))
        let value = ns.attribute(NSAttributedString.Key("CTRubyAnnotation"), at: 0, effectiveRange: nil)
        #expect((value as? RubyAnnotation) == ruby)
    }
}
