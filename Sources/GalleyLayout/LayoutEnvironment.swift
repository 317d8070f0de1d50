// What text is laid out with besides the text itself: the font collection fallback fonts come
// from, the font of characters without a font attribute, and the cache of shaped words. A
// typesetter holds one; its lines do not: they keep the shaping stage's `TextShaper` of the
// same fonts (through their paragraph's `ParagraphText`), so that a truncation token or a ruby
// reading is shaped with the same fonts as its line — never with a shared default the caller
// did not choose.
import Foundation
import GalleyFonts
import GalleyShaping

/// The fonts a typesetter lays text out with (its lines keep only `shaper`, through their
/// paragraph's `ParagraphText`). Immutable.
final class LayoutEnvironment: Sendable {
    /// Where fallback fonts come from.
    let fonts: FontCollection
    /// The font of characters that have no font attribute.
    let defaultFont: Font
    /// Where shaped words are kept and looked up.
    let shapingCache: ShapingCache

    /// The shaping stage's service over the same fonts: paragraphs are analysed with it and
    /// keep it for their lines' tokens.
    let shaper: TextShaper

    init(fonts: FontCollection, defaultFont: Font, shapingCache: ShapingCache) {
        self.fonts = fonts
        self.defaultFont = defaultFont
        self.shapingCache = shapingCache
        self.shaper = TextShaper(fonts: fonts, defaultFont: defaultFont, cache: shapingCache)
    }

    /// The default font of a collection when the caller names none: its DejaVu Sans at 12 pt
    /// (like CoreText's Helvetica 12), looked up once for the shared collection.
    static func defaultFont(in fonts: FontCollection) throws(FontError) -> Font {
        if fonts === FontCollection.shared { return try sharedDefaultFont.get() }
        return try fonts.font(family: "DejaVu Sans", size: 12)
    }

    private static let sharedDefaultFont: Result<Font, FontError> = {
        do throws(FontError) {
            return .success(try FontCollection.shared.font(family: "DejaVu Sans", size: 12))
        } catch {
            return .failure(error)
        }
    }()
}
