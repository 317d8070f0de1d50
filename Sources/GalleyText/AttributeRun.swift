// AttributeRun: a range of text with the attributes that hold over all of it.

/// A maximal range of text whose characters share the same attributes. Like the
/// (attributes, effective range) pair that `CFAttributedStringGetAttributes` returns.
public struct AttributeRun: Sendable, Hashable, CustomStringConvertible {
    /// The range, in UTF-16 code units.
    public let range: Range<Int>
    /// The attributes over the whole range.
    public let attributes: Attributes

    /// A run over `range` with `attributes`.
    public init(range: Range<Int>, attributes: Attributes) {
        self.range = range
        self.attributes = attributes
    }

    /// `0..<8 {font: …}`.
    public var description: String {
        "\(range.lowerBound)..<\(range.upperBound) \(attributes)"
    }
}
