// Truncation without a token (CTLineCreateTruncatedLine with a NULL token), clipping that keeps
// the overflowing cluster (kCTLineBreakByClipping), and tightening before truncation (UIKit's
// allowsDefaultTighteningForTruncation). Widths from DejaVu Sans' hmtx advances (Dv16).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite struct TruncationOptionsTests {
    /// CTLineCreateTruncatedLine's header: the truncation token is "used to indicate the
    /// truncation [...]. This can be NULL", and a NULL token truncates without one. The default
    /// "…" API keeps working beside it.
    @Test func truncationWithoutToken() throws {
        let line = try Line(text("xx xx xx xx", [.font(try Fonts.dejaVu(16))]))
        let cut = try #require(try line.truncatedWithoutToken(width: 30, type: .end))
        #expect(cut.glyphRuns.allSatisfy { !$0.isTruncationToken })
        // "xx " fits (2 × 9.47 + 5.09); "xx x" (33.5) does not.
        #expect(abs(cut.width - (2 * Dv16.x + Dv16.space)) < 1e-9)
        #expect(cut.truncationTokenRange == 3..<11)
        let start = try #require(try line.truncatedWithoutToken(width: 30, type: .start))
        #expect(start.glyphRuns.allSatisfy { !$0.isTruncationToken })
        #expect(start.width - start.trailingWhitespaceWidth <= 30)
        let ellipsis = try #require(try line.truncated(width: 30, type: .end, token: nil))
        #expect(ellipsis.glyphRuns.contains { $0.isTruncationToken })
        #expect(try line.truncatedWithoutToken(width: .nan, type: .end) == nil)
        #expect(try line.truncatedWithoutToken(width: 500, type: .middle)?.isTruncated == false)
    }

    /// kCTLineBreakByClipping: "Lines are simply not drawn past the edge of the text container":
    /// the glyphs are kept for the clip to cut, so the cluster that crosses the width stays.
    /// "xx xx " is 48.05 wide; the next "x" starts inside 50 and overflows to 57.52.
    @Test func clippingKeepsTheOverflowingCluster() throws {
        let rect = CGRect(x: 0, y: 0, width: 50, height: 100)
        let frame = try Framesetter(try styled("xx xx xx xx", ParagraphStyle(lineBreakMode: .clipping))).frame(in: rect)
        let line = try #require(frame.lines.first)
        #expect(abs(line.width - (5 * Dv16.x + 2 * Dv16.space)) < 1e-9)
        #expect(line.truncationTokenRange == 7..<11)
        #expect(line.glyphRuns.allSatisfy { !$0.isTruncationToken })
        // A line that fits is not cut at all.
        let fits = try Framesetter(try styled("xx", ParagraphStyle(lineBreakMode: .clipping))).frame(in: rect)
        #expect(fits.lines.first?.isTruncated == false)
    }

    /// allowsDefaultTighteningForTruncation: "whether the system may tighten inter-character
    /// spacing before truncating text". Ten x's are 94.69 wide; the nine gaps may give up 0.05 em
    /// (0.8 pt) each, 7.2 pt in all: at 92 the line fits tightened and whole, at 85 it does not
    /// and is truncated; without the flag, 92 truncates.
    @Test func tighteningBeforeTruncation() throws {
        var style = ParagraphStyle(lineBreakMode: .truncatingTail)
        style.allowsDefaultTighteningForTruncation = true
        let tight = try Line(try styled("xxxxxxxxxx", style))
        let fitted = try #require(try tight.truncated(width: 92, type: .end, token: nil))
        #expect(!fitted.isTruncated)
        #expect(fitted.glyphCount == 10)
        #expect(abs(fitted.width - 92) < 1e-9)
        #expect(try tight.truncated(width: 85, type: .end, token: nil)?.isTruncated == true)
        let loose = try Line(try styled("xxxxxxxxxx", ParagraphStyle(lineBreakMode: .truncatingTail)))
        #expect(try loose.truncated(width: 92, type: .end, token: nil)?.isTruncated == true)
        // In a frame, the tail-truncating paragraph is tightened too.
        let frame = try Framesetter(try styled("xxxxxxxxxx", style)).frame(
            in: CGRect(x: 0, y: 0, width: 92, height: 50))
        #expect(frame.lines.first?.isTruncated == false)
        #expect(ParagraphStyle.maximumTruncationTightening == 0.05)
    }
}
