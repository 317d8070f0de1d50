// FaceCache: the process-wide cache of faces loaded from files, so each (file, face index) is read once.

import Foundation
import GalleySync

/// Faces loaded from files, keyed by absolute path (symbolic links resolved) and face index.
///
/// `Font(path:)`, `Font(family:)` and every `FontCollection` go through this cache, so two fonts for
/// the same file and face share one `FontFace` (and compare equal at equal sizes). Faces stay loaded
/// for the life of the process; a file changed on disk after loading is not re-read.
final class FaceCache: Sendable {
    /// The one cache of the process.
    static let shared = FaceCache()

    private struct Key: Hashable {
        let path: String
        let faceIndex: Int
    }

    private let faces = Locked<[Key: FontFace]>([:])

    /// The face `faceIndex` of the file at `path`, loading it on first use.
    /// Loading happens outside the lock; if two threads race, the first stored face wins.
    func face(path: String, faceIndex: Int) throws(FontError) -> FontFace {
        let key = Key(path: URL(fileURLWithPath: path).resolvingSymlinksInPath().path, faceIndex: faceIndex)
        if let face = faces.withLock({ $0[key] }) { return face }
        let loaded = try FontFace(path: path, faceIndex: faceIndex)
        return faces.withLock { faces in
            if let existing = faces[key] { return existing }
            faces[key] = loaded
            return loaded
        }
    }
}
