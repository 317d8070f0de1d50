// Shared helpers for the layout tests: the bundled fonts, and widths computed independently of
// Galley's shaper from the font's own horizontal metrics (hmtx advances, for text whose glyph
// pairs have no kerning).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

enum Fonts {
    static let directory: String = FontCollection.defaultBundledFontsDirectory() ?? "Fonts"
    static func path(_ file: String) -> String { directory + "/" + file }
    static func dejaVu(_ size: CGFloat) throws -> Font { try Font(path: path("DejaVuSans.ttf"), size: size) }
}

extension Font {
    /// The sum of the nominal (hmtx) advances of `string`'s characters.
    func hmtxWidth(_ string: String) -> CGFloat {
        string.unicodeScalars.reduce(0) { $0 + advance(for: glyph(for: $1) ?? 0) }
    }
}

func text(_ string: String, _ attributes: Attributes) -> AttributedText {
    AttributedText(string, attributes: attributes)
}

/// A tall rect for layouts whose height should not matter.
let tall = CGRect(x: 0, y: 0, width: 400, height: 100_000)
