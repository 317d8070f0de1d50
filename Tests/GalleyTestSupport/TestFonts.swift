// The font files the tests load by path: the bundled ones in the package's Fonts/ directory
// (found from the source tree, independent of the library's search) and the Debian system
// fonts the Makefile installs.

import Foundation

/// Paths of the font files the tests use.
public enum TestFonts {
    /// `<package>/Fonts`, the bundled fonts.
    public static let directory: String = TestPackage.url("Fonts").path

    /// The bundled file `name` (such as `DejaVuSans.ttf`).
    public static func path(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// DejaVu Sans (Book), the default font of most tests.
    public static let dejaVuSans = path("DejaVuSans.ttf")
    /// DejaVu Sans Bold.
    public static let dejaVuSansBold = path("DejaVuSans-Bold.ttf")
    /// Noto Sans Arabic Regular.
    public static let notoSansArabic = path("NotoSansArabic-Regular.ttf")
    /// Droid Sans Fallback Full: CJK, with vertical metrics and `vert` forms.
    public static let droidSansFallback = path("DroidSansFallbackFull.ttf")
    /// Noto Color Emoji (CBDT bitmaps).
    public static let notoColorEmoji = path("NotoColorEmoji.ttf")

    /// IPAex Mincho from Debian's fonts-ipaexfont-mincho (too big to bundle; `make deps`
    /// installs it): the Japanese font of the vertical tests, with `vert`, `hwid` and vertical metrics.
    public static let ipaexMincho = "/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf"
}
