// SanitizerProcess: one run of `ots-sanitize` in a child process, under `prlimit`'s CPU, memory,
// file-size and descriptor limits and a wall-clock deadline, on files in a private temporary folder.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one run of the sanitizer gave.
enum SanitizerOutcome: Equatable {
    /// OTS accepted the font; these are the bytes it wrote (a plain SFNT, WOFF and WOFF2 decoded).
    case sanitized([UInt8])
    /// OTS refused the font, with the reason it printed.
    case rejected(String)
    /// The tool did not finish: a limit was passed, or it stopped on a signal.
    case failed(String)
    /// The tool could not be started.
    case unavailable(String)
}

/// Runs `tool input output` through `prlimit` (util-linux), which sets the limits on itself and
/// then executes the tool in the same process: the child has its limits from its first
/// instruction, and a fault or a runaway in it cannot reach the caller's process.
struct SanitizerProcess {
    /// The `ots-sanitize` executable.
    let tool: String
    /// The `prlimit` executable.
    let prlimit: String
    /// The limits the child runs under.
    let limits: FontSanitizer.Limits

    /// Sanitizes face `faceIndex` of `bytes` (OTS writes that face alone, as a plain SFNT; it
    /// ignores the index for a single font): writes them to a file in a new private folder (mode
    /// 0700), runs the tool, reads its output and its messages, and removes the folder.
    func run(_ bytes: [UInt8], faceIndex: Int) -> SanitizerOutcome {
        guard let folder = PrivateFolder() else {
            return .failed("no private temporary folder could be made (\(String(cString: strerror(errno))))")
        }
        defer { folder.remove() }
        let input = folder.file("font"), output = folder.file("sanitized"), log = folder.file("messages")
        guard PrivateFolder.write(bytes, to: input) else {
            return .failed("the font could not be written to a temporary file (\(String(cString: strerror(errno))))")
        }
        let arguments = [
            prlimit, Self.limit("as", RLIMIT_AS, limits.memoryBytes), Self.limit("cpu", RLIMIT_CPU, limits.cpuSeconds),
            Self.limit("fsize", RLIMIT_FSIZE, limits.outputBytes), "--core=0", Self.limit("nofile", RLIMIT_NOFILE, 32),
            "--", tool, input, output, String(faceIndex),
        ]
        var pid: pid_t = 0
        let spawned = Self.spawn(arguments, messages: log, pid: &pid)
        guard spawned == 0 else {
            return .unavailable("\(prlimit) could not be started (\(String(cString: strerror(spawned))))")
        }
        let (status, timedOut) = Self.wait(for: pid, seconds: limits.wallClockSeconds)
        let messages = String(decoding: PrivateFolder.read(log, limit: 65_536) ?? [], as: UTF8.self)
        if timedOut { return .failed("it ran longer than \(Self.format(limits.wallClockSeconds)) s and was stopped") }
        // Without the exit status a refusal cannot be told from success: the output may be partial.
        guard let status else { return .failed("its exit status was lost (does the process ignore SIGCHLD?)") }
        return interpret(status: status, messages: messages) {
            PrivateFolder.read(output, limit: limits.outputBytes)
        }
    }

    /// The outcome for the child's wait `status` (as `waitpid` reports it) and what it printed.
    func interpret(status: Int32, messages: String, output: () -> [UInt8]?) -> SanitizerOutcome {
        let signal = status & 0x7f
        if signal != 0 {
            switch signal {
            case SIGXCPU, SIGKILL:
                return .failed("it used more than its \(limits.cpuSeconds) s of CPU time")
            case SIGXFSZ:
                return .failed("its output passed the limit of \(limits.outputBytes >> 20) MiB")
            default:
                return .failed(
                    "it stopped on signal \(signal) (\(String(cString: strsignal(signal)))); its memory limit is "
                        + "\(limits.memoryBytes >> 20) MiB")
            }
        }
        switch (status >> 8) & 0xff {
        case 0:
            guard let bytes = output(), !bytes.isEmpty else { return .failed("it wrote no font") }
            return .sanitized(bytes)
        case 1 where messages.contains("Failed to sanitize file!"):
            return .rejected(Self.reason(in: messages))
        default:
            // prlimit's own failures: 1 when it cannot set a limit, 126 when the tool cannot be
            // executed, 127 when it is missing.
            let said = messages.split(separator: "\n").first.map(String.init) ?? "exit status \((status >> 8) & 0xff)"
            return .unavailable(Self.oneLine(said))
        }
    }

    /// prlimit's `--name=value` for `resource` (soft and hard limit both), `value` lowered to this
    /// process's own hard limit, which the child inherits and may not raise.
    static func limit(_ name: String, _ resource: __rlimit_resource, _ value: Int) -> String {
        var current = rlimit()
        var value = rlim_t(max(0, value))
        if getrlimit(__rlimit_resource_t(resource.rawValue), &current) == 0, current.rlim_max != rlim_t.max {
            value = min(value, current.rlim_max)
        }
        return "--\(name)=\(value)"
    }

    /// OTS's reason from its messages: every `ERROR:` line, in order and once each, joined by
    /// "; " (its last is the summary, such as "cmap: Failed to parse table"); else its first line.
    static func reason(in messages: String) -> String {
        var errors: [String] = []
        for line in messages.split(whereSeparator: \.isNewline) where line.hasPrefix("ERROR: ") {
            let text = String(line.dropFirst("ERROR: ".count))
            if !errors.contains(text) { errors.append(text) }
        }
        if !errors.isEmpty { return oneLine(errors.joined(separator: "; ")) }
        let first = messages.split(whereSeparator: \.isNewline).first { $0 != "Failed to sanitize file!" }
        return oneLine(first.map(String.init) ?? "the font failed its checks")
    }

    /// `text` as one printable line of at most 300 characters (control characters become spaces).
    static func oneLine(_ text: String) -> String {
        let printable = String(
            text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return printable.count <= 300 ? printable : String(printable.prefix(299)) + "…"
    }

    /// `seconds` without a needless ".0".
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }

    /// Starts `arguments[0]` with `arguments` as its argument vector: standard input from
    /// /dev/null, standard output and error into the file `messages`, no other descriptors, an
    /// empty signal mask, default signal actions and an environment of `LC_ALL=C` only. Returns
    /// 0, or the error number `posix_spawn` gave.
    static func spawn(_ arguments: [String], messages: String, pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, messages, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let closeFrom = closeFromAction { _ = closeFrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGXCPU, SIGXFSZ, SIGSEGV, SIGBUS, SIGABRT, SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = [strdup("LC_ALL=C"), nil]
        defer { for pointer in argv + envp { free(pointer) } }
        return posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc module
    /// does not import it), found at run time: it closes every inherited descriptor from 3 on in
    /// the child, including ones other libraries opened without `O_CLOEXEC`. Nil without it.
    static let closeFromAction: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(
            symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Waits for `pid` to end, polling (0.1 ms at first, at most 2 ms apart); after `seconds`
    /// kills it (SIGKILL) and reaps it. Returns its wait status (nil when it was lost: someone
    /// else reaped the child, or the process ignores SIGCHLD so children are reaped unseen) and
    /// whether it was killed so.
    static func wait(for pid: pid_t, seconds: Double) -> (status: Int32?, timedOut: Bool) {
        let deadline = monotonicSeconds() + seconds
        var status: Int32 = 0
        var pause: UInt32 = 100
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return (status, false) }
            if result < 0 && errno != EINTR { return (nil, false) }
            if monotonicSeconds() >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return (status, true)
            }
            usleep(pause)
            pause = min(pause * 2, 2_000)
        }
    }

    /// Seconds on the monotonic clock.
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// A folder only this user can enter (`mkdtemp`, mode 0700) under the temporary directory,
/// holding the files of one sanitizer run; removed with everything in it by ``remove()``.
struct PrivateFolder {
    /// The folder's path.
    let path: String

    /// Makes the folder; nil when `mkdtemp` fails (see `errno`).
    init?() {
        var template = Array(
            (NSTemporaryDirectory() as NSString).appendingPathComponent("galley-ots-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        path = String(cString: made)
    }

    /// The path of the file `name` in the folder.
    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Deletes the folder's files (the sanitizer writes none but the ones named here) and the folder.
    func remove() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names { unlink(file(name)) }
        }
        rmdir(path)
    }

    /// Writes `bytes` to a new file at `path` (mode 0600, failing if it exists); false on an error.
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(fd, base + done, buffer.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them; nil when it cannot be opened.
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, min($0.count, limit - bytes.count)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }
}
