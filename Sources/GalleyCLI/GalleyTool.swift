// The `galley` command-line tool as a function of its arguments and input, so tests can run it in-process.
import Foundation
import Galley

/// The `galley` command-line tool, like pango-view and hb-shape: `render` lays out text and writes
/// a PPM, PNG or SVG image, `layout` prints the frame as JSON, `shape` prints glyphs like hb-shape,
/// `fonts` lists families and their files. See `galley --help` (``Usage``) for the options.
public enum GalleyTool {
    /// Runs one invocation.
    ///
    /// - Parameters:
    ///   - arguments: the command line without the program name, e.g. `["render", "-o", "a.png", "in.txt"]`.
    ///   - standardInput: called (at most once) when the input is standard input.
    ///   - standardError: called with text to write to standard error as it happens — the
    ///     per-file errors of `--batch` (in the order of the files) and, when `showsProgress`,
    ///     its progress line (from several threads, one call at a time).
    ///   - showsProgress: whether `--batch` shows a progress line (for a terminal).
    /// - Returns: the exit status (0 on success, 2 for a problem with the command line or its
    ///   inputs, 1 for a failure that is not the input's fault: see ``CLIError``), the bytes for
    ///   standard output and the text for standard error: the warnings, one line each
    ///   (`galley: warning: no font family 'X'; using 'DejaVu Sans'`), then on failure one line
    ///   `galley: <problem>`.
    public static func run(
        _ arguments: [String], standardInput: () -> [UInt8],
        standardError: @escaping @Sendable (String) -> Void = { _ in }, showsProgress: Bool = false
    )
        -> (status: Int32, stdout: [UInt8], stderr: String)
    {
        var warnings = ""
        do {
            let output = try execute(
                arguments, standardInput: standardInput, standardError: standardError, showsProgress: showsProgress,
                warn: { warnings += $0 })
            return (0, output, warnings)
        } catch {
            return (error.status, [], warnings + "galley: \(error.message)\n")
        }
    }

    /// Standard input's bytes, read up to one byte more than an input may have (so that a larger
    /// input is refused, not read without end); empty when it cannot be read.
    public static func readStandardInput() -> [UInt8] {
        InputDocument.readAll(0, limit: InputDocument.maximumInputSize) ?? []
    }

    /// Writes `bytes` to standard output; nil when all were written, else the one-line error
    /// (`galley: cannot write standard output: …`) for an exit status of 1.
    public static func writeStandardOutput(_ bytes: [UInt8]) -> String? {
        OutputFile.writeAll(bytes, to: 1).map { "galley: cannot write standard output: \($0)\n" }
    }

    /// Writes `text` to standard error, ignoring failures (there is nowhere left to report them).
    public static func writeStandardError(_ text: String) {
        _ = OutputFile.writeAll(Array(text.utf8), to: 2)
    }

    /// Runs one invocation; `warn` receives each warning line (with its line break) as it is found.
    static func execute(
        _ arguments: [String], standardInput: () -> [UInt8],
        standardError: @escaping @Sendable (String) -> Void = { _ in }, showsProgress: Bool = false,
        warn: (String) -> Void = { _ in }
    ) throws(CLIError) -> [UInt8] {
        switch try CommandLineParser.parse(arguments) {
        case .help(let topic):
            return Array((Usage.help(for: topic) + "\n").utf8)
        case .version:
            return Array((Usage.version + "\n").utf8)
        case .fonts(let options):
            return Array(FontsCommand.run(json: options.json).utf8)
        case .shape(let options):
            let document = try InputDocument.load(options, standardInput: standardInput)
            fontWarnings(font: document.font, text: document.text).forEach(warn)
            return Array(try ShapeCommand.run(document, options).utf8)
        case .layout(let options) where options.batchDirectory != nil,
            .render(let options) where options.batchDirectory != nil:
            try BatchCommand.run(
                arguments[0], Array(arguments.dropFirst()), options: options, standardError: standardError,
                showsProgress: showsProgress)
            return []
        case .layout(let options):
            return try layoutCommand(options, standardInput: standardInput, warn: warn)
        case .render(let options):
            return try renderCommand(options, standardInput: standardInput, warn: warn)
        }
    }

    /// One warning line per distinct family name that the document's font (`--font`) or a run's
    /// font stands in for because nothing knows the name (``FontSubstitution/Kind/unknown``) or
    /// fontconfig knows it only as a member of a generic class
    /// (``FontSubstitution/Kind/genericClass``: `Cantarell` when it is not installed), in the
    /// order of first use:
    /// `galley: warning: no font family 'Cantarelx'; using 'DejaVu Sans'`. Whatever made the
    /// fonts (`--font`, markup), a substituted family lays out with the default font and is named
    /// here instead of failing, as Pango and CoreText substitute (`--strict-fonts` makes it an error).
    package static func fontWarnings(font: Font, text: AttributedText) -> [String] {
        var seen = Set<String>()
        var lines: [String] = []
        for font in [font] + text.runs.compactMap(\.attributes.font) {
            guard let substitution = font.substitution, [.unknown, .genericClass].contains(substitution.kind),
                seen.insert(substitution.requestedFamily).inserted
            else { continue }
            lines.append(
                "galley: warning: no font family '\(substitution.requestedFamily)'; using '\(font.familyName)'\n")
        }
        return lines
    }

    /// `galley layout`: the frame as JSON, on standard output or in the `-o` file.
    static func layoutCommand(_ options: Options, standardInput: () -> [UInt8], warn: (String) -> Void = { _ in })
        throws(CLIError) -> [UInt8]
    {
        let output = options.output.flatMap { $0 == "-" ? nil : $0 }
        if let output { try OutputFile.checkWritable(output) }
        let document = try InputDocument.load(options, standardInput: standardInput)
        fontWarnings(font: document.font, text: document.text).forEach(warn)
        if let output { try OutputFile.refuseOverwriting(output, inputs: document.inputFiles) }
        let frame = try layOut(document, options)
        let json = Array(
            (LayoutJSON.encode(frame, attributesOf: options.listsAttributes ? document.text : nil).text + "\n").utf8)
        guard let output else { return json }
        try OutputFile.refuseOverwriting(output, inputs: inputFiles(document, frame))
        try OutputFile.write(json, to: output)
        return []
    }

    /// `galley render`: the image, on standard output (`-o -`) or in the `-o` file.
    static func renderCommand(_ options: Options, standardInput: () -> [UInt8], warn: (String) -> Void = { _ in })
        throws(CLIError) -> [UInt8]
    {
        guard let output = options.output else {
            throw CLIError(
                "render needs -o FILE (.png, .jpg, .webp, .ppm, .svg, .pdf or .ps), or -o - for standard output")
        }
        let format = try outputFormat(options, output: output)
        let file = output == "-" ? nil : output
        if let file { try OutputFile.checkWritable(file) }
        let document = try InputDocument.load(options, standardInput: standardInput)
        fontWarnings(font: document.font, text: document.text).forEach(warn)
        if let file { try OutputFile.refuseOverwriting(file, inputs: document.inputFiles) }
        let frame = try layOut(document, options)
        let bytes = try image(frame, document: document, options: options, format: format)
        guard let file else { return bytes }
        try OutputFile.refuseOverwriting(file, inputs: inputFiles(document, frame))
        try OutputFile.write(bytes, to: file)
        return []
    }

    /// The format `render` writes: `--format`, else PPM on standard output, else the name's extension.
    static func outputFormat(_ options: Options, output: String) throws(CLIError) -> OutputFormat {
        if let chosen = options.format { return chosen }
        if output == "-" { return .ppm }
        if let byName = OutputFormat.from(path: output) { return byName }
        throw CLIError(
            "cannot write '\(output)': the output name must end in .png, .jpg, .webp, .ppm, .svg, .pdf or .ps (or give --format)"
        )
    }

    /// The image file's bytes in `format`.
    static func image(_ frame: Frame, document: InputDocument, options: Options, format: OutputFormat)
        throws(CLIError) -> [UInt8]
    {
        if CanvasOutput.applies(options) {
            return try CanvasOutput.image(frame, document: document, options: options, format: format)
        }
        switch format {
        case .pdf, .ps:
            return try PDFOutput.document(frame, document: document, options: options, format: format)
        case .svg:
            return Array(
                svgWriter(frame, options).document(for: frame) { placeholder in
                    svgImageReference(placeholder.delegate.value, document)
                }.utf8)
        case .ppm:
            return try render(frame, document: document, options: options).ppmBytes()
        case .png, .jpg, .webp:
            let bitmap = try render(frame, document: document, options: options)
            do {
                switch format {
                case .jpg: return try bitmap.jpegBytes()
                case .webp: return try bitmap.webpBytes()
                default: return try bitmap.pngBytes()
                }
            } catch {
                throw .internalFailure("cannot encode \(format.rawValue.uppercased()): \(error)")
            }
        }
    }

    /// Every file the output must not replace: the document's inputs and the files of the fonts
    /// the frame's runs use (fallback fonts included), each once.
    static func inputFiles(_ document: InputDocument, _ frame: Frame) -> [String] {
        var files = document.inputFiles
        let fonts = Set(frame.lines.flatMap { $0.glyphRuns.compactMap(\.font.face.path) })
        files += fonts.subtracting(files).sorted()
        return files
    }

    /// The `href` of a placeholder's image in SVG: the absolute path of a PNG file, which SVG
    /// viewers read; other formats (PPM) embedded as a PNG `data:` URI; nil without an image.
    static func svgImageReference(_ source: String, _ document: InputDocument) -> String? {
        guard let path = document.imagePaths[source], let bitmap = document.images[source] else { return nil }
        if let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)), bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return path
        }
        guard let png = try? bitmap.pngBytes() else { return nil }
        return "data:image/png;base64," + Data(png).base64EncodedString()
    }

    /// The SVG writer for the canvas: margins + frame, in points (the scale does not apply).
    static func svgWriter(_ frame: Frame, _ options: Options) -> SVGWriter {
        let extent = canvasExtent(frame, options)
        return SVGWriter(width: extent.width, height: extent.height, background: options.background)
    }

    /// The frame: `width` wide, `height` tall (or as tall as the text needs, rounded up to whole
    /// points), placed at the left and bottom margins of the canvas (y up), with the options'
    /// `frameOptions` (line limit, truncation). Without `--height`: with `--max-lines` the frame
    /// is as tall as the lines it keeps; with `--exclude` it grows until the text fits, then
    /// shrinks to the lines; a `--path` other than `rect` fills a square box (`width` × `width`).
    static func layOut(_ document: InputDocument, _ options: Options) throws(CLIError) -> Frame {
        let vertical = options.writingMode.lineAxis == .vertical
        let boxHeight = vertical ? options.columnLength : pathBoxHeight(options)
        let boxWidth = vertical ? columnBoxWidth(options) : options.width
        if case .polygon(let points) = options.path, let h = boxHeight, let w = boxWidth {
            for p in points where p.x < 0 || p.x > w || p.y < 0 || p.y > h {
                throw CLIError(
                    "--path polygon point \(p.x),\(p.y) lies outside the \(w)×\(h) frame (y up from its bottom-left corner)"
                )
            }
        }
        if vertical { return try layOutColumns(document, options) }
        if let lines = options.fitLines {
            return try layOut(FitToBox.fitted(document, options, lines: lines), FitToBox.options(options, lines: lines))
        }
        do {
            let framesetter = try Framesetter(document.text, defaultFont: document.font)
            func frame(height: CGFloat) throws(LayoutError) -> Frame {
                let box = CGRect(
                    x: options.margins.left, y: options.margins.bottom, width: options.width, height: height)
                return try GalleyTool.frame(framesetter, in: box, options: options)
            }
            return try sizedFrame(
                fixed: boxHeight,
                suggested: { () throws(LayoutError) in
                    try framesetter.suggestFrameSize(
                        constraints: CGSize(width: options.width, height: .greatestFiniteMagnitude)
                    ).size.height
                },
                used: \.usedHeight, options: options, frame: frame(height:))
        } catch {
            throw CLIError.layoutFailed(error)
        }
    }

    /// The height of the frame box when it is fixed: `--height`, or for a `--path` other than
    /// `rect` without `--height`, the width (a square box). Nil: as tall as the text needs.
    static func pathBoxHeight(_ options: Options) -> CGFloat? {
        options.height ?? (options.path.isWholeRectangle ? nil : options.width)
    }

    /// The canvas size in points: margins around the frame box (`--width` × the frame's height,
    /// or the box of a shaped frame, whose path's bounding box may be smaller).
    static func canvasExtent(_ frame: Frame, _ options: Options) -> CGSize {
        let vertical = options.writingMode.lineAxis == .vertical
        let boxTop =
            options.margins.bottom
            + (vertical ? options.columnLength : options.path.isWholeRectangle ? 0 : pathBoxHeight(options) ?? 0)
        let boxWidth = vertical ? columnBoxWidth(options) ?? frame.rect.width : options.width
        return CGSize(
            width: max(frame.rect.maxX, options.margins.left + boxWidth) + options.margins.right,
            height: max(frame.rect.maxY, boxTop) + options.margins.top)
    }

    /// The canvas size in pixels: (margin + frame + margin) × scale, rounded up, at least 1.
    static func canvasSize(_ frame: Frame, _ options: Options) -> (width: Int, height: Int) {
        let extent = canvasExtent(frame, options)
        let w = extent.width * options.scale
        let h = extent.height * options.scale
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
            throw CLIError(
                "cannot render a \(size.width)×\(size.height)-pixel image: each side must be at most \(Bitmap.maximumDimension) pixels and the area at most \(Bitmap.maximumPixelCount) pixels"
            )
        }
        let renderer = Renderer(
            scale: options.scale, hinting: options.hinting, subpixelPositioning: options.subpixelPositioning,
            textBlending: options.textBlending, antialiasing: options.antialiasing)
        renderer.draw(frame, into: &bitmap) { placeholder in
            document.images[placeholder.delegate.value]
        }
        return bitmap
    }
}
