// Options of the full benchmark run (`galley-bench [--quick] [--json] …`) and where its output goes.
import Foundation

/// How the suite runs and reports.
struct Settings: Sendable {
    /// Fewer runs, shorter runs, no 10 MB text.
    var quick = false
    /// One JSON object per line on stdout instead of tables (notes go to stderr).
    var json = false
    /// Always lay out the 10 MB text, even when the 1 MB run predicts it is slow.
    var full = false
    /// The repository root, when it cannot be found from the executable or the current directory.
    var repo: String? = nil
    /// The cases to run (nil: all of them).
    var only: Set<String>? = nil
    /// Every case, in the order the suite runs them.
    static let cases = [
        "layout", "relayout", "hittest", "render", "threads", "linear", "edit", "nobreak", "breaking", "pathological",
        "sanitize", "fit", "pdfleak", "png", "canvas", "bridgeleak", "soak", "startup",
    ]
    /// The galley executable the startup case runs (nil: the one beside galley-bench).
    var galley: String? = nil
    /// Cards the soak draws (nil: 100 000, 10 000 with `--quick`).
    var soakCards: Int? = nil
    /// Whether case `name` runs.
    func wants(_ name: String) -> Bool { only?.contains(name) ?? true }
    /// Corpora to lay out.
    var corpora = ["en", "zh", "mixed"]
    /// Frame widths in points (= pixels).
    var widths: [Double] = [300, 800]
    /// Font size in points (= pixels).
    var size: Double = 16

    /// Timed runs per figure; the median is reported.
    var runs: Int { quick ? 3 : 5 }
    /// About how long one timed run lasts, in seconds.
    var target: Double { quick ? 0.05 : 0.15 }

    /// Prints a line of the human-readable report (nothing with `--json`).
    func text(_ line: String = "") {
        if !json { print(line) }
    }

    /// Prints one JSON object (only with `--json`).
    func object(_ fields: [(String, String)]) {
        guard json else { return }
        print("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
    }

    /// A JSON string literal (for the short ASCII names used here).
    static func quoted(_ s: String) -> String { "\"" + s + "\"" }
}
