// Shared helpers for the layout tests: the bundled DejaVu Sans as a `Font`, and widths computed
// independently of Galley's shaper from the font's own horizontal metrics (hmtx advances, for
// text whose glyph pairs have no kerning).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText

enum Fonts {
    /// The bundled DejaVu Sans at `size`.
    static func dejaVu(_ size: CGFloat) throws -> Font { try Font(path: TestFonts.dejaVuSans, size: size) }
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
