// HarfBuzz's own command-line shaper, hb-shape (Debian's libharfbuzz-bin), run as the independent
// oracle that Galley's glyphs, clusters, offsets and advances must equal.

import Foundation

/// One glyph as `hb-shape --output-format=json --no-glyph-names` prints it: font units (the
/// scale is the font's units per em), y up, the cluster as a UTF-16 offset.
public struct HBGlyph: Decodable, Equatable, Sendable {
    /// The glyph id.
    public let g: UInt32
    /// The cluster: the UTF-16 offset in the text of the first character the glyph came from.
    public let cl: Int
    /// The x offset.
    public let dx: Int
    /// The y offset.
    public let dy: Int
    /// The x advance.
    public let ax: Int
    /// The y advance (negative downward, for `--direction=ttb`).
    public let ay: Int
    /// The glyph flags (`--show-flags`; bit 1 HB_GLYPH_FLAG_UNSAFE_TO_BREAK, bit 2
    /// HB_GLYPH_FLAG_UNSAFE_TO_CONCAT); nil when they were not asked for.
    public let fl: Int?

    /// A glyph with these fields.
    public init(g: UInt32, cl: Int, dx: Int, dy: Int, ax: Int, ay: Int, fl: Int? = nil) {
        self.g = g
        self.cl = cl
        self.dx = dx
        self.dy = dy
        self.ax = ax
        self.ay = ay
        self.fl = fl
    }
}

/// hb-shape run as a process.
public enum HBShape {
    /// The installed hb-shape, or nil when libharfbuzz-bin is missing.
    public static let executable: String? = ToolProcess.find("hb-shape")

    /// hb-shape's glyphs for `text` in the font file at `fontPath`.
    /// - Parameters:
    ///   - direction: `--direction` (`ltr`, `rtl`, `ttb`, `btt`); hb-shape guesses from the script when nil.
    ///   - script: `--script` (an ISO 15924 tag such as `Arab`).
    ///   - language: `--language` (a BCP 47 tag).
    ///   - features: `--features`, in hb-shape's syntax (`-kern,-liga`, `hwid`).
    ///   - variations: `--variations` (`wght=700`).
    ///   - showFlags: `--show-flags`, so that each glyph carries its flags (`fl`, 0 when none is set).
    /// - Returns: the glyphs in visual order, their clusters turned from hb-shape's code point
    ///   indices into UTF-16 offsets.
    /// - Throws: ``OracleError`` when hb-shape is missing, fails, or prints something that is not
    ///   its JSON.
    public static func shape(
        _ text: String, fontPath: String, direction: String? = nil, script: String? = nil,
        language: String? = nil, features: String? = nil, variations: String? = nil, showFlags: Bool = false
    ) throws -> [HBGlyph] {
        var arguments = ["--no-glyph-names", "--output-format=json", "--font-file=\(fontPath)", "--text=\(text)"]
        if let direction { arguments.append("--direction=\(direction)") }
        if let script { arguments.append("--script=\(script)") }
        if let language { arguments.append("--language=\(language)") }
        if let features { arguments.append("--features=\(features)") }
        if let variations { arguments.append("--variations=\(variations)") }
        if showFlags { arguments.append("--show-flags") }
        let output = try ToolProcess.output(of: "hb-shape", package: "libharfbuzz-bin", arguments)
        let glyphs: [HBGlyph]
        do {
            glyphs = try JSONDecoder().decode([HBGlyph].self, from: Data(output.utf8))
        } catch {
            throw OracleError("hb-shape printed '\(output)' for '\(text)' in \(fontPath): \(error)")
        }
        // hb-shape reports clusters as code point indices (without --utf8-clusters).
        var utf16Offset: [Int] = []
        var u16 = 0
        for scalar in text.unicodeScalars {
            utf16Offset.append(u16)
            u16 += scalar.utf16.count
        }
        utf16Offset.append(u16)
        return glyphs.map {
            HBGlyph(
                g: $0.g, cl: $0.cl < utf16Offset.count ? utf16Offset[$0.cl] : -1, dx: $0.dx, dy: $0.dy, ax: $0.ax,
                ay: $0.ay, fl: showFlags ? $0.fl ?? 0 : nil)
        }
    }
}
