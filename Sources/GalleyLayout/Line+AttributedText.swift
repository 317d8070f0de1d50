// A line made from an attributed string in one call, with no line breaking: CoreText's
// CTLineCreateWithAttributedString, for labels.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyText

extension Line {
    /// The whole of `text` as one line: no line breaking, glyphs in visual order. Like
    /// CTLineCreateWithAttributedString, whose doc says: "This function allows clients who need
    /// very simple line generation to create a line without creating a typesetter object. [...]
    /// Without a typesetter object, the line cannot be properly broken."
    ///
    /// So a paragraph separator inside the text ("\n", "\r", "\r\n", NEL, U+2029) does not end
    /// the line: the line's `stringRange` is the whole text, each such separator is laid out as
    /// an invisible glyph of no advance (a default-ignorable character), and the bidi algorithm
    /// sees the text as one paragraph whose direction and other paragraph settings come from
    /// the text's first character. A separator at the very end stays the line's paragraph
    /// separator, as in any line. `defaultFont` and `fonts` are as for `Typesetter`.
    ///
    /// - Throws: `LayoutError.noDefaultFont` when no default font was given and none could be
    ///   loaded from `fonts`.
    public init(_ text: AttributedText, defaultFont: Font? = nil, fonts: FontCollection = .shared)
        throws(LayoutError)
    {
        let units = text.utf16
        var end = units.count
        if end > 0, ParagraphSplitter.isSeparator(units[end - 1]) {
            end -= 1
            if end > 0, units[end] == 0x0A, units[end - 1] == 0x0D { end -= 1 }
        }
        let inner = (0..<end).filter { ParagraphSplitter.isSeparator(units[$0]) }
        var laidOut = text
        if !inner.isEmpty {
            var builder = AttributedTextBuilder(text)
            for i in inner {
                do throws(AttributedTextError) {
                    try builder.replace(i..<(i + 1), with: "\u{200B}")
                } catch {
                    throw .invalidText(error.description)
                }
            }
            laidOut = builder.build()
        }
        let typesetter = try Typesetter(laidOut, defaultFont: defaultFont, fonts: fonts)
        let line = try typesetter.line(for: 0..<laidOut.length)
        // The line's facts are those of the text as given (its inner separators, not the
        // zero-width spaces they were laid out as), as one paragraph.
        self.init(
            glyphRuns: line.glyphRuns, stringRange: line.stringRange, typographicBounds: line.typographicBounds,
            rubies: line.rubies, trailingWhitespaceWidth: line.trailingWhitespaceWidth,
            paragraphLevel: line.paragraphLevel, endsParagraph: line.endsParagraph,
            paragraphText: ParagraphText(units: units, content: 0..<units.count, shaper: line.paragraphText.shaper),
            visibleEnd: line.visibleEnd, truncationTokenRange: line.truncationTokenRange,
            isHyphenated: line.isHyphenated, lineAxis: line.lineAxis)
    }
}
