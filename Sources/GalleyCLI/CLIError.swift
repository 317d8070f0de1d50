// The command-line tool's error: one line for standard error and an exit status.

/// A failure of a `galley` command: printed as `galley: <message>` on one line.
package struct CLIError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for people; never contains a line break.
    package let message: String
    /// The process exit status: 2 for every problem with the command line or its inputs.
    package let status: Int32

    /// An error with `message` (line breaks are replaced by spaces) and `status`.
    package init(_ message: String, status: Int32 = 2) {
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.status = status
    }

    /// The message.
    package var description: String { message }
}
