// cairo itself, through pycairo (Debian's python3-cairo), as the independent drawing that the
// GraphicsContext tests compare with: Scripts/cairo-reference.py runs a program of cairo calls.

import Foundation

/// pycairo drawing a program of cairo calls into a PNG or a PDF.
public enum CairoReference {
    /// The script that runs the programs (Scripts/cairo-reference.py beside this file).
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/cairo-reference.py")

    /// The python3 that imports `cairo`: Debian's /usr/bin/python3 (python3-cairo installs
    /// there), else the first python3 on the search path.
    static let python: String? = {
        for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            if let r = try? ToolProcess.run(candidate, ["-c", "import cairo"]), r.status == 0 { return candidate }
        }
        return nil
    }()

    /// Runs `program` (Python statements using `cr`, `W`, `H`, `cairo`, `math`) on a fresh
    /// `width` × `height` surface of `kind` ("png" or "pdf") and writes it to `output`.
    /// - Throws: ``OracleError`` when pycairo is missing or the program fails.
    public static func draw(_ program: String, width: Int, height: Int, kind: String, to output: URL) throws {
        guard let python else {
            throw OracleError("pycairo is not installed (Debian package python3-cairo; `make test-deps` installs it)")
        }
        let file = output.deletingPathExtension().appendingPathExtension("py")
        try Data(program.utf8).write(to: file)
        let result = try ToolProcess.run(
            python, [script.path, kind, "\(width)", "\(height)", output.path, file.path], timeout: 120)
        guard result.status == 0 else { throw OracleError("cairo-reference.py failed: \(result.errorText)") }
    }

    /// The size of the PNG cairo writes (`cairo_surface_write_to_png`) of the pixels of the PNG
    /// file at `path`, which pycairo reads into an image surface first.
    /// - Throws: ``OracleError`` when pycairo is missing or fails.
    public static func pngSize(ofPixelsIn path: URL) throws -> Int {
        guard let python else {
            throw OracleError("pycairo is not installed (Debian package python3-cairo; `make test-deps` installs it)")
        }
        let program = """
            import cairo, os, sys
            cairo.ImageSurface.create_from_png(sys.argv[1]).write_to_png(sys.argv[1] + '.cairo.png')
            print(os.path.getsize(sys.argv[1] + '.cairo.png'))
            """
        let result = try ToolProcess.run(python, ["-c", program, path.path])
        guard result.status == 0, let size = Int(result.text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw OracleError("pycairo could not re-encode \(path.path): \(result.errorText)")
        }
        return size
    }
}
