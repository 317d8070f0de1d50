// Completeness tests of the attribute key table: every Attribute.Key, with its example value,
// goes through every consumer in GalleyText (Attributes, the builder's generic edits, the
// AttributedString bridge, the markup table), and a failure names the keys a consumer forgot.
// (The layout JSON's twin is in GalleyCLITests' LayoutJSONAttributeTests.)

import Foundation
import GalleyFonts
import GalleyText
import Testing

@Suite("Attribute key table")
struct AttributeKeyTableTests {
    /// The keys each consumer mishandles, by consumer.
    struct Forgotten {
        var keys: [String: [Attribute.Key]] = [:]

        mutating func check(_ handled: Bool, _ consumer: String, _ key: Attribute.Key) {
            if !handled { keys[consumer, default: []].append(key) }
        }

        /// One issue per consumer, naming its forgotten keys.
        func report() {
            for (consumer, forgotten) in keys.sorted(by: { $0.key < $1.key }) {
                Issue.record("\(consumer) does not handle: \(forgotten.map(\.rawValue).joined(separator: ", "))")
            }
        }
    }

    static func example(_ key: Attribute.Key) throws -> Attribute {
        try key.example(font: MarkupTests.regular())
    }

    @Test func everyKeyHasAValidExampleStoredByAttributes() throws {
        var forgotten = Forgotten()
        for key in Attribute.Key.allCases {
            let example = try Self.example(key)
            forgotten.check(
                example.key == key && (try? Attributes(validating: [example])) != nil, "the example table", key)
            var attributes: Attributes = [example]
            forgotten.check(attributes[key] == example && attributes.all == [example], "Attributes", key)
            forgotten.check(attributes.description.hasPrefix("{\(key.rawValue): "), "Attributes.description", key)
            attributes.remove(key)
            forgotten.check(attributes.isEmpty, "Attributes.remove", key)
        }
        forgotten.report()
    }

    @Test func everyKeyIsSettableThroughTheBuilder() throws {
        var forgotten = Forgotten()
        for key in Attribute.Key.allCases {
            let example = try Self.example(key)
            var builder = AttributedTextBuilder("abc", attributes: [.foregroundColor(.green)])
            try builder.setAttribute(example, range: 1..<2)
            let set = try builder.build().attributes(at: 1)
            forgotten.check(set.attributes[key] == example && set.longestEffectiveRange == 1..<2, "setAttribute", key)
            try builder.removeAttribute(key, range: 0..<3)
            forgotten.check(try builder.build().attributes(at: 1).attributes[key] == nil, "removeAttribute", key)
        }
        forgotten.report()
    }

    @Test func everyKeyRoundTripsThroughTheAttributedStringBridge() throws {
        var forgotten = Forgotten()
        for key in Attribute.Key.allCases {
            var builder = AttributedTextBuilder("abc")
            try builder.setAttribute(try Self.example(key), range: 1..<2)
            let text = builder.build()
            let string = AttributedString(text)
            forgotten.check(string.runs.count == 3, "the bridge to AttributedString", key)
            forgotten.check(try AttributedText(string) == text, "the bridge from AttributedString", key)
            forgotten.check(key.foundationName == "Galley.\(key.rawValue)", "the AttributedString key names", key)
        }
        forgotten.report()
    }

    /// Each key is written by the markup its table row names (a tag of the markup table), or
    /// the row says why Pango markup cannot write it.
    @Test func everyKeyIsInTheMarkupTableOrSaysWhyNot() throws {
        var forgotten = Forgotten()
        let base = try MarkupTests.base()
        for key in Attribute.Key.allCases {
            switch key.markupForm {
            case .tag(let tag):
                let name = String(tag.dropFirst().prefix { $0.isLetter || $0 == "_" })
                let markup = tag.hasSuffix("/>") ? tag : "\(tag)x</\(name)>"
                let text = try? Markup.parse(markup, base: base)
                let value = text.flatMap { try? $0.attributes(at: 0).attributes[key] }
                forgotten.check(value != nil && value != base[key], "markup", key)
            case .notExpressible(let reason):
                forgotten.check(!reason.isEmpty, "the markup table's reasons", key)
            }
        }
        forgotten.report()
    }

    /// The table says which keys markup cannot write; this pins the list, so that a key moving
    /// in or out of markup is a decision.
    @Test func keysMarkupCannotWrite() {
        let inexpressible = Attribute.Key.allCases.filter {
            if case .notExpressible = $0.markupForm { true } else { false }
        }
        #expect(
            inexpressible == [
                .paragraphStyle, .kern, .writingDirection, .ligatureLevel, .obliqueness, .stroke, .shadow,
                .expansion, .glyphInfo, .baselineClass, .baselineInfo, .baselineReferenceInfo, .verticalForms,
                .textOrientation, .horizontalInVerticalForms,
            ])
    }
}
