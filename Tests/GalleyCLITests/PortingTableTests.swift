// Keeps docs/CORETEXT.md, the porting table, honest: every row has a known status, every `Y` row
// names the test that pins it and that test exists, every `P` and `n/a` row says why.
import Foundation
import GalleyTestSupport
import Testing

@Suite("docs/CORETEXT.md porting table")
struct PortingTableTests {
    /// One row of the table: `| CoreText | Galley | status | note |`.
    struct Row: CustomStringConvertible {
        let coreText: String
        let galley: String
        let status: String
        let note: String
        var description: String { coreText }
    }

    static let repository = TestPackage.root

    /// The table rows of docs/CORETEXT.md (header and separator rows left out).
    static func rows() throws -> [Row] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/CORETEXT.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> Row? in
            guard line.hasPrefix("| ") else { return nil }
            let cells = cellsOf(String(line))
            guard cells.count == 4, cells[0] != "CoreText", !cells[0].hasPrefix("---") else { return nil }
            return Row(coreText: cells[0], galley: cells[1], status: cells[2], note: cells[3])
        }
    }

    /// The cells of a Markdown table row; `|` inside backticks does not split.
    static func cellsOf(_ line: String) -> [String] {
        var cells: [String] = [], current = "", inCode = false
        for character in line.dropFirst().dropLast(line.hasSuffix("|") ? 1 : 0) {
            if character == "`" { inCode.toggle() }
            if character == "|", !inCode {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        cells.append(current.trimmingCharacters(in: .whitespaces))
        return cells
    }

    /// The tests a note names: every `Type.function` in backticks after "Test:" or "Tests:".
    static func namedTests(_ note: String) -> [(type: String, function: String)] {
        guard let marker = note.range(of: "Test:") ?? note.range(of: "Tests:") else { return [] }
        return note[marker.upperBound...].split(separator: "`").enumerated().compactMap { index, part in
            guard index % 2 == 1 else { return nil }
            let pieces = part.split(separator: ".")
            guard pieces.count == 2 else { return nil }
            return (String(pieces[0]), String(pieces[1]))
        }
    }

    /// Every Swift file under Tests/, read once.
    static let testSources: [String] = {
        let tests = repository.appendingPathComponent("Tests")
        guard let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        return files.compactMap { item in
            guard let url = item as? URL, url.pathExtension == "swift" else { return nil }
            return try? String(contentsOf: url, encoding: .utf8)
        }
    }()

    /// Whether a test file declares `struct type` (or a class or extension of it) and `func function(`.
    static func exists(type: String, function: String) -> Bool {
        testSources.contains { source in
            let declares = ["struct \(type) ", "struct \(type){", "class \(type) ", "extension \(type) "].contains {
                source.contains($0)
            }
            return declares && (source.contains("func \(function)(") || source.contains("func \(function) ("))
        }
    }

    @Test("every row has a status of Y, P, N or n/a, and no symbol is listed twice")
    func statuses() throws {
        let rows = try Self.rows()
        try #require(rows.count > 100, "the table has \(rows.count) rows")
        for row in rows {
            #expect(["Y", "P", "N", "n/a"].contains(row.status), "\(row): status '\(row.status)'")
        }
        var seen = Set<String>()
        for row in rows { #expect(seen.insert(row.coreText).inserted, "\(row) is listed twice") }
        let count = { (status: String) in rows.filter { $0.status == status }.count }
        let totals =
            "**Totals: \(rows.count) rows: \(count("Y")) Y, \(count("P")) P, \(count("N")) N, \(count("n/a")) n/a.**"
        print("CORETEXT.md: \(totals)")
        let text = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/CORETEXT.md"), encoding: .utf8)
        #expect(text.contains(totals), "the totals line must read \(totals)")
    }

    /// The first table (the porter's problems) names tests in its last column: they must exist too.
    @Test("the tests named for the porter's first problems exist")
    func problemTestsExist() throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("docs/CORETEXT.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## The first things a porter hits").last)
        let table = try #require(section.components(separatedBy: "\n## ").first)
        let rows = table.split(separator: "\n").filter {
            $0.hasPrefix("| `") || $0.hasPrefix("| no ") || $0.hasPrefix("| a ") || $0.hasPrefix("| kern")
        }
        try #require(rows.count == 6, "six problems, found \(rows.count)")
        for row in rows {
            let tests = Self.namedTests("Tests: " + (Self.cellsOf(String(row)).last ?? ""))
            #expect(!tests.isEmpty, "\(row)")
            for test in tests { #expect(Self.exists(type: test.type, function: test.function), "\(test)") }
        }
    }

    @Test("every Y row names at least one test, and each named test exists under Tests/")
    func completeRowsNameTheirTests() throws {
        for row in try Self.rows() where row.status == "Y" {
            let tests = Self.namedTests(row.note)
            #expect(!tests.isEmpty, "\(row): a Y row must end with Test: `Suite.function`")
            for test in tests {
                #expect(
                    Self.exists(type: test.type, function: test.function),
                    "\(row): no test \(test.type).\(test.function)")
            }
        }
    }

    @Test("every P, N and n/a row says why")
    func otherRowsExplain() throws {
        for row in try Self.rows() where row.status != "Y" {
            #expect(row.note.count >= 10, "\(row): a \(row.status) row needs its reason in the note")
        }
    }

    @Test("the checker finds tests that exist and rejects ones that do not")
    func checkerIsNotVacuous() {
        #expect(Self.exists(type: "PortingTableTests", function: "statuses"))
        #expect(!Self.exists(type: "PortingTableTests", function: "noSuchTest"))
        #expect(!Self.exists(type: "NoSuchSuite", function: "statuses"))
        let named = Self.namedTests("Complete. Tests: `A.b`, `C.d`")
        #expect(named.map { "\($0.type).\($0.function)" } == ["A.b", "C.d"])
        #expect(Self.cellsOf("| `a|b` | c | Y | d |") == ["`a|b`", "c", "Y", "d"])
    }
}
