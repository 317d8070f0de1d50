// The shaping stage's service for text that is not a paragraph of the text being typeset — a
// truncation token, a ruby reading: it is analysed and shaped as a paragraph of its own, with
// the fonts of the text it goes into (their collection for fallback, their default font, their
// cache of shaped words), never with a shared default the caller did not choose. Layout
// assembles the items it returns into glyph runs; no typesetter is made for such a piece.
import Foundation
import GalleyFonts
import GalleyText
import GalleyUnicode

/// Shapes stand-alone pieces of text with one set of fonts. Immutable. A typesetter makes one
/// and every paragraph it analyses keeps it (see ``ParagraphText``), so a line can shape its
/// truncation token without holding the typesetter, its environment or its text.
package final class TextShaper: Sendable {
    /// Where fallback fonts come from.
    package let fonts: FontCollection
    /// The font of characters that have no font attribute.
    package let defaultFont: Font
    /// Where shaped words are kept and looked up (nil: every piece shaped by HarfBuzz).
    package let cache: ShapingCache?

    /// A shaper with these fonts.
    package init(fonts: FontCollection, defaultFont: Font, cache: ShapingCache?) {
        self.fonts = fonts
        self.defaultFont = defaultFont
        self.cache = cache
    }

    /// The same shaper with another default font (the font of a token's or a reading's
    /// characters that name none).
    package func with(defaultFont font: Font) -> TextShaper {
        font === defaultFont ? self : TextShaper(fonts: fonts, defaultFont: font, cache: cache)
    }

    /// The first paragraph of `text` analysed and shaped on its own, for lines along `axis`
    /// (bidi levels, items with font fallback, break opportunities, grapheme clusters), as a
    /// typesetter of `text` would analyse it.
    package func paragraph(of text: AttributedText, lineAxis axis: LineAxis) -> ParagraphAnalysis {
        let span =
            ParagraphSplitter.split(text.utf16).first ?? ParagraphSpan(range: 0..<0, contentRange: 0..<0)
        return ParagraphAnalysis(text: text, span: span, shaper: self, lineAxis: axis)
    }
}
