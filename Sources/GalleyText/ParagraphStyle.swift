// ParagraphStyle: alignment, line-break mode and base writing direction of a paragraph,
// like CTParagraphStyle, with the enumerations it uses.

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

/// What happens to a line that does not fit. Like `CTLineBreakMode`.
public enum LineBreakMode: Sendable, Hashable, CaseIterable {
    /// Break at word boundaries (UAX #14); a word longer than the line breaks between
    /// clusters (the default). Like `kCTLineBreakByWordWrapping`.
    case wordWrapping
    /// Break between grapheme clusters. Like `kCTLineBreakByCharWrapping`.
    case charWrapping
}

/// The base direction of a paragraph. Like `CTWritingDirection`.
public enum WritingDirection: Sendable, Hashable {
    /// From the paragraph's first strong character (UAX #9, rules P2–P3), the default.
    /// Like `kCTWritingDirectionNatural`.
    case natural
    /// Left to right. Like `kCTWritingDirectionLeftToRight`.
    case leftToRight
    /// Right to left. Like `kCTWritingDirectionRightToLeft`.
    case rightToLeft
}

/// The paragraph-level settings of text. Like `CTParagraphStyle`.
///
/// As in CoreText, a paragraph takes the style of its **first character**: a style attached
/// to the middle of a paragraph has no effect on it.
public struct ParagraphStyle: Sendable, Hashable {
    /// Like `kCTParagraphStyleSpecifierAlignment`; default ``TextAlignment/natural``.
    public var alignment: TextAlignment = .natural
    /// Like `kCTParagraphStyleSpecifierLineBreakMode`; default ``LineBreakMode/wordWrapping``.
    public var lineBreakMode: LineBreakMode = .wordWrapping
    /// Like `kCTParagraphStyleSpecifierBaseWritingDirection`; default
    /// ``WritingDirection/natural``.
    public var baseWritingDirection: WritingDirection = .natural

    /// A style with the given settings. Like `CTParagraphStyleCreate`.
    public init(alignment: TextAlignment = .natural, lineBreakMode: LineBreakMode = .wordWrapping,
                baseWritingDirection: WritingDirection = .natural) {
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.baseWritingDirection = baseWritingDirection
    }

    /// All defaults: what a paragraph without a paragraph-style attribute gets.
    /// Like `CTParagraphStyleCreate(nil, 0)`.
    public static let `default` = ParagraphStyle()
}
