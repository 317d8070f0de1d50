// Reads or maps a font file's bytes, turning every file-system failure into a FontError naming the file.

import Foundation

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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        if isDirectory.boolValue {
            throw .unreadable(path: path, reason: "it is a directory")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
        // An empty regular file is not a font. Saying so before reading it also keeps
        // Foundation's Data(contentsOf:) from leaking its 4 KB read buffer, as it does on an empty
        // file (LeakSanitizer in `make sanitize` reports it on the notAFont test).
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            (attributes[.size] as? NSNumber)?.intValue == 0
        {
            throw .notAFont(path: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        if data.isEmpty { throw .notAFont(path: path) }
        return [UInt8](data)
    }
}
