// The typed error thrown by every font-loading and font-lookup API in GalleyFonts.

/// Why a font could not be loaded or found.
///
/// CoreText reports these cases by returning `NULL` from `CTFontCreateWithName`,
/// `CTFontManagerCreateFontDescriptorsFromURL` and friends; Galley names the cause.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at `path`.
    case fileNotFound(path: String)
    /// The file exists but could not be read (a directory, no permission, an I/O error).
    case unreadable(path: String, reason: String)
    /// The bytes are not a TrueType / OpenType font (or collection) that Galley can use:
    /// empty, truncated, corrupt, or another format. `path` is `"<memory>"` for fonts made from bytes.
    case notAFont(path: String)
    /// `index` is not a face of the font file, which holds `faceCount` faces.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// No bundled or system font has the family `family` (compared case-insensitively).
    case familyNotFound(family: String, weight: Int, italic: Bool)
    /// The point size is NaN, infinite, zero or negative.
    case invalidSize(Double)
    /// The OpenType Sanitizer (OTS, ``FontSanitizer``) refused the font: `reason` is what it
    /// said, e.g. `GDff: invalid table offset`. `path` is `"<memory>"` for fonts made from bytes.
    case rejectedBySanitizer(path: String, reason: String)
    /// The sanitizer ran but did not finish: it passed a time, memory or output limit of
    /// ``FontSanitizer/Limits``, or stopped on a signal. The font is refused, as a rejected one is.
    case sanitizerFailed(path: String, reason: String)
    /// The font needs sanitizing but the sanitizer cannot run here (`ots-sanitize`, from Debian's
    /// `opentype-sanitizer` package, or `prlimit`, from `util-linux`, is missing). Galley fails
    /// closed: the font is not loaded unless the caller vouches for it (``FontSanitization/trusted``).
    case sanitizerUnavailable(path: String, reason: String)

    /// One sentence naming the file or family and what went wrong.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "No font file exists at '\(path)'."
        case .unreadable(let path, let reason):
            let trimmed = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
            return "The font file '\(path)' could not be read: \(trimmed)."
        case .notAFont(let path):
            return "'\(path)' is not a usable TrueType/OpenType font (empty, truncated, corrupt or another format)."
        case .faceIndexOutOfRange(let path, let index, let faceCount):
            return
                "Face index \(index) is out of range for '\(path)', which has \(faceCount) face\(faceCount == 1 ? "" : "s")."
        case .familyNotFound(let family, let weight, let italic):
            return
                "No bundled or system font has the family '\(family)' (requested weight \(weight)\(italic ? ", italic" : ""))."
                + (DefaultBundledFonts.outcome.directory == nil
                    ? " No bundled fonts were found: set \(BundledFontsLocator.environmentVariable) to a folder of fonts, "
                        + "or copy \(BundledFontsLocator.bundleName) beside the executable."
                    : "")
        case .invalidSize(let size):
            return "The font size \(size) is invalid: it must be greater than zero and at most 1000000 points."
        case .rejectedBySanitizer(let path, let reason):
            return "The font '\(path)' was refused by the OpenType Sanitizer: \(FontError.sentence(reason))."
        case .sanitizerFailed(let path, let reason):
            return
                "The font '\(path)' was refused: the OpenType Sanitizer did not finish (\(FontError.sentence(reason)))."
        case .sanitizerUnavailable(let path, let reason):
            return "The font '\(path)' cannot be sanitized: \(FontError.sentence(reason))."
        }
    }

    /// `text` without a final full stop, so a sentence can end it.
    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
