// The "Porting code from iOS" examples of README.md, run as written with their results checked.
// The code between the README markers below must be the README's Swift blocks of that section,
// line for line (a test compares them), so the README cannot drift from what runs.
import Foundation
import Galley
import GalleyTestSupport
import Testing

@Suite("README porting examples")
struct ReadmePortingExampleTests {
    @Test func portingExamplesRun() throws {
        // README BEGIN
        let string = "Be Bold! And a little color wouldn’t hurt either."
        let regular = try Font(family: "DejaVu Sans", size: 36)
        let bold = try Font(family: "DejaVu Sans", weight: .bold, size: 36)

        let attrs: [NSAttributedString.Key: Any] = [.font: regular]
        let s = NSMutableAttributedString(string: string, attributes: attrs)
        s.addAttribute(.font, value: bold, range: (string as NSString).range(of: "Be Bold!"))
        s.addAttribute(
            .foregroundColor, value: Color.red, range: (string as NSString).range(of: "color"))

        let frame = try Framesetter(AttributedText(s)).frame(in: CGRect(x: 0, y: 0, width: 414, height: 300))
        for line in frame.lines {
            for run in line.glyphRuns {
                print(run.font.postScriptName, run.stringRange)  // DejaVuSans-Bold 0..<8 first
            }
        }
        // README END
        let firstRun = try #require(frame.lines.first?.glyphRuns.first)
        #expect(firstRun.font.postScriptName == "DejaVuSans-Bold" && firstRun.stringRange == 0..<8)
        #expect(frame.visibleStringRange == 0..<(string as NSString).length)
        let fromNS = try AttributedText(s)
        #expect(try fromNS.attributes(at: 0).longestEffectiveRange == 0..<8)
        #expect(try fromNS.attributes(at: 22).attributes.foregroundColor == .red)
        #expect(try fromNS.attributes(at: 22).longestEffectiveRange == 22..<27)

        // README BEGIN
        var b = try AttributedTextBuilder(string, attributes: [.font: regular])
        try b.addAttribute(.font, value: bold, range: (string as NSString).range(of: "Be Bold!"))
        try b.addAttribute(.foregroundColor, value: Color.red, range: (string as NSString).range(of: "color"))
        try b.setUnderline(.single, range: string.range(of: "hurt")!)
        let text = b.build()
        // README END
        var withoutUnderline = AttributedTextBuilder(text)
        try withoutUnderline.removeAttribute(.underline, range: 0..<text.length)
        #expect(withoutUnderline.build() == fromNS)
        #expect(try text.attributes(at: 37).longestEffectiveRange == 37..<41)  // "hurt"

        // README BEGIN
        let avatar = try RunDelegate(width: 40, ascent: 30, descent: 10, value: "avatar.png")
        let line = NSMutableAttributedString(string: "Avatar: ", attributes: [.font: regular])
        line.append(NSAttributedString(string: "\u{FFFC}", attributes: [.runDelegate: avatar]))
        line.append(NSAttributedString(string: " says hello.", attributes: [.font: regular]))

        let card = try Framesetter(AttributedText(line)).frame(in: CGRect(x: 0, y: 0, width: 414, height: 100))
        for placeholder in card.placeholders {
            print(placeholder.delegate.value, placeholder.stringIndex, placeholder.rect)  // avatar.png 8 …
        }
        // README END
        let placeholder = try #require(card.placeholders.first)
        #expect(card.placeholders.count == 1 && placeholder.stringIndex == 8 && placeholder.delegate == avatar)
        #expect(placeholder.rect.width == 40 && placeholder.rect.height == 40)
    }

    /// The README's Swift blocks of "Porting code from iOS" are the marked code above, line for
    /// line (indentation, blank lines, imports and line wrapping aside).
    @Test func readmeShowsTheCodeThatRuns() throws {
        let here = URL(fileURLWithPath: #filePath)
        let readme = try String(contentsOf: TestPackage.url("README.md"), encoding: .utf8)
        let section =
            try #require(readme.components(separatedBy: "## Porting code from iOS").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let readmeBlocks = section.components(separatedBy: "```swift\n").dropFirst()
            .map { Self.normalized($0.components(separatedBy: "```").first ?? "") }
        let source = try String(contentsOf: here, encoding: .utf8)
        let testBlocks = source.components(separatedBy: "// README BEGIN\n").dropFirst()
            .map { Self.normalized($0.components(separatedBy: "// README END").first ?? "") }
        #expect(readmeBlocks.count == 3)
        #expect(readmeBlocks == testBlocks)
    }

    /// The code without indentation, blank lines and imports, with wrapped lines joined (so
    /// swift-format may wrap the test's copy), and comments' spacing unified.
    static func normalized(_ code: String) -> String {
        code.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            .joined(separator: " ")
            .replacingOccurrences(of: "( ", with: "(")
            .replacingOccurrences(of: " )", with: ")")
            .split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
    }
}
