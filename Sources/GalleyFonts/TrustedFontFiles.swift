// TrustedFontFiles: which font files are trusted without sanitizing — the bundled fonts and the
// system fonts fontconfig lists.

import Foundation
import GalleySync

/// Decides whether a font file is trusted as it is: a file inside the bundled fonts directory
/// of ``FontCollection/shared`` (symbolic links resolved), or a file fontconfig lists among the
/// system's fonts. Every other file a caller names is sanitized unless the caller opts out.
/// Answers are remembered per path (at most 4096, then forgotten all at once).
enum TrustedFontFiles {
    private static let answers = Locked<[String: Bool]>([:])

    /// The bundled directory, symbolic links resolved, with a final "/".
    private static let bundledPrefix: String? = FontCollection.shared.bundledFontsDirectory.map {
        SystemPath.resolvingSymlinks($0) + "/"
    }

    /// Whether the file at `path`, whose symbolic links resolve to `resolved`, is trusted.
    static func contains(_ path: String, resolved: String) -> Bool {
        if let bundledPrefix, resolved.hasPrefix(bundledPrefix) { return true }
        if let known = answers.withLock({ $0[resolved] }) { return known }
        let listed = Fontconfig.listsFile(resolved) || (path != resolved && Fontconfig.listsFile(path))
        answers.withLock { answers in
            if answers.count >= 4096 { answers.removeAll() }
            answers[resolved] = listed
        }
        return listed
    }

    /// `path` with symbolic links resolved, as the face cache keys files.
    static func resolve(_ path: String) -> String {
        SystemPath.resolvingSymlinks(path)
    }
}
