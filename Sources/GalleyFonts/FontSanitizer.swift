// FontSanitizer: untrusted font bytes through the OpenType Sanitizer (Debian's `ots-sanitize`),
// run out of process under limits, with its verdicts cached by the bytes' SHA-256.

import Foundation
import GalleySync

/// Passes font bytes through the OpenType Sanitizer (OTS), as Chrome and Firefox pass every web
/// font, before FreeType, HarfBuzz or cairo read them. OTS parses every table it knows, refuses
/// the font when one is malformed, drops tables it does not know (AAT `morx`/`kerx`/`trak`,
/// `opbd`, …) and writes the font out again; the colour bitmap tables `CBDT`, `CBLC` and `sbix`
/// pass through unchecked, as in Chrome. It also decodes WOFF and WOFF2 into a plain SFNT.
///
/// Galley runs Debian's `ots-sanitize` (package `opentype-sanitizer`) in a child process started
/// through `prlimit` (util-linux), so the child has its CPU-time, address-space, output-size and
/// descriptor limits from its first instruction, and a wall-clock deadline after which it is
/// killed: a fault or a runaway in the sanitizer cannot take the calling process down, and a
/// hostile font costs at most the limits. The files live in a private temporary folder (mode
/// 0700) that is removed after each run.
///
/// Verdicts are cached by the SHA-256 of the bytes handed in, so the same upload is sanitized
/// once: a sanitized font keeps its sanitized bytes, a refused one its reason (runs that did not
/// finish are not cached). The cache holds at most ``cacheCapacity`` bytes, least recently used
/// out first.
///
/// When the tool is missing, sanitizing fails closed: ``sanitize(_:faceIndex:name:)`` throws
/// ``FontError/sanitizerUnavailable(path:reason:)`` naming the Debian package, and no untrusted
/// font loads (a caller who vouches for its bytes uses ``FontSanitization/trusted``).
///
/// Safe to use from many threads; two threads sanitizing the same new bytes at once may both run
/// the tool (the verdict is the same). CoreText has no equivalent.
public final class FontSanitizer: Sendable {
    /// The limits one run of the sanitizer has.
    public struct Limits: Sendable, Hashable {
        /// CPU time, in whole seconds (`RLIMIT_CPU`); the child gets SIGXCPU when it passes it.
        public var cpuSeconds: Int
        /// Real time, in seconds, after which the child is killed (SIGKILL).
        public var wallClockSeconds: Double
        /// Address space, in bytes (`RLIMIT_AS`): allocations past it fail in the child.
        public var memoryBytes: Int
        /// The largest file the child may write, in bytes (`RLIMIT_FSIZE`): the sanitized font's
        /// size limit (OTS itself refuses fonts that decompress past 300 MB).
        public var outputBytes: Int

        /// Limits for one run: by default 10 s of CPU time, 20 s of real time, 1 GiB of address
        /// space and 256 MiB of output. The bundled fonts need at most 0.15 s and 20 MB.
        public init(
            cpuSeconds: Int = 10, wallClockSeconds: Double = 20, memoryBytes: Int = 1 << 30,
            outputBytes: Int = 256 << 20
        ) {
            self.cpuSeconds = max(1, cpuSeconds)
            self.wallClockSeconds = wallClockSeconds.isFinite ? max(0.01, wallClockSeconds) : 20
            self.memoryBytes = max(16 << 20, memoryBytes)
            self.outputBytes = max(1 << 20, outputBytes)
        }
    }

    /// The Debian package that ships `ots-sanitize`.
    public static let debianPackage = "opentype-sanitizer"

    /// The sanitizer ``FontSanitization/sanitized`` uses: `ots-sanitize` from `$GALLEY_OTS_SANITIZE`
    /// when set, else from `PATH` (then `/usr/bin`), default limits, its cache under
    /// ``GalleyMemory``'s budget (``GalleyMemory/Cache/sanitizedFonts``: 6.4 MiB of the default).
    public static let shared: FontSanitizer = {
        let sanitizer = FontSanitizer()
        GalleyMemory.register(sanitizer.cache, as: .sanitizedFonts)
        return sanitizer
    }()

    /// The limits of each run.
    public let limits: Limits
    /// The most bytes of verdicts the cache keeps.
    public var cacheCapacity: Int { cache.capacity }
    private let configuredToolPath: String?
    private let cache: SanitizedFontCache
    private let runs = Locked(0)

    /// A sanitizer running the tool at `toolPath` (nil: `$GALLEY_OTS_SANITIZE`, else
    /// `ots-sanitize` found in `PATH` or `/usr/bin`, looked up on each run so that installing it
    /// later is noticed), under `limits`, caching at most `cacheCapacity` bytes of verdicts.
    public init(toolPath: String? = nil, limits: Limits = Limits(), cacheCapacity: Int = 64 << 20) {
        self.configuredToolPath = toolPath
        self.limits = limits
        self.cache = SanitizedFontCache(capacity: cacheCapacity)
    }

    /// The `ots-sanitize` executable this sanitizer runs, or nil when there is none.
    public var toolPath: String? {
        if let configuredToolPath { return FontSanitizer.isExecutable(configuredToolPath) ? configuredToolPath : nil }
        if let override = ProcessInfo.processInfo.environment["GALLEY_OTS_SANITIZE"], !override.isEmpty {
            return FontSanitizer.isExecutable(override) ? override : nil
        }
        return FontSanitizer.findInPath("ots-sanitize")
    }

    /// Whether fonts can be sanitized here: the tool and `prlimit` are both found.
    public var isAvailable: Bool { toolPath != nil && FontSanitizer.findInPath("prlimit") != nil }

    /// The sanitized form of face `faceIndex` of the font `bytes` (TrueType, OpenType, a
    /// collection, WOFF or WOFF2): a plain SFNT of that one face, which OTS parsed and wrote out
    /// again (`ots-sanitize input output faceIndex`; the index matters only for collections: OTS
    /// 8.2.1's whole-collection output repeats the first face's tables, so Galley never asks for
    /// it). `name` names the font in errors (a path, or `"<memory>"`).
    /// - Throws: ``FontError/rejectedBySanitizer(path:reason:)`` with OTS's reason;
    ///   ``FontError/sanitizerFailed(path:reason:)`` when a limit stopped the run;
    ///   ``FontError/sanitizerUnavailable(path:reason:)`` when `ots-sanitize` or `prlimit` is missing.
    public func sanitize(_ bytes: [UInt8], faceIndex: Int = 0, name: String = "<memory>") throws(FontError)
        -> [UInt8]
    {
        try sanitize(bytes, faceIndex: faceIndex, name: name, digest: nil)
    }

    /// ``sanitize(_:faceIndex:name:)`` with the bytes' digest already computed (nil: computed here).
    func sanitize(_ bytes: [UInt8], faceIndex: Int, name: String, digest: SHA256Digest?) throws(FontError)
        -> [UInt8]
    {
        let key = SanitizerCacheKey(digest: digest ?? SHA256Digest(of: bytes), faceIndex: max(0, faceIndex))
        switch cache.verdict(for: key) {
        case .accepted(let sanitized): return sanitized
        case .rejected(let reason): throw .rejectedBySanitizer(path: name, reason: reason)
        case nil: break
        }
        guard let tool = toolPath else {
            let location = configuredToolPath.map { "at '\($0)'" } ?? "in PATH"
            throw .sanitizerUnavailable(
                path: name,
                reason:
                    "ots-sanitize was not found \(location) (install Debian's \(FontSanitizer.debianPackage) package), "
                    + "and untrusted fonts are not loaded without it")
        }
        guard let prlimit = FontSanitizer.findInPath("prlimit") else {
            throw .sanitizerUnavailable(
                path: name, reason: "prlimit was not found in PATH (install Debian's util-linux package)")
        }
        runs.withLock { $0 += 1 }
        switch SanitizerProcess(tool: tool, prlimit: prlimit, limits: limits).run(bytes, faceIndex: key.faceIndex) {
        case .sanitized(let sanitized):
            cache.store(.accepted(sanitized), for: key)
            return sanitized
        case .rejected(let reason):
            cache.store(.rejected(reason), for: key)
            throw .rejectedBySanitizer(path: name, reason: reason)
        case .failed(let reason):
            throw .sanitizerFailed(path: name, reason: reason)
        case .unavailable(let reason):
            throw .sanitizerUnavailable(path: name, reason: reason)
        }
    }

    /// How many times this sanitizer has run the tool (cache hits do not count).
    public var toolRunCount: Int { runs.withLock { $0 } }

    /// How many verdicts the cache holds and their bytes (at most ``cacheCapacity``).
    public var cacheUsage: (fonts: Int, bytes: Int) {
        let usage = cache.usage
        return (usage.count, usage.bytes)
    }

    /// Forgets every cached verdict, so the next font is sanitized again.
    public func removeAllCachedVerdicts() {
        cache.removeAll()
    }

    /// Whether `path` names an executable regular file.
    private static func isExecutable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// The first executable `name` in the directories of `PATH`, then `/usr/bin` and `/bin`.
    static func findInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        for directory in directories where !directory.isEmpty {
            let candidate = (directory as NSString).appendingPathComponent(name)
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }
}
