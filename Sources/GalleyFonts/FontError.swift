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
        case .invalidSize(let size):
            return "The font size \(size) is invalid: it must be greater than zero and at most 1000000 points."
        }
    }
}
