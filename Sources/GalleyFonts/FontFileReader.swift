// Reads or maps a font file's bytes, turning every file-system failure into a FontError naming the file.

import GalleySync

/// Reads whole font files into memory, or maps them.
enum FontFileReader {
    /// The file at `path` mapped read-only (``FontBytes``), for a trusted file: nothing is copied.
    /// - Throws: what ``read(path:)`` throws.
    static func map(path: String) throws(FontError) -> FontBytes {
        if let bytes = FontBytes(mapping: path) { return bytes }
        // Not mappable (missing, a directory, unreadable, empty, not a regular file): the reader
        // names the reason; whatever it could still read is copied.
        return FontBytes(copying: try read(path: path))
    }

    /// The bytes of the file at `path`.
    /// - Throws: `.fileNotFound` if nothing exists there, `.unreadable` for a directory, a file
    ///   without read permission or an I/O error, `.notAFont` for an empty file.
    static func read(path: String) throws(FontError) -> [UInt8] {
        guard let kind = SystemFile.kind(path) else { throw .fileNotFound(path: path) }
        if kind == .directory {
            throw .unreadable(path: path, reason: "it is a directory")
        }
        guard SystemFile.isReadable(path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
        switch SystemFile.contents(path) {
        case .failure(let error):
            throw .unreadable(path: path, reason: error.description)
        case .success(let bytes):
            if bytes.isEmpty { throw .notAFont(path: path) }
            return bytes
        }
    }
}
