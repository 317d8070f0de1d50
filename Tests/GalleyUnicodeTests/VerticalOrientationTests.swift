// Vertical_Orientation (UAX #50) against the UCD's VerticalOrientation.txt for every code point,
// and CSS text-orientation's split of text into upright and rotated runs.

import Foundation
import GalleyUnicode
import Testing

@Suite("Vertical orientation (UAX #50)")
struct VerticalOrientationTests {
    /// VerticalOrientation.txt (its @missing default R for unlisted code points) gives every
    /// code point's value; ICU's must be the same for all 1 114 112 of them.
    @Test func everyCodePointMatchesTheUCD() throws {
        var table = [String](repeating: "", count: 0x110000)
        for (range, value) in try UnicodeDataFiles.ranges("VerticalOrientation.txt", missing: true)
        where range.count == 0x110000 {
            for cp in range { table[Int(cp)] = value }
        }
        for (range, value) in try UnicodeDataFiles.ranges("VerticalOrientation.txt") {
            for cp in range { table[Int(cp)] = value }
        }
        try #require(!table.contains(""))
        var mismatches: [String] = []
        for cp in 0..<0x110000 {
            let value = Unicode.Scalar(UInt32(cp)).map { VerticalOrientation($0).rawValue } ?? "R"
            // Surrogate code points have no scalar: they are R in the file as well.
            if value != table[cp], mismatches.count < 20 {
                mismatches.append("U+\(String(cp, radix: 16)): \(value) vs \(table[cp])")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// UAX #50's own examples of each class.
    @Test(arguments: [
        ("A" as Unicode.Scalar, VerticalOrientation.rotated), ("ب", .rotated), ("漢", .upright), ("か", .upright),
        ("한", .upright), ("😀", .upright), ("ぁ", .transformedUpright), ("。", .transformedUpright),
        ("、", .transformedUpright), ("「", .transformedRotated), ("ー", .transformedRotated),
        ("〜", .transformedRotated), ("1", .rotated),
    ])
    func examples(_ character: Unicode.Scalar, _ expected: VerticalOrientation) {
        #expect(VerticalOrientation(character) == expected)
    }

    /// Tr characters stand upright only with a vertical alternate; Tu always stand upright.
    @Test func transformedClassesFallBack() {
        #expect(VerticalOrientation.transformedRotated.glyphOrientation(hasVerticalAlternate: true) == .upright)
        #expect(VerticalOrientation.transformedRotated.glyphOrientation(hasVerticalAlternate: false) == .sideways)
        #expect(VerticalOrientation.transformedUpright.glyphOrientation(hasVerticalAlternate: false) == .upright)
        #expect(VerticalOrientation.rotated.glyphOrientation(hasVerticalAlternate: true) == .sideways)
    }

    static func runs(_ string: String, _ orientation: TextOrientation, alternates: Bool = false) -> [String] {
        let units = Array(string.utf16)
        return orientation.runs(in: units, range: 0..<units.count, hasVerticalAlternate: { _ in alternates }).map {
            (String(decoding: units[$0.range], as: UTF16.self)) + ($0.orientation == .upright ? "|U" : "|R")
        }
    }

    /// CSS text-orientation: mixed sets Japanese upright and a Latin word sideways; the
    /// combining acute stays with its e, the family emoji (a ZWJ sequence) with its first emoji.
    @Test func mixedSplitsByCharacter() {
        #expect(Self.runs("日本語のCSSです", .mixed) == ["日本語の|U", "CSS|R", "です|U"])
        #expect(Self.runs("cafe\u{301}漢", .mixed) == ["cafe\u{301}|R", "漢|U"])
        #expect(Self.runs("a👨‍👩‍👧b", .mixed) == ["a|R", "👨‍👩‍👧|U", "b|R"])
        // ー is Tr: upright with the font's vertical alternate, else rotated.
        #expect(Self.runs("ラーメン", .mixed, alternates: true) == ["ラーメン|U"])
        #expect(Self.runs("ラーメン", .mixed) == ["ラ|U", "ー|R", "メン|U"])
    }

    @Test func uprightAndSidewaysAreOneRun() {
        #expect(Self.runs("日本CSS", .upright) == ["日本CSS|U"])
        #expect(Self.runs("日本CSS", .sideways) == ["日本CSS|R"])
        #expect(TextOrientation.mixed.runs(in: Array("abc".utf16), range: 2..<2).isEmpty)
        // A range past the text is clamped, never out of bounds.
        #expect(
            TextOrientation.mixed.runs(in: Array("abc".utf16), range: 1..<9) == [
                OrientationRun(range: 1..<3, orientation: .sideways)
            ])
    }
}
