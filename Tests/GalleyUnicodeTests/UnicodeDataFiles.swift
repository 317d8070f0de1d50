// Reading UCD property files (Scripts.txt, ScriptExtensions.txt, PropertyValueAliases.txt,
// DerivedBidiClass.txt) from /usr/share/unicode, as independent references for the tests.

import Foundation

enum UnicodeDataFiles {
    static let root = "/usr/share/unicode/"

    /// "0041..005A ; Latin # ..." → (0x41...0x5A, "Latin"). Also reads "# @missing:" lines
    /// when `missing` is true (they give defaults for unlisted code points).
    static func ranges(_ file: String, missing: Bool = false) throws -> [(range: ClosedRange<UInt32>, value: String)] {
        var result: [(ClosedRange<UInt32>, String)] = []
        for (_, line) in try UnicodeTestFile.dataLines(root + file) {
            if let parsed = parse(line) { result.append(parsed) }
        }
        if missing {
            let contents = try String(contentsOfFile: root + file, encoding: .utf8)
            for line in contents.split(separator: "\n") where line.hasPrefix("# @missing:") {
                if let parsed = parse(String(line.dropFirst("# @missing:".count))) { result.append(parsed) }
            }
        }
        return result
    }

    private static func parse(_ line: String) -> (ClosedRange<UInt32>, String)? {
        let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count >= 2 else { return nil }
        let bounds = fields[0].components(separatedBy: "..")
        guard let low = UInt32(bounds[0], radix: 16), let high = UInt32(bounds.last!, radix: 16) else { return nil }
        return (low...high, fields[1])
    }

    /// Long script names ("Latin") to ISO 15924 codes ("Latn") from PropertyValueAliases.txt.
    static func scriptCodesByName() throws -> [String: String] {
        var result: [String: String] = [:]
        for (_, line) in try UnicodeTestFile.dataLines(root + "PropertyValueAliases.txt") {
            let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3, fields[0] == "sc" else { continue }
            for name in fields.dropFirst(1) { result[name] = fields[1] }
        }
        return result
    }

    /// The Script of every code point per Scripts.txt ("Zzzz" where unlisted), by code.
    static func scriptTable() throws -> [String] {
        let codes = try scriptCodesByName()
        var table = [String](repeating: "Zzzz", count: 0x110000)
        for (range, name) in try ranges("Scripts.txt") {
            let code = codes[name] ?? "?\(name)"
            for cp in range { table[Int(cp)] = code }
        }
        return table
    }
}
