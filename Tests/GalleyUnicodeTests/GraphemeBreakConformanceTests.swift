// UAX #29 conformance of GraphemeClusters against the Unicode Consortium's GraphemeBreakTest.txt.

import Testing

@testable import GalleyUnicode

@Suite struct GraphemeBreakConformanceTests {
    /// ICU 72 implements Unicode 15.0; the file is GraphemeBreakTest-15.0.0 (checked below),
    /// so every case must pass.
    @Test func graphemeBreakTest() throws {
        let path = UnicodeTestFile.auxiliary + "GraphemeBreakTest.txt"
        #expect(UnicodeTestFile.version(path).contains("15.0"), "test data version: \(UnicodeTestFile.version(path))")
        let cases = try UnicodeTestFile.breakCases("GraphemeBreakTest.txt")
        try #require(cases.count > 500)
        var passed = 0
        var failures: [String] = []
        for testCase in cases {
            // The file marks ÷ at both ends; boundaries(in:) includes 0 and the end.
            let actual = GraphemeClusters.boundaries(in: testCase.text)
            if actual == testCase.breaks {
                passed += 1
            } else {
                failures.append("\(testCase): got \(actual), want \(testCase.breaks)")
            }
        }
        print("GraphemeBreakTest: \(passed) passed, \(failures.count) failed")
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    }
}
