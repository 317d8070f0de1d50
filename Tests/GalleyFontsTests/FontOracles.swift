// Oracles for the CoreText-parity font tests: fontconfig's own fc-query, fc-list and fc-match
// (Debian package fontconfig) and HarfBuzz's hb-shape (libharfbuzz-bin), run as processes.

import Foundation

enum FontOracles {
    /// The first executable of that name in /usr/bin or /usr/local/bin.
    static func tool(_ name: String) throws -> String {
        guard
            let path = ["/usr/bin/", "/usr/local/bin/"].map({ $0 + name }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw OracleError("\(name) is not installed") }
        return path
    }

    /// `fc-query -f format file` (every face of the file, one formatted line each).
    static func fcQuery(_ file: String, _ format: String) throws -> String {
        try FcMatch.run(try tool("fc-query"), ["-f", format, file], environment: ProcessInfo.processInfo.environment)
    }

    /// `fc-list -f format pattern` under a configuration (bundled only, or system and bundled).
    static func fcList(_ pattern: String, _ format: String, _ configuration: FcMatch.Configuration) throws -> [String] {
        var environment = ProcessInfo.processInfo.environment
        switch configuration {
        case .system: break
        case .bundledOnly: environment["FONTCONFIG_FILE"] = FcMatch.configurationDirectory + "/bundled.conf"
        case .systemAndBundled: environment["FONTCONFIG_FILE"] = FcMatch.configurationDirectory + "/both.conf"
        }
        return try FcMatch.run(try tool("fc-list"), ["-f", format, pattern], environment: environment)
            .split(separator: "\n").map(String.init)
    }

    /// The PostScript names of the faces `fc-list pattern` lists that Galley loads: TrueType or
    /// CFF faces, not a variable font's named instances (index ≥ 65536).
    static func fcListFaces(_ pattern: String) throws -> Set<String> {
        let lines = try fcList(pattern, "%{postscriptname}|%{index}|%{fontformat}\n", .systemAndBundled)
        return Set(
            lines.compactMap { line in
                let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 3, let index = Int(fields[1]), index < 0x10000,
                    fields[2] == "TrueType" || fields[2] == "CFF"
                else { return nil }
                return fields[0]
            })
    }

    /// `fc-match -s -f format pattern` under the bundled-only configuration: fontconfig's sorted
    /// fallback list, one formatted line per face.
    static func fcSortBundled(_ pattern: String, _ format: String) throws -> [String] {
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = FcMatch.configurationDirectory + "/bundled.conf"
        return try FcMatch.run(try tool("fc-match"), ["-s", "-f", format, pattern], environment: environment)
            .split(separator: "\n").map(String.init)
    }

    /// One glyph of `hb-shape --output-format=json` at the font's own units (no `--font-size`).
    struct ShapedGlyph: Decodable {
        let g: Int
        let ax: Int
        let ay: Int
        let dx: Int
        let dy: Int
    }

    /// hb-shape's glyphs for `text` in `font`, with `--direction` and no glyph names.
    static func hbShape(_ font: String, _ text: String, direction: String = "ltr", features: String? = nil) throws
        -> [ShapedGlyph]
    {
        var arguments = [
            "--output-format=json", "--no-glyph-names", "--direction=\(direction)", font, text,
        ]
        if let features { arguments.insert("--features=\(features)", at: 0) }
        let output = try FcMatch.run(try tool("hb-shape"), arguments, environment: ProcessInfo.processInfo.environment)
        return try JSONDecoder().decode([ShapedGlyph].self, from: Data(output.utf8))
    }
}
