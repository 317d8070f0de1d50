// FontSanitization: whether font bytes from outside the bundled fonts and fontconfig pass through
// the OpenType Sanitizer before FreeType, HarfBuzz and cairo read them, or are trusted as they are.

/// How a font file or font bytes that the caller hands in are treated before use. Fonts from
/// the bundled `Fonts/` folder (a collection's bundled directory) and the system fonts that
/// fontconfig lists are always trusted; everything else — ``Font/init(data:size:faceIndex:sanitization:)``,
/// ``Font/init(path:size:faceIndex:sanitization:)`` on any other file,
/// ``FontCollection/registerFonts(at:sanitization:)``, the `galley` tool's `--font FILE` — is
/// sanitized unless the caller opts out with ``trusted``.
///
/// Browsers pass every downloaded font through the OpenType Sanitizer (OTS) for the same reason:
/// FreeType, HarfBuzz and cairo are not built to read hostile files (a few changed bytes can make
/// cairo's PDF subsetter read out of bounds). Sanitizing also decodes WOFF and WOFF2.
/// CoreText has no equivalent (it validates fonts itself, in-process).
public struct FontSanitization: Sendable, Hashable {
    /// The sanitizer to run; nil to trust the bytes.
    public let sanitizer: FontSanitizer?

    /// Sanitized by ``FontSanitizer/shared`` (the default): the sanitized bytes are what Galley
    /// keeps and draws; a refused font throws ``FontError/rejectedBySanitizer(path:reason:)``.
    public static let sanitized = FontSanitization(sanitizer: .shared)

    /// The caller vouches for the bytes: they are used as they are, as the bundled and system
    /// fonts are (WOFF and WOFF2 are decoded by FreeType). Only for fonts from a trusted source.
    public static let trusted = FontSanitization(sanitizer: nil)

    /// Sanitized by `sanitizer` (another tool path, other limits or cache size).
    public static func sanitized(by sanitizer: FontSanitizer) -> FontSanitization {
        FontSanitization(sanitizer: sanitizer)
    }

    /// Equal when both trust the bytes or both use the same sanitizer object.
    public static func == (lhs: FontSanitization, rhs: FontSanitization) -> Bool {
        lhs.sanitizer === rhs.sanitizer
    }

    /// Hashes the sanitizer's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sanitizer.map(ObjectIdentifier.init))
    }
}
