// Shared fixtures for the GalleyText tests: small attribute sets and a two-run sample text.

import Foundation
import GalleyText

/// Attribute sets that need no font, so expectations depend on GalleyText alone.
enum Fixture {
    static let a: Attributes = [.foregroundColor(.red)]
    static let b: Attributes = [.foregroundColor(.blue)]
    static let c: Attributes = [.language("tr")]

    /// "Hello world": "Hello" (0..<5) in `a`, " world" (5..<11) in `b`.
    static func helloWorld() throws -> AttributedTextBuilder {
        var builder = AttributedTextBuilder("Hello world", attributes: a)
        try builder.setAttributes(b, range: 5..<11)
        return builder
    }

    /// Runs written as (range, attributes) pairs.
    static func runs(_ pairs: [(Range<Int>, Attributes)]) -> [AttributeRun] {
        pairs.map { AttributeRun(range: $0.0, attributes: $0.1) }
    }
}
