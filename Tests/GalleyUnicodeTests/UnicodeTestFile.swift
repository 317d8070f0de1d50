// Reading the Unicode Consortium's break test files (LineBreakTest.txt,
// GraphemeBreakTest.txt) shipped by Debian's unicode-data package.

import Foundation

/// One case of a UAX #14 / #29 break test: the text as UTF-16 and the expected
/// boundaries as UTF-16 offsets.
struct BreakTestCase: Sendable, CustomStringConvertible {
    let line: Int
    let source: String
    let text: [UInt16]
    /// Offsets where the file puts "÷" (a break or boundary), 0 and the end included if marked.
    let breaks: [Int]

    var description: String { "line \(line): \(source)" }
}

enum UnicodeTestFile {
    static let auxiliary = "/usr/share/unicode/auxiliary/"

    /// The lines of a test file without comments and blank lines, with their line numbers.
    static func dataLines(_ path: String) throws -> [(number: Int, fields: String)] {
        let contents = try String(contentsOfFile: path, encoding: .utf8)
        var result: [(Int, String)] = []
        for (index, raw) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = data.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { result.append((index + 1, trimmed)) }
        }
        return result
    }

    /// Appends a code point as UTF-16, keeping surrogate code points as single units.
    static func appendUTF16(_ value: UInt32, to text: inout [UInt16]) {
        if value >= 0x10000 {
            let v = value - 0x10000
            text.append(UInt16(0xD800 + (v >> 10)))
            text.append(UInt16(0xDC00 + (v & 0x3FF)))
        } else {
            text.append(UInt16(value))
        }
    }

    /// Parses a break test file: "÷ 0041 × 0301 ÷" means a boundary before A, none
    /// between A and U+0301, one at the end.
    static func breakCases(_ name: String) throws -> [BreakTestCase] {
        try dataLines(auxiliary + name).map { number, fields in
            var text: [UInt16] = []
            var breaks: [Int] = []
            for token in fields.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": breaks.append(text.count)
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16) else { continue }
                    appendUTF16(value, to: &text)
                }
            }
            return BreakTestCase(line: number, source: fields, text: text, breaks: breaks)
        }
    }

    /// The "# FileName-15.0.0.txt" header of a Unicode data file.
    static func version(_ path: String) -> String {
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return "missing" }
        return String(contents.prefix { $0 != "\n" })
    }
}
