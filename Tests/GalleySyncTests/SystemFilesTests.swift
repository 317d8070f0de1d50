import Foundation
import Testing

// Tests of the POSIX path arithmetic, file queries and whitespace trimming that start-up code uses
// instead of Foundation's URL, FileManager, NSString path methods and CharacterSet.
@testable import GalleySync

@Suite("system paths and files")
struct SystemFilesTests {
    /// A path, then what `lastComponent` and `deletingLastComponent` give: NSString's documented
    /// results ("/tmp/scratch.tiff" → "scratch.tiff" and "/tmp"; "/tmp/" → "tmp" and "/";
    /// "scratch.tiff" → "scratch.tiff" and ""; "/" → "/" and "/"), plus repeated and final slashes,
    /// which NSString also tidies away. (Foundation on Linux traps on a one-character name such
    /// as "a" in `deletingLastPathComponent`, so it cannot be the oracle here.)
    static let splits: [(String, String, String)] = [
        ("/tmp/scratch.tiff", "scratch.tiff", "/tmp"),
        ("/tmp/lock/", "lock", "/tmp"),
        ("/tmp/", "tmp", "/"),
        ("/tmp", "tmp", "/"),
        ("/", "/", "/"),
        ("scratch.tiff", "scratch.tiff", ""),
        ("a", "a", ""),
        ("a/", "a", ""),
        ("", "", ""),
        ("//a//b//", "b", "/a"),
        ("../x/", "x", ".."),
        ("dir/नमस्ते.txt", "नमस्ते.txt", "dir"),
    ]

    @Test("the last component and the path without it", arguments: splits)
    func split(_ path: String, _ last: String, _ parent: String) {
        #expect(SystemPath.lastComponent(path) == last)
        #expect(SystemPath.deletingLastComponent(path) == parent)
    }

    @Test(
        "joining a name to a directory puts exactly one slash between",
        arguments: [
            ("/tmp", "a.png", "/tmp/a.png"), ("/tmp/", "a.png", "/tmp/a.png"), ("/", "a", "/a"),
            ("", "a", "a"), ("dir", "", "dir"), ("d", "/x", "d/x"), ("a//b/", "c", "a/b/c"),
        ])
    func append(_ directory: String, _ name: String, _ joined: String) {
        #expect(SystemPath.appending(name, to: directory) == joined)
    }

    @Test(
        "the extension is what follows the last component's last dot, not a leading one",
        arguments: [
            ("a.tar.gz", "gz"), ("/x/DejaVuSans.TTF", "TTF"), (".profile", ""), ("/x/.y", ""), ("a.", ""),
            ("dir.d/file", ""), ("noext", ""),
        ])
    func pathExtension(_ path: String, _ ext: String) {
        #expect(SystemPath.pathExtension(path) == ext)
    }

    @Test("a symbolic link resolves to its target; a missing path comes back tidied")
    func symbolicLinks() throws {
        let dir = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = dir + "/target.txt"
        try Data("x".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: target)
        #expect(SystemPath.resolvingSymlinks(dir + "/link") == SystemPath.resolvingSymlinks(target))
        #expect(SystemPath.resolvingSymlinks(dir + "/./link").hasSuffix("/target.txt"))
        #expect(SystemPath.resolvingSymlinks("/nonexistent//galley/") == "/nonexistent/galley")
    }

    @Test("kinds, sizes, entries and contents of real files; the system's reason when one cannot be read")
    func fileQueries() throws {
        let dir = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/font.ttf"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        #expect(SystemFile.kind(file) == .regular)
        #expect(SystemFile.kind(dir + "/sub") == .directory)
        #expect(SystemFile.kind("/dev/null") == .other)
        #expect(SystemFile.kind(dir + "/missing") == nil)
        #expect(SystemFile.size(file) == 3)
        #expect(SystemFile.isReadable(file) && SystemFile.isWritable(file))
        #expect(!SystemFile.isReadable(dir + "/missing"))
        #expect(SystemFile.entries(ofDirectory: dir)?.sorted() == ["font.ttf", "sub"])
        #expect(SystemFile.entries(ofDirectory: file) == nil)
        #expect(try SystemFile.contents(file).get() == [1, 2, 3])
        #expect(try SystemFile.contents("/dev/null").get() == [])
        #expect(SystemFile.contents(dir + "/missing") == .failure(SystemFileError(code: ENOENT)))
        #expect(SystemFileError(code: ENOENT).description == "No such file or directory")
        #expect(SystemFile.contents(dir) == .failure(SystemFileError(code: EISDIR)))
    }

    @Test("a read that would pass its limit stops with EFBIG (a device that never ends)")
    func readLimit() {
        #expect(SystemFile.contents("/dev/zero", limit: 100_000) == .failure(SystemFileError(code: EFBIG)))
    }

    @Test("an environment variable reads as set, or nil")
    func environment() {
        setenv("GALLEY_SYSTEM_FILES_TEST", "fonts dir", 1)
        defer { unsetenv("GALLEY_SYSTEM_FILES_TEST") }
        #expect(SystemFile.environment("GALLEY_SYSTEM_FILES_TEST") == "fonts dir")
        #expect(SystemFile.environment("GALLEY_SYSTEM_FILES_TEST_UNSET") == nil)
    }

    /// Text, then the same trimmed as `trimmingCharacters(in: .whitespaces)` does: Unicode's space
    /// separators (Zs: U+0020, U+00A0, U+2003, U+3000…) and U+0009, but not line breaks.
    static let trims: [(String, String)] = [
        ("  DejaVu Sans 12\t", "DejaVu Sans 12"),
        ("\u{00A0}Sans\u{3000}", "Sans"),
        ("\u{2003}x y\u{202F}", "x y"),
        ("\nSans\n", "\nSans\n"),
        (" \t ", ""),
        ("", ""),
        ("नमस्ते ", "नमस्ते"),
    ]

    @Test("trimming spaces and tabs as CharacterSet.whitespaces does", arguments: trims)
    func trimming(_ text: String, _ trimmed: String) {
        #expect(text.trimmingWhitespace() == trimmed)
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
    }

    /// A new empty directory under the system's temporary directory.
    static func scratchDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "/galley-system-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}
