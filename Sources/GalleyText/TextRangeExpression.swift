// TextRangeExpression: the ways a range of a builder's text can be written — UTF-16 offsets, an
// NSRange, a Range<String.Index> — turned into UTF-16 offsets in one place, so that each typed
// setter of AttributedTextBuilder takes any of them (iOS code that computes NSRanges, and Swift
// code that finds ranges with range(of:), port without converting).

import Foundation

/// A range of an ``AttributedTextBuilder``'s text: a `Range<Int>` of UTF-16 offsets (Galley's
/// index space), an `NSRange` (as `-[NSMutableAttributedString addAttribute:value:range:]` takes
/// it), or a `Range<String.Index>` of the builder's current string.
public protocol TextRangeExpression {
    /// The range as UTF-16 offsets of `builder`'s text (the edit then checks them against its
    /// length, as for a `Range<Int>`).
    /// - Throws: ``AttributedTextError/invalidValue(_:)`` for an `NSRange` with a negative length
    ///   or a `Range<String.Index>` outside the builder's string;
    ///   ``AttributedTextError/rangeOutOfBounds(range:length:)`` for an `NSRange` past the end.
    func utf16Range(in builder: AttributedTextBuilder) throws(AttributedTextError) -> Range<Int>
}

/// A bound whose ranges are ``TextRangeExpression``s: `Int` (a UTF-16 offset) or `String.Index`.
public protocol TextRangeBound: Comparable {
    /// `range` as UTF-16 offsets of `builder`'s text.
    static func utf16Range(_ range: Range<Self>, in builder: AttributedTextBuilder) throws(AttributedTextError)
        -> Range<Int>
}

extension Int: TextRangeBound {
    /// The offsets themselves.
    public static func utf16Range(_ range: Range<Int>, in builder: AttributedTextBuilder)
        throws(AttributedTextError) -> Range<Int>
    { range }
}

extension String.Index: TextRangeBound {
    /// The indices' UTF-16 offsets in the builder's current string. Like `NSRange(_:in:)`.
    public static func utf16Range(_ range: Range<String.Index>, in builder: AttributedTextBuilder)
        throws(AttributedTextError) -> Range<Int>
    { try builder.utf16Range(range) }
}

extension Range: TextRangeExpression where Bound: TextRangeBound {
    /// See ``TextRangeExpression/utf16Range(in:)``.
    public func utf16Range(in builder: AttributedTextBuilder) throws(AttributedTextError) -> Range<Int> {
        try Bound.utf16Range(self, in: builder)
    }
}

extension NSRange: TextRangeExpression {
    /// See ``TextRangeExpression/utf16Range(in:)``.
    public func utf16Range(in builder: AttributedTextBuilder) throws(AttributedTextError) -> Range<Int> {
        try builder.utf16Range(self)
    }
}
