// The GalleyFontFiles target: this folder's fonts and licences as a SwiftPM resource bundle.
// SwiftPM needs one source file in a target; the fonts themselves are its resources, and
// GalleyFonts finds the bundle they are built into (BundledFontsLocator.swift).

/// The name of the resource bundle SwiftPM builds from this target, beside every executable.
package let galleyFontFilesBundleName = "Galley_GalleyFontFiles.resources"
