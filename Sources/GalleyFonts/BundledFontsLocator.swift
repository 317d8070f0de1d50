// Finds the bundled fonts: the `Galley_GalleyFontFiles.resources` bundle that SwiftPM builds from
// Fonts/ and places beside every executable, or the folder `GALLEY_FONTS_DIR` names.

import Foundation
import GalleyFontFiles
import GalleySync

/// Locates the bundled fonts directory, and says what it tried when it finds none.
///
/// The fonts are the resources of the `GalleyFontFiles` target (the package's `Fonts/` folder).
/// SwiftPM copies them into `Galley_GalleyFontFiles.resources` beside the executables and test
/// runners it builds, which is also where `Bundle.module` looks first. `Bundle.module` itself is not
/// used: when the bundle is missing it falls back to the build directory's absolute path (so a
/// copied executable would still read the build tree, and a deployment test could not tell) and
/// then stops the process with `fatalError`. This looks in the same place with neither.
enum BundledFontsLocator {
    /// The environment variable that overrides the search.
    static let environmentVariable = "GALLEY_FONTS_DIR"
    /// The resource bundle SwiftPM makes of the `GalleyFontFiles` target: `<package>_<target>.resources`,
    /// the package's manifest name, also when Galley is another package's dependency.
    static let bundleName = galleyFontFilesBundleName
    /// The file every bundled fonts folder holds (Fonts/README.md, the fonts' sources and licences).
    static let markerFile = "README.md"

    /// What the search found: a directory, or nil with the places tried and why each failed.
    struct Outcome: Sendable, Equatable {
        /// The fonts directory to use, or nil.
        var directory: String?
        /// Each place looked at, with why it was not used (empty when the first one was).
        var rejected: [String]

        /// The one warning to print when ``directory`` is nil, or when the override was refused.
        var warning: String? {
            guard !rejected.isEmpty, directory == nil || rejected.first?.hasPrefix(environmentVariable) == true
            else { return nil }
            let tried = rejected.joined(separator: "; ")
            guard let directory else {
                return "no bundled fonts found (tried \(tried)). Text in scripts the system's fonts lack "
                    + "(emoji, Arabic, Hebrew, Devanagari, Thai, CJK) will show missing-glyph boxes. Copy "
                    + "\(bundleName) into the folder of the executable, or set \(environmentVariable) to a "
                    + "folder of font files (see docs/DEPLOYING.md)."
            }
            return "\(tried); using the bundled fonts in \(directory) instead"
        }
    }

    /// The directory to use, or nil when none is found.
    static func locate(
        environment: [String: String] = BundledFontsLocator.environment(),
        executablePath: String? = BundledFontsLocator.executablePath()
    ) -> String? {
        search(environment: environment, executablePath: executablePath).directory
    }

    /// The search: `$GALLEY_FONTS_DIR` when it names a readable directory holding a font file,
    /// else the resource bundle in the executable's directory (symbolic links resolved, so a link
    /// in /usr/local/bin to the deployed executable works).
    static func search(
        environment: [String: String] = BundledFontsLocator.environment(),
        executablePath: String? = BundledFontsLocator.executablePath()
    ) -> Outcome {
        var rejected: [String] = []
        if let override = environment[environmentVariable], !override.isEmpty {
            if let problem = problem(withOverride: override) {
                rejected.append("\(environmentVariable)=\(override): \(problem)")
            } else {
                return Outcome(directory: override, rejected: [])
            }
        }
        guard let executablePath else {
            rejected.append("\(bundleName): the executable's path is unknown")
            return Outcome(directory: nil, rejected: rejected)
        }
        var directories = [SystemPath.deletingLastComponent(executablePath)]
        let resolvedDirectory = SystemPath.deletingLastComponent(SystemPath.resolvingSymlinks(executablePath))
        if resolvedDirectory != directories[0] { directories.append(resolvedDirectory) }
        for directory in directories {
            let bundle = SystemPath.appending(bundleName, to: directory)
            let marker = SystemPath.appending(markerFile, to: bundle)
            if SystemFile.isReadable(marker) {
                return Outcome(directory: bundle, rejected: rejected)
            }
            rejected.append("\(bundle): missing")
        }
        return Outcome(directory: nil, rejected: rejected)
    }

    /// The one variable of the environment the search reads (``environmentVariable``), without
    /// copying the whole environment as `ProcessInfo.environment` does.
    static func environment() -> [String: String] {
        SystemFile.environment(environmentVariable).map { [environmentVariable: $0] } ?? [:]
    }

    /// The running executable's path: on Linux the target of `/proc/self/exe`, which is what
    /// `Bundle.main.executablePath` reads there too, without making the main bundle (about 370 000
    /// instructions and CoreFoundation's bundle code at start-up); elsewhere, or when that link
    /// cannot be read, `Bundle.main.executablePath`.
    static func executablePath() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if length > 0 {
                return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        #endif
        return Bundle.main.executablePath
    }

    /// Why `path` cannot be the fonts directory, or nil when it can: it must be a readable
    /// directory with at least one font file (.ttf, .otf, .ttc or .otc) in it.
    static func problem(withOverride path: String) -> String? {
        guard let kind = SystemFile.kind(path) else { return "no such directory" }
        guard kind == .directory else { return "not a directory" }
        guard let names = SystemFile.entries(ofDirectory: path) else { return "cannot be read" }
        let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]
        guard names.contains(where: { fontExtensions.contains(SystemPath.pathExtension($0).lowercased()) }) else {
            return "holds no .ttf, .otf, .ttc or .otc file"
        }
        return nil
    }
}
