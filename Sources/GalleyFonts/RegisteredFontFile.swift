// RegisteredFontFile: a font file added to a collection with registerFonts(at:sanitization:), and
// how its faces are described — by fontconfig reading the file itself when it is trusted, else a
// temporary copy of its sanitized bytes, so fontconfig's FreeType never reads untrusted bytes.

/// A font file registered with a collection, with the sanitizer its faces are loaded through.
struct RegisteredFontFile: Sendable {
    /// The file as registered.
    let path: String
    /// The sanitizer the file goes through; nil when it is trusted (the caller said so, or it is
    /// a bundled or system font file, ``TrustedFontFiles``).
    let sanitizer: FontSanitizer?

    /// The file at `path`, sanitized as `sanitization` asks unless it is a trusted file.
    init(path: String, sanitization: FontSanitization) {
        self.path = path
        if let sanitizer = sanitization.sanitizer,
            !TrustedFontFiles.contains(path, resolved: TrustedFontFiles.resolve(path))
        {
            self.sanitizer = sanitizer
        } else {
            self.sanitizer = nil
        }
    }

    /// The file's faces as fontconfig describes them (`FcFreeTypeQueryAll`), each naming
    /// ``path`` and carrying ``sanitizer``. An untrusted file is read and each of its faces
    /// sanitized (cache hits after the first time), and fontconfig reads each sanitized face from
    /// a private temporary file that is removed at once. (A WOFF or WOFF2 collection's faces are
    /// sanitized in turn until OTS says the index is past the last one.)
    /// - Throws: the reading and sanitizer errors (`.notAFont` for bytes in no font format).
    func faces() throws(FontError) -> [FaceDescriptor] {
        guard let sanitizer else { return Fontconfig.queryFile(path) }
        let data = try FontFileReader.read(path: path)
        guard FontFileFormat(data) != .unknown else { throw .notAFont(path: path) }
        let count = FontFileFormat.faceCount(of: data)
        var faces: [FaceDescriptor] = []
        for index in 0..<(count ?? 256) {
            let sanitized: [UInt8]
            do {
                sanitized = try sanitizer.sanitize(data, faceIndex: index, name: path)
            } catch {
                // "Requested font index is bigger than the number of fonts in the TTC file".
                if count == nil, index > 0, case .rejectedBySanitizer(_, let reason) = error,
                    reason.contains("font index is bigger")
                {
                    break
                }
                throw error
            }
            faces += try query(sanitized).map { face in
                var face = face
                (face.path, face.faceIndex, face.sanitizer) = (path, index, sanitizer)
                return face
            }
        }
        return faces
    }

    /// fontconfig's description of the sanitized face `bytes`, read from a private temporary file.
    private func query(_ bytes: [UInt8]) throws(FontError) -> [FaceDescriptor] {
        guard let folder = PrivateFolder() else {
            throw .unreadable(path: path, reason: "no private temporary folder could be made for fontconfig")
        }
        defer { folder.remove() }
        let copy = folder.file("sanitized")
        guard PrivateFolder.write(bytes, to: copy) else {
            throw .unreadable(path: path, reason: "its sanitized bytes could not be written for fontconfig")
        }
        return Fontconfig.queryFile(copy)
    }
}
