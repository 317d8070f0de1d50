// swift-tools-version: 6.0
// Galley: a CoreText-style attributed text layout engine for Linux.
// Each pipeline stage is its own target, so data flows one way (see docs/ARCHITECTURE.md).
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility")
]

let package = Package(
    name: "Galley",
    products: [
        .library(name: "Galley", targets: ["Galley"]),
        .executable(name: "galley", targets: ["galley"]),
        .executable(name: "galley-canvas-samples", targets: ["galley-canvas-samples"]),
    ],
    targets: [
        // C libraries at the edge. Their headers are seen only by the Swift files that wrap them.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // libjpeg-turbo through its TurboJPEG API (errors as return codes, no longjmp), and libwebp:
        // the JPEG and WebP image codecs.
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]),
        // cairo's PDF and PostScript surfaces, with glyphs from FreeType faces (cairo-ft).
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        // libhyphen (LibreOffice's hyphenation patterns): Debian ships no pkg-config file for it,
        // so its module map links "hyphen" itself.
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev"])]),
        // ICU through a C shim whose public header has plain C types only: Foundation carries
        // its own ICU, so ICU's headers must never reach a Swift module.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc")]),

        // The one lock type of every module (a pthread mutex, which ThreadSanitizer understands).
        .target(name: "GalleySync", swiftSettings: strict),
        // The words every stage shares (writing direction and mode, line axis, glyph and text
        // orientation, line-break rules), below text and Unicode so each stage switches over them.
        .target(name: "GalleyVocabulary", swiftSettings: strict),
        // The bundled fonts (Fonts/), a SwiftPM resource: built into Galley_GalleyFontFiles.resources
        // beside every executable, which a deployment copies with it (docs/DEPLOYING.md). Every file of
        // Fonts/ is listed (BundledFontsResourceTests checks that the bundle holds them all).
        .target(
            name: "GalleyFontFiles", path: "Fonts",
            resources: [
                .copy("DejaVuSans-Bold.ttf"),
                .copy("DejaVuSans-BoldOblique.ttf"),
                .copy("DejaVuSans-Oblique.ttf"),
                .copy("DejaVuSans.ttf"),
                .copy("DejaVuSansMono-Bold.ttf"),
                .copy("DejaVuSansMono-BoldOblique.ttf"),
                .copy("DejaVuSansMono-Oblique.ttf"),
                .copy("DejaVuSansMono.ttf"),
                .copy("DejaVuSerif-Bold.ttf"),
                .copy("DejaVuSerif-BoldItalic.ttf"),
                .copy("DejaVuSerif-Italic.ttf"),
                .copy("DejaVuSerif.ttf"),
                .copy("DroidSansFallbackFull.ttf"),
                .copy("Inter-roman.var.ttf"),
                .copy("font-index.txt"),
                .copy("LICENSE-Apache-Droid.txt"),
                .copy("LICENSE-DejaVu.txt"),
                .copy("LICENSE-OFL-Inter.txt"),
                .copy("LICENSE-OFL-Nanum.txt"),
                .copy("LICENSE-OFL-Noto.txt"),
                .copy("NanumGothic.ttf"),
                .copy("NotoColorEmoji.ttf"),
                .copy("NotoSansArabic-Regular.ttf"),
                .copy("NotoSansDevanagari-Regular.ttf"),
                .copy("NotoSansHebrew-Regular.ttf"),
                .copy("NotoSansThai-Regular.ttf"),
                .copy("README.md"),
            ],
            swiftSettings: strict),
        .target(
            name: "GalleyFonts",
            dependencies: ["GalleySync", "GalleyFontFiles", "CFreeType", "CHarfBuzz", "CFontconfig"],
            swiftSettings: strict),
        .target(
            name: "GalleyText", dependencies: ["GalleySync", "GalleyVocabulary", "GalleyFonts"], swiftSettings: strict),
        .target(
            name: "GalleyUnicode", dependencies: ["GalleySync", "GalleyVocabulary", "CICU", "CHyphen"],
            swiftSettings: strict),
        .target(
            name: "GalleyShaping",
            dependencies: ["GalleySync", "GalleyText", "GalleyFonts", "GalleyUnicode", "CHarfBuzz"],
            swiftSettings: strict),
        .target(name: "GalleyLayout", dependencies: ["GalleySync", "GalleyShaping"], swiftSettings: strict),
        .target(
            name: "GalleyRender",
            dependencies: ["GalleySync", "GalleyLayout", "CFreeType", "CPNG", "CTurboJPEG", "CWebP", "CCairo"],
            swiftSettings: strict),
        .target(
            name: "Galley",
            dependencies: [
                "GalleyVocabulary", "GalleyFonts", "GalleyText", "GalleyUnicode", "GalleyShaping", "GalleyLayout",
                "GalleyRender",
            ],
            swiftSettings: strict),
        // The command-line tool: argument parsing and commands live in a library so tests can call them.
        .target(name: "GalleyCLI", dependencies: ["GalleySync", "Galley"], swiftSettings: strict),
        // On Linux the tool is linked by lld with packed relative relocations (DT_RELR, glibc 2.36,
        // Debian 12) and exports no symbols: as a plain PIE, the static Swift runtime and Foundation
        // bring about 78 000 relative relocations, 1.8 MB of records the dynamic loader reads at
        // every start, and 6 300 exported symbols (0.9 MB of tables). Together 3.1 MB of a one-line
        // render's RSS (issue 26 part 3; docs/ARCHITECTURE.md, "Start-up of galley"). Only this
        // product has the flags, so packages depending on the Galley library are not affected.
        .executableTarget(
            name: "galley", dependencies: ["GalleyCLI"], swiftSettings: strict,
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker",
                        "--no-export-dynamic",
                    ], .when(platforms: [.linux]))
            ]),
        // The canvas samples (samples/Canvas: the social card, text on an arc), rendered by `make demo`.
        .executableTarget(
            name: "galley-canvas-samples", dependencies: ["Galley"], path: "samples/Canvas", swiftSettings: strict),
        // Layout timing and line dumps beside ../shared/bench's pango-ref and hb-ref.
        .executableTarget(
            name: "galley-bench", dependencies: ["GalleySync", "GalleyLayout", "GalleyRender"], swiftSettings: strict),

        // What the test targets share (test targets cannot depend on each other): the oracles run as
        // processes or loaded at run time (hb-shape, fontconfig's tools, poppler, pango-view, libpango,
        // pyphen), an independent SFNT table reader, and the fixtures' paths. Foundation only.
        .target(
            name: "GalleyTestSupport", path: "Tests/GalleyTestSupport", exclude: ["Scripts"], swiftSettings: strict),
        .testTarget(name: "GalleySyncTests", dependencies: ["GalleySync"], swiftSettings: strict),
        .testTarget(
            name: "GalleyFontsTests", dependencies: ["GalleyFonts", "GalleyTestSupport"], swiftSettings: strict),
        .testTarget(name: "GalleyTextTests", dependencies: ["GalleyText", "GalleyTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "GalleyUnicodeTests", dependencies: ["GalleyUnicode", "GalleyTestSupport"], exclude: ["Resources"],
            swiftSettings: strict),
        .testTarget(
            name: "GalleyShapingTests", dependencies: ["GalleyShaping", "GalleyTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "GalleyLayoutTests", dependencies: ["GalleyLayout", "GalleyTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "GalleyRenderTests", dependencies: ["GalleyRender", "GalleyTestSupport"], exclude: ["Golden"],
            swiftSettings: strict),
        .testTarget(
            name: "GalleyCLITests", dependencies: ["GalleyCLI", "galley", "GalleyTestSupport"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
