// Tests of the attribute runs after every kind of text edit, against the rules of
// NSMutableAttributedString/CFMutableAttributedString: inserted text inherits the attributes
// of the character before the insertion point (after it, at 0); replacing text takes the
// attributes of the first replaced character; runs are maximal.

import Foundation
import GalleyText
import Testing

/// One edit applied to Fixture.helloWorld() ("Hello" in a, " world" in b) and its result.
struct EditCase: Sendable, CustomTestStringConvertible {
    let name: String
    let edit: @Sendable (inout AttributedTextBuilder) throws -> Void
    let string: String
    let runs: [AttributeRun]
    var testDescription: String { name }
}

@Suite("Edits and attribute runs")
struct AttributedTextEditTests {
    typealias F = Fixture

    static let cases: [EditCase] = [
        // Insertion at 0 has no character before it, so it takes the one after ("H", a).
        EditCase(
            name: "insert at start inherits the following character", edit: { try $0.insert("XX", at: 0) },
            string: "XXHello world", runs: F.runs([(0..<7, F.a), (7..<13, F.b)])),
        // At 5 the character before is "o" (a), although the one after is " " (b).
        EditCase(
            name: "insert at a run boundary inherits the preceding run", edit: { try $0.insert("XX", at: 5) },
            string: "HelloXX world", runs: F.runs([(0..<7, F.a), (7..<13, F.b)])),
        EditCase(
            name: "insert at end inherits the last character", edit: { try $0.insert("!!", at: 11) },
            string: "Hello world!!", runs: F.runs([(0..<5, F.a), (5..<13, F.b)])),
        // Explicit attributes split the run "Hello" around the insertion.
        EditCase(
            name: "insert in the middle with explicit attributes",
            edit: { try $0.insert("XX", at: 3, attributes: F.c) },
            string: "HelXXlo world", runs: F.runs([(0..<3, F.a), (3..<5, F.c), (5..<7, F.a), (7..<13, F.b)])),
        // Explicit attributes equal to the next run's merge with it.
        EditCase(
            name: "insert with the next run's attributes coalesces",
            edit: { try $0.insert("XX", at: 5, attributes: F.b) },
            string: "HelloXX world", runs: F.runs([(0..<5, F.a), (5..<13, F.b)])),
        // "lo wo" (3..<8) spans both runs: "Hel" + "rld".
        EditCase(
            name: "delete across runs", edit: { try $0.delete(3..<8) },
            string: "Helrld", runs: F.runs([(0..<3, F.a), (3..<6, F.b)])),
        EditCase(
            name: "delete a whole run", edit: { try $0.delete(0..<5) },
            string: " world", runs: F.runs([(0..<6, F.b)])),
        EditCase(
            name: "delete everything leaves no runs", edit: { try $0.delete(0..<11) },
            string: "", runs: []),
        EditCase(
            name: "delete an empty range changes nothing", edit: { try $0.delete(4..<4) },
            string: "Hello world", runs: F.runs([(0..<5, F.a), (5..<11, F.b)])),
        // The first replaced character is "l" (index 3, a), so "p! W" is in a.
        EditCase(
            name: "replace across runs takes the first replaced character's attributes",
            edit: { try $0.replace(3..<8, with: "p! W") },
            string: "Help! Wrld", runs: F.runs([(0..<7, F.a), (7..<10, F.b)])),
        // The first replaced character is " " (index 5, b).
        EditCase(
            name: "replace the second run", edit: { try $0.replace(5..<11, with: "!") },
            string: "Hello!", runs: F.runs([(0..<5, F.a), (5..<6, F.b)])),
        // An empty range replaces like an insertion: the character before (index 4, a).
        EditCase(
            name: "replace an empty range inserts", edit: { try $0.replace(5..<5, with: ",") },
            string: "Hello, world", runs: F.runs([(0..<6, F.a), (6..<12, F.b)])),
        EditCase(
            name: "replace with nothing deletes", edit: { try $0.replace(0..<11, with: "") },
            string: "", runs: []),
        EditCase(
            name: "append inherits the last character, then explicit attributes",
            edit: {
                $0.append("!"); $0.append("?", attributes: F.a)
            },
            string: "Hello world!?", runs: F.runs([(0..<5, F.a), (5..<12, F.b), (12..<13, F.a)])),
        EditCase(
            name: "append attributed text keeps its runs",
            edit: { $0.append(AttributedText(" again", attributes: F.b)) },
            string: "Hello world again", runs: F.runs([(0..<5, F.a), (5..<17, F.b)])),
        EditCase(
            name: "insert attributed text keeps its runs",
            edit: { try $0.insert(AttributedText("big ", attributes: F.c), at: 6) },
            string: "Hello big world", runs: F.runs([(0..<5, F.a), (5..<6, F.b), (6..<10, F.c), (10..<15, F.b)])),
    ]

    @Test(arguments: cases)
    func edit(_ testCase: EditCase) throws {
        var builder = try Fixture.helloWorld()
        try testCase.edit(&builder)
        let text = builder.build()
        #expect(text.string == testCase.string)
        #expect(text.length == testCase.string.utf16.count)
        #expect(Array(text.utf16) == Array(testCase.string.utf16))
        #expect(text.runs == testCase.runs)
        #expect(builder.length == text.length)
    }

    @Test func emptyBuilderUsesItsDefaultAttributes() throws {
        // No character to inherit from: the attributes given to init apply.
        var builder = AttributedTextBuilder(attributes: Fixture.a)
        builder.append("abc")
        #expect(builder.build().runs == Fixture.runs([(0..<3, Fixture.a)]))
        try builder.delete(0..<3)
        try builder.insert("x", at: 0)
        #expect(builder.build().runs == Fixture.runs([(0..<1, Fixture.a)]))
    }

    @Test func builderFromTextHasNoDefaultAttributes() throws {
        var builder = AttributedTextBuilder(AttributedText("ab", attributes: Fixture.a))
        #expect(builder.build().runs == Fixture.runs([(0..<2, Fixture.a)]))
        try builder.delete(0..<2)
        builder.append("c")
        #expect(builder.build().runs == Fixture.runs([(0..<1, Attributes())]))
    }

    @Test func emptyTextHasNoRuns() {
        #expect(AttributedText().runs.isEmpty)
        #expect(AttributedText("", attributes: Fixture.a).runs.isEmpty)
        #expect(AttributedText().length == 0)
    }

    @Test func textWithoutAttributesHasOneEmptyRun() {
        // Runs cover 0..<length exactly, even where no attribute is set.
        #expect(AttributedText("abc").runs == Fixture.runs([(0..<3, Attributes())]))
    }
}
