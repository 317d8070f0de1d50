// hb-shape (libharfbuzz-bin) run as the independent oracle of the layout tests: glyph ids, offsets
// and advances in font units, horizontally or top to bottom.
import Foundation

/// One glyph of `hb-shape --output-format=json`: id, offsets and advances in font units (y up).
struct HBGlyph: Decodable {
    let g: UInt32
    let dx: Int
    let dy: Int
    let ax: Int
    let ay: Int
}

/// `text` shaped by hb-shape in the font at `path`, top to bottom when `ttb`, with `features`
/// (hb-shape's `--features` syntax, e.g. "hwid") when given.
func hbShape(_ text: String, font path: String, ttb: Bool = false, features: String? = nil) throws -> [HBGlyph] {
    let exe = "/usr/bin/hb-shape"
    guard FileManager.default.isExecutableFile(atPath: exe) else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: exe)
    process.arguments =
        ["--no-glyph-names", "--output-format=json", "--font-file=\(path)", "--text=\(text)"]
        + (ttb ? ["--direction=ttb"] : []) + (features.map { ["--features=\($0)"] } ?? [])
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try JSONDecoder().decode([HBGlyph].self, from: data)
}
