// Tests of text edits around surrogate pairs (which must never be split, so `string` stays
// valid) and of placeholders (one U+FFFC carrying a RunDelegate, the CoreText recipe).

import Foundation
import GalleyText
import Testing

@Suite("Surrogate pairs")
struct SurrogatePairTests {
    /// "a😀b": U+1F600 is the UTF-16 pair D83D DE00 (Unicode §3.9, D91), so the units are
    /// a(0) D83D(1) DE00(2) b(3) and index 2 lies inside the pair.
    static func builder() -> AttributedTextBuilder { AttributedTextBuilder("a😀b", attributes: Fixture.a) }

    @Test func layout() {
        let text = Self.builder().build()
        #expect(Array(text.utf16) == [0x61, 0xD83D, 0xDE00, 0x62])
        #expect(text.length == 4)
    }

    struct SplitCase: Sendable, CustomTestStringConvertible {
        let name: String
        let call: @Sendable (inout AttributedTextBuilder) throws -> Void
        var testDescription: String { name }
    }

    static let splitting: [SplitCase] = [
        SplitCase(name: "insert inside the pair") { try $0.insert("x", at: 2) },
        SplitCase(name: "insert text inside the pair") { try $0.insert(AttributedText("x"), at: 2) },
        SplitCase(name: "insert a placeholder inside the pair") {
            try $0.insertPlaceholder(RunDelegate(width: 1, ascent: 1, descent: 0), at: 2)
        },
        SplitCase(name: "delete the high surrogate") { try $0.delete(1..<2) },
        SplitCase(name: "delete the low surrogate") { try $0.delete(2..<3) },
        SplitCase(name: "delete from inside the pair to the end") { try $0.delete(2..<4) },
        SplitCase(name: "replace ending inside the pair") { try $0.replace(0..<2, with: "x") },
        SplitCase(name: "replace an empty range inside the pair") { try $0.replace(2..<2, with: "x") },
    ]

    @Test(arguments: splitting)
    func editsInsideAPairAreRejected(_ testCase: SplitCase) {
        var builder = Self.builder()
        #expect(throws: AttributedTextError.splitsSurrogatePair(index: 2)) { try testCase.call(&builder) }
        #expect(builder.build().string == "a😀b")
    }

    @Test func editsAroundThePairWork() throws {
        var builder = Self.builder()
        try builder.insert("<", at: 1)
        try builder.insert(">", at: 4)
        #expect(builder.build().string == "a<😀>b")
        try builder.delete(2..<4)
        #expect(builder.build().string == "a<>b")
        try builder.replace(1..<3, with: "🎉")
        #expect(builder.build().string == "a🎉b")
        #expect(builder.build().runs == Fixture.runs([(0..<4, Fixture.a)]))
    }

    @Test func attributesMaySplitAPair() throws {
        // CoreText allows attribute ranges with a bound inside a pair; the string stays valid.
        var builder = Self.builder()
        try builder.setForegroundColor(.blue, range: 2..<4)
        let text = builder.build()
        #expect(text.string == "a😀b")
        #expect(text.runs == Fixture.runs([(0..<2, Fixture.a), (2..<4, Fixture.b)]))
    }

    @Test func substringsInsideAPairAreRejected() throws {
        let text = Self.builder().build()
        #expect(throws: AttributedTextError.splitsSurrogatePair(index: 2)) { try text.substring(0..<2) }
        #expect(throws: AttributedTextError.splitsSurrogatePair(index: 2)) { try text.attributedSubstring(2..<4) }
        #expect(try text.substring(1..<3) == "😀")
    }
}

@Suite("Placeholders")
struct PlaceholderTests {
    static func logo() throws -> RunDelegate { try RunDelegate(width: 100, ascent: 30, descent: 5, value: "logo") }

    @Test func insertedPlaceholderInheritsAndCarriesTheDelegate() throws {
        var builder = try Fixture.helloWorld()
        let logo = try Self.logo()
        try builder.insertPlaceholder(logo, at: 5)
        let text = builder.build()
        // U+FFFC at index 5; the character before index 5 is "o" (a), so a + delegate.
        #expect(text.string == "Hello\u{FFFC} world")
        #expect(text.utf16[5] == 0xFFFC)
        var expected = Fixture.a
        expected.runDelegate = logo
        let (attributes, range) = try text.attributes(at: 5)
        #expect(attributes == expected)
        #expect(attributes.runDelegate?.value == "logo")
        #expect(range == 5..<6)
        #expect(text.runs == Fixture.runs([(0..<5, Fixture.a), (5..<6, expected), (6..<12, Fixture.b)]))
    }

    @Test func placeholderWithExplicitAttributes() throws {
        var builder = try Fixture.helloWorld()
        let logo = try Self.logo()
        try builder.insertPlaceholder(logo, at: 0, attributes: Fixture.c)
        let text = builder.build()
        #expect(try text.attributes(at: 0).attributes == [.language("tr"), .runDelegate(logo)])
    }

    @Test func textTypedNextToAPlaceholderIsNotAPlaceholder() throws {
        var builder = try Fixture.helloWorld()
        try builder.insertPlaceholder(Self.logo(), at: 5)
        try builder.insert("x", at: 6)  // inherits from U+FFFC, minus its delegate
        builder.appendPlaceholder(try Self.logo())
        builder.append("!")
        try builder.replace(5..<6, with: "y")  // replacing the placeholder itself
        let text = builder.build()
        #expect(text.string == "Helloyx world\u{FFFC}!")
        #expect(text.runs.filter { $0.attributes.runDelegate != nil }.map(\.range) == [13..<14])
        #expect(
            text.runs
                == Fixture.runs([
                    (0..<7, Fixture.a), (7..<13, Fixture.b),
                    (13..<14, [.foregroundColor(.blue), .runDelegate(try Self.logo())]), (14..<15, Fixture.b),
                ]))
    }
}
