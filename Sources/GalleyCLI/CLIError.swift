// The command-line tool's error: one line for standard error and an exit status.
import Galley

/// A failure of a `galley` command: printed as `galley: <message>` on one line.
///
/// The exit status says whose fault it is (`galley --help` and the README list the cases):
/// ``usage`` (2) for the command line and its inputs — bad options or values, missing,
/// unreadable, oversized or malformed input files, unknown fonts, an output that cannot be
/// written where asked or that is one of the inputs; ``internalFailure`` (1) when good input
/// could not be turned into output — an encoder or the layout failing, or the system failing to
/// take the output (disk full, file too large, I/O error).
package struct CLIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The status of a problem with the command line or its inputs.
    package static let usage: Int32 = 2
    /// The status of a failure that is not the input's fault.
    package static let internalFailure: Int32 = 1

    /// What went wrong, for people; never contains a line break.
    package let message: String
    /// The process exit status: ``usage`` (2) or ``internalFailure`` (1).
    package let status: Int32

    /// An error with `message` (line breaks are replaced by spaces) and `status`.
    package init(_ message: String, status: Int32 = CLIError.usage) {
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.status = status
    }

    /// An error of status ``internalFailure`` (1).
    package static func internalFailure(_ message: String) -> CLIError {
        CLIError(message, status: CLIError.internalFailure)
    }

    /// The error for a layout that failed `doing` something: status 2 for what the input or
    /// the options cause (geometry, fonts, a truncation token), 1 for a range or index out of
    /// bounds, which the tool never asks for.
    static func layoutFailed(_ error: LayoutError, doing: String = "layout") -> CLIError {
        switch error {
        case .rangeOutOfBounds, .indexOutOfBounds: .internalFailure("\(doing) failed: \(error)")
        case .invalidGeometry, .noDefaultFont, .invalidText: CLIError("\(doing) failed: \(error)")
        }
    }

    /// The message.
    package var description: String { message }
}
