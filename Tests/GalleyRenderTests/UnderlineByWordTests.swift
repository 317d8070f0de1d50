// NSUnderlineStyle.byWord: "Draw the line only beneath or through words, not whitespace" (UIKit's
// NSUnderlineStyle documentation). Rows from DejaVu Sans's post table, as DecorationTests does.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Underline by word")
struct UnderlineByWordTests {
    /// "HH   HH" underlined by word in red at 40 pt: the band is red under both words and white
    /// under the three spaces between them; without byWord it is red under the spaces too.
    @Test func byWordSkipsWhitespace() throws {
        let tables = try SFNTTables(path: DecorationTests.dejaVu)
        let font = try Font(path: DecorationTests.dejaVu, size: 40)
        let red = Color(red: 1, green: 0, blue: 0)
        let k = 40.0 / Double(tables.unitsPerEm)
        for byWord in [true, false] {
            let text = AttributedText(
                "HH   HH", attributes: [.font(font), .underline(TextDecoration(color: red, byWord: byWord))])
            let (bitmap, frame) = try DecorationTests.render(text)
            let baseline = Double(frame.lineOrigins[0].y)
            let band = DecorationTests.rows(
                top: baseline + Double(tables.underlinePosition) * k,
                thickness: Double(tables.underlineThickness) * k, height: 80)
            let line = try #require(frame.lines.first)
            let spaceStart = Int(line.offset(forStringIndex: 2).primary.rounded(.up))
            let spaceEnd = Int(line.offset(forStringIndex: 5).primary.rounded(.down))
            #expect(DecorationTests.all(bitmap, 1..<spaceStart - 1, band, are: DecorationTests.red))
            #expect(DecorationTests.all(bitmap, spaceEnd + 1..<Int(line.width) - 1, band, are: DecorationTests.red))
            let gap = spaceStart + 1..<spaceEnd - 1
            if byWord {
                #expect(DecorationTests.all(bitmap, gap, band, are: DecorationTests.white))
            } else {
                #expect(DecorationTests.all(bitmap, gap, band, are: DecorationTests.red))
            }
        }
    }
}
