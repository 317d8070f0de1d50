// Character properties that layout code asks about scalars: hard breaks, paragraph
// separators, whitespace that hangs at a line end, bidi class and line-break class.

import CICU

extension Unicode.Scalar {
    /// True for the UAX #14 mandatory-break classes BK, CR, LF and NL: U+000A, U+000B,
    /// U+000C, U+000D, U+0085, U+2028 and U+2029. A line always ends after one (after
    /// the LF of a CR LF pair).
    public var isMandatoryLineBreak: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// True for the characters that end a paragraph, as for `CFStringGetParagraphBounds`
    /// and CoreText: LF, CR (CR LF counts as one separator), U+0085 NEXT LINE and
    /// U+2029 PARAGRAPH SEPARATOR. U+2028 LINE SEPARATOR only ends a line.
    public var isParagraphSeparator: Bool {
        switch value {
        case 0x0A, 0x0D, 0x85, 0x2029: true
        default: false
        }
    }

    /// True for whitespace that may trail a line and hang past its edge (it is not
    /// counted for fitting and is reset to the paragraph level by bidi rule L1): the
    /// White_Space characters except mandatory breaks and the no-break spaces U+00A0,
    /// U+2007 and U+202F (which glue words, UAX #14 class GL). Includes space, tab,
    /// U+3000 IDEOGRAPHIC SPACE and the U+2000–U+200A spaces.
    public var isWhitespaceForLayout: Bool {
        if value == 0x20 || value == 0x09 { return true }
        if value < 0x80 || isMandatoryLineBreak { return false }
        switch value {
        case 0xA0, 0x2007, 0x202F: return false
        default: return galley_is_white_space(value) != 0
        }
    }

    /// True for U+FFFC OBJECT REPLACEMENT CHARACTER, which carries a run delegate
    /// (UAX #14 class CB: a break opportunity on both sides).
    public var isObjectReplacement: Bool { value == 0xFFFC }

    /// The Script property, as ``Script/of(_:)``.
    public var script: Script { Script.of(self) }
}
