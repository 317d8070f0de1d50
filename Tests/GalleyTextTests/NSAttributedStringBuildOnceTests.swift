// Tests that `NSAttributedString(text)` builds its result as one object (issue 29, item 8):
// swift-corelibs-foundation leaks every attributed string object's run array, so an immutable
// string of several runs is read from the text's runs in the keyed-archive form
// (NSAttributedStringRunsDecoder) instead of built mutable and copied. The oracle is Foundation's
// own mutable string, built through its public setters (`NSMutableAttributedString(text)`).

import Foundation
import Testing

@testable import GalleyText

@Suite("NSAttributedString built once")
struct NSAttributedStringBuildOnceTests {
    /// Texts of several runs, by name: small runs; run lengths at the archive's base-128
    /// boundaries (127 | 128 is one byte | two bytes, 16383 | 16384 two | three) with equal
    /// attributes on runs that are not neighbours (one dictionary for both); surrogate pairs and
    /// combining marks.
    static let names = ["small runs", "base-128 boundaries", "surrogates and marks"]

    static func text(_ name: String) throws -> AttributedText {
        switch name {
        case "small runs":
            var small = AttributedTextBuilder("red blue green", attributes: [.tracking(0.5)])
            try small.setForegroundColor(.red, range: 0..<4)
            try small.setForegroundColor(.blue, range: 4..<9)
            try small.setShadow(TextShadow(blurRadius: 2), range: 9..<14)
            return small.build()
        case "base-128 boundaries":
            let lengths = [127, 128, 16383, 16384, 1]
            var long = AttributedTextBuilder(String(repeating: "x", count: lengths.reduce(0, +)))
            var location = 0
            for (index, length) in lengths.enumerated() {
                try long.setForegroundColor(
                    index.isMultiple(of: 2) ? .red : .blue, range: location..<(location + length))
                location += length
            }
            return long.build()
        default:
            var scripts = AttributedTextBuilder("a😀é\u{301}日本👍🏽ب", attributes: [.language("ja")])
            try scripts.setKern(2, range: 1..<3)
            try scripts.setAttribute(.tracking(-1), range: 5..<7)
            try scripts.setForegroundColor(.green, range: 7..<11)
            return scripts.build()
        }
    }

    @Test func foundationReadsTheArchiveForm() {
        #expect(NSAttributedStringRunsDecoder.isRead)
    }

    @Test(arguments: names)
    func immutableResultHasTheTextsRuns(_ name: String) throws {
        let text = try Self.text(name)
        #expect(text.runs.count > 1)
        let ns = NSAttributedString(text)
        #expect(type(of: ns) == NSAttributedString.self)
        #expect(ns.string == text.string && ns.length == text.length)
        #expect(ns.isEqual(to: NSMutableAttributedString(text)))
        var ranges: [Range<Int>] = []
        ns.enumerateAttributes(in: NSRange(location: 0, length: ns.length)) { _, range, _ in
            ranges.append(range.location..<(range.location + range.length))
        }
        #expect(ranges == text.runs.map(\.range))
        #expect(try AttributedText(ns) == text)
    }

    /// A subclass's `init(coder:)` may be its own: it is built mutable and copied, as before.
    @Test(arguments: names)
    func subclassResultIsCopied(_ name: String) throws {
        let text = try Self.text(name)
        let tagged = TaggedAttributedString(text)
        #expect(type(of: tagged) == TaggedAttributedString.self)
        #expect(try AttributedText(tagged) == text)
        let mutable = NSMutableAttributedString(text)
        #expect(type(of: mutable) == NSMutableAttributedString.self)
        #expect(try AttributedText(mutable) == text)
    }
}

/// A subclass of NSAttributedString that adds nothing.
final class TaggedAttributedString: NSAttributedString {}
