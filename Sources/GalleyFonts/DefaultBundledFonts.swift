// The process's one search for the bundled fonts, and its one warning when they are missing.

import Foundation

/// The outcome of ``BundledFontsLocator/search(environment:executablePath:)`` for this process,
/// searched on first use. The first read of ``directory`` prints the outcome's warning, if any, on
/// standard error, once: a deployment that lost its fonts says so instead of drawing boxes.
enum DefaultBundledFonts {
    /// The search, done once.
    static let outcome = BundledFontsLocator.search()

    /// The directory, after printing the warning once.
    static var directory: String? {
        _ = warned
        return outcome.directory
    }

    /// Prints the warning; a `static let` runs its initialiser once, whichever thread comes first.
    private static let warned: Bool = {
        guard let warning = outcome.warning else { return false }
        FileHandle.standardError.write(Data("Galley: warning: \(warning)\n".utf8))
        return true
    }()
}
