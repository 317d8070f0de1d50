// fontconfig's own command-line tools (Debian's fontconfig package: fc-match, fc-list, fc-query)
// run as the independent oracle of family resolution, font listing and font properties: against
// the system configuration, the bundled fonts alone, or both.

import Foundation

/// One face as `fc-match -f` prints it.
public struct FcAnswer: Sendable, CustomStringConvertible {
    /// `family[0]`.
    public let family: String
    /// Every family name of the face.
    public let families: [String]
    /// `style[0]`.
    public let style: String
    /// fontconfig's weight scale (80 regular, 200 bold); nil for a variable face's range.
    public let weight: Double?
    /// fontconfig's slant (0 roman, 100 italic, 110 oblique).
    public let slant: Int
    /// fontconfig's width (100 normal); nil for a variable face's range.
    public let width: Double?
    /// The face index in its file (named instances of a variable font from 0x10000).
    public let index: Int
    /// The PostScript name.
    public let postScriptName: String
    /// 90-synthetic.conf asked for emboldening.
    public let embolden: Bool
    /// 90-synthetic.conf gave the face a slanting matrix.
    public let slanted: Bool
    /// The face is a variable font (or one of its named instances).
    public let variable: Bool
    /// The font file.
    public let file: String

    /// The face in one line, for messages.
    public var description: String {
        let weightText = weight.map { "\($0)" } ?? "range"
        let widthText = width.map { "\($0)" } ?? "range"
        let synthetic = (embolden ? ", embolden" : "") + (slanted ? ", matrix" : "")
        return
            "\(family) \(style) (\(postScriptName), weight \(weightText), slant \(slant), width \(widthText)\(synthetic))"
    }
}

/// fc-match, fc-list and fc-query run as processes (each killed after 30 seconds).
public enum Fontconfig {
    /// Which fonts and rules the tools see.
    public enum Configuration: Sendable {
        /// The system's own configuration (/etc/fonts/fonts.conf): what Galley asks for aliases.
        case system
        /// Only the bundled Fonts directory, plus fontconfig's stock 90-synthetic.conf.
        case bundledOnly
        /// The system's configuration with the bundled Fonts directory added: every face Galley's
        /// collection holds.
        case systemAndBundled
    }

    /// `%{…}` fields separated by `|`, one line: what ``match(_:_:)`` reads.
    static let answerFormat =
        "%{family[0]}|%{family}|%{style[0]}|%{weight}|%{slant}|%{width}|%{index}|%{postscriptname}|%{embolden}|%{matrix}|%{variable}|%{file}\\n"

    /// The bundled fonts directory that Galley's shared collection uses in this test process:
    /// `$GALLEY_FONTS_DIR` when set (the library's documented override), else the checkout's Fonts/.
    static let bundledFontsDirectory: String = {
        if let override = ProcessInfo.processInfo.environment["GALLEY_FONTS_DIR"], !override.isEmpty {
            return override
        }
        return TestFonts.directory
    }()

    /// A temporary directory holding the two configuration files and fontconfig's cache for them:
    /// one per user and bundled directory (named by an FNV-1a hash of its path, so checkouts side
    /// by side do not share one), reused by later runs (fontconfig revalidates its cache by mtime).
    static let configurationDirectory: String = {
        let fonts = bundledFontsDirectory
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in fonts.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let name = "galley-fc-oracle-\(getuid())-\(String(hash, radix: 16))"
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let head = "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n<fontconfig>\n"
        let cache = "<cachedir>\(directory)/cache</cachedir>\n"
        let bundled =
            head + "<dir>\(fonts)</dir>\n" + cache
            + "<include ignore_missing=\"yes\">/usr/share/fontconfig/conf.avail/90-synthetic.conf</include>\n"
            + "</fontconfig>\n"
        let both =
            head + "<include ignore_missing=\"yes\">/etc/fonts/fonts.conf</include>\n<dir>\(fonts)</dir>\n" + cache
            + "</fontconfig>\n"
        try? bundled.write(toFile: directory + "/bundled.conf", atomically: true, encoding: .utf8)
        try? both.write(toFile: directory + "/both.conf", atomically: true, encoding: .utf8)
        return directory
    }()

    /// This process's environment with `FONTCONFIG_FILE` set for `configuration`.
    static func environment(_ configuration: Configuration) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        switch configuration {
        case .system: break  // the configuration Galley itself loads
        case .bundledOnly: environment["FONTCONFIG_FILE"] = configurationDirectory + "/bundled.conf"
        case .systemAndBundled: environment["FONTCONFIG_FILE"] = configurationDirectory + "/both.conf"
        }
        return environment
    }

    /// The standard output of fontconfig's tool `name` with `arguments` under `configuration`.
    static func run(_ name: String, _ arguments: [String], _ configuration: Configuration) throws -> String {
        try ToolProcess.output(of: name, package: "fontconfig", arguments, environment: environment(configuration))
    }

    /// Every family fontconfig's 30-metric-aliases.conf names (lower case): the families its
    /// rules make stand in for one another because they have the same metrics.
    /// - Throws: ``OracleError`` when the file is not installed (package fontconfig-config).
    public static func metricAliasFamilies() throws -> Set<String> {
        let paths = [
            "/etc/fonts/conf.d/30-metric-aliases.conf", "/usr/share/fontconfig/conf.avail/30-metric-aliases.conf",
        ]
        guard let path = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw OracleError("30-metric-aliases.conf is missing (Debian's fontconfig-config installs it)")
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var names = Set<String>()
        for part in text.components(separatedBy: "<family>").dropFirst() {
            if let end = part.range(of: "</family>") { names.insert(part[..<end.lowerBound].lowercased()) }
        }
        return names
    }

    /// Whether fc-match answers `name` with a metric-compatible family (both named by
    /// 30-metric-aliases.conf), as opposed to a face of the generic class fontconfig files the
    /// name under.
    public static func answersWithMetricAlias(_ name: String) throws -> Bool {
        let metric = try metricAliasFamilies()
        let answer = try match(escaped(name), .system)
        return metric.contains(name.lowercased()) && metric.contains(answer.family.lowercased())
    }

    // MARK: Patterns

    /// `name` escaped for a fontconfig pattern (`\` before `\`, `-`, `:`, `,`).
    public static func escaped(_ name: String) -> String {
        var out = ""
        for c in name {
            if "\\-:,".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// fontconfig's weight for a CSS weight: the piecewise-linear map of fontconfig's fcweight.c
    /// (OpenType 100 → thin 0, 200 → 40, 300 → 50, 350 → 55, 380 → 75, 400 → 80, 500 → 100,
    /// 600 → 180, 700 → 200, 800 → 205, 900 → 210, 1000 → 215).
    static let weightMap: [(Double, Double)] = [
        (0, 0), (100, 0), (200, 40), (300, 50), (350, 55), (380, 75), (400, 80), (500, 100), (600, 180),
        (700, 200), (800, 205), (900, 210), (1000, 215),
    ]

    /// The fontconfig weight of a CSS weight (``weightMap``).
    public static func fcWeight(css: Int) -> Double {
        let w = Double(css)
        for i in 1..<weightMap.count where w <= weightMap[i].0 {
            let (a, b) = (weightMap[i - 1], weightMap[i])
            return a.1 + (w - a.0) * (b.1 - a.1) / (b.0 - a.0)
        }
        return 215
    }

    /// The CSS weight of a fontconfig weight (the inverse map; fontconfig's thin 0 is CSS 100).
    public static func cssWeight(fc: Double) -> Double {
        for i in 2..<weightMap.count where fc <= weightMap[i].1 {
            let (a, b) = (weightMap[i - 1], weightMap[i])
            return a.0 + (fc - a.1) * (b.0 - a.0) / (b.1 - a.1)
        }
        return 1000
    }

    /// The pattern `fc-match` reads for a request: `Family:weight=W:slant=S:width=P`.
    public static func pattern(family: String, weight: Int, italic: Bool, width: Double) -> String {
        "\(escaped(family)):weight=\(fcWeight(css: weight)):slant=\(italic ? 100 : 0):width=\(width)"
    }

    /// A family nothing knows, to see fontconfig's default.
    public static let sentinelPattern = pattern(
        family: "Galley Oracle Sentinel 5e1d", weight: 400, italic: false, width: 100)

    // MARK: The tools

    /// fc-match's face for `pattern` under `configuration`.
    /// - Throws: ``OracleError`` when fc-match is missing, fails or prints something unexpected.
    public static func match(_ pattern: String, _ configuration: Configuration) throws -> FcAnswer {
        let output = try run("fc-match", ["-f", answerFormat, pattern], configuration)
        let fields = output.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 12 else { throw OracleError("unexpected fc-match output '\(output)' for '\(pattern)'") }
        return FcAnswer(
            family: fields[0], families: fields[1].split(separator: ",").map(String.init), style: fields[2],
            weight: Double(fields[3]), slant: Int(fields[4]) ?? 0, width: Double(fields[5]),
            index: Int(fields[6]) ?? 0, postScriptName: fields[7], embolden: fields[8] == "True",
            slanted: !fields[9].isEmpty, variable: fields[10] == "True",
            file: fields[11].trimmingCharacters(in: .newlines))
    }

    /// `fc-match -f format pattern`: fontconfig's best face for `pattern`, formatted.
    public static func match(format: String, _ pattern: String, _ configuration: Configuration = .system) throws
        -> String
    {
        try run("fc-match", ["-f", format, pattern], configuration)
    }

    /// `fc-match -s -f format pattern` under the bundled-only configuration: fontconfig's sorted
    /// fallback list, one formatted line per face.
    public static func sortBundled(_ pattern: String, _ format: String) throws -> [String] {
        try run("fc-match", ["-s", "-f", format, pattern], .bundledOnly).split(separator: "\n").map(String.init)
    }

    /// `fc-query -f format file` (every face of the file, one formatted line each).
    public static func query(_ file: String, _ format: String) throws -> String {
        try run("fc-query", ["-f", format, file], .system)
    }

    /// `fc-list -f format pattern` under a configuration, one line per face.
    public static func list(_ pattern: String, _ format: String, _ configuration: Configuration) throws -> [String] {
        try run("fc-list", ["-f", format, pattern], configuration).split(separator: "\n").map(String.init)
    }

    /// The PostScript names of the faces `fc-list pattern` lists that Galley loads: TrueType or
    /// CFF faces, not a variable font's named instances (index ≥ 65536).
    public static func listFaces(_ pattern: String) throws -> Set<String> {
        let lines = try list(pattern, "%{postscriptname}|%{index}|%{fontformat}\n", .systemAndBundled)
        return Set(
            lines.compactMap { line in
                let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 3, let index = Int(fields[1]), index < 0x10000,
                    fields[2] == "TrueType" || fields[2] == "CFF"
                else { return nil }
                return fields[0]
            })
    }
}
