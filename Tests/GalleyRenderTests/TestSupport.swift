// Helpers shared by the render tests: temporary directories and the repository's bundled fonts.
import Foundation

enum TestSupport {
    /// The package root (the directory holding Package.swift), found from this file's path.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// A bundled font file under Fonts/.
    static func fontPath(_ name: String) -> String {
        packageRoot.appendingPathComponent("Fonts").appendingPathComponent(name).path
    }

    /// A fresh empty directory under the system temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("galley-render-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ bytes: [UInt8], to url: URL) throws {
        try Data(bytes).write(to: url)
    }
}
