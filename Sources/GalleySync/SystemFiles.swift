// SystemFiles: paths, file queries and the environment through POSIX calls, for the code that
// runs at every start (finding the bundled fonts, reading the tool's input, checking its output).
// Foundation's URL, FileManager, NSString path methods and CharacterSet do the same work, but
// each first use pages in CoreFoundation's string, URL and character-set code and tables: about
// a megabyte of resident memory and a million instructions for one line to PNG (issue 26).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Path arithmetic on strings, with the results of `NSString`'s path methods, and the few file
/// queries start-up needs. Nothing here touches Foundation.
package enum SystemPath {
    /// The last component: "/tmp/a.txt" → "a.txt", "/tmp/" → "tmp", "/" → "/", "" → "".
    /// Like `NSString.lastPathComponent`.
    package static func lastComponent(_ path: String) -> String {
        let tidy = tidied(path)
        guard tidy != "/" else { return tidy }
        guard let slash = tidy.lastIndex(of: "/") else { return tidy }
        return String(tidy[tidy.index(after: slash)...])
    }

    /// The path without its last component: "/tmp/a.txt" → "/tmp", "/tmp" → "/", "a.txt" → "",
    /// "/" → "/". Like `NSString.deletingLastPathComponent`.
    package static func deletingLastComponent(_ path: String) -> String {
        let tidy = tidied(path)
        guard tidy != "/" else { return tidy }
        guard let slash = tidy.lastIndex(of: "/") else { return "" }
        return slash == tidy.startIndex ? "/" : String(tidy[..<slash])
    }

    /// `name` joined to `directory` with one slash: ("/tmp/", "a") → "/tmp/a", ("", "a") → "a".
    /// Like `NSString.appendingPathComponent`.
    package static func appending(_ name: String, to directory: String) -> String {
        if directory.isEmpty { return tidied(name) }
        if name.isEmpty { return tidied(directory) }
        return tidied(directory + "/" + name)
    }

    /// The extension after the last component's last dot ("a.tar.gz" → "gz"), or "" when it has
    /// none or the dot starts the name (".profile"). Like `NSString.pathExtension`.
    package static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The absolute path with every symbolic link, "." and ".." resolved (realpath(3)); the path
    /// as it is, tidied, when that fails (it does not exist, or a component cannot be searched).
    /// Like `URL.resolvingSymlinksInPath().path` for a path that exists.
    package static func resolvingSymlinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return tidied(path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The working directory, or "." when it cannot be read. Like
    /// `FileManager.currentDirectoryPath`.
    package static var currentDirectory: String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// `path` with repeated slashes made one and a final slash dropped ("/" stays "/").
    static func tidied(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: "/")) else { return path }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 where !(byte == UInt8(ascii: "/") && out.last == UInt8(ascii: "/")) {
            out.append(byte)
        }
        if out.count > 1, out.last == UInt8(ascii: "/") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}

/// What a path names, following symbolic links (stat(2)).
package enum SystemFileKind: Sendable, Equatable {
    case regular, directory, other
}

/// File queries and reads through POSIX calls, for start-up paths (see ``SystemPath``).
package enum SystemFile {
    /// What `path` names, or nil when nothing does (or it cannot be reached). Like
    /// `FileManager.fileExists(atPath:isDirectory:)`.
    package static func kind(_ path: String) -> SystemFileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The size in bytes of what `path` names, or nil when nothing does.
    package static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Whether this process may read `path` (access(2)). Like `FileManager.isReadableFile(atPath:)`.
    package static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Whether this process may write `path` (access(2)). Like `FileManager.isWritableFile(atPath:)`.
    package static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// The names in the directory `path` ("." and ".." left out, in the order the system lists
    /// them), or nil when it cannot be read. Like `FileManager.contentsOfDirectory(atPath:)`.
    package static func entries(ofDirectory path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The whole contents of the file at `path`, or the reason it cannot be read: the system's
    /// message for the error (strerror(3), as "No such file or directory"). Reading stops with
    /// `EFBIG` past `limit` bytes, so a device or pipe that never ends (`/dev/zero`) is refused.
    package static func contents(_ path: String, limit: Int = 1 << 30) -> Result<[UInt8], SystemFileError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemFileError(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(SystemFileError(code: errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { return .failure(SystemFileError(code: EISDIR)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(Int(info.st_size), 0) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemFileError(code: errno))
            }
            if count == 0 { break }
            guard bytes.count + count <= limit else { return .failure(SystemFileError(code: EFBIG)) }
            bytes.append(contentsOf: chunk[..<count])
        }
        return .success(bytes)
    }

    /// The value of the environment variable `name`, or nil when it is not set. Like
    /// `ProcessInfo.processInfo.environment[name]`, without copying the whole environment.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// A failed system call on a file: the `errno` value and its message.
package struct SystemFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno` value.
    package var code: Int32
    /// The system's message for it (strerror(3)).
    package var description: String { String(cString: strerror(code)) }
}

extension StringProtocol {
    /// The text without the spaces and tabs at either end: Unicode's space separators
    /// (General_Category Zs) and U+0009. Like `trimmingCharacters(in: .whitespaces)`, without
    /// making CoreFoundation's character-set bitmaps.
    package func trimmingWhitespace() -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == " "
                || (scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }
}
