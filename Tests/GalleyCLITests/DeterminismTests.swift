// The same input gives the same layout and the same pixels in every process, byte for byte: the
// built `galley` is run in 20 processes, each with its own random hash seed (Swift seeds `Hasher`
// per process unless SWIFT_DETERMINISTIC_HASHING is set, so Dictionary and Set orders differ from
// one process to the next), on every sample of samples/ and on texts whose TAB widths decide the
// line breaks; their JSON and PPM outputs must be identical.
import Foundation
import GalleyTestSupport
import Synchronization
import Testing

@Suite("determinism across processes")
struct DeterminismTests {
    /// Texts where an order-dependent sum of TAB widths changes the lines: left stops give the
    /// first TABs widths that are not a space's, and a right stop at exactly the frame's width
    /// makes the last segment end on the line's edge, so whether the line fits depends on the
    /// last bit of the sum (with the widths summed in a Dictionary's order, these broke
    /// differently in about one process in five).
    static let tabCases: [(name: String, text: String, flags: String)] = [
        ("tabs-right-edge", "\t0.1\t100.5\tso\tmore\tso", "--width 450 --tabs R450"),
        ("tabs-left-then-right", "a\tb\tc\td\t0.1", "--width 450 --tabs L28.1,L56.3,L84.7,R450"),
        ("tabs-fifths", "\tx\t1.25\tyy\t0.1\tso", "--width 450 --tabs L33.3,L66.6,L99.9,L133.3,R450"),
        ("tabs-odd-width", "\tx\t1.25\tyy\t0.1\tso", "--width 333.3 --tabs L28.1,L56.3,L84.7,R333.3"),
        ("tabs-empty-fields", "ab\t\t\t\t100.5", "--width 333.3 --tabs L28.1,L56.3,L84.7,R333.3"),
        (
            "tabs-decimal", "\t1.5\t22.25\t333.125\tend\n\t4\t55.5\t6.75\tend",
            "--width 300 --tabs D100,D200,D280 --size 11"
        ),
        ("tabs-rtl", "שלום\tעולם\t12.5\tסוף\tשלום\tעולם", "--width 260 --direction rtl --tabs R80,L200,D240"),
    ]

    static let processCount = 20

    /// A folder with every file of samples/ plus the TAB cases (each with its .flags).
    static func inputFolder() throws -> URL {
        let dir = try TemporaryDirectory.make().appendingPathComponent("in")
        try FileManager.default.copyItem(at: TestPackage.root.appendingPathComponent("samples"), to: dir)
        for c in tabCases {
            try Data(c.text.utf8).write(to: dir.appendingPathComponent(c.name + ".txt"))
            try Data(c.flags.utf8).write(to: dir.appendingPathComponent(c.name + ".flags"))
        }
        return dir
    }

    /// Runs `galley ARGUMENTS` in a new process whose environment is this one's without
    /// SWIFT_DETERMINISTIC_HASHING; returns its status and standard error.
    static func launch(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = try EndToEndTests.executable()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        process.environment = environment
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: err, as: UTF8.self))
    }

    /// Every file of `dir` by name.
    static func contents(of dir: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            files[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return files
    }

    @Test("20 processes, each with its own hash seed, write the same layout JSON and PPM bytes")
    func sameBytesInEveryProcess() throws {
        let input = try Self.inputFolder()
        let root = input.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = try FileManager.default.contentsOfDirectory(atPath: input.path)
            .filter { $0.hasSuffix(".txt") || $0.hasSuffix(".markup") }.map { ($0 as NSString).deletingPathExtension }
        #expect(inputs.count >= 20 + Self.tabCases.count)
        // One process lays every input out (layout --batch), another renders them all as PPM
        // (render --batch): each process its own seed. Two runs at a time, as the batch itself
        // already uses every core.
        let failures = ErrorList()
        DispatchQueue.concurrentPerform(iterations: Self.processCount) { k in
            for (command, format) in [("layout", [String]()), ("render", ["--format", "ppm"])] {
                let out = root.appendingPathComponent("\(command)-\(k)").path
                do {
                    let r = try Self.launch([command, "--batch", input.path, "-o", out] + format)
                    if r.status != 0 { failures.append("\(command) run \(k): status \(r.status): \(r.stderr)") }
                } catch {
                    failures.append("\(command) run \(k): \(error)")
                }
            }
        }
        try #require(failures.items.isEmpty, "\(failures.items)")
        for command in ["layout", "render"] {
            let first = try Self.contents(of: root.appendingPathComponent("\(command)-0"))
            #expect(Set(first.keys) == Set(inputs.map { $0 + (command == "layout" ? ".json" : ".ppm") }))
            var differing: [String: [Int]] = [:]
            for k in 1..<Self.processCount {
                let other = try Self.contents(of: root.appendingPathComponent("\(command)-\(k)"))
                #expect(Set(other.keys) == Set(first.keys))
                for (name, bytes) in first where other[name] != bytes { differing[name, default: []].append(k) }
            }
            for (name, processes) in differing.sorted(by: { $0.key < $1.key }) {
                Issue.record("\(command): \(name) differs between process 0 and processes \(processes)")
            }
        }
    }

    /// Messages collected from several threads.
    final class ErrorList: Sendable {
        private let list = Mutex<[String]>([])
        var items: [String] { list.withLock { $0 } }
        func append(_ message: String) { list.withLock { $0.append(message) } }
    }
}
