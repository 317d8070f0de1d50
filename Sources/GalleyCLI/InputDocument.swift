import Foundation
import Galley
import GalleySync

// Reading the tool's input (file, standard input or --text) into attributed text and its images.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The text to lay out, its font, and the images its `<img>` elements name.
struct InputDocument {
    var text: AttributedText
    var font: Font
    /// Loaded images, keyed by the `RunDelegate.value` (the `src` as written) of each `<img>`.
    let images: [String: Bitmap]
    /// The absolute file path of each loaded image, keyed like `images` (for SVG `href`s).
    var imagePaths: [String: String] = [:]
    /// The files the document was read from: the input file, the font's file, the images.
    var inputFiles: [String] = []

    /// The largest text or markup accepted (a file, standard input or `--text`), in bytes. Layout
    /// keeps about 70 bytes per character (frame and analysis), so 4 MiB of Latin text needs some
    /// 300 MB; the JSON of `layout` about as much again.
    static let maximumInputSize = 4 << 20
    /// The largest font file `--font FILE` accepts, in bytes.
    static let maximumFontFileSize = 256 << 20

    /// Reads and parses the input that `options` names.
    static func load(_ options: Options, standardInput: () -> [UInt8]) throws(CLIError) -> InputDocument {
        var document = try parse(options, standardInput: standardInput)
        if options.text == nil {
            // Standard input redirected from a file (`< in.txt`) is that file: /dev/stdin resolves to it.
            let path = options.inputPath ?? "-"
            document.inputFiles.append(path == "-" ? "/dev/stdin" : path)
        }
        if let font = document.font.face.path { document.inputFiles.append(font) }
        document.inputFiles += document.imagePaths.keys.sorted().compactMap { document.imagePaths[$0] }
        return document
    }

    /// The document of `load`, without its list of input files.
    private static func parse(_ options: Options, standardInput: () -> [UInt8]) throws(CLIError) -> InputDocument {
        let source: String
        let baseDirectory: String
        if let text = options.text {
            guard text.utf8.count <= maximumInputSize else {
                throw CLIError("--text is larger than the \(maximumInputSize >> 20) MiB an input may have")
            }
            source = text
            baseDirectory = SystemPath.currentDirectory
        } else if let path = options.inputPath, path != "-" {
            source = try decodeUTF8(try readFile(path), name: path)
            baseDirectory = SystemPath.deletingLastComponent(path)
        } else {
            let bytes = standardInput()
            guard bytes.count <= maximumInputSize else {
                throw CLIError("standard input is larger than the \(maximumInputSize >> 20) MiB an input may have")
            }
            source = try decodeUTF8(bytes, name: "standard input")
            baseDirectory = SystemPath.currentDirectory
        }

        let font = try loadFont(options)
        var base: Attributes = [.font(font), .foregroundColor(options.color)]
        base.paragraphStyle = options.paragraphStyle
        base.language = options.language
        let spacing = options.spacingDefaults
        if spacing.trim != .spaceAll { base.textSpacingTrim = spacing.trim }
        if spacing.autospace != .noAutospace { base.textAutospace = spacing.autospace }
        if options.writingMode.lineAxis == .vertical {
            // Vertical columns: the text takes vertical forms (kCTVerticalFormsAttributeName).
            base.verticalForms = true
            base.textOrientation = options.textOrientation
        }

        guard options.markup else {
            return InputDocument(text: AttributedText(source, attributes: base), font: font, images: [:])
        }
        let text: AttributedText
        let sources: Set<String>
        do {
            let parsed = try Markup.parseWithImageSources(source, base: base, strictFonts: options.strictFonts)
            text = parsed.text
            sources = Set(parsed.imageSources)
        } catch {
            if case .font(.familyNotFound(let family, _, _)) = error, options.strictFonts {
                throw CLIError("markup asks for the font family '\(family)', which nothing knows (--strict-fonts)")
            }
            throw CLIError(error.isMalformed ? "malformed markup: \(error)" : "markup: \(error)")
        }
        var images: [String: Bitmap] = [:]
        var imagePaths: [String: String] = [:]
        for run in text.runs {
            guard let delegate = run.attributes.runDelegate, sources.contains(delegate.value),
                images[delegate.value] == nil
            else { continue }
            let src = delegate.value
            let path =
                src.hasPrefix("/") || baseDirectory.isEmpty
                ? src : SystemPath.appending(src, to: baseDirectory)
            do {
                images[src] = try ImageLoader.load(path: path)
                imagePaths[src] =
                    path.hasPrefix("/")
                    ? path
                    : SystemPath.appending(path, to: SystemPath.currentDirectory)
            } catch {
                throw CLIError("cannot load image '\(src)': \(error)")
            }
        }
        return InputDocument(text: text, font: font, images: images, imagePaths: imagePaths)
    }

    static func loadFont(_ options: Options) throws(CLIError) -> Font {
        switch options.font {
        case .path(let path):
            try checkFontFile(path)
            do {
                return try Font(
                    path: path, size: options.size, sanitization: options.trustsFontFile ? .trusted : .sanitized)
            } catch {
                throw CLIError("cannot load font '\(path)': \(error)")
            }
        case .description(let description):
            return try description.font(size: options.size, strict: options.strictFonts)
        }
    }

    /// Refuses (status 2) a font file that is not a regular file (a FIFO or a device would be
    /// read without end) or is larger than ``maximumFontFileSize``; a missing file is left to the
    /// font loader's own error.
    static func checkFontFile(_ path: String) throws(CLIError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return }
        guard info.st_mode & S_IFMT == S_IFREG else { throw CLIError("cannot load font '\(path)': not a regular file") }
        guard Int(info.st_size) <= maximumFontFileSize else {
            throw CLIError(
                "cannot load font '\(path)': larger than the \(maximumFontFileSize >> 20) MiB a font file may have")
        }
    }

    /// The bytes of the file at `path` (at most ``maximumInputSize``), or an error naming it.
    static func readFile(_ path: String) throws(CLIError) -> [UInt8] {
        guard let kind = SystemFile.kind(path) else { throw CLIError("cannot read '\(path)': no such file") }
        guard kind != .directory else { throw CLIError("cannot read '\(path)': is a directory") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CLIError("cannot read '\(path)': \(OutputFile.systemError())") }
        defer { close(fd) }
        guard let bytes = readAll(fd, limit: maximumInputSize) else {
            throw CLIError("cannot read '\(path)': \(OutputFile.systemError())")
        }
        guard bytes.count <= maximumInputSize else {
            throw CLIError("cannot read '\(path)': larger than the \(maximumInputSize >> 20) MiB an input may have")
        }
        return bytes
    }

    /// The bytes of the open descriptor `fd` up to its end or to one byte more than `limit`
    /// (so a caller can tell an input that is too large), or nil on a read error (see `errno`).
    static func readAll(_ fd: Int32, limit: Int) -> [UInt8]? {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while out.count <= limit {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            out += chunk[0..<min(n, limit + 1 - out.count)]
        }
        return out
    }

    /// The text of `bytes`, which must be UTF-8; a leading byte-order mark is dropped.
    static func decodeUTF8(_ bytes: [UInt8], name: String) throws(CLIError) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: break loop
            case .error:
                throw CLIError(
                    "\(name) is not valid UTF-8 (invalid byte 0x\(String(bytes[offset], radix: 16)) at offset \(offset))"
                )
            }
        }
        // A byte-order mark is dropped by its bytes: comparing Strings normalises the first
        // grapheme cluster, which takes quadratic time on a base with thousands of marks.
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        return String(decoding: hasBOM ? bytes[3...] : bytes[...], as: UTF8.self)
    }
}
