// Reading the tool's input (file, standard input or --text) into attributed text and its images.
import Foundation
import Galley

/// The text to lay out, its font, and the images its `<img>` elements name.
struct InputDocument {
    let text: AttributedText
    let font: Font
    /// Loaded images, keyed by the `RunDelegate.value` (the `src` as written) of each `<img>`.
    let images: [String: Bitmap]
    /// The absolute file path of each loaded image, keyed like `images` (for SVG `href`s).
    var imagePaths: [String: String] = [:]

    /// Reads and parses the input that `options` names.
    static func load(_ options: Options, standardInput: () -> [UInt8]) throws(CLIError) -> InputDocument {
        let source: String
        let baseDirectory: String
        if let text = options.text {
            source = text
            baseDirectory = FileManager.default.currentDirectoryPath
        } else if let path = options.inputPath, path != "-" {
            source = try decodeUTF8(try readFile(path), name: path)
            baseDirectory = (path as NSString).deletingLastPathComponent
        } else {
            source = try decodeUTF8(standardInput(), name: "standard input")
            baseDirectory = FileManager.default.currentDirectoryPath
        }

        let font = try loadFont(options)
        var base: Attributes = [.font(font), .foregroundColor(options.color)]
        base.paragraphStyle = options.paragraphStyle
        base.language = options.language

        guard options.markup else {
            return InputDocument(text: AttributedText(source, attributes: base), font: font, images: [:])
        }
        let text: AttributedText
        let sources: Set<String>
        do {
            let parsed = try Markup.parseWithImageSources(source, base: base)
            text = parsed.text
            sources = Set(parsed.imageSources)
        } catch {
            throw CLIError("malformed markup: \(error)")
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
                ? src : (baseDirectory as NSString).appendingPathComponent(src)
            do {
                images[src] = try ImageLoader.load(path: path)
                imagePaths[src] =
                    path.hasPrefix("/")
                    ? path
                    : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
            } catch {
                throw CLIError("cannot load image '\(src)': \(error)")
            }
        }
        return InputDocument(text: text, font: font, images: images, imagePaths: imagePaths)
    }

    static func loadFont(_ options: Options) throws(CLIError) -> Font {
        switch options.font {
        case .path(let path):
            do {
                return try Font(path: path, size: options.size)
            } catch {
                throw CLIError("cannot load font '\(path)': \(error)")
            }
        case .description(let description):
            return try description.font(size: options.size)
        }
    }

    /// The bytes of the file at `path`, or an error naming it.
    static func readFile(_ path: String) throws(CLIError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError("cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw CLIError("cannot read '\(path)': is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CLIError("cannot read '\(path)': permission denied")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw CLIError("cannot read '\(path)': \(error.localizedDescription)")
        }
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
