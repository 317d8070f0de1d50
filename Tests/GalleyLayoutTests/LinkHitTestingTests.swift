// Link hit-testing as a link label does it (TTTAttributedLabel's linkAtPoint:, built on
// CTFrameGetLineOrigins, CTRunGetPositions/Advances and CTRunGetAttributes): a tap on any
// character of a link that wraps over three lines and mixes directions lands on that link, with
// its whole range; a tap on other text does not. The oracle for where a character is drawn is
// its glyph's position and advance in the frame (CTRunGetPositions + the line origin), the tap
// at the middle of that advance and of the line's ascent-to-descent band.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Link hit-testing")
struct LinkHitTestingTests {
    static let before = "Read "
    static let linked = "the manual שלום עולם ומה and more words here"
    static let between = " or "
    static let other = "ask us"
    static let after = " now."

    static func frame() throws -> (Frame, Range<Int>, Range<Int>) {
        let font = try Fonts.dejaVu(16)
        let string = before + linked + between + other + after
        var builder = AttributedTextBuilder(string, attributes: [.font(font)])
        let a = before.utf16.count
        let first = a..<(a + linked.utf16.count)
        let b = first.upperBound + between.utf16.count
        let second = b..<(b + other.utf16.count)
        try builder.setLink(.url(URL(string: "https://example.com/manual")!), range: first)
        try builder.setLink(.string("mailto:us@example.com"), range: second)
        let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 10, y: 20, width: 120, height: 1000))
        return (frame, first, second)
    }

    /// Where glyph `g` of run `r` of line `i` is drawn: the middle of its advance, the middle of
    /// the line's band, in frame path coordinates.
    static func tap(_ frame: Frame, line i: Int, run r: Int, glyph g: Int) -> CGPoint {
        let line = frame.lines[i]
        let run = line.glyphRuns[r]
        let origin = frame.lineOrigins[i]
        return CGPoint(
            x: frame.rect.minX + origin.x + run.positions[g].x + run.advances[g].width / 2,
            y: frame.rect.minY + origin.y + (line.ascent - line.descent) / 2)
    }

    @Test func everyIndexOfAWrappedBidiLinkLandsOnIt() throws {
        let (frame, first, second) = try Self.frame()
        let linesOfLink = frame.lines.filter { $0.stringRange.overlaps(first) }
        #expect(linesOfLink.count >= 3)
        #expect(frame.lines.contains { $0.glyphRuns.contains { $0.isRightToLeft && $0.attributes.link != nil } })
        var tested = Set<Int>()
        for (i, line) in frame.lines.enumerated() {
            for (r, run) in line.glyphRuns.enumerated() {
                for g in 0..<run.glyphCount where run.advances[g].width > 0 {
                    let index = run.stringIndices[g]
                    let hit = frame.link(at: Self.tap(frame, line: i, run: r, glyph: g))
                    if first.contains(index) {
                        #expect(hit?.range == first, "index \(index)")
                        #expect(hit?.link.absoluteString == "https://example.com/manual")
                        tested.insert(index)
                    } else if second.contains(index) {
                        #expect(hit?.range == second, "index \(index)")
                    } else {
                        #expect(hit == nil, "index \(index) is no link")
                    }
                }
            }
        }
        // Every character of the link that has a glyph of its own was tapped (DejaVu Sans has no
        // ligatures in these words).
        #expect(tested == Set(first))
        #expect(frame.links.map(\.range) == [first, second])
    }

    /// The link's glyph boxes hold the middle of each of its glyphs and of no other glyph.
    @Test func glyphRectsCoverTheLinkOnly() throws {
        let (frame, first, _) = try Self.frame()
        let rects = frame.glyphRects(forStringRange: first)
        #expect(rects.count >= 3)
        for (i, line) in frame.lines.enumerated() {
            for (r, run) in line.glyphRuns.enumerated() {
                for g in 0..<run.glyphCount where run.advances[g].width > 0 {
                    let point = Self.tap(frame, line: i, run: r, glyph: g)
                    let inside = rects.contains { $0.contains(point) }
                    #expect(inside == first.contains(run.stringIndices[g]), "index \(run.stringIndices[g])")
                }
            }
        }
        // Between lines and beside the text, no link.
        #expect(frame.link(at: CGPoint(x: frame.rect.maxX - 1, y: frame.rect.minY + 1)) == nil)
    }
}
