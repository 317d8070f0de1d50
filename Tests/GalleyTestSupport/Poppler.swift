// poppler's command-line tools (Debian's poppler-utils: pdftotext, pdffonts, pdfinfo, pdftoppm)
// run as the independent reader of the PDFs Galley writes.

import Foundation

/// poppler's tools run as processes.
public enum Poppler {
    /// Whether poppler-utils is installed (`make test-deps` installs it).
    public static var isInstalled: Bool {
        ["pdftotext", "pdffonts", "pdfinfo", "pdftoppm"].allSatisfy { ToolProcess.find($0) != nil }
    }

    /// The standard output of poppler's `tool` (such as `pdftotext`) run with `arguments`, or nil
    /// when it is not installed, fails or runs longer than `timeout` seconds.
    public static func run(_ tool: String, _ arguments: [String], timeout: TimeInterval = 60) -> String? {
        try? ToolProcess.output(of: tool, package: "poppler-utils", arguments, timeout: timeout)
    }
}
