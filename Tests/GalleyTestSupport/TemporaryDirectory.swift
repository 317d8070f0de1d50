// Fresh scratch directories for the files a test writes (fonts, images, PDFs, tool outputs).

import Foundation

/// Scratch directories under the system's temporary directory.
public enum TemporaryDirectory {
    /// A new, empty directory `galley-<label>-<UUID>`; the test removes it when done.
    public static func make(_ label: String = "tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
