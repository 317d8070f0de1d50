// Runs fontconfig's own fc-match (Debian's `fontconfig` package) as the independent oracle of
// family resolution: against the system configuration, the bundled fonts alone, or both.

import Foundation
import GalleyFonts

/// One face as `fc-match -f` prints it.
struct FcAnswer: Sendable, CustomStringConvertible {
    /// `family[0]`.
    let family: String
    /// Every family name of the face.
    let families: [String]
    let style: String
    /// fontconfig's weight scale (80 regular, 200 bold); nil for a variable face's range.
    let weight: Double?
    let slant: Int
    let width: Double?
    let index: Int
    let postScriptName: String
    /// 90-synthetic.conf asked for emboldening.
    let embolden: Bool
    /// 90-synthetic.conf gave the face a slanting matrix.
    let slanted: Bool
    let variable: Bool
    let file: String

    var description: String {
        let weightText = weight.map { "\($0)" } ?? "range"
        let widthText = width.map { "\($0)" } ?? "range"
        let synthetic = (embolden ? ", embolden" : "") + (slanted ? ", matrix" : "")
        return
            "\(family) \(style) (\(postScriptName), weight \(weightText), slant \(slant), width \(widthText)\(synthetic))"
    }
}

enum FcMatch {
    /// Which fonts and rules fc-match sees.
    enum Configuration: Sendable {
        /// The system's own configuration (/etc/fonts/fonts.conf): what Galley asks for aliases.
        case system
        /// Only the bundled Fonts directory, plus fontconfig's stock 90-synthetic.conf.
        case bundledOnly
        /// The system's configuration with the bundled Fonts directory added: every face Galley's
        /// collection holds.
        case systemAndBundled
    }

    static let executable: String? = ["/usr/bin/fc-match", "/usr/local/bin/fc-match"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// `%{…}` fields separated by `|`, one line.
    static let format =
        "%{family[0]}|%{family}|%{style[0]}|%{weight}|%{slant}|%{width}|%{index}|%{postscriptname}|%{embolden}|%{matrix}|%{variable}|%{file}\\n"

    /// A temporary directory holding the two configuration files and fontconfig's cache for them:
    /// one per user and bundled directory (named by an FNV-1a hash of its path, so checkouts side
    /// by side do not share one), reused by later runs (fontconfig revalidates its cache by mtime).
    static let configurationDirectory: String = {
        let fonts = FontCollection.shared.bundledFontsDirectory ?? TestFonts.directory
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

    /// `name` escaped for a fontconfig pattern (`\` before `\`, `-`, `:`, `,`).
    static func escaped(_ name: String) -> String {
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

    static func fcWeight(css: Int) -> Double {
        let w = Double(css)
        for i in 1..<weightMap.count where w <= weightMap[i].0 {
            let (a, b) = (weightMap[i - 1], weightMap[i])
            return a.1 + (w - a.0) * (b.1 - a.1) / (b.0 - a.0)
        }
        return 215
    }

    /// The CSS weight of a fontconfig weight (the inverse map; fontconfig's thin 0 is CSS 100).
    static func cssWeight(fc: Double) -> Double {
        for i in 2..<weightMap.count where fc <= weightMap[i].1 {
            let (a, b) = (weightMap[i - 1], weightMap[i])
            return a.0 + (fc - a.1) * (b.0 - a.0) / (b.1 - a.1)
        }
        return 1000
    }

    /// The pattern `fc-match` reads for a request: `Family:weight=W:slant=S:width=P`.
    static func pattern(family: String, weight: Int, italic: Bool, width: Double) -> String {
        "\(escaped(family)):weight=\(fcWeight(css: weight)):slant=\(italic ? 100 : 0):width=\(width)"
    }

    /// fc-match's face for `pattern` under `configuration`, run with a 30-second timeout.
    static func match(_ pattern: String, _ configuration: Configuration) throws -> FcAnswer {
        guard let executable else { throw OracleError("fc-match is not installed (Debian package fontconfig)") }
        var environment = ProcessInfo.processInfo.environment
        switch configuration {
        case .system: break  // the configuration Galley itself loads
        case .bundledOnly: environment["FONTCONFIG_FILE"] = configurationDirectory + "/bundled.conf"
        case .systemAndBundled: environment["FONTCONFIG_FILE"] = configurationDirectory + "/both.conf"
        }
        let output = try run(executable, ["-f", format, pattern], environment: environment)
        let fields = output.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 12 else { throw OracleError("unexpected fc-match output '\(output)' for '\(pattern)'") }
        return FcAnswer(
            family: fields[0], families: fields[1].split(separator: ",").map(String.init), style: fields[2],
            weight: Double(fields[3]), slant: Int(fields[4]) ?? 0, width: Double(fields[5]),
            index: Int(fields[6]) ?? 0, postScriptName: fields[7], embolden: fields[8] == "True",
            slanted: !fields[9].isEmpty, variable: fields[10] == "True",
            file: fields[11].trimmingCharacters(in: .newlines))
    }

    /// Standard output of `executable arguments`, killing it after `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], timeout: Double = 30)
        throws -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let box = OutputBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw OracleError("fc-match \(arguments.joined(separator: " ")) timed out")
        }
        process.waitUntilExit()
        return String(decoding: box.data, as: UTF8.self)
    }

    /// The output read on another thread; written once before the semaphore is signalled.
    private final class OutputBox: @unchecked Sendable {
        var data = Data()
    }
}

struct OracleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension FcMatch {
    /// A family nothing knows, to see fontconfig's default.
    static let sentinelPattern = pattern(family: "Galley Oracle Sentinel 5e1d", weight: 400, italic: false, width: 100)
}
