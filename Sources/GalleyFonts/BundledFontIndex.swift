// BundledFontIndex: the bundled faces described in a committed text file (Fonts/font-index.txt), so
// that start-up reads one small file instead of initialising fontconfig to read its directory cache.

import Foundation
import GalleySync

/// The index of a bundled fonts folder: each font file's name and size, and for each of its faces
/// what fontconfig's per-file query (`FcFreeTypeQueryAll`) says of it: families, style, coverage,
/// names, languages. `scripts/make-font-index.sh` writes it from that query, and
/// BundledFontIndexTests checks the committed file against the query, field for field.
///
/// It is used only when the folder's font files are exactly the ones it lists, with the listed
/// sizes; otherwise (a stale index after a font was added, replaced or removed, a damaged index,
/// or a folder of other fonts named by `GALLEY_FONTS_DIR`) it is ignored and fontconfig describes
/// the files, as before.
///
/// The format is UTF-8 text, one record a line, fields separated by tabs (a tab, line feed or
/// backslash inside a field is written `\t`, `\n`, `\\`); lines starting with `#` are comments:
///
///     galley-font-index 1
///     file      DejaVuSans.ttf  759720          a font file: name, size in bytes
///     face      0                               a face of that file: its index
///     family    DejaVu Sans                     FC_FAMILY values, in order
///     style     400  0  100  0  0  0            weight (CSS), italic, width, FC_SLANT, colour, monospaced
///     fc        80.0  80.0  100.0  100.0        FC_WEIGHT range, FC_WIDTH range
///     psname    DejaVuSans                      FC_POSTSCRIPT_NAME (empty: none)
///     fullname  DejaVu Sans                     FC_FULLNAME values
///     stylename Book                            FC_STYLE values
///     lang      aa  ab  …                       FC_LANG, sorted
///     coverage  20-7e  a0-17f  …                FC_CHARSET as hexadecimal ranges
enum BundledFontIndex {
    /// The index's name in a bundled fonts folder.
    static let fileName = "font-index.txt"
    /// The first line: the format and its version.
    static let formatLine = "galley-font-index 1"

    /// A font file the index lists.
    struct File: Equatable, Sendable {
        /// The file's name in the folder.
        var name: String
        /// Its size in bytes.
        var size: Int
    }

    /// Why an index cannot be read (a damaged or foreign file; the caller then ignores it).
    struct FormatError: Error, Equatable, CustomStringConvertible {
        /// The line (from 1) and what is wrong with it.
        var line: Int
        var problem: String
        var description: String { "\(BundledFontIndex.fileName) line \(line): \(problem)" }
    }

    // MARK: Reading

    /// The faces of `directory` from its index, in file-name order, when the index is present,
    /// readable and lists exactly the folder's font files with their sizes; nil otherwise.
    static func faces(in directory: String) -> [FaceDescriptor]? {
        let indexPath = pathPrefix(directory) + fileName
        guard case .success(let data) = SystemFile.contents(indexPath),
            let index = try? parse(data, directory: directory),
            let present = fontFiles(in: directory), present == index.files
        else { return nil }
        return index.faces
    }

    /// The font files (by ``FontCatalog/isFontFile(_:)``) directly in `directory`, sorted by name,
    /// with their sizes; nil when the folder cannot be read.
    static func fontFiles(in directory: String) -> [File]? {
        guard let names = SystemFile.entries(ofDirectory: directory) else { return nil }
        var files: [File] = []
        let prefix = pathPrefix(directory)
        for name in names.filter(FontCatalog.isFontFile).sorted() {
            guard let size = SystemFile.size(prefix + name) else { return nil }
            files.append(File(name: name, size: size))
        }
        return files
    }

    /// `directory` as ``SystemPath/appending(_:to:)`` joins a name to it (slashes tidied, one
    /// slash after it), computed once for all the folder's files.
    static func pathPrefix(_ directory: String) -> String {
        String(SystemPath.appending("x", to: directory).dropLast())
    }

    /// The fields of `line` between tabs (an empty line has one empty field).
    static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var fields: [ArraySlice<UInt8>] = []
        var start = line.startIndex
        for index in line.indices where line[index] == UInt8(ascii: "\t") {
            fields.append(line[start..<index])
            start = index + 1
        }
        fields.append(line[start...])
        return fields
    }

    /// The files and faces of index text; each face's path is its file's name in `directory`.
    static func parse(_ text: [UInt8], directory: String) throws(FormatError) -> (
        files: [File], faces: [FaceDescriptor]
    ) {
        var parser = Parser(prefix: pathPrefix(directory))
        var lineNumber = 0
        var start = 0
        while start < text.count {
            let end = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
            lineNumber += 1
            try parser.read(text[start..<end], line: lineNumber)
            start = end + 1
        }
        return try parser.finish(line: lineNumber)
    }

    /// The state of one parse: the file and face being read.
    private struct Parser {
        /// The folder's path with a slash after it (``pathPrefix(_:)``).
        let prefix: String
        var files: [File] = []
        var faces: [FaceDescriptor] = []
        var sawFormat = false
        var path: String?
        var face: FaceFields?

        init(prefix: String) { self.prefix = prefix }

        /// The fields of the face being read, until its record is complete.
        struct FaceFields {
            var path: String
            var index: Int
            var families: [String] = []
            var style: [Int]?
            var fc: [Double]?
            var postScriptName = ""
            var fullNames: [String] = []
            var styles: [String] = []
            var languages: [String] = []
            var coverage: CoverageSet?
        }

        mutating func read(_ line: ArraySlice<UInt8>, line number: Int) throws(FormatError) {
            if line.isEmpty || line.first == UInt8(ascii: "#") { return }
            guard sawFormat else {
                guard String(decoding: line, as: UTF8.self) == BundledFontIndex.formatLine else {
                    throw FormatError(line: number, problem: "not \"\(BundledFontIndex.formatLine)\"")
                }
                sawFormat = true
                return
            }
            let fields = BundledFontIndex.fields(line)
            let key = String(decoding: fields[0], as: UTF8.self)
            let values = fields.dropFirst()
            func fail(_ problem: String) -> FormatError { FormatError(line: number, problem: problem) }
            if key == "file" {
                try endFace(line: number)
                guard values.count == 2, let size = Int(String(decoding: values.last!, as: UTF8.self)), size >= 0
                else { throw fail("a file needs a name and a size") }
                let name = BundledFontIndex.unescape(values.first!)
                guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) else { throw fail("bad file name") }
                files.append(File(name: name, size: size))
                path = prefix + name
                return
            }
            if key == "face" {
                try endFace(line: number)
                guard let path else { throw fail("a face before any file") }
                guard values.count == 1, let index = Int(String(decoding: values.first!, as: UTF8.self)),
                    (0..<0x10000).contains(index)
                else { throw fail("a face needs an index") }
                face = FaceFields(path: path, index: index)
                return
            }
            guard var fields = face else { throw fail("\"\(key)\" outside a face") }
            switch key {
            case "family": fields.families = values.map(BundledFontIndex.unescape)
            case "style":
                let numbers = values.compactMap { Int(String(decoding: $0, as: UTF8.self)) }
                guard numbers.count == 6, values.count == 6 else { throw fail("style needs 6 integers") }
                fields.style = numbers
            case "fc":
                let numbers = values.compactMap { Double(String(decoding: $0, as: UTF8.self)) }
                guard numbers.count == 4, values.count == 4, numbers[0] <= numbers[1], numbers[2] <= numbers[3]
                else { throw fail("fc needs two ranges") }
                fields.fc = numbers
            case "psname":
                guard values.count == 1 else { throw fail("psname needs one value") }
                fields.postScriptName = BundledFontIndex.unescape(values.first!)
            case "fullname": fields.fullNames = values.map(BundledFontIndex.unescape)
            case "stylename": fields.styles = values.map(BundledFontIndex.unescape)
            case "lang": fields.languages = values.map(BundledFontIndex.unescape)
            case "coverage":
                guard values.count <= 1, let ranges = BundledFontIndex.ranges(values.first ?? [])
                else { throw fail("coverage needs sorted hexadecimal ranges") }
                fields.coverage = CoverageSet(ranges: ranges)
            default: throw fail("unknown record \"\(key)\"")
            }
            face = fields
        }

        /// Completes the face being read, if any.
        mutating func endFace(line: Int) throws(FormatError) {
            guard let fields = face else { return }
            face = nil
            guard !fields.families.isEmpty, let style = fields.style, let fc = fields.fc else {
                throw FormatError(line: line, problem: "a face needs family, style and fc records")
            }
            var descriptor = FaceDescriptor(
                path: fields.path, faceIndex: fields.index, families: fields.families, weight: style[0],
                isItalic: style[1] != 0, width: style[2], isColor: style[4] != 0, isBundled: true,
                coverage: fields.coverage, fcWeight: fc[0]...fc[1], slant: style[3], fcWidth: fc[2]...fc[3])
            descriptor.postScriptName = fields.postScriptName
            descriptor.fullNames = fields.fullNames
            descriptor.styles = fields.styles
            descriptor.languages = fields.languages
            descriptor.isMonospaced = style[5] != 0
            faces.append(descriptor)
        }

        mutating func finish(line: Int) throws(FormatError) -> (files: [File], faces: [FaceDescriptor]) {
            guard sawFormat else { throw FormatError(line: 1, problem: "empty") }
            try endFace(line: line)
            return (files, faces)
        }
    }

    /// Sorted, disjoint ranges from `20-7e a0 a2-17f` (hexadecimal, one space between ranges);
    /// nil when malformed. A byte loop: the bundled faces' coverage is 60 KB of this text.
    static func ranges(_ text: ArraySlice<UInt8>) -> [ClosedRange<UInt32>]? {
        text.withUnsafeBufferPointer { bytes -> [ClosedRange<UInt32>]? in
            var ranges: [ClosedRange<UInt32>] = []
            ranges.reserveCapacity(bytes.count / 6)
            var index = 0
            var previous: UInt32?
            while index < bytes.count {
                guard let (low, afterLow) = hexNumber(bytes, from: index) else { return nil }
                var high = low
                index = afterLow
                if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                    guard let (value, afterHigh) = hexNumber(bytes, from: index + 1) else { return nil }
                    high = value
                    index = afterHigh
                }
                guard low <= high, previous.map({ $0 < low }) ?? true else { return nil }
                ranges.append(low...high)
                previous = high
                if index < bytes.count {
                    guard bytes[index] == UInt8(ascii: " "), index + 1 < bytes.count else { return nil }
                    index += 1
                }
            }
            return ranges
        }
    }

    /// The lower-case hexadecimal number of at most 8 digits at `start`, and the index after it.
    @inline(__always)
    private static func hexNumber(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (UInt32, Int)? {
        var value: UInt32 = 0
        var index = start
        while index < bytes.count, index - start < 8 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return index > start ? (value, index) : nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return index > start ? (value, index) : nil
    }

    /// A field's text, with `\t`, `\n` and `\\` decoded.
    static func unescape(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(UInt8(ascii: "\\")) else { return String(decoding: field, as: UTF8.self) }
        var bytes: [UInt8] = []
        var escaped = false
        for byte in field {
            if escaped {
                bytes.append(byte == UInt8(ascii: "t") ? 9 : byte == UInt8(ascii: "n") ? 10 : byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Writing

    /// The index text of `files` and their `faces` (each face's path ending in its file's name,
    /// faces in file order).
    static func text(files: [File], faces: [FaceDescriptor]) -> String {
        var lines = [
            formatLine,
            "# The bundled fonts as fontconfig describes them (FcFreeTypeQueryAll), read at start-up instead",
            "# of fontconfig. Written by scripts/make-font-index.sh; do not edit. See BundledFontIndex.swift.",
        ]
        for file in files {
            lines.append(record("file", [file.name, "\(file.size)"]))
            for face in faces where SystemPath.lastComponent(face.path) == file.name {
                let flag = { (value: Bool) in value ? "1" : "0" }
                lines.append(record("face", ["\(face.faceIndex)"]))
                lines.append(record("family", face.families))
                lines.append(
                    record(
                        "style",
                        [
                            "\(face.weight)", flag(face.isItalic), "\(face.width)", "\(face.slant)", flag(face.isColor),
                            flag(face.isMonospaced),
                        ]))
                let fc = [
                    face.fcWeight.lowerBound, face.fcWeight.upperBound, face.fcWidth.lowerBound,
                    face.fcWidth.upperBound,
                ]
                lines.append(record("fc", fc.map { "\($0)" }))
                lines.append(record("psname", [face.postScriptName]))
                lines.append(record("fullname", face.fullNames))
                lines.append(record("stylename", face.styles))
                lines.append(record("lang", face.languages))
                if let coverage = face.coverage {
                    let ranges = coverage.ranges.map { range in
                        range.lowerBound == range.upperBound
                            ? String(range.lowerBound, radix: 16)
                            : String(range.lowerBound, radix: 16) + "-" + String(range.upperBound, radix: 16)
                    }
                    lines.append("coverage\t" + ranges.joined(separator: " "))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line: `key` and the escaped `values`, tab-separated.
    private static func record(_ key: String, _ values: [String]) -> String {
        ([key] + values.map(escape)).joined(separator: "\t")
    }

    /// `value` with tab, line feed and backslash escaped.
    private static func escape(_ value: String) -> String {
        guard value.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\\" }) else { return value }
        return value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    /// The index text of the font files in `directory`, each queried with fontconfig: what
    /// `scripts/make-font-index.sh` writes. Nil when the folder cannot be read.
    static func generate(for directory: String) -> String? {
        guard let files = fontFiles(in: directory) else { return nil }
        let prefix = pathPrefix(directory)
        let faces = files.flatMap { Fontconfig.queryFile(prefix + $0.name) }
        return text(files: files, faces: faces)
    }
}
