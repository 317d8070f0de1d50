// Custom attributes on glyph runs: CTRunGetAttributes returns "the attribute dictionary that was
// used to create the glyph run" (CTRun.h), unknown keys included, and CoreText's runs end where
// any attribute changes. Layout ignores such keys: the glyphs and positions are those of the text
// without them (the oracle is the same text laid out with the custom attribute removed), and an
// edit that changes only custom attributes reuses every paragraph's shaping and lines.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

/// The link key, as a key of an `AttributedString` scope.
enum MyLinkKey: CustomAttributedStringKey {
    typealias Value = String
    static let name = "MyLink"
}

@Suite("Custom attributes on runs")
struct CustomAttributeRunTests {
    /// "plain LINK plain" with MyLink = "x" over LINK, made the three ways ported code makes it.
    enum Source: String, CaseIterable, Sendable {
        case nsAttributedString, attributedString, builder

        func text(font: Font) throws -> AttributedText {
            let string = "plain LINK plain"
            switch self {
            case .nsAttributedString:
                let ns = NSMutableAttributedString(string: string, attributes: [.font: font])
                ns.addAttribute(.init("MyLink"), value: "x", range: NSRange(location: 6, length: 4))
                return try AttributedText(ns)
            case .attributedString:
                var attributed = AttributedString(string)
                attributed[AttributeScopes.GalleyAttributes.FontAttribute.self] = font
                let start = attributed.index(attributed.startIndex, offsetByCharacters: 6)
                let end = attributed.index(start, offsetByCharacters: 4)
                attributed[start..<end][MyLinkKey.self] = "x"
                return try AttributedText(attributed, customKeys: [MyLinkKey.self])
            case .builder:
                var builder = AttributedTextBuilder(string, attributes: [.font(font)])
                try builder.setCustomAttribute("x", forKey: "MyLink", range: 6..<10)
                return builder.build()
            }
        }
    }

    @Test(arguments: Source.allCases)
    func reproGivesThreeRuns(_ source: Source) throws {
        let font = try Fonts.dejaVu(16)
        let text = try source.text(font: font)
        let line = try Line(text)
        #expect(line.glyphRuns.map(\.stringRange) == [0..<6, 6..<10, 10..<16])
        let values = line.glyphRuns.map { $0.attributes[custom: "MyLink"]?.value(as: String.self) }
        #expect(values == [nil, "x", nil])
        // The layout attributes are untouched.
        #expect(line.glyphRuns.allSatisfy { $0.attributes.font == font })
        // Layout ignores the key: the same glyphs at the same places as without it.
        var plain = AttributedTextBuilder(text)
        try plain.removeCustomAttribute(forKey: "MyLink", range: 0..<text.length)
        let reference = try Line(plain.build())
        #expect(reference.glyphRuns.count == 1)
        #expect(line.glyphRuns.flatMap { Array($0.glyphs) } == Array(reference.glyphRuns[0].glyphs))
        #expect(line.glyphRuns.flatMap { Array($0.positions) } == Array(reference.glyphRuns[0].positions))
        #expect(line.width == reference.width)
        // Each run starts where the one before it ends.
        for (a, b) in zip(line.glyphRuns, line.glyphRuns.dropFirst()) {
            #expect(abs(a.originX + a.width - b.originX) < 1e-9)
        }
    }

    /// Custom values that change inside a right-to-left run, inside a ligature ("ffi" in DejaVu
    /// Sans is one glyph) and around a mark: the runs cover the line without gaps, in visual
    /// order, and the glyphs are the reference's.
    @Test(arguments: [
        ("abc שלום עולם def", 6..<10),
        ("office affine", 2..<3),
        ("e\u{301}cole", 0..<1),
        ("مرحبا بالعالم", 3..<8),
    ])
    func splitsKeepTheGlyphs(_ string: String, _ range: Range<Int>) throws {
        let font = try Fonts.dejaVu(16)
        var builder = AttributedTextBuilder(string, attributes: [.font(font)])
        try builder.setCustomAttribute(42, forKey: "Marker", range: range)
        let line = try Line(builder.build())
        let reference = try Line(AttributedText(string, attributes: [.font(font)]))
        #expect(line.glyphRuns.flatMap { Array($0.glyphs) } == reference.glyphRuns.flatMap { Array($0.glyphs) })
        #expect(
            line.glyphRuns.flatMap { Array($0.positions) } == reference.glyphRuns.flatMap { Array($0.positions) })
        let covered = line.glyphRuns.map(\.stringRange).sorted { $0.lowerBound < $1.lowerBound }
        #expect(covered.first?.lowerBound == 0)
        #expect(covered.last?.upperBound == string.utf16.count)
        for (a, b) in zip(covered, covered.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        // Every glyph's cluster lies in its run's range, and the run carries that cluster's value.
        for run in line.glyphRuns {
            for index in run.stringIndices { #expect(run.stringRange.contains(index)) }
            let marked = run.attributes[custom: "Marker"] != nil
            let expected = run.stringIndices.first.map { range.contains($0) } ?? false
            #expect(marked == expected, "run \(run.stringRange)")
        }
    }

    /// Changing only custom attributes (a link label's highlight on touch) shapes nothing and
    /// breaks nothing again: the new typesetter takes over every paragraph's analysis and lines,
    /// and the lines carry the new values.
    @Test func customEditReusesShapingAndLines() throws {
        let font = try Fonts.dejaVu(14)
        let string = (0..<4).map { "Paragraph \($0) with a link that wraps in a narrow frame." }
            .joined(separator: "\n")
        var builder = AttributedTextBuilder(string, attributes: [.font(font)])
        try builder.setLink(.string("https://example.com/a"), range: 12..<30)
        let old = builder.build()
        let rect = CGRect(x: 0, y: 0, width: 150, height: 100_000)
        let first = try Framesetter(old)
        let before = try first.frame(in: rect)
        try builder.setCustomAttribute(true, forKey: "Highlighted", range: 12..<30)
        let new = builder.build()
        let edited = Framesetter(new, reusing: first)
        #expect(edited.typesetter.inheritedParagraphCount == 4)
        #expect(edited.typesetter.inheritedLineCount == 4)
        let after = try edited.frame(in: rect)
        let fresh = try Framesetter(new).frame(in: rect)
        IncrementalLayoutTests.expectSameFrame(after, fresh, "highlight added")
        #expect(after.lines.map(\.stringRange) == before.lines.map(\.stringRange))
        let highlighted = after.lines.flatMap(\.glyphRuns).filter { $0.attributes[custom: "Highlighted"] != nil }
        #expect(highlighted.map(\.stringRange).reduce(0) { $0 + $1.count } == 18)
        #expect(highlighted.allSatisfy { $0.attributes.link == .string("https://example.com/a") })
        // And back: removing the highlight joins the runs it split.
        try builder.removeCustomAttribute(forKey: "Highlighted", range: 0..<new.length)
        let back = Framesetter(builder.build(), reusing: edited)
        let again = try back.frame(in: rect)
        #expect(
            again.lines.map { $0.glyphRuns.map(\.stringRange) } == before.lines.map { $0.glyphRuns.map(\.stringRange) })
    }
}
