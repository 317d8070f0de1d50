// Tests that every reading and editing entry point rejects out-of-bounds indices and ranges
// with the documented error and message, instead of trapping as an NSRangeException would.

import Foundation
import GalleyText
import Testing

/// One call that must fail, with its expected error.
struct BoundsCase: Sendable, CustomTestStringConvertible {
    let name: String
    let call: @Sendable () throws -> Void
    let error: AttributedTextError
    var testDescription: String { name }
}

@Suite("Out-of-bounds errors")
struct BoundsErrorTests {
    /// 11 units: "Hello world".
    static func text() throws -> AttributedText { try Fixture.helloWorld().build() }
    static func builder() throws -> AttributedTextBuilder { try Fixture.helloWorld() }

    static let cases: [BoundsCase] = [
        BoundsCase(
            name: "attributes(at: -1)", call: { _ = try text().attributes(at: -1) },
            error: .indexOutOfBounds(index: -1, length: 11)),
        // Reading needs a character at the index, so `length` itself is out of bounds.
        BoundsCase(
            name: "attributes(at: length)", call: { _ = try text().attributes(at: 11) },
            error: .indexOutOfBounds(index: 11, length: 11)),
        BoundsCase(
            name: "runs(in:) past the end", call: { _ = try text().runs(in: 3..<90) },
            error: .rangeOutOfBounds(range: 3..<90, length: 11)),
        BoundsCase(
            name: "runs(in:) before the start", call: { _ = try text().runs(in: -2..<3) },
            error: .rangeOutOfBounds(range: -2..<3, length: 11)),
        BoundsCase(
            name: "substring", call: { _ = try text().substring(0..<12) },
            error: .rangeOutOfBounds(range: 0..<12, length: 11)),
        BoundsCase(
            name: "attributedSubstring", call: { _ = try text().attributedSubstring(11..<12) },
            error: .rangeOutOfBounds(range: 11..<12, length: 11)),
        BoundsCase(
            name: "insert past the end",
            call: {
                var b = try builder(); try b.insert("x", at: 12)
            },
            error: .indexOutOfBounds(index: 12, length: 11)),
        BoundsCase(
            name: "insert before the start",
            call: {
                var b = try builder(); try b.insert("x", at: -1)
            },
            error: .indexOutOfBounds(index: -1, length: 11)),
        BoundsCase(
            name: "insert text",
            call: {
                var b = try builder(); try b.insert(AttributedText("x"), at: 20)
            },
            error: .indexOutOfBounds(index: 20, length: 11)),
        BoundsCase(
            name: "delete",
            call: {
                var b = try builder(); try b.delete(5..<12)
            },
            error: .rangeOutOfBounds(range: 5..<12, length: 11)),
        BoundsCase(
            name: "replace",
            call: {
                var b = try builder(); try b.replace(-1..<0, with: "x")
            },
            error: .rangeOutOfBounds(range: -1..<0, length: 11)),
        BoundsCase(
            name: "setAttributes",
            call: {
                var b = try builder(); try b.setAttributes([], range: 0..<40)
            },
            error: .rangeOutOfBounds(range: 0..<40, length: 11)),
        BoundsCase(
            name: "addAttributes",
            call: {
                var b = try builder(); try b.addAttributes([], range: 11..<12)
            },
            error: .rangeOutOfBounds(range: 11..<12, length: 11)),
        BoundsCase(
            name: "removeAttribute",
            call: {
                var b = try builder(); try b.removeAttribute(.font, range: 0..<12)
            },
            error: .rangeOutOfBounds(range: 0..<12, length: 11)),
        BoundsCase(
            name: "setForegroundColor",
            call: {
                var b = try builder(); try b.setForegroundColor(.red, range: 0..<12)
            },
            error: .rangeOutOfBounds(range: 0..<12, length: 11)),
        BoundsCase(
            name: "setParagraphStyle",
            call: {
                var b = try builder(); try b.setParagraphStyle(.default, range: 0..<12)
            },
            error: .rangeOutOfBounds(range: 0..<12, length: 11)),
        BoundsCase(
            name: "setKern",
            call: {
                var b = try builder(); try b.setKern(1, range: 0..<12)
            },
            error: .rangeOutOfBounds(range: 0..<12, length: 11)),
        BoundsCase(
            name: "setLanguage",
            call: {
                var b = try builder(); try b.setLanguage("en", range: 0..<12)
            },
            error: .rangeOutOfBounds(range: 0..<12, length: 11)),
        BoundsCase(
            name: "insertPlaceholder",
            call: {
                var b = try builder(); try b.insertPlaceholder(RunDelegate(width: 1, ascent: 1, descent: 0), at: 12)
            },
            error: .indexOutOfBounds(index: 12, length: 11)),
    ]

    @Test(arguments: cases)
    func rejected(_ testCase: BoundsCase) {
        #expect(throws: testCase.error) { try testCase.call() }
    }

    @Test(arguments: [
        (
            AttributedTextError.rangeOutOfBounds(range: 3..<90, length: 40),
            "range 3..<90 is out of bounds for a text of 40 UTF-16 code units"
        ),
        (.indexOutOfBounds(index: 11, length: 11), "index 11 is out of bounds for a text of 11 UTF-16 code units"),
        (
            .splitsSurrogatePair(index: 2),
            "index 2 falls inside a surrogate pair; edits must not split a character outside the Basic Multilingual Plane"
        ),
        (.invalidRunDelegate("width is NaN"), "invalid run delegate: width is NaN"),
        (.invalidValue("kern must be finite, not nan"), "invalid attribute value: kern must be finite, not nan"),
    ])
    func messages(error: AttributedTextError, message: String) {
        #expect(error.description == message)
    }

    @Test func boundsThatAreValid() throws {
        // 0...length is valid for insertion and for empty ranges at either end.
        var builder = try Fixture.helloWorld()
        try builder.insert("", at: 11)
        try builder.setAttributes(Fixture.a, range: 11..<11)
        #expect(try builder.build().runs(in: 0..<0).isEmpty)
        #expect(try builder.build().substring(11..<11) == "")
    }
}
