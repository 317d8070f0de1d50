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

        guard options.markup else {
            return InputDocument(text: AttributedText(source, attributes: base), font: font, images: [:])
        }
        let text: AttributedText
        do {
            text = try Markup.parse(source, base: base)
        } catch {
            throw CLIError("malformed markup: \(error)")
        }
        let sources = imageSources(in: source)
        var images: [String: Bitmap] = [:]
        var imagePaths: [String: String] = [:]
        for run in text.runs {
            guard let delegate = run.attributes.runDelegate, sources.contains(delegate.value),
                  images[delegate.value] == nil else { continue }
            let src = delegate.value
            let path = src.hasPrefix("/") || baseDirectory.isEmpty ? src : (baseDirectory as NSString).appendingPathComponent(src)
            do {
                images[src] = try ImageLoader.load(path: path)
                imagePaths[src] = path.hasPrefix("/") ? path
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
                throw CLIError("\(name) is not valid UTF-8 (invalid byte 0x\(String(bytes[offset], radix: 16)) at offset \(offset))")
            }
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    /// The `src` values of the `<img>` elements in `markup`, entity references decoded as the
    /// markup parser decodes them, so they compare equal to the delegates' values.
    static func imageSources(in markup: String) -> Set<String> {
        guard let regex = try? NSRegularExpression(
            pattern: #"<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')"#, options: [.caseInsensitive])
        else { return [] }
        let ns = markup as NSString
        var result = Set<String>()
        for match in regex.matches(in: markup, range: NSRange(location: 0, length: ns.length)) {
            for group in 1...2 where match.range(at: group).location != NSNotFound {
                result.insert(decodeEntities(ns.substring(with: match.range(at: group))))
            }
        }
        return result
    }

    /// Replaces `&amp; &lt; &gt; &quot; &apos; &#N; &#xH;` with their characters.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[amp...]
            guard let semi = tail.firstIndex(of: ";") else { break }
            let name = tail[tail.index(after: amp)..<semi]
            var replacement: String?
            switch name {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X"), let v = UInt32(name.dropFirst(2), radix: 16),
                   let s = Unicode.Scalar(v) {
                    replacement = String(Character(s))
                } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let s = Unicode.Scalar(v) {
                    replacement = String(Character(s))
                }
            }
            if let replacement {
                out += replacement
                rest = tail[tail.index(after: semi)...]
            } else {
                out += "&"
                rest = tail[tail.index(after: amp)...]
            }
        }
        out += rest
        return out
    }
}
