// AttributedTextError: what goes wrong when reading or editing attributed text (bad ranges,
// edits that would split a surrogate pair, invalid attribute values).

/// An error from ``AttributedText``, ``AttributedTextBuilder`` or ``RunDelegate``.
/// CoreText raises an Objective-C exception (`NSRangeException`) for most of these; Galley
/// throws instead.
public enum AttributedTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A range reaches outside `0...length` (UTF-16 code units).
    case rangeOutOfBounds(range: Range<Int>, length: Int)
    /// An index lies outside the text: `0..<length` for reading a character,
    /// `0...length` for inserting.
    case indexOutOfBounds(index: Int, length: Int)
    /// An edit boundary (or a substring bound) falls between the two halves of a surrogate
    /// pair, which would leave a lone surrogate in the string.
    case splitsSurrogatePair(index: Int)
    /// A ``RunDelegate`` metric is NaN, infinite or negative.
    case invalidRunDelegate(String)
    /// An attribute value is invalid, e.g. a NaN or infinite kern.
    case invalidValue(String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .rangeOutOfBounds(let range, let length):
            "range \(range.lowerBound)..<\(range.upperBound) is out of bounds for a text of \(length) UTF-16 code units"
        case .indexOutOfBounds(let index, let length):
            "index \(index) is out of bounds for a text of \(length) UTF-16 code units"
        case .splitsSurrogatePair(let index):
            "index \(index) falls inside a surrogate pair; edits must not split a character outside the Basic Multilingual Plane"
        case .invalidRunDelegate(let reason):
            "invalid run delegate: \(reason)"
        case .invalidValue(let reason):
            "invalid attribute value: \(reason)"
        }
    }
}
