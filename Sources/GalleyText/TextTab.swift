// A tab stop of a paragraph style, the ways text lines up at it and its options (column
// terminators). CoreText's CTTextTab.
import Foundation

/// How the text after a TAB lines up at its tab stop. Like the `CTTextAlignment` of a `CTTextTab`.
///
/// The text a tab aligns is the text after the TAB up to the next TAB or the end of the line.
/// As CoreText documents, tab alignment is absolute: text always sits left of a right tab, even
/// in right-to-left paragraphs (where tab locations are measured from the right margin).
public enum TabAlignment: Sendable, Hashable, CaseIterable {
    /// The text starts at the stop. Like a tab with `kCTTextAlignmentLeft`.
    case left
    /// The text ends at the stop. Like a tab with `kCTTextAlignmentRight`.
    case right
    /// The text is centred on the stop. Like a tab with `kCTTextAlignmentCenter`.
    case center
    /// The first "." of the text sits at the stop (the text before it ends there); text without
    /// a "." ends at the stop, like a right tab. Like CoreText's decimal tab: a right tab whose
    /// `kCTTabColumnTerminatorsAttributeName` set holds ".".
    case decimal
    /// The text starts at the stop on the paragraph's leading side: a left tab in a left-to-right
    /// paragraph, a right tab in a right-to-left one. Like a tab with `kCTTextAlignmentNatural`
    /// (AppKit maps it to a left or right tab stop by the writing direction).
    case natural
    /// A left tab (a tab has no line to justify). Like a tab with `kCTTextAlignmentJustified`,
    /// which AppKit's `NSTextTab` maps to `NSLeftTabStopType`.
    case justified
}

/// One tab stop. Like `CTTextTab` (`CTTextTabCreate(alignment, location, options)`).
public struct TextTab: Sendable, Hashable {
    /// A tab stop's options. Like the options dictionary of `CTTextTabCreate`.
    public struct Options: Sendable, Hashable {
        /// The characters that end a tab column: the text a tab aligns stops before the first of
        /// them, so the terminator sits at the stop (with a right tab, the text before it ends
        /// there: a decimal tab). TAB and the end of the line always end a column. nil: none.
        /// Like `kCTTabColumnTerminatorsAttributeName` (a `CFCharacterSet`).
        public var columnTerminators: CharacterSet?

        /// Options; the default has none.
        public init(columnTerminators: CharacterSet? = nil) {
            self.columnTerminators = columnTerminators
        }
    }

    /// How text lines up at the stop. Like CTTextTabGetAlignment.
    public var alignment: TabAlignment
    /// The stop's distance from the paragraph's leading margin (the left edge of the frame for a
    /// left-to-right paragraph, the right edge for a right-to-left one), in points; the head
    /// indent is not subtracted (CoreText's convention). Like CTTextTabGetLocation.
    public var location: CGFloat
    /// The stop's options. Like CTTextTabGetOptions.
    public var options: Options

    /// A tab stop. Like `CTTextTabCreate`.
    public init(alignment: TabAlignment = .left, location: CGFloat, options: Options = Options()) {
        self.alignment = alignment
        self.location = location
        self.options = options
    }

    /// The column terminators for numbers written in `locale`: its decimal separator ("." in
    /// en_US, "," in de_DE). Like `NSTextTab.columnTerminators(for:)`; a right tab with these
    /// terminators is a decimal tab for that locale.
    public static func columnTerminators(for locale: Locale) -> CharacterSet {
        CharacterSet(charactersIn: locale.decimalSeparator ?? ".")
    }
}
