// FaceCache: the process-wide cache of faces loaded from files, so each (file, face index) is read once.

import Foundation
import GalleySync

/// Faces loaded from files, keyed by absolute path (symbolic links resolved), face index and
/// whether the bytes were sanitized.
///
/// `Font(path:)`, `Font(family:)` and every `FontCollection` go through this cache, so two fonts for
/// the same file and face share one `FontFace` (and compare equal at equal sizes). A file that
/// ``TrustedFontFiles`` trusts (bundled or a system font) is always loaded as it is, whoever asks,
/// so `Font(path:)` on a bundled file shares the face a collection loaded. Faces stay loaded
/// for the life of the process; a file changed on disk after loading is not re-read.
final class FaceCache: Sendable {
    /// The one cache of the process.
    static let shared = FaceCache()

    private struct Key: Hashable {
        let path: String
        let faceIndex: Int
        let sanitized: Bool
    }

    private let faces = Locked<[Key: FontFace]>([:])

    /// The face `faceIndex` of the file at `path`, loading it on first use: as it is when
    /// `sanitizer` is nil or the file is trusted (``TrustedFontFiles``), else through `sanitizer`.
    /// Loading happens outside the lock; if two threads race, the first stored face wins.
    func face(path: String, faceIndex: Int, sanitizer: FontSanitizer?) throws(FontError) -> FontFace {
        let resolved = TrustedFontFiles.resolve(path)
        let trustedKey = Key(path: resolved, faceIndex: faceIndex, sanitized: false)
        guard let sanitizer else { return try face(for: trustedKey, path: path, sanitizer: nil) }
        let sanitizedKey = Key(path: resolved, faceIndex: faceIndex, sanitized: true)
        if let face = faces.withLock({ $0[sanitizedKey] }) { return face }
        if TrustedFontFiles.contains(path, resolved: resolved) {
            return try face(for: trustedKey, path: path, sanitizer: nil)
        }
        return try face(for: sanitizedKey, path: path, sanitizer: sanitizer)
    }

    /// The face a collection's catalog describes, loaded as the catalog says (trusted for
    /// bundled and system faces; registered files as they were registered).
    func face(for descriptor: FaceDescriptor) throws(FontError) -> FontFace {
        try face(path: descriptor.path, faceIndex: descriptor.faceIndex, sanitizer: descriptor.sanitizer)
    }

    private func face(for key: Key, path: String, sanitizer: FontSanitizer?) throws(FontError) -> FontFace {
        if let face = faces.withLock({ $0[key] }) { return face }
        // A trusted file is mapped, not copied (FontBytes); an untrusted one is read, and only
        // the sanitizer's output is kept.
        let loaded =
            if let sanitizer {
                try FontFace.load(
                    data: FontFileReader.read(path: path), faceIndex: key.faceIndex, path: path, sanitizer: sanitizer)
            } else {
                try FontFace.load(trusted: FontFileReader.map(path: path), faceIndex: key.faceIndex, path: path)
            }
        return faces.withLock { faces in
            if let existing = faces[key] { return existing }
            faces[key] = loaded
            return loaded
        }
    }
}
