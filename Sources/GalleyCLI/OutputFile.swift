import Foundation
import GalleySync

// Writing the tool's outputs: checked before any work, never over one of the run's own inputs,
// and atomically (a temporary sibling renamed into place), so a failure never leaves a partial file.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A file as the kernel knows it: device and inode after following symbolic links, so two paths
/// name the same file exactly when their identities are equal (hard links and `..` included).
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path`, or nil when nothing (reachable) is there.
    init?(path: String) {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// Where `render` and `layout` write: a file named by `-o`, or a batch's output file.
enum OutputFile {
    /// Fails early, before any work, with status 2, when `output`'s directory is missing or not
    /// writable, or `output` is a directory or an existing file that is not writable.
    static func checkWritable(_ output: String) throws(CLIError) {
        // A symbolic link is checked where it points: that is where the file will be written.
        let path = resolvingLink(output)
        let directory = SystemPath.deletingLastComponent(path)
        let dir = directory.isEmpty ? "." : directory
        guard let directoryKind = SystemFile.kind(dir) else {
            throw CLIError("cannot write '\(output)': directory '\(dir)' does not exist")
        }
        guard directoryKind == .directory else {
            throw CLIError("cannot write '\(output)': '\(dir)' is not a directory")
        }
        guard SystemFile.isWritable(dir) else {
            throw CLIError("cannot write '\(output)': directory '\(dir)' is not writable")
        }
        guard let kind = SystemFile.kind(path) else { return }
        if kind == .directory { throw CLIError("cannot write '\(output)': is a directory") }
        guard SystemFile.isWritable(path) else {
            throw CLIError("cannot write '\(output)': the file is not writable")
        }
    }

    /// Throws (status 2) when `path` is the same file as one of `inputs` (compared by device and
    /// inode, so another spelling, a symbolic or a hard link of an input is refused too).
    static func refuseOverwriting(_ path: String, inputs: [String]) throws(CLIError) {
        guard let target = FileIdentity(path: path) else { return }
        for input in inputs where FileIdentity(path: input) == target {
            throw CLIError("refusing to write '\(path)': it is the input file '\(input)'")
        }
    }

    /// Writes `bytes` to `path` atomically: into a new temporary file in the same directory, which
    /// is renamed over `path` only when every byte is written; on any failure the temporary file
    /// is removed and `path` is left as it was. A `path` that is a symbolic link is followed, so
    /// the file it points to is replaced and the link kept.
    ///
    /// - Throws: status 1 when writing fails (disk full, file too large, I/O error): the run's
    ///   inputs were good, the system could not take its output.
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let target = resolvingLink(path)
        let temporary = temporaryPath(for: target)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw CLIError("cannot write '\(path)': \(systemError())", status: 1) }
        var failure = writeAll(bytes, to: fd)
        if close(fd) != 0, failure == nil { failure = systemError() }
        if failure == nil, rename(temporary, target) != 0 { failure = systemError() }
        if let failure {
            unlink(temporary)
            throw CLIError("cannot write '\(path)': \(failure)", status: 1)
        }
    }

    /// Writes all of `bytes` to the open descriptor `fd`; nil on success, else the system's message.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            var written = 0
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return systemError()
                }
                written += n
            }
            return nil
        }
    }

    /// `path`, or the file it links to when it is a symbolic link that resolves.
    static func resolvingLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else {
            return path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A new hidden name beside `path`: `.NAME.galley-PID-RANDOM.tmp`, with NAME shortened so the
    /// whole stays within a file name's 255 bytes.
    static func temporaryPath(for path: String) -> String {
        let directory = SystemPath.deletingLastComponent(path)
        var name = SystemPath.lastComponent(path)
        while name.utf8.count > 200 { name.removeLast() }
        let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let file = "." + name + ".galley-" + unique + ".tmp"
        return directory.isEmpty ? file : SystemPath.appending(file, to: directory)
    }

    static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
