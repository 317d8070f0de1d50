// Hyphens in lines: a soft hyphen breaks with a hyphen only when the line ends there, dictionary
// points (LibreOffice's en_US patterns; the expected points are pyphen's on the same file)
// break words when the hyphenation factor asks for it, the hyphen is the font's U+2010 and
// belongs to the character before it, and Pango's insert_hyphens="false" shows none. Widths are
// hb-shape's on Fonts/DejaVuSans.ttf (font units, 2048 per em, so /128 at 16 pt): "extra" 5336,
// "extra‐" 6075 (U+2010 739, no kerning with "a"), "extraordinary" 13871 (with U+00AD between
// "extra" and "ordinary" too: HarfBuzz gives the soft hyphen no advance), "hyphenation" 12844,
// "a hyphen‐" 10311, "a" 1255.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Hyphenation in lines")
struct HyphenationLayoutTests {
    static func paragraph(_ string: String, factor: CGFloat = 0, language: String? = "en-US", hyphens: Bool? = nil)
        throws -> AttributedText
    {
        var style = ParagraphStyle()
        style.hyphenationFactor = factor
        var attributes: Attributes = [.font(try Fonts.dejaVu(16)), .paragraphStyle(style)]
        attributes.language = language
        attributes.insertsHyphens = hyphens
        return text(string, attributes)
    }

    static func string(_ line: Line, _ t: AttributedText) -> String {
        String(decoding: Array(t.utf16)[line.stringRange], as: UTF16.self)
    }

    /// "extra­ordinary" (a soft hyphen after "extra") in a line too narrow for the word: the
    /// first line ends after the soft hyphen and shows U+2010 (DejaVu Sans has it), as wide as
    /// the font says; the line is as wide as "extra" plus that hyphen.
    @Test func softHyphenTakenShowsAHyphen() throws {
        let font = try Fonts.dejaVu(16)
        let t = try Self.paragraph("extra\u{AD}ordinary")
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 80, height: 500))
        #expect(frame.lines.map(\.stringRange) == [0..<6, 6..<14])
        let first = frame.lines[0]
        #expect(first.isHyphenated)
        #expect(!frame.lines[1].isHyphenated)
        let hyphen = try #require(font.glyph(for: "\u{2010}"))
        #expect(first.glyphRuns.last?.glyphs.last == hyphen)
        #expect(abs(first.width - 6075.0 / 128) < 0.001)
        // The hyphen belongs to the character before it (the soft hyphen, index 5).
        #expect(first.glyphRuns.last?.stringIndices.last == 5)
        #expect(abs(first.offset(forStringIndex: 6).primary - first.width) < 0.001)
    }

    /// Where the whole word fits, the soft hyphen shows nothing and takes no room.
    @Test func softHyphenNotTakenIsInvisible() throws {
        let font = try Fonts.dejaVu(16)
        let t = try Self.paragraph("extra\u{AD}ordinary")
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 400, height: 500))
        #expect(frame.lines.count == 1)
        #expect(!frame.lines[0].isHyphenated)
        #expect(abs(frame.lines[0].width - 13871.0 / 128) < 0.001)
    }

    /// insertsHyphens = false (Pango's insert_hyphens="false"): the break stays, no hyphen shows.
    @Test func insertHyphensFalseShowsNone() throws {
        let font = try Fonts.dejaVu(16)
        let t = try Self.paragraph("extra\u{AD}ordinary", hyphens: false)
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 80, height: 500))
        #expect(frame.lines.map(\.stringRange) == [0..<6, 6..<14])
        #expect(!frame.lines[0].isHyphenated)
        #expect(abs(frame.lines[0].width - 5336.0 / 128) < 0.001)
    }

    /// "hyphenation" is hy-phen-ation in the en_US patterns (pyphen: positions 2 and 6). With a
    /// factor of 1 and a line with room for "hyphenation" alone (100.34) and "a hyphen‐" (80.55)
    /// but not "a hyphenation" (115.2), the line breaks at 6.
    @Test func dictionaryPointBreaksTheWord() throws {
        let t = try Self.paragraph("a hyphenation", factor: 1)
        let width = 12844.0 / 128 + 1
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: width, height: 500))
        #expect(frame.lines.map { Self.string($0, t) } == ["a hyphen", "ation"])
        #expect(frame.lines[0].isHyphenated)
        // Without hyphenation (factor 0) the word moves down whole.
        let plain = try Framesetter(Self.paragraph("a hyphenation")).frame(
            in: CGRect(x: 0, y: 0, width: width, height: 500))
        #expect(plain.lines.map { Self.string($0, t) } == ["a ", "hyphenation"])
        // Without a language there is no dictionary.
        let unknown = try Framesetter(Self.paragraph("a hyphenation", factor: 1, language: nil)).frame(
            in: CGRect(x: 0, y: 0, width: width, height: 500))
        #expect(unknown.lines.count == 2 && !unknown.lines[0].isHyphenated)
    }

    /// A word over three or more lines is cut only at its own points: pyphen 0.18.1 gives
    /// in-com-pre-hen-si-bil-i-ties and abo-li-tion-ist on hyph_en_US.dic (offsets below). A
    /// line that starts inside the word takes the word's next points, never points found by
    /// hyphenating the rest as if it were a word, and every cut shows a hyphen. In a greedy
    /// line, the cut is the last point where the line with its hyphen fits.
    @Test(arguments: [
        ("incomprehensibilities", [2, 5, 8, 11, 13, 16, 17], 52.0), ("abolitionist", [3, 5, 9], 40.0),
        ("abolitionist", [3, 5, 9], 48.0),
    ])
    func wordOverSeveralLinesIsCutAtItsOwnPoints(_ word: String, _ points: [Int], _ width: Double) throws {
        let font = try Fonts.dejaVu(16)
        let t = try Self.paragraph(word, factor: 1)
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: width, height: 500))
        #expect(frame.lines.count >= 3)
        let units = Array(word.utf16)
        let hyphenWidth = font.advance(for: try #require(font.glyph(for: "\u{2010}")))
        for (index, line) in frame.lines.enumerated() {
            let end = line.stringRange.upperBound
            if index == frame.lines.count - 1 {
                #expect(end == units.count)
                continue
            }
            #expect(points.contains(end), "line \(index) ends at \(end)")
            #expect(line.isHyphenated, "line \(index)")
            #expect(line.width <= width + 0.001)
            // The next point would not have fitted (greedy takes the last that fits).
            if let later = points.first(where: { $0 > end }) {
                let longer = try Line(t.attributedSubstring(line.stringRange.lowerBound..<later))
                #expect(longer.width + hyphenWidth > width, "line \(index) could have reached \(later)")
            }
        }
    }

    /// NSParagraphStyle's rule: hyphenation is tried only when the line without it fills less
    /// than the factor: "a" alone fills 9.8 of the 101.34 points, so a factor just below that
    /// fraction keeps the word whole and one just above hyphenates it.
    @Test func factorIsAFillThreshold() throws {
        let width = 12844.0 / 128 + 1
        let fill = 1255.0 / 128 / width
        let low = try Framesetter(Self.paragraph("a hyphenation", factor: fill * 0.9)).frame(
            in: CGRect(x: 0, y: 0, width: width, height: 500))
        #expect(!low.lines[0].isHyphenated)
        let high = try Framesetter(Self.paragraph("a hyphenation", factor: fill * 1.1)).frame(
            in: CGRect(x: 0, y: 0, width: width, height: 500))
        #expect(high.lines[0].isHyphenated)
    }

    /// Words shorter than the limit, and words with digits or inner punctuation, are left whole.
    @Test func limitsAndNonWords() throws {
        var style = ParagraphStyle()
        style.hyphenationFactor = 1
        style.hyphenationLimits = HyphenationLimits(minimumWordLength: 12)
        var attributes: Attributes = [.font(try Fonts.dejaVu(16)), .paragraphStyle(style)]
        attributes.language = "en-US"
        let width = 12844.0 / 128 - 1
        for string in ["a hyphenation", "a hyphen4tion"] {
            let t = text(string, attributes)
            let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: width, height: 500))
            #expect(frame.lines.allSatisfy { !$0.isHyphenated }, "\(string)")
        }
    }

    /// Optimal breaking with hyphenation: every hyphenated line ends at a dictionary point of
    /// its last word, and the text is all there once the hyphens are removed.
    @Test func optimalHyphenatesAtDictionaryPoints() throws {
        var style = ParagraphStyle(alignment: .justified)
        style.lineBreakStrategy = .optimal
        style.hyphenationFactor = 1
        var attributes: Attributes = [.font(try Fonts.dejaVu(16)), .paragraphStyle(style)]
        attributes.language = "en-US"
        let string = ParagraphBreakingTests.frogKing
        let t = text(string, attributes)
        let frame = try Framesetter(t).frame(in: CGRect(x: 0, y: 0, width: 180, height: 10_000))
        let hyphenated = frame.lines.filter(\.isHyphenated)
        #expect(!hyphenated.isEmpty)
        // pyphen 0.18 on /usr/share/hyphen/hyph_en_US.dic, minimums 2 and 3.
        let allowed = ["beau|ti|ful", "as|ton|ished", "daugh|ters", "young|est", "wish|ing", "when|ev|er", "it|self"]
        let points = Set(
            allowed.flatMap { word in
                let parts = word.split(separator: "|")
                return (1..<parts.count).map { parts[..<$0].joined() + "-" }
            })
        for line in hyphenated {
            let last = Self.string(line, t).split(separator: " ").last.map(String.init) ?? ""
            #expect(points.contains(last + "-"), "\(last)")
        }
    }
}
