// PyPI's pyphen, an independent reader of the same /usr/share/hyphen dictionaries that Galley hands
// to libhyphen, run as the oracle of hyphenation points: Scripts/pyphen-points.py in python3.

import Foundation

/// pyphen run in a python3 subprocess.
public enum Pyphen {
    /// The script that prints pyphen's points (Scripts/pyphen-points.py beside this file).
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/pyphen-points.py")

    /// What pyphen says of a word list.
    public struct Points: Sendable {
        /// pyphen's version.
        public let version: String
        /// Each word of the list with its points as UTF-16 offsets: `points` with the dictionary's
        /// levels combined as libhyphen combines them, `plain` pyphen's own (every pattern as one level).
        public let words: [(word: String, points: [Int], plain: [Int])]
    }

    /// pyphen's points for each word of the file `words` (one word a line) with the dictionary
    /// file `dictionary` and the minimums `left` and `right` (the larger of each and the
    /// dictionary's own applies, as in libhyphen).
    /// - Throws: ``OracleError`` when python3 or pyphen is missing (`make test-deps` installs
    ///   pyphen), the script fails, or it prints nothing.
    public static func points(dictionary: String, left: Int, right: Int, words: URL) throws -> Points {
        let result = try ToolProcess.run(
            "/usr/bin/env", ["python3", script.path, dictionary, "\(left)", "\(right)"], standardInput: words,
            timeout: 300)
        guard result.status == 0 else {
            throw OracleError(
                "python3 with pyphen failed (is pyphen installed? `make test-deps` installs it): \(result.errorText)")
        }
        var lines = result.text.split(separator: "\n").map(String.init)
        guard !lines.isEmpty else { throw OracleError("pyphen-points.py printed nothing") }
        let version = lines.removeFirst()
        let words = lines.map { line -> (String, [Int], [Int]) in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let word = String(fields[0])
            // pyphen counts code points; Galley counts UTF-16 code units.
            let scalars = Array(word.unicodeScalars)
            func offsets(_ field: Substring) -> [Int] {
                field.split(separator: " ").map { Int($0)! }.map { index in
                    scalars[..<index].reduce(0) { $0 + $1.utf16.count }
                }
            }
            return (word, offsets(fields[1]), offsets(fields[2]))
        }
        return Points(version: version, words: words)
    }
}
