// Writing a bitmap as PPM or PNG: in-memory encodings and atomic file writes.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Bitmap {
    /// The image as a binary PPM (P6, maxval 255); translucent pixels are composited over
    /// ``background`` because PPM has no alpha.
    public func ppmData() -> [UInt8] {
        PPMCodec.encode(self)
    }

    /// The image as a PNG file (8-bit RGBA, straight alpha), encoded by libpng.
    ///
    /// - Throws: ``RenderError/encodingFailed(reason:)`` with libpng's message.
    public func pngData() throws(RenderError) -> [UInt8] {
        try PNGCodec.encode(self)
    }

    /// Writes the image to `path`, as PNG when the name ends in `.png` and as PPM when it ends
    /// in `.ppm` (case-insensitive), atomically: the bytes go to a temporary file in the same
    /// directory, which is then renamed over `path`, so readers never see a partial image.
    ///
    /// - Throws: ``RenderError/unsupportedFormat(path:)`` for any other extension,
    ///   ``RenderError/fileAccess(path:reason:)`` when the file cannot be written.
    public func write(to path: String) throws(RenderError) {
        let lower = path.lowercased()
        let data: [UInt8]
        if lower.hasSuffix(".png") {
            data = try pngData()
        } else if lower.hasSuffix(".ppm") {
            data = ppmData()
        } else {
            throw .unsupportedFormat(path: path)
        }
        try Bitmap.writeAtomically(data, to: path)
    }

    /// Writes `data` to a temporary sibling of `path` and renames it over `path`.
    static func writeAtomically(_ data: [UInt8], to path: String) throws(RenderError) {
        guard !path.isEmpty else { throw .fileAccess(path: path, reason: "empty file name") }
        let temp = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .fileAccess(path: path, reason: systemError()) }
        var written = 0
        var failure: String?
        data.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = systemError()
                    return
                }
                written += n
            }
        }
        if close(fd) != 0, failure == nil { failure = systemError() }
        if failure == nil, rename(temp, path) != 0 { failure = systemError() }
        if let failure {
            unlink(temp)
            throw .fileAccess(path: path, reason: failure)
        }
    }

    static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
