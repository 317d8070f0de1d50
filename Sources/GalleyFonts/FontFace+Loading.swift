// How a face is made from bytes that may not be trusted: the format recognised, the table
// directory checked in Swift, then the bytes sanitized (or, when trusted, used as they are, WOFF
// and WOFF2 decoded by FreeType).

/// The container formats a font file or font bytes can have, from their first four bytes.
enum FontFileFormat: Equatable {
    /// TrueType, OpenType (CFF), Apple `true` or a collection (`ttcf`).
    case sfnt
    /// WOFF 1.0 (`wOFF`).
    case woff
    /// WOFF 2.0 (`wOF2`).
    case woff2
    /// Anything else.
    case unknown

    /// The format of `bytes`.
    init(_ bytes: some Collection<UInt8>) {
        let magic = Array(bytes.prefix(4))
        guard magic.count == 4 else {
            self = .unknown
            return
        }
        switch UInt32(magic[0]) << 24 | UInt32(magic[1]) << 16 | UInt32(magic[2]) << 8 | UInt32(magic[3]) {
        case SFNTDirectory.tag("wOFF"): self = .woff
        case SFNTDirectory.tag("wOF2"): self = .woff2
        case 0x0001_0000, SFNTDirectory.tag("OTTO"), SFNTDirectory.tag("true"), SFNTDirectory.tag("ttcf"): self = .sfnt
        default: self = .unknown
        }
    }
}

extension FontFileFormat {
    /// How many faces `bytes` hold when that is known before sanitizing: a collection's
    /// `numFonts`, 1 for a single SFNT or a web font of a single font; nil for a WOFF or WOFF2
    /// collection (flavor `ttcf`), whose count only the decoder knows, and for bytes that are
    /// no font.
    static func faceCount(of bytes: [UInt8]) -> Int? {
        switch FontFileFormat(bytes) {
        case .sfnt: return SFNTDirectory.faceCount(of: bytes)
        case .woff, .woff2: return bytes.count >= 8 && Array(bytes[4..<8]) == Array("ttcf".utf8) ? nil : 1
        case .unknown: return nil
        }
    }
}

extension FontFace {
    /// Face `faceIndex` of a font's bytes (TrueType, OpenType, a collection, WOFF or WOFF2).
    /// With a `sanitizer`, an SFNT's table directory is first checked by Galley's own bounds
    /// checks (so bytes that are plainly not a font, or a face index past the collection, give
    /// `.notAFont` or `.faceIndexOutOfRange` without starting the sanitizer), then that face of
    /// the bytes goes through the sanitizer and the face is made from its output (the face alone):
    /// neither FreeType nor HarfBuzz nor cairo sees the original bytes. Without one the bytes are
    /// trusted: used as they are, WOFF and WOFF2 decoded by FreeType. `digest`, when known, is
    /// the bytes' SHA-256 (the sanitizer's cache key), so that they are not hashed twice.
    /// - Throws: `.notAFont`, `.faceIndexOutOfRange`, or the sanitizer's errors.
    package static func load(
        data: [UInt8], faceIndex: Int, path: String?, sanitizer: FontSanitizer?, digest: SHA256Digest? = nil
    ) throws(FontError) -> FontFace {
        let name = path ?? "<memory>"
        let format = FontFileFormat(data)
        switch (format, sanitizer) {
        case (.unknown, _):
            throw .notAFont(path: name)
        case (.sfnt, nil):
            return try FontFace(bytes: FontBytes(copying: data), faceIndex: faceIndex, path: path)
        case (.woff, nil), (.woff2, nil):
            let decoded = try WebFontDecoder.decode(data, faceIndex: faceIndex, name: name)
            return try FontFace(data: decoded, faceIndex: 0, path: path, sourceFaceIndex: faceIndex)
        case (_, let sanitizer?):
            if format == .sfnt { try checkDirectory(of: data, faceIndex: faceIndex, name: name) }
            if let count = FontFileFormat.faceCount(of: data), faceIndex < 0 || faceIndex >= count {
                throw .faceIndexOutOfRange(path: name, index: faceIndex, faceCount: count)
            }
            let sanitized = try sanitizer.sanitize(data, faceIndex: faceIndex, name: name, digest: digest)
            return try FontFace(
                data: sanitized, faceIndex: 0, path: path, isSanitized: true, sourceFaceIndex: faceIndex)
        }
    }

    /// Face `faceIndex` of a trusted font file's bytes (mapped, ``FontBytes``): an SFNT is used in
    /// place, a WOFF or WOFF2 decoded by FreeType into a private copy.
    /// - Throws: `.notAFont`, `.faceIndexOutOfRange`.
    package static func load(trusted bytes: FontBytes, faceIndex: Int, path: String?) throws(FontError) -> FontFace {
        switch FontFileFormat(bytes) {
        case .unknown:
            throw .notAFont(path: path ?? "<memory>")
        case .sfnt:
            return try FontFace(bytes: bytes, faceIndex: faceIndex, path: path)
        case .woff, .woff2:
            return try load(data: Array(bytes), faceIndex: faceIndex, path: path, sanitizer: nil)
        }
    }

    /// Throws what `FontFace(data:faceIndex:path:)` would for a broken directory: `.notAFont`
    /// when the bytes are no SFNT or a table lies outside them, `.faceIndexOutOfRange`.
    private static func checkDirectory(of data: [UInt8], faceIndex: Int, name: String) throws(FontError) {
        guard let faceCount = SFNTDirectory.faceCount(of: data) else { throw .notAFont(path: name) }
        guard faceIndex >= 0, faceIndex < faceCount else {
            throw .faceIndexOutOfRange(path: name, index: faceIndex, faceCount: faceCount)
        }
        guard SFNTDirectory(bytes: data, faceIndex: faceIndex) != nil else { throw .notAFont(path: name) }
    }
}
