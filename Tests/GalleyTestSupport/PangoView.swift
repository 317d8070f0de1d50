// pango-view (Debian's pango1.0-tools) run as the independent oracle of how dark text is:
// pango-cairo's image surface drawing a line of DejaVu Sans.

import Foundation

/// pango-view run as a process.
public enum PangoView {
    /// The installed pango-view, or nil when pango1.0-tools is missing.
    static let executable: String? = ToolProcess.find("pango-view")

    /// The PNG that pango-view draws of `text` in DejaVu Sans at `pixels` pixels per em
    /// (`--dpi 72`, so points are pixels): grey anti-aliased, unhinted metrics, a 10-pixel margin.
    /// - Parameters:
    ///   - foreground: the text colour, `#rrggbb`.
    ///   - background: the background colour, `#rrggbb`.
    ///   - hinting: pango-view's `--hinting` (`none`, `slight`, `full`).
    /// - Returns: the PNG file's bytes; nil when pango-view is missing, fails or takes longer
    ///   than 30 seconds.
    public static func png(
        _ text: String, pixels: Int, foreground: String, background: String, hinting: String = "none"
    ) throws -> [UInt8]? {
        guard let executable else { return nil }
        let directory = try TemporaryDirectory.make("pango-view")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("pango.png")
        let arguments = [
            "-q", "--dpi=72", "--font=DejaVu Sans \(pixels)", "--hinting=\(hinting)", "--antialias=gray",
            "--hint-metrics=off", "--foreground=\(foreground)", "--background=\(background)", "--margin=10",
            "--text=\(text)", "--output=\(output.path)",
        ]
        guard let result = try? ToolProcess.run(executable, arguments), result.status == 0 else { return nil }
        return [UInt8](try Data(contentsOf: output))
    }

    /// The pixel size of the PNG that pango-view draws with `arguments` (its own options, such as
    /// `--rotate=30`; `--output` is added); nil when pango-view is missing or fails.
    public static func pngSize(_ arguments: [String]) throws -> (width: Int, height: Int)? {
        guard let executable else { return nil }
        let directory = try TemporaryDirectory.make("pango-view")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("pango.png")
        guard let result = try? ToolProcess.run(executable, ["-q"] + arguments + ["--output=\(output.path)"]),
            result.status == 0
        else { return nil }
        let bytes = [UInt8](try Data(contentsOf: output))
        guard bytes.count >= 24 else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}
