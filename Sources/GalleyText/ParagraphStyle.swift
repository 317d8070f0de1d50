// ParagraphStyle: every paragraph-level setting of CoreText's CTParagraphStyle (alignment,
// indents, tabs, line breaking, line height and spacing, writing direction), with the alignment
// it uses. Tabs are in TextTab.swift, the strut option in LineHeightMode.swift; the line-break
// mode and the writing direction are GalleyVocabulary's words.
import Foundation

/// How the lines of a paragraph sit between the margins. Like `CTTextAlignment`.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    /// Flush left. Like `kCTTextAlignmentLeft`.
    case left
    /// Flush right. Like `kCTTextAlignmentRight`.
    case right
    /// Centred. Like `kCTTextAlignmentCenter`.
    case center
    /// Both edges flush; the paragraph's last line is aligned naturally.
    /// Like `kCTTextAlignmentJustified`.
    case justified
    /// Left for a left-to-right paragraph, right for a right-to-left one (the default).
    /// Like `kCTTextAlignmentNatural`.
    case natural
}

/// The paragraph-level settings of text. Like `CTParagraphStyle`.
///
/// As in CoreText, a paragraph takes the style of its **first character**: a style attached
/// to the middle of a paragraph has no effect on it.
///
/// Values that make no sense (NaN or infinite numbers, negative values where CoreText requires
/// ≥ 0) are stored as given but laid out as the setting's default.
///
/// **Vertical arithmetic** (per line, applied by the framesetter; the line's own
/// `typographicBounds` stay the glyphs' metrics, as in CoreText, and the spacing is carried by
/// the line origins):
/// 1. ascent `a`, descent `d`, leading `l` from ``lineHeightMode`` (default: the maxima over the
///    line's runs);
/// 2. the line height `h = a + d` (the leading is not part of it: it is the spacing below);
///    `h' = h × lineHeightMultiple` when the multiple is > 0, then clamped to
///    [``minimumLineHeight``, ``maximumLineHeight``] (a maximum of 0 means none);
///    the difference `h' − h` is added to the **ascent** — the extra space goes above the
///    glyphs, so a multiple > 1 opens a gap above the first line and < 1 lets the glyphs of a
///    line reach into the line above (CoreText's observed behaviour);
/// 3. the leading `l' = clamp(l + lineSpacingAdjustment, minimumLineSpacing, maximumLineSpacing)`
///    (a maximum of 0 means none; the minimum defaults to 0, so the leading is never negative);
/// 4. baseline pitch = previous line's `d + l'` + this line's `a'`; between paragraphs add the
///    previous paragraph's ``paragraphSpacing`` and this one's ``paragraphSpacingBefore``.
///    The first line of a frame sits `a'` below the top, with no paragraph spacing before it
///    (CoreText is silent; Galley, like a text view's first paragraph, adds none).
public struct ParagraphStyle: Sendable, Hashable {
    /// Like `kCTParagraphStyleSpecifierAlignment`; default ``TextAlignment/natural``.
    public var alignment: TextAlignment = .natural
    /// Like `kCTParagraphStyleSpecifierLineBreakMode`; default ``LineBreakMode/wordWrapping``.
    public var lineBreakMode: LineBreakMode = .wordWrapping
    /// Like `kCTParagraphStyleSpecifierBaseWritingDirection`; default
    /// ``WritingDirection/natural``.
    public var baseWritingDirection: WritingDirection = .natural

    /// Distance in points from the leading margin (left in a left-to-right paragraph, right in
    /// a right-to-left one) to the start of the paragraph's first line; ≥ 0, default 0. Like
    /// `kCTParagraphStyleSpecifierFirstLineHeadIndent`.
    public var firstLineHeadIndent: CGFloat = 0
    /// The same for every line but the first; ≥ 0, default 0. Like
    /// `kCTParagraphStyleSpecifierHeadIndent`.
    public var headIndent: CGFloat = 0
    /// Where lines end. Positive: the distance from the leading margin to the line end, so a
    /// line is `tailIndent − head indent` wide; 0 or negative: the distance from the trailing
    /// margin, so a line is `frame width + tailIndent − head indent` wide. A width below 0
    /// counts as 0. Default 0. Like `kCTParagraphStyleSpecifierTailIndent`.
    public var tailIndent: CGFloat = 0
    /// The tab stops, in any order (they are used sorted by location); default 12 left stops
    /// every 28 points (28, 56, … 336), CoreText's default. A TAB (U+0009) advances to the first
    /// stop whose location is beyond the pen position measured from the leading margin (head
    /// indent included), aligning the text up to the next TAB or the line end as the stop says;
    /// when the text does not fit before the stop, the TAB gets no width. Like
    /// `kCTParagraphStyleSpecifierTabStops`.
    public var tabStops: [TextTab] = ParagraphStyle.defaultTabStops
    /// Past the last stop, TABs advance to the next multiple of this interval (left aligned);
    /// 0 (the default) means none, and a TAB there is as wide as a space. Like
    /// `kCTParagraphStyleSpecifierDefaultTabInterval`.
    public var defaultTabInterval: CGFloat = 0
    /// The natural line height (ascent + descent) is multiplied by this factor when it is > 0,
    /// before the minimum and maximum clamp; the difference goes above the glyphs. Default 0
    /// (none). Like `kCTParagraphStyleSpecifierLineHeightMultiple`.
    public var lineHeightMultiple: CGFloat = 0
    /// A floor on the line height (ascent + descent), ≥ 0; default 0. Like
    /// `kCTParagraphStyleSpecifierMinimumLineHeight`.
    public var minimumLineHeight: CGFloat = 0
    /// A cap on the line height (ascent + descent), whatever the fonts or placeholders; glyphs
    /// taller than it overlap the line above. 0 (the default) means no cap. Like
    /// `kCTParagraphStyleSpecifierMaximumLineHeight`.
    public var maximumLineHeight: CGFloat = 0
    /// Points added to the leading below each line (may be negative; the result is then
    /// clamped by the minimum and maximum line spacing). Default 0. Like
    /// `kCTParagraphStyleSpecifierLineSpacingAdjustment`.
    public var lineSpacingAdjustment: CGFloat = 0
    /// A floor on the leading below each line; default 0. Like
    /// `kCTParagraphStyleSpecifierMinimumLineSpacing`.
    public var minimumLineSpacing: CGFloat = 0
    /// A cap on the leading below each line; 0 (the default) means none (CoreText's default is
    /// "the largest float"). Like `kCTParagraphStyleSpecifierMaximumLineSpacing`.
    public var maximumLineSpacing: CGFloat = 0
    /// Space after the paragraph's last line, before the next paragraph's first line (not after
    /// the last line of a frame); ≥ 0, default 0. Like `kCTParagraphStyleSpecifierParagraphSpacing`.
    public var paragraphSpacing: CGFloat = 0
    /// Space before the paragraph's first line, added to the previous paragraph's
    /// ``paragraphSpacing``; none at the top of a frame. Default 0. Like
    /// `kCTParagraphStyleSpecifierParagraphSpacingBefore`.
    public var paragraphSpacingBefore: CGFloat = 0
    /// How mixed fonts set a line's ascent, descent and leading; default
    /// ``LineHeightMode/fontMetrics`` (CoreText's). SkParagraph's `StrutStyle`.
    public var lineHeightMode: LineHeightMode = .fontMetrics

    /// How lines are chosen; default ``LineBreakStrategy/greedy`` (CoreText's). The other
    /// strategies choose a whole paragraph's lines at once.
    public var lineBreakStrategy: LineBreakStrategy = .greedy
    /// Hyphenation from the dictionary of the text's language (its `language` attribute), from 0
    /// (never, the default) to 1. Like `NSParagraphStyle.hyphenationFactor`: greedy breaking
    /// hyphenates a line's next word when the line without it fills less than this fraction of
    /// its width; the whole-paragraph strategies consider hyphens whenever the factor is > 0.
    /// A SOFT HYPHEN (U+00AD) is a break opportunity whatever the factor; NaN counts as 0.
    public var hyphenationFactor: CGFloat = 0
    /// The shortest word hyphenated and the characters kept on each side of a hyphen.
    public var hyphenationLimits: HyphenationLimits = .default
    /// How strictly CJK line-breaking rules apply; default ``LineBreakStrictness/normal``.
    /// Like CSS `line-break`.
    public var lineBreakStrictness: LineBreakStrictness = .normal
    /// Whether CJK text breaks inside words; default ``WordBreak/normal``. Like CSS `word-break`.
    public var wordBreak: WordBreak = .normal
    /// Punctuation allowed to hang outside the measure; default none. Like CSS
    /// `hanging-punctuation`.
    public var hangingPunctuation: HangingPunctuation = []
    /// How line edges meet the margins; default none. Like
    /// `kCTParagraphStyleSpecifierLineBoundsOptions` (a typesetter-level setting): with
    /// ``LineBoundsOptions/useHangingPunctuation`` or ``LineBoundsOptions/useOpticalBounds``, a
    /// line's `penOffset(flushFactor:width:)` (and so a frame's alignment) flushes the box
    /// `bounds(options:)` gives for these options instead of the visible advance box, so
    /// punctuation hangs past the margin or optical edges align.
    public var lineBoundsOptions: LineBoundsOptions = []
    /// Whether a line that must be truncated is first tightened: its inter-character spacing
    /// reduced by up to ``maximumTruncationTightening`` of the font size per glyph cluster, so
    /// that a line only slightly too long fits whole. Default false. Like UIKit's
    /// `NSParagraphStyle.allowsDefaultTighteningForTruncation`.
    public var allowsDefaultTighteningForTruncation = false
    /// The most tightening truncation may apply per glyph cluster, as a fraction of the font
    /// size: 0.05 em (tracking of −50/1000 em). UIKit does not document its limit.
    public static let maximumTruncationTightening: CGFloat = 0.05

    /// The deprecated `kCTParagraphStyleSpecifierLineSpacing`: the leading between lines.
    /// Setting it sets both ``minimumLineSpacing`` and ``maximumLineSpacing`` (so the leading is
    /// exactly this value; 0 leaves both at their defaults, the font's own leading), as CoreText's
    /// replacement specifiers express it. Reading it gives ``minimumLineSpacing`` when the two
    /// agree, else 0.
    public var lineSpacing: CGFloat {
        get { minimumLineSpacing == maximumLineSpacing ? minimumLineSpacing : 0 }
        set {
            let value = newValue.isFinite ? max(0, newValue) : 0
            minimumLineSpacing = value
            maximumLineSpacing = value
        }
    }

    /// CoreText's default tab stops: 12 left stops every 28 points.
    public static let defaultTabStops: [TextTab] = (1...12).map {
        TextTab(alignment: .left, location: CGFloat($0) * 28)
    }

    /// A style with the given settings. Like `CTParagraphStyleCreate`.
    public init(
        alignment: TextAlignment = .natural, lineBreakMode: LineBreakMode = .wordWrapping,
        baseWritingDirection: WritingDirection = .natural,
        firstLineHeadIndent: CGFloat = 0, headIndent: CGFloat = 0, tailIndent: CGFloat = 0,
        tabStops: [TextTab] = ParagraphStyle.defaultTabStops, defaultTabInterval: CGFloat = 0,
        lineHeightMultiple: CGFloat = 0, minimumLineHeight: CGFloat = 0, maximumLineHeight: CGFloat = 0,
        lineSpacingAdjustment: CGFloat = 0, minimumLineSpacing: CGFloat = 0,
        maximumLineSpacing: CGFloat = 0, paragraphSpacing: CGFloat = 0,
        paragraphSpacingBefore: CGFloat = 0, lineHeightMode: LineHeightMode = .fontMetrics
    ) {
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.baseWritingDirection = baseWritingDirection
        self.firstLineHeadIndent = firstLineHeadIndent
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.tabStops = tabStops
        self.defaultTabInterval = defaultTabInterval
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.lineSpacingAdjustment = lineSpacingAdjustment
        self.minimumLineSpacing = minimumLineSpacing
        self.maximumLineSpacing = maximumLineSpacing
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.lineHeightMode = lineHeightMode
    }

    /// All defaults: what a paragraph without a paragraph-style attribute gets.
    /// Like `CTParagraphStyleCreate(nil, 0)`.
    public static let `default` = ParagraphStyle()
}
