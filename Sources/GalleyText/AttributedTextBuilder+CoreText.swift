// Typed setters of AttributedTextBuilder for the CoreText and UIKit attributes added for CoreText
// parity: a run delegate over any range, glyph info, baseline alignment and expansion.
import Foundation
import GalleyFonts

extension AttributedTextBuilder {
    /// Puts `delegate` on `range`, keeping the other attributes: on a single U+FFFC it makes an
    /// inline placeholder, on other text every grapheme cluster takes the delegate's metrics and
    /// is not drawn (see ``RunDelegate``). Like setting `kCTRunDelegateAttributeName` on a range;
    /// throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setRunDelegate(_ delegate: RunDelegate, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.runDelegate(delegate), range: range.utf16Range(in: self))
    }

    /// Forces one glyph for `range` (see ``GlyphInfo``). Like `kCTGlyphInfoAttributeName`; throws
    /// as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setGlyphInfo(_ info: GlyphInfo, range: some TextRangeExpression) throws(AttributedTextError) {
        try setAttribute(.glyphInfo(info), range: range.utf16Range(in: self))
    }

    /// Sets the baseline class of `range`. Like `kCTBaselineClassAttributeName`; throws as
    /// ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setBaselineClass(_ baselineClass: BaselineClass, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.baselineClass(baselineClass), range: range.utf16Range(in: self))
    }

    /// Sets the run's own baseline offsets over `range`. Like `kCTBaselineInfoAttributeName`;
    /// throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setBaselineInfo(_ offsets: [BaselineClass: CGFloat], range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.baselineInfo(offsets), range: range.utf16Range(in: self))
    }

    /// Sets the reference baselines of `range`. Like `kCTBaselineReferenceInfoAttributeName`;
    /// throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setBaselineReferenceInfo(_ reference: BaselineReference, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.baselineReferenceInfo(reference), range: range.utf16Range(in: self))
    }

    /// Sets the log of the horizontal expansion factor over `range`. Like UIKit's
    /// `NSExpansionAttributeName`; throws as ``setAttribute(_:range:)-(_,Range<Int>)``.
    public mutating func setExpansion(_ expansion: CGFloat, range: some TextRangeExpression)
        throws(AttributedTextError)
    {
        try setAttribute(.expansion(expansion), range: range.utf16Range(in: self))
    }
}
