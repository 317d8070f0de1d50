// Where the checkout is: the package root that the tests read fixtures from (Fonts/, samples/,
// docs/, README.md), found from this source file's path, not from the library's own search.

import Foundation

/// The Galley package the tests were compiled from.
public enum TestPackage {
    /// The package root: the nearest directory above this file holding `Package.swift` (the
    /// current directory if none does).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The file or directory at `relativePath` below the package root.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
