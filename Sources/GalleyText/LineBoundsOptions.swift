// The options of a line's bounds (CoreText's CTLineBoundsOptions): which box `Line.bounds(options:)`
// measures. Here in GalleyText because a paragraph style carries them too
// (kCTParagraphStyleSpecifierLineBoundsOptions).
import Foundation

/// What a line's bounds include. Like `CTLineBoundsOptions`; an empty set gives the typographic
/// bounds, leading and baseline shifts included.
public struct LineBoundsOptions: OptionSet, Sendable, Hashable {
    /// The raw bits, CoreText's values.
    public let rawValue: UInt
    /// Options from their raw bits (CoreText's `CTLineBoundsOptions` values).
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Leave the leading out of the height. Like `kCTLineBoundsExcludeTypographicLeading`.
    public static let excludeTypographicLeading = LineBoundsOptions(rawValue: 1 << 0)
    /// Ignore cross-stream shifts (baseline offset, superscript): each run's ascent and descent
    /// are taken unshifted. Like `kCTLineBoundsExcludeTypographicShifts`.
    public static let excludeTypographicShifts = LineBoundsOptions(rawValue: 1 << 1)
    /// Treat opening punctuation at the line's visual start and closing punctuation or stops at
    /// its visual end as fully hanging: the box leaves them out. Like
    /// `kCTLineBoundsUseHangingPunctuation`.
    public static let useHangingPunctuation = LineBoundsOptions(rawValue: 1 << 2)
    /// Use the ink of the glyph outlines as drawn (obliqueness and synthetic styles included)
    /// instead of the typographic box. Like `kCTLineBoundsUseGlyphPathBounds`.
    public static let useGlyphPathBounds = LineBoundsOptions(rawValue: 1 << 3)
    /// Use optical bounds: horizontally, the optical edges of the first and last glyphs (the
    /// font's `opbd` table, else their advance boxes); overrides `useGlyphPathBounds`. Like
    /// `kCTLineBoundsUseOpticalBounds`.
    public static let useOpticalBounds = LineBoundsOptions(rawValue: 1 << 4)
    /// Grow the box vertically to the fonts' language extents, room that glyphs of the fonts'
    /// languages may need (stacked diacritics) so drawing in the box does not clip; no effect with
    /// `useGlyphPathBounds`. Like `kCTLineBoundsIncludeLanguageExtents`.
    public static let includeLanguageExtents = LineBoundsOptions(rawValue: 1 << 5)
}
