// A line's last piece with a hyphen after it, made by joining (HarfBuzz's recipe for a hyphen at
// a line break under HB_GLYPH_FLAG_UNSAFE_TO_CONCAT: the item's glyphs up to a cluster start clear
// of the flag, then the rest shaped again with the hyphen) is the piece shaped again whole with
// the hyphen, glyph for glyph: HarfBuzz's definition of the flag is the reason, and the whole
// piece shaped again (what `hyphenated` did before, and still does where it cannot join) is the
// reference. The texts are chosen for what makes pieces unsafe to cut: ligatures and kerning in
// DejaVu Serif (ffi, fl, "AV", "To"), conjuncts in Devanagari, Thai marks.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Hyphenated pieces")
struct HyphenatedPieceTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        let font: String
        let text: String
        let language: String
        var testDescription: String { "\(font): \(text.prefix(24))" }
    }

    static let samples = [
        Sample(
            font: "DejaVuSerif.ttf", text: "The officials of Waffleton flew affluent Avon Tower staff to fjords",
            language: "en"),
        Sample(font: "DejaVuSans.ttf", text: "Kaffeemaschine Schifffahrt Auffassung Tatverdacht", language: "de"),
        Sample(font: "NotoSansDevanagari-Regular.ttf", text: "स्वतन्त्रता प्रधानमन्त्री विद्यालय", language: "hi"),
        Sample(font: "NotoSansThai-Regular.ttf", text: "ภาษาไทยที่น่าสนใจ ผู้ใหญ่", language: "th"),
    ]

    /// Every piece of every word from its start to each later code-unit boundary inside it (the
    /// places a hyphenation point or soft hyphen can end a line), in the item holding it.
    static func pieces(_ sample: Sample) throws -> (ParagraphAnalysis, [UInt16], [(ShapedItem, Range<Int>)]) {
        let font = try Font(path: TestFonts.path(sample.font), size: 20)
        let text = AttributedText(sample.text, attributes: [.font(font), .language(sample.language)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let analysis = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared)
        let units = text.utf16
        var out: [(ShapedItem, Range<Int>)] = []
        for item in analysis.items {
            var start = item.range.lowerBound
            while start < item.range.upperBound {
                var end = start
                while end < item.range.upperBound, units[end] != 0x20 { end += 1 }
                if end - start >= 2 {
                    for hi in (start + 2)...end { out.append((item, start..<hi)) }
                }
                start = end + 1
            }
        }
        return (analysis, units, out)
    }

    /// The glyphs of an item's range with absolute clusters, in visual order.
    static func glyphs(_ item: ShapedItem) -> [[Double]] {
        item.storage.glyphs[item.glyphRange].map {
            [Double($0.id), Double(Int($0.cluster) + item.storage.base), Double($0.advance), $0.offset.x, $0.offset.y]
        }
    }

    @Test(arguments: samples)
    func joiningEqualsShapingTheWholePiece(_ sample: Sample) throws {
        let (analysis, units, pieces) = try Self.pieces(sample)
        var joined = 0
        for (item, range) in pieces {
            let whole = item.hyphenatedWhole(range, units: units, context: analysis.content)
            let made = item.hyphenated(range, units: units, context: analysis.content)
            #expect(Self.glyphs(made) == Self.glyphs(whole), "\(range)")
            #expect(made.range == whole.range)
            if let join = item.hyphenatedByJoining(range, units: units, context: analysis.content) {
                joined += 1
                #expect(Self.glyphs(join) == Self.glyphs(whole), "\(range)")
            }
        }
        // The joining path is taken (so the equality above is not only the fallback's): every
        // sample has cluster starts clear of the flag near some piece's end.
        #expect(joined > 0, "\(joined) of \(pieces.count)")
    }

    /// Where the joining path does not apply it declines, and `hyphenated` shapes the whole piece:
    /// right-to-left text (Arabic) is always shaped whole.
    @Test func rightToLeftIsShapedWhole() throws {
        let font = try Font(path: TestFonts.path("NotoSansArabic-Regular.ttf"), size: 20)
        let text = AttributedText("السلام عليكم", attributes: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let analysis = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared)
        let item = try #require(analysis.items.first)
        let range = item.range.lowerBound..<(item.range.lowerBound + 4)
        #expect(item.hyphenatedByJoining(range, units: text.utf16, context: analysis.content) == nil)
        #expect(
            Self.glyphs(item.hyphenated(range, units: text.utf16, context: analysis.content))
                == Self.glyphs(item.hyphenatedWhole(range, units: text.utf16, context: analysis.content)))
    }

    /// HarfBuzz's flag as Galley reads it agrees with hb-shape's `--unsafe-to-concat` output
    /// (glyph flag 2) on a kerned and ligated word.
    @Test func concatFlagsMatchHBShape() throws {
        let path = TestFonts.path("DejaVuSerif.ttf")
        let word = "Waffleton AVA"
        let output = try ToolProcess.output(
            of: "hb-shape", package: "libharfbuzz-bin",
            [
                "--font-file=\(path)", "--unsafe-to-concat", "--show-flags", "--no-glyph-names", "--no-positions",
                "--text=\(word)",
            ])
        // "[58=0|68=1#3|...]": glyph=cluster, then #flags when any are set.
        let reference = output.trimmingCharacters(in: CharacterSet(charactersIn: "[]\n")).split(separator: "|").map {
            entry -> Bool in
            guard let hash = entry.firstIndex(of: "#") else { return false }
            return (Int(entry[entry.index(after: hash)...]) ?? 0) & 2 != 0
        }
        let font = try Font(path: path, size: 20)
        let text = AttributedText(word, attributes: [.font(font)])
        let span = try #require(ParagraphSplitter.split(text.utf16).first)
        let analysis = ParagraphAnalysis(text: text, span: span, defaultFont: font, fonts: .shared)
        let flags = analysis.items.flatMap { item in item.storage.glyphs[item.glyphRange].map(\.unsafeToConcat) }
        #expect(flags == reference)
        #expect(flags.contains(true) && flags.contains(false))
    }
}
