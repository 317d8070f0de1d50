// Empty lines in vertical frames: a line with no glyphs still runs along its paragraph's axis.
// CSS Writing Modes gives an empty line of a vertical paragraph the block size of its strut, the
// first available font's em box centred on the central baseline — half an em right and left of
// the column's centre line, as an upright ideograph's run has (`GlyphRun` ascent and descent in
// a vertical line) — and hit testing, truncation and metrics treat the column as a column.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import GalleyVocabulary
import Testing

@Suite("Empty lines in vertical frames")
struct EmptyVerticalLineTests {
    static let size: CGFloat = 20
    static let box = CGRect(x: 0, y: 0, width: 200, height: 200)

    static func frame(_ string: String, maximumLines: Int = 0) throws -> Frame {
        let font = try Font(path: TestFonts.path("DroidSansFallbackFull.ttf"), size: size)
        let text = AttributedText(string, attributes: [.font(font), .verticalForms(true)])
        return try Framesetter(text).frame(
            in: box, options: FrameOptions(maximumNumberOfLines: maximumLines, progression: .rightToLeft))
    }

    /// The empty middle paragraph's column is half an em each side of its centre line, like the
    /// upright ideographs beside it, not the font's horizontal ascent and descent.
    @Test func emptyParagraphHasTheUprightEmBox() throws {
        let frame = try Self.frame("漢\n\n字")
        try #require(frame.lines.count == 3)
        let empty = frame.lines[1]
        #expect(empty.glyphRuns.isEmpty)
        #expect(empty.lineAxis == .vertical)
        #expect(empty.ascent == Self.size / 2 && empty.descent == Self.size / 2)
        #expect(empty.ascent == frame.lines[0].ascent && empty.descent == frame.lines[0].descent)
    }

    /// With an empty first paragraph the frame is still hit-tested by columns: a point on each
    /// column's centre line finds that column.
    @Test func emptyFirstColumnIsHitTestedAsAColumn() throws {
        let frame = try Self.frame("\n日本語")
        try #require(frame.lines.count == 2 && frame.lines[0].glyphRuns.isEmpty)
        #expect(frame.lines.allSatisfy { $0.lineAxis == .vertical })
        for (i, origin) in frame.lineOrigins.enumerated() {
            #expect(frame.lineIndex(at: CGPoint(x: origin.x, y: origin.y - 30)) == i)
        }
    }

    /// Truncating an empty last column lays its token out down the column.
    @Test func emptyLastColumnTruncatesWithAVerticalToken() throws {
        let frame = try Self.frame("日本語\n\n漢字", maximumLines: 2)
        try #require(frame.lines.count == 2)
        let last = frame.lines[1]
        #expect(last.isTruncated)
        let token = try #require(last.glyphRuns.first { $0.isTruncationToken })
        #expect(token.orientation.lineAxis == .vertical)
        #expect(last.lineAxis == .vertical)
    }
}
