// Tests of `galley layout`: the JSON agrees with the Framesetter run directly on the same input.
import Foundation
import Galley
import GalleyCLI
import GalleyTestSupport
import Testing

@Suite("galley layout")
struct LayoutCommandTests {
    static let text = "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs."

    /// The frame the tool documents it makes: the font and colour as base attributes, the
    /// default paragraph style, a frame `width` wide and as tall as `suggestFrameSize` says
    /// (rounded up to whole points), at the left and bottom margins.
    static func directFrame(_ string: String, size: CGFloat, width: CGFloat, margins: (left: CGFloat, bottom: CGFloat))
        throws -> Frame
    {
        let font = try Font(path: TestFonts.dejaVuSans, size: size)
        var attributes: Attributes = [.font(font), .foregroundColor(.black)]
        attributes.paragraphStyle = ParagraphStyle(alignment: .natural, lineBreakMode: .wordWrapping)
        let framesetter = try Framesetter(AttributedText(string, attributes: attributes), defaultFont: font)
        let height = try framesetter.suggestFrameSize(
            constraints: CGSize(width: width, height: .greatestFiniteMagnitude)
        ).size.height.rounded(.up)
        return try framesetter.frame(in: CGRect(x: margins.left, y: margins.bottom, width: width, height: height))
    }

    static func numbers(_ any: Any?) -> [Double] {
        (any as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
    }

    /// A value rounded as the tool documents (1/1000).
    static func r(_ v: CGFloat) -> Double { (Double(v) * 1000).rounded() / 1000 }

    @Test("the JSON parses and agrees with the Framesetter")
    func agreesWithFramesetter() throws {
        let run = CLITestSupport.run([
            "layout", "--font", TestFonts.dejaVuSans, "--size", "14", "--width", "200",
            "--margin", "5,6,7,8", "--text", Self.text,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try run.json()
        let frame = try Self.directFrame(Self.text, size: 14, width: 200, margins: (8, 7))
        #expect(Self.numbers(json["size"]) == [200, Double(frame.rect.height)])
        #expect(Self.numbers(json["stringRange"]) == [0, Double(Self.text.utf16.count)])
        #expect(
            Self.numbers(json["visibleStringRange"]) == [
                Double(frame.visibleStringRange.lowerBound), Double(frame.visibleStringRange.count),
            ])
        let lines = try #require(json["lines"] as? [[String: Any]])
        #expect(lines.count == frame.lines.count)
        #expect(lines.count >= 3)  // 86 characters of 14-pt text cannot fit in 200 points on two lines.
        for (i, (jsonLine, line)) in zip(lines, frame.lines).enumerated() {
            #expect(
                Self.numbers(jsonLine["stringRange"]) == [
                    Double(line.stringRange.lowerBound), Double(line.stringRange.count),
                ], "line \(i)")
            #expect(
                Self.numbers(jsonLine["origin"]) == [Self.r(frame.lineOrigins[i].x), Self.r(frame.lineOrigins[i].y)],
                "line \(i)")
            #expect((jsonLine["width"] as? NSNumber)?.doubleValue == Self.r(line.width))
            #expect((jsonLine["ascent"] as? NSNumber)?.doubleValue == Self.r(line.ascent))
            #expect((jsonLine["descent"] as? NSNumber)?.doubleValue == Self.r(line.descent))
            let runs = try #require(jsonLine["runs"] as? [[String: Any]])
            #expect(runs.count == line.glyphRuns.count)
            for (jr, gr) in zip(runs, line.glyphRuns) {
                #expect(jr["font"] as? String == "DejaVuSans")
                #expect((jr["size"] as? NSNumber)?.doubleValue == 14)
                #expect(jr["rightToLeft"] as? Bool == false)
                #expect(Self.numbers(jr["glyphs"]) == gr.glyphs.map(Double.init))
                #expect(Self.numbers(jr["stringIndices"]) == gr.stringIndices.map(Double.init))
                #expect((jr["positions"] as? [Any])?.count == gr.positions.count)
                #expect((jr["advances"] as? [Any])?.count == gr.advances.count)
                #expect(jr["color"] as? String == "#000000ff")
                #expect(jr["placeholder"] is NSNull)
            }
        }
    }

    @Test("keys come in the documented order")
    func keyOrder() throws {
        let text = CLITestSupport.run(["layout", "--font", TestFonts.dejaVuSans, "--text", "Hi"]).stdoutText
        func order(_ keys: [String]) -> Bool {
            let positions = keys.compactMap { text.range(of: "\"\($0)\":")?.lowerBound }
            return positions.count == keys.count && positions == positions.sorted()
        }
        #expect(order(["size", "stringRange", "visibleStringRange", "lines"]))
        #expect(order(["origin", "width", "ascent", "descent", "leading", "trailingWhitespaceWidth", "runs"]))
        #expect(
            order(["font", "rightToLeft", "glyphs", "positions", "advances", "stringIndices", "color", "placeholder"]))
        #expect(text.hasSuffix("}\n"))
    }

    @Test("a short --height limits the visible range")
    func limitedHeight() throws {
        // DejaVu Sans at 12 pt has ascent + descent ≈ 13.97 pt, so a 20-pt frame holds one line only.
        let run = CLITestSupport.run([
            "layout", "--font", TestFonts.dejaVuSans, "--width", "100", "--height", "20", "--text", Self.text,
        ])
        let json = try run.json()
        let lines = try #require(json["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        #expect(Self.numbers(json["size"]) == [100, 20])
        let visible = Self.numbers(json["visibleStringRange"])
        #expect(visible.count == 2 && visible[1] < Double(Self.text.utf16.count))
        #expect(visible == Self.numbers(lines[0]["stringRange"]))
    }

    @Test("colour and placeholder fields")
    func placeholderAndColour() throws {
        let run = CLITestSupport.run([
            "layout", "--font", TestFonts.dejaVuSans, "--color", "#336699", "--markup",
            "--text", "<placeholder width=\"30\" ascent=\"20\" descent=\"5\"/>ab",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try run.json()
        let line = try #require((json["lines"] as? [[String: Any]])?.first)
        let origin = Self.numbers(line["origin"])
        let runs = try #require(line["runs"] as? [[String: Any]])
        let placeholderRun = try #require(runs.first { !($0["placeholder"] is NSNull) })
        let placeholder = try #require(placeholderRun["placeholder"] as? [String: Any])
        #expect((placeholder["width"] as? NSNumber)?.doubleValue == 30)
        #expect((placeholder["ascent"] as? NSNumber)?.doubleValue == 20)
        #expect((placeholder["descent"] as? NSNumber)?.doubleValue == 5)
        // docs/ARCHITECTURE.md: the rect is (origin.x + the run's left edge, origin.y − descent, width, ascent + descent);
        // the placeholder is the first character of a left-to-right line, so its left edge is 0.
        #expect(Self.numbers(placeholder["rect"]) == [origin[0], ((origin[1] - 5) * 1000).rounded() / 1000, 30, 25])
        #expect(runs.allSatisfy { $0["color"] as? String == "#336699ff" })
        // The line is as tall as the placeholder: its ascent is at least the delegate's 20.
        #expect(((line["ascent"] as? NSNumber)?.doubleValue ?? 0) >= 20)
    }

    @Test("input from a file and from standard input give the same frame")
    func fileAndStdin() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("in.txt")
        try Data("Héllo wörld\nsecond paragraph".utf8).write(to: file)
        let fromFile = CLITestSupport.run(["layout", "--font", TestFonts.dejaVuSans, file.path])
        let fromStdin = CLITestSupport.run(
            ["layout", "--font", TestFonts.dejaVuSans, "-"], stdin: Array("Héllo wörld\nsecond paragraph".utf8))
        let fromText = CLITestSupport.run([
            "layout", "--font", TestFonts.dejaVuSans, "--text", "Héllo wörld\nsecond paragraph",
        ])
        #expect(fromFile.status == 0)
        #expect(fromFile.stdout == fromStdin.stdout)
        #expect(fromFile.stdout == fromText.stdout)
        // A hard line break makes two paragraphs, hence at least two lines.
        #expect(((try fromFile.json())["lines"] as? [Any])?.count == 2)
        // -o writes the same JSON to a file.
        let out = dir.appendingPathComponent("frame.json")
        let toFile = CLITestSupport.run(["layout", "--font", TestFonts.dejaVuSans, "-o", out.path, file.path])
        #expect(toFile.status == 0 && toFile.stdout.isEmpty)
        #expect([UInt8](try Data(contentsOf: out)) == fromFile.stdout)
    }
}
