// The vertical Japanese samples (samples/vertical-japanese.txt and vertical-furigana.markup with
// their .flags, vertical-rl in IPAex Mincho, Debian's fonts-ipaexfont-mincho): every line is a
// vertical column set in IPAex Mincho (the system font the flags name, found through fontconfig
// without substitution); each run's orientation is UAX #50's for its characters (kanji, kana,
// CJK punctuation and U+3000 upright; ASCII letters, digits and spaces rotated); upright runs
// and ruby carry hb-shape --direction=ttb's glyphs for their text, so 「」、。ー take the font's
// vertical forms, and rotated runs hb-shape's horizontal glyphs; and, UAX #14, no column starts
// with 、。」 or ends with 「.
import Foundation
import GalleyTestSupport
import Testing

@Suite("Vertical Japanese samples")
struct VerticalSampleTests {
    static let ipaexPath = TestFonts.ipaexMincho

    /// hb-shape's glyph ids for `text` in IPAex Mincho, top to bottom when `ttb`.
    static func hbGlyphs(_ text: String, ttb: Bool) throws -> [Double] {
        try HBShape.shape(text, fontPath: ipaexPath, direction: ttb ? "ttb" : nil).map { Double($0.g) }
    }

    /// The sample's text as laid out: markup without its tags and without the ruby text of
    /// `<rt>` (annotations are not part of the string).
    static func plainText(_ file: String) throws -> [UInt16] {
        let path = TestPackage.root.appendingPathComponent("samples/\(file)").path
        var text = try String(contentsOfFile: path, encoding: .utf8)
        if file.hasSuffix(".markup") {
            text = text.replacing(/<rt>.*?<\/rt>/, with: "").replacing(/<[^>]*>/, with: "")
        }
        return Array(text.utf16)
    }

    /// `galley layout` of the sample with its flags.
    static func layout(_ file: String) throws -> [[String: Any]] {
        let root = TestPackage.root.appendingPathComponent("samples")
        let name = (file as NSString).deletingPathExtension
        let flags = try String(contentsOf: root.appendingPathComponent("\(name).flags"), encoding: .utf8)
        let markup = file.hasSuffix(".markup") ? ["--markup"] : []
        let arguments = flags.split(whereSeparator: \.isWhitespace).map(String.init) + markup
        let run = CLITestSupport.run(["layout"] + arguments + [root.appendingPathComponent(file).path])
        #expect(run.status == 0, "\(run.stderr)")
        return try TypographyOptionTests.lines(try run.json())
    }

    @Test(arguments: ["vertical-japanese.txt", "vertical-furigana.markup"])
    func columnsInIPAexMinchoWithVerticalForms(_ file: String) throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.ipaexPath),
            "IPAex Mincho is missing: install fonts-ipaexfont-mincho (make deps)")
        let text = try Self.plainText(file)
        // The sample has real punctuation: 「」、。ー.
        for mark: UInt16 in [0x300C, 0x300D, 0x3001, 0x3002, 0x30FC] { try #require(text.contains(mark)) }
        let lines = try Self.layout(file)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0["vertical"] as? Bool == true })
        var rotated = 0
        for run in lines.flatMap({ ($0["runs"] as? [[String: Any]]) ?? [] }) {
            let range = TypographyOptionTests.nums(run["stringRange"]).map { Int($0) }
            try #require(range.count == 2 && range[0] + range[1] <= text.count)
            let units = text[range[0]..<range[0] + range[1]].filter { $0 != 0x0A }
            let ascii = units.allSatisfy { $0 < 0x80 }
            #expect(run["family"] as? String == "IPAexMincho", "run \(range)")
            #expect(run["rotated"] as? Bool == ascii, "run \(range)")
            #expect(ascii || units.allSatisfy { $0 >= 0x80 }, "run \(range) mixes orientations")
            let reference = try Self.hbGlyphs(String(decoding: units, as: UTF16.self), ttb: !ascii)
            #expect(TypographyOptionTests.nums(run["glyphs"]) == reference, "run \(range)")
            if ascii { rotated += 1 }
        }
        #expect(file.hasSuffix(".markup") || rotated >= 1)
        for line in lines {
            let range = TypographyOptionTests.nums(line["stringRange"]).map { Int($0) }
            try #require(range.count == 2 && range[1] > 0)
            #expect(![0x3001, 0x3002, 0x300D].contains(text[range[0]]), "column \(range) starts with 、。」")
            #expect(text[range[0] + range[1] - 1] != 0x300C, "column \(range) ends with 「")
            for ruby in (line["ruby"] as? [[String: Any]]) ?? [] {
                let glyphs = ((ruby["runs"] as? [[String: Any]]) ?? []).flatMap {
                    TypographyOptionTests.nums($0["glyphs"])
                }
                #expect(
                    glyphs == (try Self.hbGlyphs(ruby["text"] as? String ?? "", ttb: true)),
                    "ruby \(ruby["text"] ?? "")")
            }
        }
    }
}
