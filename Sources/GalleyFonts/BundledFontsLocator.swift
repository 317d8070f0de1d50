// Finds the bundled `Fonts/` directory with no configuration.

import Foundation

/// Locates the bundled fonts directory: `$GALLEY_FONTS_DIR`, else a `Fonts` folder holding
/// `README.md` in the running executable's directory or one of its ancestors (covers
/// `.build/debug/galley` and the test runner in `.build/debug`), else in the current directory
/// or its ancestors, else in the package that this source file was compiled from.
enum BundledFontsLocator {
    /// The environment variable that overrides the search.
    static let environmentVariable = "GALLEY_FONTS_DIR"

    /// The directory to use, or nil when none is found.
    static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = Bundle.main.executablePath,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        sourceFile: String = #filePath
    ) -> String? {
        if let override = environment[environmentVariable], !override.isEmpty {
            return override
        }
        var starts: [String] = []
        if let executablePath {
            starts.append((executablePath as NSString).deletingLastPathComponent)
        }
        starts.append(currentDirectory)
        starts.append((sourceFile as NSString).deletingLastPathComponent)
        for start in starts {
            if let found = search(upFrom: start) { return found }
        }
        return nil
    }

    /// The first `<ancestor>/Fonts` containing `README.md`, walking up from `directory`.
    static func search(upFrom directory: String) -> String? {
        var path = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path
        while true {
            let candidate = (path as NSString).appendingPathComponent("Fonts")
            if FileManager.default.fileExists(atPath: (candidate as NSString).appendingPathComponent("README.md")) {
                return candidate
            }
            let parent = (path as NSString).deletingLastPathComponent
            if parent.isEmpty || parent == path { return nil }
            path = parent
        }
    }
}
