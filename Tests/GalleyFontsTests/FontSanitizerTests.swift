// Untrusted fonts through the OpenType Sanitizer (issue 30): the two malformed fonts refused at
// load with the reason `ots-sanitize` itself prints, sanitized bytes that are the tool's own output,
// one run per content hash in a bounded cache, failing closed without the tool, the limits the
// child runs under, and what stays trusted (bundled and system fonts, the opt-out).

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts
@testable import GalleySync

@Suite("Font sanitizer")
struct FontSanitizerTests {
    /// Tests/Fixtures/Fonts (made by scripts/make-test-fonts.py).
    static let fixtures: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Fonts")
            .path
    }()

    static func fixture(_ name: String) -> String { (fixtures as NSString).appendingPathComponent(name) }
    /// The bytes of the file at `path`. An empty file (what ots-sanitize leaves when it refuses a
    /// font) is not read with Data(contentsOf:), which leaks its 4 KB read buffer on one: a
    /// 5-line program reading an empty file three times under ASan leaks 3 × 4,096 bytes from
    /// FoundationEssentials' readBytesFromFile (swift-foundation's bug, not Galley's).
    static func bytes(_ path: String) throws -> [UInt8] {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        if (attributes[.size] as? NSNumber)?.intValue == 0 { return [] }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Runs `executable` with `arguments`; returns its exit status, standard output and standard error.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: Data, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, String(decoding: error, as: UTF8.self))
    }

    /// What `ots-sanitize` says about the file at `path` when run by hand: its exit status and
    /// ERROR lines (prefix removed), and the font it writes.
    static func otsByHand(_ path: String) throws -> (status: Int32, errors: [String], output: [UInt8]) {
        let folder = try TemporaryDirectory.make("fonts-tests").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/out"
        let result = try run("/usr/bin/ots-sanitize", [path, output])
        let errors = result.err.split(separator: "\n").filter { $0.hasPrefix("ERROR: ") }.map {
            String($0.dropFirst(7))
        }
        return (result.status, errors, (try? bytes(output)) ?? [])
    }

    // FIPS 180-4 / NIST's examples (appendix B of the 2002 edition): "abc" and the 448-bit message;
    // the empty message's digest is the one every implementation prints. Lengths around the
    // 55/56/64-byte padding boundaries and a whole font are checked against coreutils' sha256sum.
    @Test("SHA-256 gives NIST's digests and sha256sum's")
    func sha256() throws {
        #expect(SHA256Digest(of: []).description == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256Digest(of: Array("abc".utf8)).description
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256Digest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).description
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let folder = try TemporaryDirectory.make("fonts-tests").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var inputs: [(String, [UInt8])] = [(TestFonts.path("NotoSansHebrew-Regular.ttf"), [])]
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 1000] {
            let path = folder + "/\(length)"
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            try Data(message).write(to: URL(fileURLWithPath: path))
            inputs.append((path, message))
        }
        for (path, message) in inputs {
            let expected = String(
                decoding: try Self.run("/usr/bin/sha256sum", [path]).out.prefix(64), as: UTF8.self)
            let digest = SHA256Digest(of: message.isEmpty ? try Self.bytes(path) : message)
            #expect(digest.description == expected, "\(path)")
        }
    }

    // Issue 30: "It rejects both fonts above ("GDff: invalid table offset", "cmap: Failed to parse
    // table")". The reason Galley gives is the tool's own ERROR lines, run by hand here.
    @Test(
        "the two malformed fonts of issue 30 are refused at load with OTS's reason",
        arguments: [
            ("inter-directory-offsets.ttf", "GDff: invalid table offset"),
            ("inter-cmap-length.ttf", "cmap: Failed to parse table"),
        ])
    func malformedFontsAreRefused(name: String, quoted: String) throws {
        let path = Self.fixture(name)
        let byHand = try Self.otsByHand(path)
        #expect(byHand.status == 1)
        #expect(byHand.errors.contains(quoted))
        let reason = byHand.errors.joined(separator: "; ")
        #expect(throws: FontError.rejectedBySanitizer(path: "<memory>", reason: reason)) {
            try Font(data: try Self.bytes(path), size: 12)
        }
        do {
            _ = try Font(path: path, size: 12)
            Issue.record("\(name) loaded")
        } catch {
            #expect(error == .rejectedBySanitizer(path: path, reason: reason))
            #expect(!error.description.contains("\n") && error.description.contains(path))
            #expect(error.description.contains(quoted))
        }
    }

    // The issue: "FreeType, HarfBuzz, layout, PNG and SVG all accept the result." The fixtures
    // are such fonts: trusted, they load and map characters (the opt-out really skips OTS).
    @Test(
        "trusted, the malformed fonts load as they are",
        arguments: ["inter-directory-offsets.ttf", "inter-cmap-length.ttf"])
    func trustedMalformedFontsLoad(name: String) throws {
        let data = try Self.bytes(Self.fixture(name))
        let font = try Font(data: data, size: 12, sanitization: .trusted)
        #expect(font.glyph(for: "H") != nil && font.glyph(for: "o") != nil)
        #expect(Array(font.face.data) == data && !font.face.isSanitized)
    }

    @Test("a sanitized font is made of the bytes ots-sanitize writes, a bundled one of its file's")
    func sanitizedBytesAreOTSOutput() throws {
        let path = TestFonts.path("NotoSansHebrew-Regular.ttf")
        let byHand = try Self.otsByHand(path)
        #expect(byHand.status == 0 && !byHand.output.isEmpty)
        let file = try Self.bytes(path)
        let sanitized = try Font(data: file, size: 12)
        #expect(sanitized.face.isSanitized && Array(sanitized.face.data) == byHand.output)
        let bundled = try Font(path: path, size: 12)
        #expect(!bundled.face.isSanitized && Array(bundled.face.data) == file)
        // A copy outside the bundled folder is sanitized, and is another face than the bundled file.
        let folder = try TemporaryDirectory.make("fonts-tests").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: path, toPath: folder + "/copy.ttf")
        let copy = try Font(path: folder + "/copy.ttf", size: 12)
        #expect(copy.face.isSanitized && Array(copy.face.data) == byHand.output && copy != bundled)
        let again = try Font(path: folder + "/copy.ttf", size: 12)
        #expect(copy == again)
        #expect(try Array(Font(path: folder + "/copy.ttf", size: 12, sanitization: .trusted).face.data) == file)
    }

    // fontconfig's own listing (fc-list) names the system's files; they are trusted as they are.
    @Test("a system font fontconfig lists is not sanitized")
    func systemFontsAreTrusted() throws {
        let listed = String(decoding: try Self.run("/usr/bin/fc-list", ["--format", "%{file}\n"]).out, as: UTF8.self)
        let file = try #require(listed.split(separator: "\n").map(String.init).sorted().first { $0.hasSuffix(".ttf") })
        let font = try Font(path: file, size: 12, sanitization: .sanitized(by: FontSanitizer(toolPath: "/nonexistent")))
        let bytes = try Self.bytes(file)
        #expect(!font.face.isSanitized && Array(font.face.data) == bytes)
    }

    @Test("the same bytes are sanitized once, refused ones too")
    func sanitizedOnce() throws {
        let sanitizer = FontSanitizer()
        let data = try Self.bytes(TestFonts.path("NotoSansThai-Regular.ttf"))
        let first = try Font(data: data, size: 12, sanitization: .sanitized(by: sanitizer))
        let second = try Font(data: data, size: 20, sanitization: .sanitized(by: sanitizer))
        #expect(sanitizer.toolRunCount == 1 && Array(first.face.data) == Array(second.face.data))
        let bad = try Self.bytes(Self.fixture("inter-cmap-length.ttf"))
        for _ in 0..<3 {
            #expect(throws: FontError.self) { try Font(data: bad, size: 12, sanitization: .sanitized(by: sanitizer)) }
        }
        #expect(sanitizer.toolRunCount == 2)
        #expect(sanitizer.cacheUsage.fonts == 2)
        sanitizer.removeAllCachedVerdicts()
        _ = try sanitizer.sanitize(data)
        #expect(sanitizer.toolRunCount == 3)
    }

    @Test("the verdict cache stays within its capacity, least recently used out first")
    func cacheIsBounded() {
        let cache = SanitizedFontCache(capacity: 1000)
        func key(_ n: UInt8) -> SanitizerCacheKey { SanitizerCacheKey(digest: SHA256Digest(of: [n]), faceIndex: 0) }
        // A verdict costs its bytes' array by capacity (MemoryCost), a little over 400 here.
        let (one, three) = ([UInt8](repeating: 1, count: 400), [UInt8](repeating: 3, count: 400))
        cache.store(.accepted(one), for: key(1))
        cache.store(.accepted([UInt8](repeating: 2, count: 400)), for: key(2))
        #expect(cache.verdict(for: key(1)) != nil)  // 1 is now the more recently used
        cache.store(.accepted(three), for: key(3))
        #expect(
            cache.verdict(for: key(2)) == nil && cache.verdict(for: key(1)) != nil && cache.verdict(for: key(3)) != nil)
        #expect(cache.usage.bytes == MemoryCost.array(one) + MemoryCost.array(three) && cache.usage.count == 2)
        cache.store(.accepted([UInt8](repeating: 4, count: 1001)), for: key(4))  // larger than the whole cache
        #expect(cache.verdict(for: key(4)) == nil && cache.usage.count == 2)
        cache.store(.rejected("cmap: Failed to parse table"), for: key(5))
        #expect(cache.usage.bytes <= 1000)
        #expect(cache.verdict(for: key(5)) == .rejected("cmap: Failed to parse table"))
    }

    @Test("without ots-sanitize an untrusted font is refused, naming the Debian package")
    func missingToolFailsClosed() throws {
        let missing = FontSanitizer(toolPath: "/nonexistent/ots-sanitize")
        #expect(!missing.isAvailable && missing.toolPath == nil)
        let data = try Self.bytes(TestFonts.path("NotoSansHebrew-Regular.ttf"))
        do {
            _ = try Font(data: data, size: 12, sanitization: .sanitized(by: missing))
            Issue.record("loaded without a sanitizer")
        } catch {
            guard case .sanitizerUnavailable(let path, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "<memory>" && reason.contains("opentype-sanitizer"))
            #expect(!error.description.contains("\n"))
        }
        #expect(try Font(data: data, size: 12, sanitization: .trusted).familyName == "Noto Sans Hebrew")
        #expect(FontSanitizer.shared.isAvailable)
    }

    /// A shell script at a new path in `folder` running `body`, made executable.
    static func script(_ body: String, in folder: String, name: String) throws -> String {
        let path = folder + "/" + name
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    // The limits are seen from the child's side: dash's `ulimit -v` (KiB) and `ulimit -t` (s)
    // print what prlimit set; a tool that sleeps is killed at the wall-clock limit, one that
    // spins at the CPU limit (SIGXCPU), one that crashes is a failure, not a verdict. Each
    // failure is told by its documented reason (which names the limit reached), not by how long
    // the run took: a timed test fails on a loaded machine (the team's rule: timings belong in
    // benchmarks).
    @Test("the sanitizer runs under its limits and is stopped at them")
    func limits() throws {
        let folder = try TemporaryDirectory.make("fonts-tests").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = try Self.bytes(TestFonts.path("NotoSansHebrew-Regular.ttf"))
        // A refusal, as ots-sanitize words one: ERROR lines on stderr, then "Failed to sanitize file!".
        let report = try Self.script(
            "echo \"ERROR: as=$(ulimit -v) cpu=$(ulimit -t) core=$(ulimit -c)\" >&2; echo 'Failed to sanitize file!'; exit 1",
            in: folder, name: "report")
        let limits = FontSanitizer.Limits(cpuSeconds: 3, wallClockSeconds: 20, memoryBytes: 256 << 20)
        #expect(throws: FontError.rejectedBySanitizer(path: "<memory>", reason: "as=262144 cpu=3 core=0")) {
            try FontSanitizer(toolPath: report, limits: limits).sanitize(data)
        }
        // Exit status 1 without OTS's last line is not a verdict (prlimit exits 1 when it cannot set a limit).
        let other = try Self.script(
            "echo 'prlimit: failed to set the AS resource limit'; exit 1", in: folder, name: "other")
        #expect(
            throws: FontError.sanitizerUnavailable(
                path: "<memory>", reason: "prlimit: failed to set the AS resource limit")
        ) {
            try FontSanitizer(toolPath: other).sanitize(data)
        }
        let cases: [(body: String, limits: FontSanitizer.Limits, says: String)] = [
            ("exec sleep 30", .init(wallClockSeconds: 0.5), "ran longer than 0.5 s"),
            ("while :; do :; done", .init(cpuSeconds: 1, wallClockSeconds: 20), "more than its 1 s of CPU time"),
            ("kill -SEGV $$", .init(), "signal 11"),
        ]
        for (index, item) in cases.enumerated() {
            let tool = try Self.script(item.body, in: folder, name: "tool\(index)")
            do {
                _ = try FontSanitizer(toolPath: tool, limits: item.limits).sanitize(data, name: "x.ttf")
                Issue.record("\(item.body) sanitized")
            } catch {
                guard case .sanitizerFailed(let path, let reason) = error else {
                    Issue.record("\(item.body): \(error)")
                    continue
                }
                #expect(path == "x.ttf" && reason.contains(item.says), "\(reason)")
            }
        }
    }

    // WOFF and WOFF2 (made by fontTools from the bundled TTF) decode, sanitized or trusted, to
    // the TTF's glyph ids, advances, ink bounds and metrics for every character its cmap maps.
    @Test("WOFF and WOFF2 give the TTF's glyphs, advances and metrics", arguments: ["woff", "woff2"])
    func webFontsMatchTheTTF(flavor: String) throws {
        let ttf = try Font(path: TestFonts.path("NotoSansHebrew-Regular.ttf"), size: 20)
        let path = Self.fixture("NotoSansHebrew-Regular." + flavor)
        let fonts = [
            try Font(data: try Self.bytes(path), size: 20), try Font(path: path, size: 20),
            try Font(data: try Self.bytes(path), size: 20, sanitization: .trusted),
        ]
        let scalars = (0x20...0xFB4F).compactMap(Unicode.Scalar.init).filter { ttf.glyph(for: $0) != nil }
        #expect(scalars.count > 100)
        for (index, font) in fonts.enumerated() {
            #expect(font.postScriptName == ttf.postScriptName && font.unitsPerEm == ttf.unitsPerEm)
            #expect(font.ascent == ttf.ascent && font.descent == ttf.descent && font.leading == ttf.leading)
            for scalar in scalars {
                let glyph = font.glyph(for: scalar)
                #expect(glyph == ttf.glyph(for: scalar), "font \(index), \(scalar)")
                guard let glyph else { continue }
                #expect(font.advance(for: glyph) == ttf.advance(for: glyph), "font \(index), \(scalar)")
                #expect(font.boundingRect(for: glyph) == ttf.boundingRect(for: glyph), "font \(index), \(scalar)")
            }
        }
    }

    @Test("a registered file is sanitized; a refused one is not registered")
    func registeredFilesAreSanitized() throws {
        let folder = try TemporaryDirectory.make("fonts-tests").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/Hebrew.woff2"
        try FileManager.default.copyItem(atPath: Self.fixture("NotoSansHebrew-Regular.woff2"), toPath: copy)
        let collection = FontCollection(bundledFontsDirectory: nil, includeSystemFonts: false)
        let added = try collection.registerFonts(at: copy)
        #expect(added.map(\.path) == [copy] && added.map(\.postScriptName) == ["NotoSansHebrew-Regular"])
        let font = try collection.font(family: "Noto Sans Hebrew", size: 12)
        #expect(font.face.isSanitized && font.face.path == copy)
        let bad = Self.fixture("inter-directory-offsets.ttf")
        #expect(throws: FontError.rejectedBySanitizer(path: bad, reason: "GDff: invalid table offset")) {
            try collection.registerFonts(at: bad)
        }
        #expect(collection.matchingFontDescriptors().map(\.path) == [copy])
    }

    // OTS refuses the bundled NanumGothic ("TSI3: zero-length table": an empty VTT source table);
    // as a bundled font it is trusted and loads, sanitized it is refused with the tool's reason.
    @Test("bundled fonts are trusted even where OTS would refuse them")
    func bundledNanumGothic() throws {
        let path = TestFonts.path("NanumGothic.ttf")
        let byHand = try Self.otsByHand(path)
        #expect(byHand.status == 1 && byHand.errors == ["TSI3: zero-length table"])
        #expect(try Font(path: path, size: 12).familyName == "NanumGothic")
        #expect(throws: FontError.rejectedBySanitizer(path: "<memory>", reason: "TSI3: zero-length table")) {
            try Font(data: try Self.bytes(path), size: 12)
        }
    }
}
