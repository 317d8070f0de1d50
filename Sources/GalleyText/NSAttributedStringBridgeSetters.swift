// NSAttributedStringBridgeSetters: NSRange and Range<String.Index> forms of AttributedTextBuilder's
// typed setters (setFont, setKern, …), so iOS code that computes NSRanges, or Swift code that
// finds String ranges with range(of:), ports without converting. A new typed setter needs its
// two lines here.

import Foundation
import GalleyFonts

extension AttributedTextBuilder {
    /// `setFont(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setFont(_ font: Font, range: NSRange) throws(AttributedTextError) {
        try setFont(font, range: utf16Range(range))
    }
    /// `setFont(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setFont(_ font: Font, range: Range<String.Index>) throws(AttributedTextError) {
        try setFont(font, range: utf16Range(range))
    }
    /// `setForegroundColor(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setForegroundColor(_ color: Color, range: NSRange) throws(AttributedTextError) {
        try setForegroundColor(color, range: utf16Range(range))
    }
    /// `setForegroundColor(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setForegroundColor(_ color: Color, range: Range<String.Index>) throws(AttributedTextError) {
        try setForegroundColor(color, range: utf16Range(range))
    }
    /// `setParagraphStyle(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setParagraphStyle(_ style: ParagraphStyle, range: NSRange) throws(AttributedTextError) {
        try setParagraphStyle(style, range: utf16Range(range))
    }
    /// `setParagraphStyle(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setParagraphStyle(_ style: ParagraphStyle, range: Range<String.Index>)
        throws(AttributedTextError)
    {
        try setParagraphStyle(style, range: utf16Range(range))
    }
    /// `setKern(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setKern(_ kern: CGFloat, range: NSRange) throws(AttributedTextError) {
        try setKern(kern, range: utf16Range(range))
    }
    /// `setKern(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setKern(_ kern: CGFloat, range: Range<String.Index>) throws(AttributedTextError) {
        try setKern(kern, range: utf16Range(range))
    }
    /// `setLanguage(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setLanguage(_ language: String, range: NSRange) throws(AttributedTextError) {
        try setLanguage(language, range: utf16Range(range))
    }
    /// `setLanguage(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setLanguage(_ language: String, range: Range<String.Index>) throws(AttributedTextError) {
        try setLanguage(language, range: utf16Range(range))
    }
    /// `setWritingDirection(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setWritingDirection(_ levels: [BidiEmbedding], range: NSRange) throws(AttributedTextError) {
        try setWritingDirection(levels, range: utf16Range(range))
    }
    /// `setWritingDirection(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setWritingDirection(_ levels: [BidiEmbedding], range: Range<String.Index>)
        throws(AttributedTextError)
    {
        try setWritingDirection(levels, range: utf16Range(range))
    }
    /// `setTracking(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setTracking(_ tracking: CGFloat, range: NSRange) throws(AttributedTextError) {
        try setTracking(tracking, range: utf16Range(range))
    }
    /// `setTracking(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setTracking(_ tracking: CGFloat, range: Range<String.Index>) throws(AttributedTextError) {
        try setTracking(tracking, range: utf16Range(range))
    }
    /// `setLigatureLevel(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setLigatureLevel(_ level: Int, range: NSRange) throws(AttributedTextError) {
        try setLigatureLevel(level, range: utf16Range(range))
    }
    /// `setLigatureLevel(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setLigatureLevel(_ level: Int, range: Range<String.Index>) throws(AttributedTextError) {
        try setLigatureLevel(level, range: utf16Range(range))
    }
    /// `setFontFeatures(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setFontFeatures(_ features: [FontFeature], range: NSRange) throws(AttributedTextError) {
        try setFontFeatures(features, range: utf16Range(range))
    }
    /// `setFontFeatures(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setFontFeatures(_ features: [FontFeature], range: Range<String.Index>)
        throws(AttributedTextError)
    {
        try setFontFeatures(features, range: utf16Range(range))
    }
    /// `setBaselineOffset(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setBaselineOffset(_ offset: CGFloat, range: NSRange) throws(AttributedTextError) {
        try setBaselineOffset(offset, range: utf16Range(range))
    }
    /// `setBaselineOffset(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setBaselineOffset(_ offset: CGFloat, range: Range<String.Index>) throws(AttributedTextError) {
        try setBaselineOffset(offset, range: utf16Range(range))
    }
    /// `setSuperscript(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setSuperscript(_ level: Int, range: NSRange) throws(AttributedTextError) {
        try setSuperscript(level, range: utf16Range(range))
    }
    /// `setSuperscript(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setSuperscript(_ level: Int, range: Range<String.Index>) throws(AttributedTextError) {
        try setSuperscript(level, range: utf16Range(range))
    }
    /// `setObliqueness(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setObliqueness(_ obliqueness: CGFloat, range: NSRange) throws(AttributedTextError) {
        try setObliqueness(obliqueness, range: utf16Range(range))
    }
    /// `setObliqueness(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setObliqueness(_ obliqueness: CGFloat, range: Range<String.Index>) throws(AttributedTextError)
    {
        try setObliqueness(obliqueness, range: utf16Range(range))
    }
    /// `setUnderline(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setUnderline(_ decoration: TextDecoration, range: NSRange) throws(AttributedTextError) {
        try setUnderline(decoration, range: utf16Range(range))
    }
    /// `setUnderline(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setUnderline(_ decoration: TextDecoration, range: Range<String.Index>)
        throws(AttributedTextError)
    {
        try setUnderline(decoration, range: utf16Range(range))
    }
    /// `setStrikethrough(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setStrikethrough(_ decoration: TextDecoration, range: NSRange) throws(AttributedTextError) {
        try setStrikethrough(decoration, range: utf16Range(range))
    }
    /// `setStrikethrough(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setStrikethrough(_ decoration: TextDecoration, range: Range<String.Index>)
        throws(AttributedTextError)
    {
        try setStrikethrough(decoration, range: utf16Range(range))
    }
    /// `setBackgroundColor(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setBackgroundColor(_ color: Color, range: NSRange) throws(AttributedTextError) {
        try setBackgroundColor(color, range: utf16Range(range))
    }
    /// `setBackgroundColor(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setBackgroundColor(_ color: Color, range: Range<String.Index>) throws(AttributedTextError) {
        try setBackgroundColor(color, range: utf16Range(range))
    }
    /// `setStroke(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setStroke(_ stroke: TextStroke, range: NSRange) throws(AttributedTextError) {
        try setStroke(stroke, range: utf16Range(range))
    }
    /// `setStroke(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setStroke(_ stroke: TextStroke, range: Range<String.Index>) throws(AttributedTextError) {
        try setStroke(stroke, range: utf16Range(range))
    }
    /// `setShadow(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setShadow(_ shadow: TextShadow, range: NSRange) throws(AttributedTextError) {
        try setShadow(shadow, range: utf16Range(range))
    }
    /// `setShadow(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setShadow(_ shadow: TextShadow, range: Range<String.Index>) throws(AttributedTextError) {
        try setShadow(shadow, range: utf16Range(range))
    }
    /// `setFontVariations(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setFontVariations(_ variations: [FontVariation], range: NSRange) throws(AttributedTextError) {
        try setFontVariations(variations, range: utf16Range(range))
    }
    /// `setFontVariations(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setFontVariations(_ variations: [FontVariation], range: Range<String.Index>)
        throws(AttributedTextError)
    {
        try setFontVariations(variations, range: utf16Range(range))
    }
    /// `setAllowsLineBreaks(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setAllowsLineBreaks(_ allows: Bool, range: NSRange) throws(AttributedTextError) {
        try setAllowsLineBreaks(allows, range: utf16Range(range))
    }
    /// `setAllowsLineBreaks(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setAllowsLineBreaks(_ allows: Bool, range: Range<String.Index>) throws(AttributedTextError) {
        try setAllowsLineBreaks(allows, range: utf16Range(range))
    }
    /// `setInsertsHyphens(_:range:)` over an `NSRange`, as `-[NSMutableAttributedString addAttribute:value:range:]` takes it.
    public mutating func setInsertsHyphens(_ inserts: Bool, range: NSRange) throws(AttributedTextError) {
        try setInsertsHyphens(inserts, range: utf16Range(range))
    }
    /// `setInsertsHyphens(_:range:)` over a `Range<String.Index>` of the builder's current string.
    public mutating func setInsertsHyphens(_ inserts: Bool, range: Range<String.Index>) throws(AttributedTextError) {
        try setInsertsHyphens(inserts, range: utf16Range(range))
    }
}
