// The `galley` command-line tool as a function of its arguments and input, so tests can run it in-process.
import Foundation
import Galley

/// The `galley` command-line tool: `render` lays out text and writes an image, `layout` prints the
/// frame as JSON. See `galley --help` (``Usage``) for the options.
public enum GalleyTool {
    /// Runs one invocation.
    ///
    /// - Parameters:
    ///   - arguments: the command line without the program name, e.g. `["render", "-o", "a.png", "in.txt"]`.
    ///   - standardInput: called (at most once) when the input is standard input.
    /// - Returns: the exit status (0 on success, 2 on any error), the bytes for standard output and
    ///   the text for standard error (empty, or one line `galley: <problem>`).
    public static func run(_ arguments: [String], standardInput: () -> [UInt8]) -> (status: Int32, stdout: [UInt8], stderr: String) {
        do {
            let output = try execute(arguments, standardInput: standardInput)
            return (0, output, "")
        } catch {
            return (error.status, [], "galley: \(error.message)\n")
        }
    }

    static func execute(_ arguments: [String], standardInput: () -> [UInt8]) throws(CLIError) -> [UInt8] {
        switch try CommandLineParser.parse(arguments) {
        case .help:
            return Array((Usage.text + "\n").utf8)
        case .version:
            return Array((Usage.version + "\n").utf8)
        case .layout(let options):
            let document = try InputDocument.load(options, standardInput: standardInput)
            let frame = try layOut(document, options)
            let json = Array((LayoutJSON.encode(frame).text + "\n").utf8)
            if let output = options.output, output != "-" {
                try write(json, to: output)
                return []
            }
            return json
        case .render(let options):
            guard let output = options.output else {
                throw CLIError("render needs -o FILE (.png or .ppm), or -o - for PPM on standard output")
            }
            let lower = output.lowercased()
            guard output == "-" || lower.hasSuffix(".png") || lower.hasSuffix(".ppm") else {
                throw CLIError("cannot write '\(output)': the output name must end in .png or .ppm (or be -)")
            }
            let document = try InputDocument.load(options, standardInput: standardInput)
            let frame = try layOut(document, options)
            let bitmap = try render(frame, document: document, options: options)
            if output == "-" { return bitmap.ppmData() }
            do {
                try bitmap.write(to: output)
            } catch {
                throw CLIError("cannot write '\(output)': \(error)")
            }
            return []
        }
    }

    /// The frame: `width` wide, `height` tall (or as tall as the text needs, rounded up to whole
    /// points), placed at the left and bottom margins of the canvas (y up).
    static func layOut(_ document: InputDocument, _ options: Options) throws(CLIError) -> Frame {
        do {
            let framesetter = try Framesetter(document.text, defaultFont: document.font)
            let height: CGFloat
            if let h = options.height {
                height = h
            } else {
                let suggested = try framesetter.suggestFrameSize(
                    constraints: CGSize(width: options.width, height: .greatestFiniteMagnitude))
                height = suggested.size.height.rounded(.up)
            }
            let rect = CGRect(x: options.margins.left, y: options.margins.bottom, width: options.width, height: height)
            return try framesetter.frame(in: rect)
        } catch {
            throw CLIError("layout failed: \(error)")
        }
    }

    /// The canvas size in pixels: (margin + frame + margin) × scale, rounded up, at least 1.
    static func canvasSize(_ frame: Frame, _ options: Options) -> (width: Int, height: Int) {
        let w = (options.margins.left + frame.rect.width + options.margins.right) * options.scale
        let h = (options.margins.bottom + frame.rect.height + options.margins.top) * options.scale
        func pixels(_ v: CGFloat) -> Int {
            v >= CGFloat(Int32.max) ? Int(Int32.max) : max(1, Int((v - 1e-9).rounded(.up)))
        }
        return (pixels(w), pixels(h))
    }

    static func render(_ frame: Frame, document: InputDocument, options: Options) throws(CLIError) -> Bitmap {
        let size = canvasSize(frame, options)
        var bitmap: Bitmap
        do {
            bitmap = try Bitmap(width: size.width, height: size.height, background: options.background)
        } catch {
            throw CLIError("cannot render a \(size.width)×\(size.height)-pixel image: each side must be at most \(Bitmap.maximumDimension) pixels")
        }
        Renderer(scale: options.scale).draw(frame, into: &bitmap) { placeholder in
            document.images[placeholder.delegate.value]
        }
        return bitmap
    }

    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError("cannot write '\(path)': \(error.localizedDescription)")
        }
    }
}
