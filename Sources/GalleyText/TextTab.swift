// A tab stop of a paragraph style and the ways text lines up at it. CoreText's CTTextTab.
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
}

/// One tab stop. Like `CTTextTab` (`CTTextTabCreate(alignment, location, nil)`).
public struct TextTab: Sendable, Hashable {
    /// How text lines up at the stop. Like CTTextTabGetAlignment.
    public var alignment: TabAlignment
    /// The stop's distance from the paragraph's leading margin (the left edge of the frame for a
    /// left-to-right paragraph, the right edge for a right-to-left one), in points; the head
    /// indent is not subtracted (CoreText's convention). Like CTTextTabGetLocation.
    public var location: CGFloat

    /// A tab stop. Like `CTTextTabCreate`.
    public init(alignment: TabAlignment = .left, location: CGFloat) {
        self.alignment = alignment
        self.location = location
    }
}
