// Runs HarfBuzz's own command-line shaper, hb-shape (Debian's libharfbuzz-bin), as the
// independent reference that Galley's shaping must equal.
import Foundation
import GalleyFonts

/// One glyph as hb-shape prints it in JSON with --no-glyph-names (font units, scale = upem).
struct HBGlyph: Decodable, Equatable {
    let g: UInt32
    let cl: Int
    let dx: Int
    let dy: Int
    let ax: Int
    let ay: Int
}

enum HBShape {
    static let executable: String? = {
        for dir in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: dir + "/hb-shape")
        {
            return dir + "/hb-shape"
        }
        return nil
    }()

    /// hb-shape's glyphs for `text` in the font at `path`, in font units, clusters as UTF-16 offsets.
    static func shape(
        _ text: String, fontPath: String, direction: String? = nil, script: String? = nil,
        language: String? = nil, features: String? = nil, variations: String? = nil
    ) throws -> [HBGlyph] {
        guard let exe = executable else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        var arguments = ["--no-glyph-names", "--output-format=json", "--font-file=\(fontPath)", "--text=\(text)"]
        if let direction { arguments.append("--direction=\(direction)") }
        if let script { arguments.append("--script=\(script)") }
        if let language { arguments.append("--language=\(language)") }
        if let features { arguments.append("--features=\(features)") }
        if let variations { arguments.append("--variations=\(variations)") }
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var glyphs = try JSONDecoder().decode([HBGlyph].self, from: data)
        // hb-shape reports clusters as code point indices (without --utf8-clusters); map them to
        // UTF-16 offsets.
        var utf16Offset: [Int] = []
        var u16 = 0
        for scalar in text.unicodeScalars {
            utf16Offset.append(u16)
            u16 += scalar.utf16.count
        }
        utf16Offset.append(u16)
        glyphs = glyphs.map {
            HBGlyph(
                g: $0.g, cl: $0.cl < utf16Offset.count ? utf16Offset[$0.cl] : -1, dx: $0.dx, dy: $0.dy, ax: $0.ax,
                ay: $0.ay)
        }
        return glyphs
    }
}

/// Paths of the bundled fonts.
enum BundledFonts {
    static let directory: String = FontCollection.defaultBundledFontsDirectory() ?? "Fonts"
    static func path(_ file: String) -> String { directory + "/" + file }
}
