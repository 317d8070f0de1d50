// The bridges read iOS code as it is written: CoreText's own key names beside UIKit's, the values
// CoreText accepts (CTUnderlineStyle as a Boolean: TTTAttributedLabel's default link style is
// `kCTUnderlineStyleAttributeName: @YES`, which CoreText draws single), custom keys kept as custom
// attributes (CTRunGetAttributes returns keys CoreText does not know), and a diagnostics call that
// says what was kept without effect or dropped. Key names are Apple's raw values
// (CTStringAttributes.h: kCTForegroundColorAttributeName is "CTForegroundColor").
import Foundation
import GalleyText
import Testing

/// A dictionary value for a parameterised test (the values are immutable Foundation or Galley
/// values, which is why the wrapper may be Sendable).
struct DictionaryValue: @unchecked Sendable, CustomTestStringConvertible {
    let value: Any
    init(_ value: Any) { self.value = value }
    var testDescription: String { "\(type(of: value)) \(value)" }
}

@Suite("Ported bridges")
struct PortedBridgeTests {
    /// The values iOS code passes as an underline style that mean "single" (CTUnderlineStyle's
    /// kCTUnderlineStyleSingle is 1; a Boolean YES is read as 1) and "none".
    @Test(arguments: [
        (DictionaryValue(true), true), (DictionaryValue(NSNumber(value: true)), true),
        (DictionaryValue(NSNumber(value: 1)), true), (DictionaryValue(false), false),
        (DictionaryValue(NSNumber(value: false)), false), (DictionaryValue(0), false),
    ])
    func underlineStyleAsCoreTextReadsIt(_ value: DictionaryValue, _ single: Bool) throws {
        let ns = NSAttributedString(string: "link", attributes: [.init("NSUnderline"): value.value])
        let text = try AttributedText(ns)
        #expect(text.runs[0].attributes.underline == (single ? TextDecoration(style: .single) : nil))
    }

    /// TTTAttributedLabel's link attributes: `kCTUnderlineStyleAttributeName: @YES` and
    /// `kCTForegroundColorAttributeName` with a colour, under CoreText's raw names.
    @Test func tttAttributedLabelLinkStyle() throws {
        let ns = NSMutableAttributedString(string: "see http://x.org now")
        ns.addAttributes(
            [
                .init("NSUnderline"): true, .init("CTForegroundColor"): Color.blue,
                .init("NSLink"): URL(string: "http://x.org")!,
            ],
            range: NSRange(location: 4, length: 12))
        let text = try AttributedText(ns)
        #expect(text.runs.map(\.range) == [0..<4, 4..<16, 16..<20])
        let link = text.runs[1].attributes
        #expect(link.underline == TextDecoration(style: .single))
        #expect(link.foregroundColor == .blue)
        #expect(link.link == .url(URL(string: "http://x.org")!))
        #expect(text.runs[0].attributes.isEmpty)
    }

    /// Every CoreText raw name the bridge reads beside UIKit's, with a value of the type
    /// CoreText takes there (Galley's type where Linux has no CF type).
    @Test(arguments: [
        ("CTForegroundColor", DictionaryValue(Color.red), Attribute.foregroundColor(.red)),
        ("CTBackgroundColor", DictionaryValue(Color.red), .backgroundColor(.red)),
        ("CTTracking", DictionaryValue(NSNumber(value: 1.5)), .tracking(1.5)),
        ("CTBaselineOffset", DictionaryValue(3.0), .baselineOffset(3)),
        ("CTVerticalForms", DictionaryValue(NSNumber(value: true)), .verticalForms(true)),
        ("CTHorizontalInVerticalForms", DictionaryValue(2), .horizontalInVerticalForms(2)),
        ("NSKern", DictionaryValue(NSNumber(value: 2)), .kern(2)),
        ("NSSuperScript", DictionaryValue(1), .superscript(1)),
    ])
    func coreTextKeyNames(_ name: String, _ value: DictionaryValue, _ expected: Attribute) throws {
        let ns = NSAttributedString(string: "x", attributes: [.init(name): value.value])
        let attributes = try AttributedText(ns).runs[0].attributes
        #expect(attributes[expected.key] == expected)
        #expect(attributes.customAttributes.isEmpty)
    }

    /// CTUnderlineColor and CTStrokeColor colour the decoration their style key sets; a CGColor's
    /// components (gray + alpha, or sRGB + alpha) stand in for the CGColor Linux lacks.
    @Test func coreTextDecorationColoursAndComponents() throws {
        let ns = NSAttributedString(
            string: "x",
            attributes: [
                .init("NSUnderline"): 1, .init("CTUnderlineColor"): [0.0, 0.0, 1.0, 1.0],
                .init("NSStrokeWidth"): 3, .init("CTStrokeColor"): [0.5, 1.0],
            ])
        let attributes = try AttributedText(ns).runs[0].attributes
        #expect(attributes.underline?.color == Color(red: 0, green: 0, blue: 1))
        #expect(attributes.stroke?.color == Color(red: 0.5, green: 0.5, blue: 0.5))
        // UIKit's name wins where both are set.
        let both = NSAttributedString(
            string: "x", attributes: [.init("NSColor"): Color.green, .init("CTForegroundColor"): Color.red])
        #expect(try AttributedText(both).runs[0].attributes.foregroundColor == .green)
    }

    /// Unknown keys are custom attributes; NSAttributedString(text) writes them back under their
    /// names, so a round trip keeps them.
    @Test func customKeysRoundTrip() throws {
        let ns = NSMutableAttributedString(string: "plain LINK plain")
        ns.addAttribute(.init("MyLink"), value: "x", range: NSRange(location: 6, length: 4))
        ns.addAttribute(.init("TTTHighlight"), value: NSNumber(value: 1), range: NSRange(location: 6, length: 2))
        let text = try AttributedText(ns)
        #expect(text.runs.map(\.range) == [0..<6, 6..<8, 8..<10, 10..<16])
        #expect(text.runs[1].attributes[custom: "MyLink"]?.value(as: String.self) == "x")
        #expect(text.runs[2].attributes.customAttributes.keys.sorted() == ["MyLink"])
        let back = try AttributedText(NSAttributedString(text))
        #expect(back == text)
        let mutable = try AttributedText(NSMutableAttributedString(text))
        #expect(mutable == text)
    }

    /// The diagnostics call names each key that is no Galley attribute, run by run.
    @Test func diagnosticsListKeptAndDroppedKeys() throws {
        final class Opaque {}
        let ns = NSMutableAttributedString(string: "ab\u{FFFC}d")
        ns.addAttribute(.init("MyLink"), value: "x", range: NSRange(location: 0, length: 1))
        ns.addAttribute(.init("NSAttachment"), value: "image", range: NSRange(location: 2, length: 1))
        ns.addAttribute(.init("Opaque"), value: Opaque(), range: NSRange(location: 3, length: 1))
        ns.addAttribute(.init("NSColor"), value: Color.red, range: NSRange(location: 0, length: 4))
        let found = AttributedText.bridgeDiagnostics(for: ns)
        #expect(found.map(\.key) == ["MyLink", "NSAttachment", "Opaque"])
        #expect(found[0].disposition == .keptAsCustom && found[0].range == 0..<1)
        if case .keptWithoutEffect = found[1].disposition {} else { Issue.record("NSAttachment: \(found[1])") }
        if case .dropped = found[2].disposition {} else { Issue.record("Opaque: \(found[2])") }
        let text = try AttributedText(ns)
        #expect(text.runs.last?.attributes.customAttributes.isEmpty == true)
    }

    /// Foundation's `link` and a custom key of the caller's scope cross the AttributedString
    /// bridge both ways.
    @Test func attributedStringLinkAndCustomKeys() throws {
        enum Marker: CustomAttributedStringKey {
            typealias Value = Int
            static let name = "Marker"
        }
        var attributed = AttributedString("go here now")
        let start = attributed.index(attributed.startIndex, offsetByCharacters: 3)
        let end = attributed.index(start, offsetByCharacters: 4)
        attributed[start..<end].link = URL(string: "https://example.com")!
        attributed[start..<end][Marker.self] = 7
        let text = try AttributedText(attributed, customKeys: [Marker.self])
        #expect(text.runs.map(\.range) == [0..<3, 3..<7, 7..<11])
        #expect(text.runs[1].attributes.link?.absoluteString == "https://example.com")
        #expect(text.runs[1].attributes[custom: "Marker"]?.value(as: Int.self) == 7)
        let back = try AttributedText(AttributedString(text, customKeys: [Marker.self]), customKeys: [Marker.self])
        #expect(back == text)
        // Without the key, only the link is seen.
        #expect(try AttributedText(attributed).runs[1].attributes.customAttributes.keys.sorted() == ["NSLink"])
    }
}
