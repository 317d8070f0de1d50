// Natural and justified tab alignment and tab options (column terminators), from CoreText's and
// AppKit's documentation: CTTextTab supports "left, center, right, justified and natural";
// NSTextTab's tab-stop-type table maps justified to a left tab stop and natural to a left or right
// stop by the writing direction, and a right tab with column terminators to a decimal tab;
// kCTTabColumnTerminatorsAttributeName is "the character set … that terminates a tab column".
// Widths from DejaVu Sans at 16 pt (Dv16: x 9.46875, "1" 10.1796875).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite("Tab options")
struct TabOptionsTests {
    func tabbed(_ string: String, _ stop: TextTab, direction: WritingDirection = .natural) throws -> Line {
        let style = ParagraphStyle(baseWritingDirection: direction, tabStops: [stop])
        let text = try styled(string, style)
        return try Typesetter(text).line(for: 0..<text.length)
    }

    /// Justified and natural tabs in a left-to-right paragraph are left tabs: "x\txx" puts the
    /// second "x" at the stop (100).
    @Test(arguments: [TabAlignment.justified, .natural])
    func justifiedAndNaturalAreLeftInLeftToRight(_ alignment: TabAlignment) throws {
        let line = try tabbed("x\txx", TextTab(alignment: alignment, location: 100))
        #expect(glyphX(line, 2) == 100)
        #expect(line.width == 100 + 2 * Dv16.x)
    }

    /// In a right-to-left paragraph a natural tab starts the text at the stop on the leading
    /// (right) side, so the logical pen reaches the stop before the text: the line is the stop
    /// plus the text's width; a justified (left, absolute) tab puts the text left of the stop,
    /// ending there: the line ends at the stop.
    @Test func rightToLeftNaturalAndJustified() throws {
        let natural = try tabbed("x\txx", TextTab(alignment: .natural, location: 50), direction: .rightToLeft)
        #expect(abs(natural.width - (50 + 2 * Dv16.x)) < 1e-9)
        let justified = try tabbed("x\txx", TextTab(alignment: .justified, location: 50), direction: .rightToLeft)
        #expect(abs(justified.width - 50) < 1e-9)
    }

    /// A right tab with column terminators {","} is a decimal tab for "," (as for de_DE): "1,5"
    /// puts its "," at the stop; a centre tab with terminators centres the text before the
    /// terminator on the stop; terminators beyond the BMP work too.
    @Test func columnTerminators() throws {
        let comma = TextTab.Options(columnTerminators: CharacterSet(charactersIn: ","))
        let right = try tabbed("x\t1,5", TextTab(alignment: .right, location: 100, options: comma))
        #expect(glyphX(right, 2) == 100 - Dv16.one)
        #expect(glyphX(right, 3) == 100)
        let center = try tabbed("x\t11,5", TextTab(alignment: .center, location: 100, options: comma))
        #expect(glyphX(center, 2) == 100 - Dv16.one)
        // No terminator in the text: the whole text aligns (right: it ends at the stop).
        let whole = try tabbed("x\t11", TextTab(alignment: .right, location: 100, options: comma))
        #expect(glyphX(whole, 2) == 100 - 2 * Dv16.one)
        // The "." of a decimal tab no longer applies when terminators are given.
        let decimalComma = try tabbed("x\t1.1,5", TextTab(alignment: .decimal, location: 100, options: comma))
        #expect(glyphX(decimalComma, 5) == 100)
    }

    /// NSTextTab.columnTerminators(for:): the locale's decimal separator.
    @Test func localeColumnTerminators() {
        #expect(TextTab.columnTerminators(for: Locale(identifier: "de_DE")).contains(","))
        #expect(!TextTab.columnTerminators(for: Locale(identifier: "de_DE")).contains("."))
        #expect(TextTab.columnTerminators(for: Locale(identifier: "en_US")).contains("."))
        // CTTextTabGetOptions gives back what was given.
        let options = TextTab.Options(columnTerminators: CharacterSet(charactersIn: ";"))
        #expect(TextTab(alignment: .right, location: 10, options: options).options == options)
    }
}
