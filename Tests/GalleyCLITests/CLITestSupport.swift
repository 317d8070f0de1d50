// Helpers for the CLI tests: running the tool in-process and parsing PPM output (fonts, scratch
// directories and the oracles come from GalleyTestSupport).
import Foundation
import GalleyCLI
import Testing

/// The result of one in-process run of the tool.
struct ToolRun {
    let status: Int32
    let stdout: [UInt8]
    let stderr: String

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

    /// The JSON object that `galley layout` printed.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout))
        return try #require(object as? [String: Any])
    }
}

enum CLITestSupport {
    static func run(_ arguments: [String], stdin: [UInt8] = []) -> ToolRun {
        let r = GalleyTool.run(arguments, standardInput: { stdin })
        return ToolRun(status: r.status, stdout: r.stdout, stderr: r.stderr)
    }

    /// A decoded binary PPM (P6, maxval 255): width, height and RGB bytes.
    struct PPM {
        let width: Int
        let height: Int
        let rgb: [UInt8]

        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            let i = (y * width + x) * 3
            return (rgb[i], rgb[i + 1], rgb[i + 2])
        }
    }

    /// Parses a P6 file as netpbm.sourceforge.net/doc/ppm.html describes it (no comments).
    static func parsePPM(_ bytes: [UInt8]) throws -> PPM {
        var fields: [String] = []
        var i = 0
        var current = ""
        while fields.count < 4, i < bytes.count {
            let c = bytes[i]
            i += 1
            if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(Unicode.Scalar(c)))
            }
        }
        try #require(fields.count == 4 && fields[0] == "P6" && fields[3] == "255")
        let width = try #require(Int(fields[1])), height = try #require(Int(fields[2]))
        let rgb = Array(bytes[i...])
        try #require(rgb.count == width * height * 3)
        return PPM(width: width, height: height, rgb: rgb)
    }
}
