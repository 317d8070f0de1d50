// Reading image files (PPM, PGM, PNG) into bitmaps, e.g. for inline images in placeholders.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loads image files into ``Bitmap``s. The format is recognised by content, not by name.
///
/// Reads Netpbm P6 and P3 (and grey P5 and P2) with any maxval up to 65535 and `#` comments,
/// and every PNG that libpng reads. Malformed files throw a ``RenderError`` that says what is
/// wrong; they never crash.
public enum ImageLoader {
    /// The largest file accepted, in bytes (a 16384² RGBA PNG can't need more than this).
    public static let maximumFileSize = 1 << 30

    /// Reads and decodes the image at `path`.
    ///
    /// - Throws: ``RenderError/fileAccess(path:reason:)`` when the file cannot be read,
    ///   ``RenderError/malformedImage(source:reason:)`` when it is not a valid PPM or PNG.
    public static func load(path: String) throws(RenderError) -> Bitmap {
        let bytes = try readFile(path)
        return try decode(bytes, source: path)
    }

    /// Decodes an image held in memory; `source` names it in error messages.
    public static func decode(_ bytes: [UInt8], source: String = "image") throws(RenderError) -> Bitmap {
        if PNGCodec.sniff(bytes) {
            return try PNGCodec.decode(bytes, source: source)
        }
        if PPMCodec.sniff(bytes) {
            return try PPMCodec.decode(bytes, source: source)
        }
        throw .malformedImage(
            source: source, reason: bytes.isEmpty ? "empty file" : "not a PNG or Netpbm (P2, P3, P5, P6) image")
    }

    static func readFile(_ path: String) throws(RenderError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .fileAccess(path: path, reason: Bitmap.systemError()) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .fileAccess(path: path, reason: Bitmap.systemError()) }
        guard (st.st_mode & S_IFMT) != S_IFDIR else { throw .fileAccess(path: path, reason: "is a directory") }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .fileAccess(path: path, reason: Bitmap.systemError())
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            guard out.count <= maximumFileSize else { throw .fileAccess(path: path, reason: "file is too large") }
        }
        return out
    }
}
