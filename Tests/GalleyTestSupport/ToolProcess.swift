// Runs an installed command-line tool (an oracle such as hb-shape, fc-match or pdftotext) as a
// child process with a timeout, and names the error an oracle throws when it cannot answer.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why an oracle gave no answer: the tool is missing, failed, timed out or printed something
/// that cannot be read. The description says which, and which Debian package provides the tool.
public struct OracleError: Error, CustomStringConvertible {
    /// What went wrong, for the test's failure message.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Installed tools run as child processes.
public enum ToolProcess {
    /// What a finished tool left behind.
    public struct Output: Sendable {
        /// The exit status.
        public let status: Int32
        /// Everything the tool wrote to standard output.
        public let standardOutput: Data
        /// Everything the tool wrote to standard error.
        public let standardError: Data

        /// Standard output as UTF-8 text.
        public var text: String { String(decoding: standardOutput, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        public var errorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// The directories searched for a tool, in order.
    static let searchPath = ["/usr/bin", "/usr/local/bin", "/bin"]

    /// The path of the first executable called `name` in ``searchPath``, or nil when none is.
    public static func find(_ name: String) -> String? {
        searchPath.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments` and waits for it, reading its output while it runs (so a
    /// large output never blocks it on a full pipe).
    /// - Parameters:
    ///   - environment: the child's environment; this process's when nil.
    ///   - standardInput: the file the child reads; nothing (`/dev/null`) when nil.
    ///   - timeout: seconds after which the child is terminated and ``OracleError`` thrown.
    /// - Throws: ``OracleError`` on a timeout; Foundation's error when the tool cannot be started.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        standardInput: URL? = nil, timeout: TimeInterval = 30
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput =
            try standardInput.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = Reader(output.fileHandleForReading), errorData = Reader(error.fileHandleForReading)
        // Standard output reaches its end when the tool exits (or closes it).
        guard outputData.finished(within: timeout) else {
            process.terminate()
            process.waitUntilExit()
            let name = (executable as NSString).lastPathComponent
            throw OracleError("\(name) \(arguments.joined(separator: " ")) took over \(Int(timeout)) s")
        }
        process.waitUntilExit()
        errorData.wait()
        return Output(
            status: process.terminationStatus, standardOutput: outputData.data, standardError: errorData.data)
    }

    /// Runs the installed tool `name` (found with ``find(_:)``) and returns its standard output,
    /// as ``run(_:_:environment:standardInput:timeout:)`` does.
    /// - Throws: ``OracleError`` when the tool is not installed (`package` names the Debian package
    ///   that provides it), exits with a non-zero status, or times out.
    public static func output(
        of name: String, package: String, _ arguments: [String], environment: [String: String]? = nil,
        timeout: TimeInterval = 30
    ) throws -> String {
        guard let executable = find(name) else {
            throw OracleError("\(name) is not installed (Debian package \(package); `make test-deps` installs it)")
        }
        let result = try run(executable, arguments, environment: environment, timeout: timeout)
        guard result.status == 0 else {
            throw OracleError(
                "\(name) \(arguments.joined(separator: " ")) exited with status \(result.status): \(result.errorText)")
        }
        return result.text
    }

    /// Reads a pipe to its end on another thread. `data` is written once, before `done` is
    /// signalled, and read only after ``wait()`` or a true ``finished(within:)``.
    private final class Reader: @unchecked Sendable {
        /// Everything read; complete once the pipe's end was reached.
        private(set) var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            DispatchQueue.global().async {
                self.data = Self.readToEnd(handle.fileDescriptor)
                self.done.signal()
            }
        }

        /// Everything `descriptor` gives until its end, read with `read(2)` and retried on EINTR.
        /// Not `FileHandle.readDataToEndOfFile()`: swift-corelibs-foundation's stops the process
        /// with a `try!` when a signal interrupts the read (seen while tests run child processes).
        private static func readToEnd(_ descriptor: Int32) -> Data {
            var result = Data()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    result.append(contentsOf: buffer[0..<count])
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return result
                }
            }
        }

        /// Whether the pipe's end was reached within `seconds`.
        func finished(within seconds: TimeInterval) -> Bool {
            done.wait(timeout: .now() + seconds) == .success
        }

        /// Waits until the pipe's end is reached.
        func wait() {
            done.wait()
        }
    }
}
