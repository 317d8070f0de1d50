// The font files the tests load by path: the bundled ones, as SwiftPM built them into the resource
// bundle beside the test runner (found here by its name, independent of the library's search),
// and the Debian system fonts the Makefile installs.

import Foundation

/// Paths of the font files the tests use.
public enum TestFonts {
    /// The bundled fonts the library ships: `Galley_GalleyFontFiles.resources` in the test runner's
    /// build directory (a copy of ``sourceDirectory``). Tests load these files, not the sources, so
    /// a path they pass is the one the library trusts as bundled; without the bundle (a test run
    /// outside SwiftPM's build directory), the sources.
    public static let directory: String = {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        for _ in 0..<3 {
            let bundle = folder.appendingPathComponent("Galley_GalleyFontFiles.resources")
            if FileManager.default.fileExists(atPath: bundle.appendingPathComponent("README.md").path) {
                return bundle.path
            }
            folder.deleteLastPathComponent()
        }
        return sourceDirectory
    }()

    /// `<package>/Fonts`, the bundled fonts' sources (the `GalleyFontFiles` target).
    public static let sourceDirectory: String = TestPackage.url("Fonts").path

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
